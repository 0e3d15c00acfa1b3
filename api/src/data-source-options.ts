import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations/index.js';
import { ENTITIES } from './entities.js';

/**
 * The one description of the database connection, used by the app and by the TypeORM CLI. The schema comes
 * only from migrations (never `synchronize`), and TypeORM's own query logging stays off because it prints
 * query parameters, which can be answers.
 */
export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    applicationName: 'benefits-calculator',
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    extra: { max: 10, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30000 },
  };
}
