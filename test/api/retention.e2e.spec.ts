import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import request from 'supertest';
import { RETENTION_LOCK_KEY, RetentionService } from '../../api/src/retention/retention.service.js';
import { REPO_ROOT } from '../support/api-process.js';
import { SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import { completeQuestionnaire } from '../support/questionnaire-api.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const run = promisify(execFile);
const BROWSER = 'browser_1795500000000_retain01';

/** Every row that belongs to a calculation, table by table, so a test sees what went with it. */
async function rowsOf(testApp: TestApp, session: string): Promise<Record<string, number>> {
  const tables = [
    'calculation_sessions',
    'result_feedback',
    'captcha_challenges',
    'access_grants',
    'analytics_events',
    'client_error_reports',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const column = table === 'calculation_sessions' ? 'id' : 'session_id';
    [{ count: counts[table] }] = await testApp.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ${table} WHERE ${column} = $1`,
      [session],
    );
  }
  return counts;
}

/** A finished calculation with a row in every table that hangs off it. */
async function calculationWithEverything(testApp: TestApp): Promise<string> {
  const http = () => request(testApp.app.getHttpServer());
  const { session } = await completeQuestionnaire(http, BROWSER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME);
  // The security code's picture stores a challenge for the calculation.
  await http().get(`/assets/img/${session}`).set('X-Browser-Id', BROWSER).expect(200);
  await testApp.database.query(`INSERT INTO result_feedback (session_id, feedback_type, comment) VALUES ($1, 2, 'Clear enough')`, [
    session,
  ]);
  await testApp.database.query(
    `INSERT INTO access_grants (token_hash, kind, session_id, expires_at) VALUES (md5($1) || md5($1), 'session', $1::uuid, now() + interval '1 year')`,
    [session],
  );
  await testApp.database.query(`INSERT INTO client_error_reports (source, error, session_id) VALUES ('result', 'TypeError', $1)`, [
    session,
  ]);
  return session;
}

/** Makes a calculation look as if it was started `days` ago. */
async function startedDaysAgo(testApp: TestApp, session: string, days: number): Promise<void> {
  await testApp.database.query(`UPDATE calculation_sessions SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [
    session,
    days,
  ]);
}

function daysAgo(days: number): Date {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000);
}

