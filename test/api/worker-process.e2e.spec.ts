import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PgBoss } from 'pg-boss';
import { exited, REPO_ROOT } from '../support/api-process.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * `npm run worker` (api/src/worker.ts, built): a process with no HTTP server that works the job queue on the app's
 * database, migrating it first as the API does, and lets go of every connection when stopped.
 */

const WORKER = join(REPO_ROOT, 'dist/server/api/src/worker.js');
const START_TIMEOUT_MS = 60_000;

let database: TestDatabase;

beforeAll(async () => {
  if (!existsSync(WORKER)) throw new Error(`${WORKER} is missing: run npm run build first (npm test does).`);
  database = await createTestDatabase();
});

afterAll(() => database?.drop());

describe('npm run worker', () => {
  it('starts on the database, works a job from the queue without listening for HTTP, and stops cleanly on SIGTERM', async () => {
    // JOB_WORKER=off is what the API processes beside it would have: the worker works jobs whatever it says.
    const child = spawn(process.execPath, [WORKER], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        JOB_WORKER: 'off',
      },
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!output.includes('"message":"job worker started"')) {
      if (child.exitCode !== null) throw new Error(`The worker exited with code ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`The worker did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(output).toContain('"queues":"caseload-run"');
    expect(output).not.toContain('server listening');
    // It migrated the database, and pg-boss made its own schema there.
    const [{ tables }] = await database.query<{ tables: string | null }>(`SELECT to_regclass('caseload_runs')::text AS tables`);
    expect(tables).toBe('caseload_runs');
    const [{ schema }] = await database.query<{ schema: number }>(
      `SELECT count(*)::int AS schema FROM pg_namespace WHERE nspname = 'pgboss'`,
    );
    expect(schema).toBe(1);

    // A run sent to the queue from elsewhere (as an API process sends it) is worked here: an organisation with no
    // clients, so it is done at once with nothing to recalculate.
    const [organisation] = await database.query<{ id: string }>(`INSERT INTO organisations (name) VALUES ('Quiet Advice') RETURNING id`);
    const [run] = await database.query<{ id: string }>(
      `INSERT INTO caseload_runs (organisation_id, at_date) VALUES ($1, '2026-04-06') RETURNING id`,
      [organisation.id],
    );
    const sender = new PgBoss({ connectionString: database.url, schema: 'pgboss', max: 1 });
    sender.on('error', () => undefined);
    await sender.start();
    await sender.send('caseload-run', { runId: run.id });
    await sender.stop({ graceful: false, close: true });
    for (let tries = 0; ; tries += 1) {
      const [{ status }] = await database.query<{ status: string }>('SELECT status FROM caseload_runs WHERE id = $1', [run.id]);
      if (status === 'done') break;
      if (tries > 200) throw new Error(`The run is still ${status}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const stopped = Date.now();
    child.kill('SIGTERM');
    const { signal } = await exited(child);
    expect(signal).toBe('SIGTERM');
    expect(Date.now() - stopped).toBeLessThan(10_000);
    const [{ connections }] = await database.query<{ connections: number }>(
      `SELECT count(*)::int AS connections FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name LIKE 'benefits-calculator%'`,
    );
    expect(connections).toBe(0);
  }, 90_000);
});
