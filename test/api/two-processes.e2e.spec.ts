import { MIGRATIONS } from '../../migrations/index.js';
import { startApiProcess, type ApiProcess } from '../support/api-process.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

// Nothing lives only in one process's memory: two API processes on one DATABASE_URL serve side by side.
let database: TestDatabase;
let first: ApiProcess;
let second: ApiProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  // Started at the same moment, both try to migrate the empty database.
  [first, second] = await Promise.all([
    startApiProcess({ NODE_ENV: 'test', DATABASE_URL: database.url }),
    startApiProcess({ NODE_ENV: 'test', DATABASE_URL: database.url }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await database?.drop();
});

function report(server: ApiProcess, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${server.url}/api/data/error/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('two API processes on one database', () => {
  it('migrate it once between them', async () => {
    expect(await database.query('SELECT name FROM schema_migrations ORDER BY id')).toEqual(
      MIGRATIONS.map((migration) => ({ name: migration.name })),
    );
  });

  it('serve requests side by side, all of them landing in the one database', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => report(index % 2 ? first : second, { source: `report ${index}`, error: 'side by side' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(204));
    expect(await database.query('SELECT count(*)::int AS reports FROM client_error_reports')).toEqual([{ reports: 40 }]);
  });

  it('see each other’s data: a calculation written through one is linked by a report sent to the other', async () => {
    const [session] = await database.query<{ id: string }>(`INSERT INTO calculation_sessions (reference) VALUES ('TWO2345') RETURNING id`);
    expect((await report(second, { source: 'linked', error: 'x', session: session.id })).status).toBe(204);
    expect(await database.query(`SELECT session_id FROM client_error_reports WHERE source = 'linked'`)).toEqual([
      { session_id: session.id },
    ]);
  });

  it('keep serving when one of them stops', async () => {
    await first.stop();
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
  });
});
