import { resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options.js';
import { findRunningEmbeddedPostgres } from './database/embedded-postgres.js';

// The TypeORM CLI's entry (npm run migration:run, migration:revert, migration:show). The running app builds its
// DataSource from the same options. Without DATABASE_URL it uses the embedded database while a server runs on it;
// it never starts or stops the embedded database itself (the server does, and migrates it on start).
const dataDir = resolve(process.env.DATA_DIR?.trim() || '.data');
const url = process.env.DATABASE_URL?.trim() || (await findRunningEmbeddedPostgres(dataDir));
if (!url) {
  throw new Error(
    `DATABASE_URL is not set, and no server is running on the embedded database in ${dataDir}. Set DATABASE_URL to the PostgreSQL database to migrate, or start the server (npm start migrates its own database by itself) and run this beside it.`,
  );
}

export default new DataSource(dataSourceOptions(url));
