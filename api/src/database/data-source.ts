import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options.js';

// The TypeORM CLI's entry (npm run migration:run, migration:revert, migration:show). The running app builds its
// DataSource from the same options; it needs DATABASE_URL because the embedded server only runs inside npm start.
const url = process.env.DATABASE_URL;
if (!url) {
  throw new Error('Set DATABASE_URL to the PostgreSQL database to migrate (npm start migrates its own database by itself).');
}

export default new DataSource(dataSourceOptions(url));
