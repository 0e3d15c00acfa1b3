import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { MIGRATIONS } from '../../../migrations/index.js';
import { dataSourceOptions } from '../data-source-options.js';
import { runMigrations } from './migrate.js';

let database: TestDatabase;
let dataSource: DataSource;
const quiet = new Logger('Migrations');

beforeAll(async () => {
  Logger.overrideLogger(false);
  database = await createTestDatabase();
  dataSource = await new DataSource(dataSourceOptions(database.url)).initialize();
});
afterAll(async () => {
  await dataSource.destroy();
  await database.drop();
});

describe('the migrations', () => {
  it('build the schema from nothing, once', async () => {
    expect(await runMigrations(dataSource, quiet)).toEqual(MIGRATIONS.map((migration) => migration.name));
    expect(await runMigrations(dataSource, quiet)).toEqual([]);
  });

  it('leave nothing for TypeORM to change: the entities and the migrations describe the same tables', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('remove a calculation’s error reports with it', async () => {
    const [session] = await database.query<{ id: string }>(`INSERT INTO calculation_sessions (reference) VALUES ('QWE7890') RETURNING id`);
    await database.query(`INSERT INTO client_error_reports (source, error, session_id) VALUES ('Survey', 'x', $1)`, [session.id]);
    await database.query('DELETE FROM calculation_sessions WHERE id = $1', [session.id]);
    expect(await database.query('SELECT * FROM client_error_reports WHERE session_id = $1', [session.id])).toEqual([]);
  });

  it('refuse two calculations with the same reference', async () => {
    await database.query(`INSERT INTO calculation_sessions (reference) VALUES ('DUP2345')`);
    await expect(database.query(`INSERT INTO calculation_sessions (reference) VALUES ('DUP2345')`)).rejects.toThrow(
      /calculation_sessions_reference_key/,
    );
  });

  it('can be reverted and applied again', async () => {
    for (const _ of MIGRATIONS) await dataSource.undoLastMigration();
    expect(await database.query(`SELECT to_regclass('calculation_sessions') AS table_name`)).toEqual([{ table_name: null }]);
    expect(await runMigrations(dataSource, quiet)).toHaveLength(MIGRATIONS.length);
  });
});
