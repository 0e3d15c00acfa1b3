import { Logger } from '@nestjs/common';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../data-source-options.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { runMigrations } from './migrate.js';

// The path npm start takes when DATABASE_URL is unset: a real PostgreSQL from the embedded-postgres package.
let dataDir: string;
const logger = new Logger('EmbeddedPostgres');

beforeAll(async () => {
  Logger.overrideLogger(false);
  dataDir = await mkdtemp(join(tmpdir(), 'benefits-embedded-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function withMigratedDatabase<T>(work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  const server = await startEmbeddedPostgres(dataDir, logger);
  const dataSource = await new DataSource(dataSourceOptions(server.url)).initialize();
  try {
    await runMigrations(dataSource, logger);
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
    await server.stop();
  }
}

describe('the embedded PostgreSQL', () => {
  it('starts without DATABASE_URL, runs the migrations and answers a query', async () => {
    const version = await withMigratedDatabase(async (dataSource) => {
      await dataSource.query(`INSERT INTO calculation_sessions (reference) VALUES ('KEEP234')`);
      return (await dataSource.query('SHOW server_version'))[0].server_version as string;
    });
    expect(version).toMatch(/^\d+\.\d+/);
    expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    // Stopped cleanly: no server holds the cluster any more.
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);

  // Only root hands the cluster to another user; as anyone else there is nothing to open.
  (process.getuid?.() === 0 ? it : it.skip)(
    'started by root inside a private folder, opens it for passing through and starts',
    async () => {
      const privateFolder = await mkdtemp(join(tmpdir(), 'benefits-private-'));
      try {
        expect((await stat(privateFolder)).mode & 0o777).toBe(0o700);
        const server = await startEmbeddedPostgres(join(privateFolder, 'data'), logger);
        await server.stop();
        expect((await stat(privateFolder)).mode & 0o777).toBe(0o701);
      } finally {
        await rm(privateFolder, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it('keeps its data when it is stopped and started again', async () => {
    const references = await withMigratedDatabase(async (dataSource) =>
      (await dataSource.query('SELECT reference FROM calculation_sessions')).map((row: { reference: string }) => row.reference),
    );
    expect(references).toEqual(['KEEP234']);
  }, 120_000);
});