describe('the retention job (RETENTION_MONTHS=3)', () => {
  let testApp: TestApp;
  let dataDir: string;
  let retention: RetentionService;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'retention-test-'));
    testApp = await startTestApp({ RETENTION_MONTHS: '3', DATA_DIR: dataDir });
    retention = testApp.app.get(RetentionService);
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('deletes calculations started before the limit with everything that hangs off them, and keeps younger ones whole', async () => {
    const old = await calculationWithEverything(testApp);
    const young = await calculationWithEverything(testApp);
    const before = await rowsOf(testApp, old);
    const youngBefore = await rowsOf(testApp, young);
    // Every table really had something to lose, so the checks below mean something.
    expect(Object.values(before).every((count) => count > 0)).toBe(true);
    // Four months: past RETENTION_MONTHS=3, though inside the default of 6, so the setting is what decides.
    await startedDaysAgo(testApp, old, 4 * 31);
    await startedDaysAgo(testApp, young, 2 * 31);

    const report = await retention.run();

    expect(report).toMatchObject({ retentionMonths: 3, ranInDatabase: true, calculations: 1 });
    expect(Object.values(await rowsOf(testApp, old)).every((count) => count === 0)).toBe(true);
    expect(await rowsOf(testApp, young)).toEqual(youngBefore);
  });

  it('deletes expired grants, sign-in sessions and security codes and ended rate-limit windows, keeping live ones', async () => {
    const [{ id: organisation }] = await testApp.database.query<{ id: string }>(
      `INSERT INTO organisations (name) VALUES ('Riverside Advice') RETURNING id`,
    );
    const [{ id: user }] = await testApp.database.query<{ id: string }>(
      `INSERT INTO users (organisation_id, email, password_hash, role, display_name) VALUES ($1, 'rita@riverside.example', 'x', 'adviser', 'Rita') RETURNING id`,
      [organisation],
    );
    for (const [name, expires] of [
      ['expired', "now() - interval '1 minute'"],
      ['live', "now() + interval '1 hour'"],
    ]) {
      await testApp.database.query(
        `INSERT INTO access_grants (token_hash, kind, expires_at) VALUES (md5($1) || md5($1), 'test-mode', ${expires})`,
        [name],
      );
      await testApp.database.query(
        `INSERT INTO account_sessions (token_hash, csrf_hash, user_id, expires_at) VALUES (md5($1) || md5($1), md5($1) || md5($1), $2, ${expires})`,
        [name, user],
      );
    }
    // A caseload run older than the limit goes with its clients' figures; a young one stays.
    const [{ id: client }] = await testApp.database.query<{ id: string }>(
      `INSERT INTO clients (organisation_id, adviser_id, first_name, last_name, date_of_birth) VALUES ($1, $2, 'Mary', 'Smith', '1984-03-07') RETURNING id`,
      [organisation, user],
    );
    const runs = await testApp.database.query<{ id: string }>(
      `INSERT INTO caseload_runs (organisation_id, at_date, status, created_at) VALUES ($1, '2026-04-06', 'done', now() - interval '7 months'), ($1, '2026-04-06', 'done', now()) RETURNING id`,
      [organisation],
    );
    for (const run of runs) {
      await testApp.database.query(
        `INSERT INTO caseload_run_clients (run_id, client_id, session_id, saved_on, problem) VALUES ($1, $2, gen_random_uuid(), '2026-03-01', 'not-finished')`,
        [run.id, client],
      );
    }
    const session = await calculationWithEverything(testApp);
    await testApp.database.query(`UPDATE captcha_challenges SET expires_at = now() - interval '1 minute' WHERE session_id = $1`, [session]);
    await testApp.database.query(
      `INSERT INTO rate_limit_counters (key, hits, expires_at, blocked_until) VALUES (md5('a') || md5('a'), 3, now() - interval '1 hour', NULL), (md5('b') || md5('b'), 3, now() + interval '1 hour', NULL), (md5('c') || md5('c'), 9, now() - interval '1 hour', now() + interval '5 minutes')`,
    );

    const report = await retention.run();

    expect(report).toMatchObject({ accessGrants: 1, accountSessions: 1, captchaChallenges: 1, rateLimitCounters: 1, caseloadRuns: 1 });
    expect(await testApp.database.query(`SELECT run_id AS id FROM caseload_run_clients`)).toEqual([{ id: runs[1].id }]);
    const left = async (sql: string) => (await testApp.database.query<{ count: number }>(sql))[0].count;
    expect(await left(`SELECT count(*)::int AS count FROM access_grants WHERE kind = 'test-mode'`)).toBe(1);
    expect(await left(`SELECT count(*)::int AS count FROM account_sessions WHERE expires_at > now()`)).toBe(1);
    expect(await left(`SELECT count(*)::int AS count FROM account_sessions`)).toBe(1);
    // Only the counter whose window and block have both ended went: one still counting and one still blocking stay.
    expect(
      await left(`SELECT count(*)::int AS count FROM rate_limit_counters WHERE key IN (md5('b') || md5('b'), md5('c') || md5('c'))`),
    ).toBe(2);
    expect(await left(`SELECT count(*)::int AS count FROM rate_limit_counters WHERE key = md5('a') || md5('a')`)).toBe(0);
    // The calculation itself is young: only its expired code went.
    expect((await rowsOf(testApp, session)).calculation_sessions).toBe(1);
  });

  it('deletes e-mails older than the limit from the outbox, since they hold an address and a link', async () => {
    const outbox = join(dataDir, 'outbox');
    mkdirSync(outbox, { recursive: true });
    const files = { old: 'old.eml', young: 'young.eml', notAnEmail: 'notes.txt' };
    for (const name of Object.values(files)) writeFileSync(join(outbox, name), 'To: jo.bloggs@example.org\n');
    utimesSync(join(outbox, files.old), daysAgo(4 * 31), daysAgo(4 * 31));
    utimesSync(join(outbox, files.young), daysAgo(2 * 31), daysAgo(2 * 31));
    utimesSync(join(outbox, files.notAnEmail), daysAgo(4 * 31), daysAgo(4 * 31));

    expect((await retention.run()).outboxFiles).toBe(1);
    expect(readdirSync(outbox).sort()).toEqual([files.notAnEmail, files.young].sort());
  });

  it('leaves the database to another process that is running the job, and runs once that one has finished', async () => {
    const session = await calculationWithEverything(testApp);
    await startedDaysAgo(testApp, session, 4 * 31);
    const other = new pg.Client({ connectionString: testApp.database.url });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [RETENTION_LOCK_KEY]);
      expect(await retention.run()).toMatchObject({ ranInDatabase: false, calculations: 0 });
      expect((await rowsOf(testApp, session)).calculation_sessions).toBe(1);
      await other.query('SELECT pg_advisory_unlock($1)', [RETENTION_LOCK_KEY]);
      expect(await retention.run()).toMatchObject({ ranInDatabase: true, calculations: 1 });
    } finally {
      await other.end();
    }
  });

  it('logs counts only', () => {
    const lines = testApp.logLines
      .filter((line) => line.includes('retention job finished'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) {
      for (const [name, value] of Object.entries(line)) {
        if (!['time', 'level', 'message', 'requestId'].includes(name))
          expect([name, typeof value === 'number' || typeof value === 'boolean']).toEqual([name, true]);
      }
    }
  });

  it('runs once from the command line with npm run data:retention', async () => {
    const session = await calculationWithEverything(testApp);
    await startedDaysAgo(testApp, session, 4 * 31);
    const { stdout } = await run(process.execPath, ['--import', './scripts/register-typescript.mjs', 'scripts/retention.ts'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATABASE_URL: testApp.database.url,
        DATA_DIR: dataDir,
        RETENTION_MONTHS: '3',
        NODE_ENV: 'test',
      },
      timeout: 60_000,
    });
    expect(stdout).toContain('Deleted 1 calculations started more than 3 months ago');
    expect((await rowsOf(testApp, session)).calculation_sessions).toBe(0);
  }, 70_000);
});
