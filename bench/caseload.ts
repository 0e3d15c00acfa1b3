// npm run bench:caseload: a caseload run of 10,000 clients, each with a finished calculation, timed from the request
// that starts it to the run being done, against the built server on a fresh PostgreSQL database with its in-process
// job worker (as `npm start` runs it). The clients' answers are copied, in SQL, from two calculations made through
// the survey API (a lone parent renting from the council, and a single private renter working part time).
// BENCH_CASELOAD_CLIENTS changes the count; BENCH_CPU_PROFILE=1 writes a CPU profile of the server to test-results/profiles/.
// Writes bench/results/caseload.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as wait } from 'node:timers/promises';
import { hashPassword } from '../api/src/accounts/password.js';
import type { CaseloadRunResponse, StartCaseloadRunResponse } from '../common/adviser/caseload.js';
import { REPO_ROOT, startApiProcess, type ApiProcess } from '../test/support/api-process.js';
import { LONE_PARENT_SOCIAL_RENTER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../test/support/households.js';
import { createTestDatabase, type TestDatabase } from '../test/support/test-database.js';
import { describeMachine } from './machine.js';
import { BENCH_ROUTE_LIMITS, ensureBuilt, positiveNumberFromEnvironment, stopApi } from './server.js';

const RESULTS_FILE = resolve(REPO_ROOT, 'bench/results/caseload.json');
const CLIENTS = Math.round(positiveNumberFromEnvironment('BENCH_CASELOAD_CLIENTS', 10_000));
const TARGET_SECONDS = 10;
const PASSWORD = 'bench caseload password';
/** A date in the 2025/26 rates, so every client's figures change from the day their calculation was saved. */
const AT_DATE = '2025-12-01';
const RUN_TIMEOUT_MS = 15 * 60_000;

interface SignedIn {
  cookie: string;
  csrf: string;
}

async function call<T>(url: string, as: SignedIn | null, body?: unknown): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (as) Object.assign(headers, { cookie: as.cookie, 'x-csrf-token': as.csrf });
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

async function signIn(server: ApiProcess, email: string): Promise<SignedIn> {
  const response = await fetch(`${server.url}/api/account/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`Signing in answered ${response.status}.`);
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]);
  const csrf = cookies.find((cookie) => cookie.startsWith('csrf='))!.slice('csrf='.length);
  return { cookie: cookies.join('; '), csrf };
}

/** A calculation the adviser starts for the client and answers page by page through the survey API. */
async function answeredCalculation(server: ApiProcess, as: SignedIn, clientGuid: string, pages: [string, Record<string, unknown>][]) {
  const started = await call<{ session: string }>(`${server.url}/api/intermediary/start/`, as, { clientGuid, caseReference: 'Bench' });
  if (started.status !== 200) throw new Error(`Starting a calculation answered ${started.status}.`);
  const session = started.body.session;
  let current = (await call<{ pageNumber: number; page: { name: string } }>(`${server.url}/api/data/survey/1/${session}`, as)).body;
  for (const [index, [name, answers]] of pages.entries()) {
    if (current.page.name !== name) throw new Error(`Expected the page ${name}, but the server gave ${current.page.name}.`);
    const action = index === pages.length - 1 ? 4 : 2;
    const posted = await call<typeof current>(`${server.url}/api/data/survey/`, as, {
      session,
      page: current.pageNumber,
      action,
      ...answers,
    });
    if (posted.status !== 200) throw new Error(`Page ${name} answered ${posted.status}.`);
    current = posted.body;
  }
  return session;
}

/** The organisation, its adviser, two template calculations, then CLIENTS clients each with a copy of one, in SQL. */
async function seed(database: TestDatabase, server: ApiProcess): Promise<SignedIn> {
  const [organisation] = await database.query<{ id: string }>(`INSERT INTO organisations (name) VALUES ('Bench Advice') RETURNING id`);
  const [adviser] = await database.query<{ id: string }>(
    `INSERT INTO users (organisation_id, email, password_hash, role, display_name) VALUES ($1, 'adviser@bench.example', $2, 'adviser', 'Bench Adviser') RETURNING id`,
    [organisation.id, await hashPassword(PASSWORD)],
  );
  const as = await signIn(server, 'adviser@bench.example');
  const templates: string[] = [];
  for (const [index, pages] of [LONE_PARENT_SOCIAL_RENTER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME].entries()) {
    const [client] = await database.query<{ id: string }>(
      `INSERT INTO clients (organisation_id, adviser_id, first_name, last_name, date_of_birth) VALUES ($1, $2, 'Template', $3, '1990-05-01') RETURNING id`,
      [organisation.id, adviser.id, `Household ${index + 1}`],
    );
    templates.push(await answeredCalculation(server, as, client.id, pages));
  }
  // Every client gets one of the templates' calculations, alternately: answers, passed pages and finish copied.
  await database.query(
    `WITH new_clients AS (
       INSERT INTO clients (organisation_id, adviser_id, first_name, last_name, date_of_birth)
       SELECT $1, $2, 'Bench', 'Client ' || n, DATE '1990-05-01' FROM generate_series(1, $3::int) AS n
       RETURNING id
     ), numbered AS (
       SELECT id, row_number() OVER (ORDER BY id) AS n FROM new_clients
     )
     INSERT INTO calculation_sessions (reference, client_id, adviser_user_id, case_label, completed_pages, finished_at, answers)
     SELECT 'B' || lpad(numbered.n::text, 9, '0'), numbered.id, $2, 'Bench', template.completed_pages, template.finished_at, template.answers
       FROM numbered JOIN calculation_sessions template ON template.id = ($4::uuid[])[1 + numbered.n % 2]`,
    [organisation.id, adviser.id, CLIENTS, templates],
  );
  await database.query('ANALYZE');
  return as;
}

ensureBuilt();
const database = await createTestDatabase();
const profileDir = resolve(REPO_ROOT, 'test-results/profiles');
const profiling = process.env.BENCH_CPU_PROFILE === '1';
if (profiling) mkdirSync(profileDir, { recursive: true });
const server = await startApiProcess({
  NODE_ENV: 'production',
  DATABASE_URL: database.url,
  ...BENCH_ROUTE_LIMITS,
  ...(profiling ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {}),
});
try {
  const seedStarted = performance.now();
  const as = await seed(database, server);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const [{ postgres }] = await database.query<{ postgres: string }>(`SELECT current_setting('server_version') AS postgres`);

  const started = performance.now();
  const start = await call<StartCaseloadRunResponse>(`${server.url}/api/adviser/caseload-runs`, as, { date: AT_DATE });
  if (start.status !== 202) throw new Error(`Starting the run answered ${start.status}: ${JSON.stringify(start.body)}`);
  const requestMs = performance.now() - started;
  const runId = start.body.run.id;
  let run = start.body.run;
  let lastShown = 0;
  while (run.status === 'queued' || run.status === 'running') {
    if (performance.now() - started > RUN_TIMEOUT_MS) throw new Error(`The run is still ${run.status} after ${RUN_TIMEOUT_MS / 1000} s.`);
    await wait(100);
    run = (await call<CaseloadRunResponse>(`${server.url}/api/adviser/caseload-run?id=${runId}`, as)).body.run;
    if (run.done - lastShown >= 1000) {
      lastShown = run.done;
      console.log(`bench: ${run.done} of ${run.total} clients after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  }
  const totalSeconds = (performance.now() - started) / 1000;
  const [timing] = await database.query<{ queued_seconds: number; working_seconds: number }>(
    `SELECT extract(epoch FROM started_at - created_at)::float AS queued_seconds, extract(epoch FROM finished_at - started_at)::float AS working_seconds
       FROM caseload_runs WHERE id = $1`,
    [runId],
  );
  const readStarted = performance.now();
  const figures = await call<CaseloadRunResponse>(`${server.url}/api/adviser/caseload-run?id=${runId}`, as);
  const readMs = performance.now() - readStarted;
  const report = {
    benchmark: `caseload run of ${CLIENTS.toLocaleString('en-GB')} clients, in-process worker`,
    date: new Date().toISOString(),
    machine: describeMachine(postgres),
    settings: { clients: CLIENTS, atDate: AT_DATE, households: 2, engineCallsPerClient: 2 },
    results: {
      status: run.status,
      clients: run.total,
      failed: run.failed,
      startRequestMs: Math.round(requestMs),
      queuedSeconds: Math.round(timing.queued_seconds * 100) / 100,
      workingSeconds: Math.round(timing.working_seconds * 100) / 100,
      totalSeconds: Math.round(totalSeconds * 100) / 100,
      clientsPerSecond: Math.round(run.total / timing.working_seconds),
      readFiguresMs: Math.round(readMs),
      figuresBytes: JSON.stringify(figures.body).length,
      seedSeconds: Math.round(seedSeconds * 10) / 10,
    },
    target: { seconds: TARGET_SECONDS, met: run.status === 'done' && run.failed === 0 && totalSeconds < TARGET_SECONDS },
  };
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    [
      '',
      `Caseload run - ${report.date}`,
      `Machine       ${report.machine.cpuModel}, ${report.machine.cores} cores; Node ${report.machine.node}; PostgreSQL ${postgres}`,
      `Clients       ${run.total.toLocaleString('en-GB')} (${run.failed} could not be recalculated), seeded in ${report.results.seedSeconds} s`,
      `Run           ${report.results.totalSeconds} s from the start request to done: queued ${report.results.queuedSeconds} s, working ${report.results.workingSeconds} s (${report.results.clientsPerSecond} clients a second)`,
      `Figures       read in ${report.results.readFiguresMs} ms (${(report.results.figuresBytes / 1024 / 1024).toFixed(1)} MB of JSON)`,
      `Target        under ${TARGET_SECONDS} s: ${report.target.met ? 'met' : 'NOT met'}`,
      `bench: written to ${RESULTS_FILE.replace(`${REPO_ROOT}/`, '')}`,
    ].join('\n'),
  );
} catch (error) {
  console.error(`bench: the server said:\n${server.output().split('\n').slice(-30).join('\n')}`);
  throw error;
} finally {
  await stopApi(server);
  await database.drop();
}
