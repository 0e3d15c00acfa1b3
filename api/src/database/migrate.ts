import type { LoggerService } from '@nestjs/common';
import type { DataSource } from 'typeorm';

// Any fixed number works; it only has to be the same in every process of this product.
const MIGRATION_LOCK_KEY = 4_205_137_001;

/**
 * Runs pending migrations while holding a PostgreSQL advisory lock, so that two API processes starting at the
 * same moment on one database run each migration once: the second waits, then finds nothing to do.
 */
export async function runMigrations(dataSource: DataSource, logger: LoggerService): Promise<string[]> {
  const lockHolder = dataSource.createQueryRunner();
  await lockHolder.connect();
  try {
    await lockHolder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    for (const migration of applied) logger.log(`applied migration ${migration.name}`, 'Migrations');
    return applied.map((migration) => migration.name);
  } finally {
    await lockHolder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lockHolder.release();
  }
}
