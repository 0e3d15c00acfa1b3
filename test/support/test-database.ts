import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Tests run against a real PostgreSQL: the one DATABASE_URL names, or else the development and CI server on
 * 127.0.0.1:5432 (trust authentication). Each suite makes its own database and drops it afterwards.
 */
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  readonly url: string;
  query<Row extends Record<string, unknown> = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch {
    const where = process.env.DATABASE_URL ? 'the server DATABASE_URL names' : 'PostgreSQL on 127.0.0.1:5432';
    throw new Error(
      `The tests need ${where}, and it did not answer. Start the local server with\n` +
        '  pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\n' +
        'or set DATABASE_URL to a PostgreSQL server where the tests may create databases.',
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `benefits_test_${randomBytes(6).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  const url = databaseUrl(name);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return {
    url,
    query: async (sql, params) => (await pool.query(sql, params)).rows,
    drop: async () => {
      await pool.end();
      await onServer(async (client) => {
        // Pools closed just before may still be saying goodbye: give their connections a moment to leave, since
        // forcing one out makes its pool report an error in whichever test runs next.
        for (let attempt = 0; attempt < 20; attempt += 1) {
          const [{ connections }] = (
            await client.query<{ connections: number }>('SELECT count(*)::int AS connections FROM pg_stat_activity WHERE datname = $1', [
              name,
            ])
          ).rows;
          if (connections === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}
