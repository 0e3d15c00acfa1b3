import { taxYearOf } from '../../engine/core/entitlement-engine.js';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import type { CaseloadRunResponse, CaseloadRunsResponse, StartCaseloadRunResponse } from '../../common/adviser/caseload.js';
import { ukToday } from '../../common/dates/uk-today.js';
import { convertPence } from '../../common/money.js';
import { AccountsService } from '../../api/src/accounts/accounts.service.js';
import { AppModule } from '../../api/src/app.module.js';
import { CaseloadService } from '../../api/src/caseload/caseload.service.js';
import { JobsService } from '../../api/src/jobs/jobs.module.js';
import { JsonLogger } from '../../api/src/logging/json-logger.js';
import { LONE_PARENT_SOCIAL_RENTER } from '../support/households.js';
import type { PageResponse } from '../support/questionnaire-api.js';
import { ROUTE_LIMITS_OUT_OF_THE_WAY } from '../support/route-limits.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { signInWith, type SignedIn } from '../support/account-session.js';

/**
 * Caseload runs (issue 18): an adviser starts a run, the request only queues it, a worker process on the same
 * database (as `npm run worker` is) works it through pg-boss, and the figures are each client's latest calculation on
 * the day it was saved beside the run's date. Only the organisation's members see its runs. The API here runs with
 * JOB_WORKER=off, as an API-only process beside workers would.
 */

const PASSWORD = 'a long enough password 1';
const RUN_TIMEOUT_MS = 60_000;
/** A date in the 2025/26 rates, when the eldest child's Child Benefit was £26.05 a week (£27.05 from 6 April 2026). */
const LAST_WINTER = '2025-12-01';

let testApp: TestApp;
let worker: INestApplicationContext | undefined;
const workerLog: string[] = [];
const http = () => request(testApp.app.getHttpServer());

let adam: SignedIn; // adviser at Riverside
let rita: SignedIn; // Riverside's admin
let hana: SignedIn; // adviser at Hillside, another organisation
let mary: string; // a lone parent with a finished calculation
let john: string; // his latest calculation is not finished
let zoe: string; // no calculation at all
let runId: string;
let riversideId: string;
let adamId: string;
let apiClosed = false;

const signIn = (email: string): Promise<SignedIn> => signInWith(http, email, PASSWORD);

const get = (url: string, as: SignedIn) => http().get(url).set('Cookie', as.cookie);
const post = (url: string, as: SignedIn, body: object) => http().post(url).set('Cookie', as.cookie).set('X-CSRF-Token', as.csrf).send(body);

async function addClient(organisationId: string, adviserId: string, firstName: string, lastName: string): Promise<string> {
  const [row] = await testApp.database.query<{ id: string }>(
    `INSERT INTO clients (organisation_id, adviser_id, first_name, last_name, date_of_birth) VALUES ($1, $2, $3, $4, '1990-05-01') RETURNING id`,
    [organisationId, adviserId, firstName, lastName],
  );
  return row.id;
}

async function startCalculation(as: SignedIn, clientGuid: string): Promise<string> {
  const response = await post('/api/intermediary/start/', as, { clientGuid, caseReference: 'April check' }).expect(200);
  return (response.body as { session: string }).session;
}

async function answerAsAdviser(as: SignedIn, session: string, pages: [string, Record<string, unknown>][]): Promise<void> {
  let current = (await get(`/api/data/survey/1/${session}`, as).expect(200)).body as PageResponse;
  for (const [index, [name, answers]] of pages.entries()) {
    expect(current.page.name).toBe(name);
    const isLast = index === pages.length - 1;
    const response = await post('/api/data/survey/', as, { session, page: current.pageNumber, action: isLast ? 4 : 2, ...answers });
    expect({ page: name, status: response.status }).toEqual({ page: name, status: 200 });
    current = response.body as PageResponse;
  }
}

/** A worker process's app, as `npm run worker` builds it, on the test app's database. */
async function startWorker(): Promise<INestApplicationContext> {
  const saved = { ...process.env };
  Object.assign(process.env, {
    NODE_ENV: 'test',
    DATABASE_URL: testApp.database.url,
    JOB_WORKER: 'on',
    ...ROUTE_LIMITS_OUT_OF_THE_WAY,
  });
  try {
    const logger = new JsonLogger('debug', { write: (line: string) => workerLog.push(line) });
    return await NestFactory.createApplicationContext(await AppModule.forRoot(logger), { logger: logger.forNest(), abortOnError: false });
  } finally {
    process.env = saved;
  }
}

async function runWhenDone(id: string, as: SignedIn): Promise<CaseloadRunResponse> {
  const deadline = Date.now() + RUN_TIMEOUT_MS;
  for (;;) {
    const body = (await get(`/api/adviser/caseload-run?id=${id}`, as).expect(200)).body as CaseloadRunResponse;
    if (body.run.status === 'done' || body.run.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`The run is still ${body.run.status} after ${RUN_TIMEOUT_MS} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const jobConnections = async () =>
  (
    await testApp.database.query<{ connections: number }>(
      `SELECT count(*)::int AS connections FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'benefits-calculator-jobs'`,
    )
  )[0].connections;

beforeAll(async () => {
  testApp = await startTestApp({ JOB_WORKER: 'off', RATE_LIMIT_CASELOAD_RUN: '9/1h' });
  const accounts = testApp.app.get(AccountsService);
  const riverside = await accounts.createOrganisationWithAdmin('Riverside Advice', {
    email: 'admin@riverside.example',
    displayName: 'Rita Admin',
    password: PASSWORD,
  });
  riversideId = riverside.organisationId;
  adamId = await accounts.addUserToOrganisation(riverside.organisationId, {
    email: 'adam@riverside.example',
    displayName: 'Adam Adviser',
    password: PASSWORD,
    role: 'adviser',
  });
  const hillside = await accounts.createOrganisationWithAdmin('Hillside Welfare Rights', {
    email: 'admin@hillside.example',
    displayName: 'Hal Admin',
    password: PASSWORD,
  });
  const hanaId = await accounts.addUserToOrganisation(hillside.organisationId, {
    email: 'hana@hillside.example',
    displayName: 'Hana Adviser',
    password: PASSWORD,
    role: 'adviser',
  });
  mary = await addClient(riverside.organisationId, adamId, 'Mary', 'Okonjo');
  john = await addClient(riverside.organisationId, adamId, 'John', 'Pettigrew');
  zoe = await addClient(riverside.organisationId, adamId, 'Zoe', 'Quennell');
  const hillsideClient = await addClient(hillside.organisationId, hanaId, 'Harriet', 'Vane');
  adam = await signIn('adam@riverside.example');
  rita = await signIn('admin@riverside.example');
  hana = await signIn('hana@hillside.example');
  await answerAsAdviser(adam, await startCalculation(adam, mary), LONE_PARENT_SOCIAL_RENTER);
  await startCalculation(adam, john);
  await answerAsAdviser(hana, await startCalculation(hana, hillsideClient), LONE_PARENT_SOCIAL_RENTER);
}, 120_000);

afterAll(async () => {
  await worker?.close();
  if (apiClosed) await testApp.database.drop();
  else await testApp?.close();
});

describe('a caseload run', () => {
  it('offers the next 6 April, or the last day the rates held cover', async () => {
    const body = (await get('/api/adviser/caseload-runs', adam).expect(200)).body as CaseloadRunsResponse;
    const year = Number(ukToday().slice(0, 4));
    const nextApril = `${ukToday().slice(5) >= '04-06' ? year + 1 : year}-04-06`;
    expect(body.defaultDate).toBe(nextApril <= body.ratesHeldUntil ? nextApril : body.ratesHeldUntil);
    expect(body.runs).toEqual([]);
  });

  it('refuses a date that is not real or outside the rates held, saying which dates it takes', async () => {
    const unreal = await post('/api/adviser/caseload-runs', adam, { date: '2026-02-30' }).expect(400);
    expect(unreal.body.errors).toEqual([{ path: 'date', message: 'Enter a real date, written yyyy-mm-dd.' }]);
    const early = await post('/api/adviser/caseload-runs', adam, { date: '2001-04-06' }).expect(400);
    expect(early.body.errors[0].message).toMatch(
      /^Choose a date from \d{1,2} [A-Z][a-z]+ \d{4} to \d{1,2} [A-Z][a-z]+ \d{4}: the rates held cover those dates only\.$/,
    );
  });

  it('is only queued by the request that starts it, and an API-only process never works it', async () => {
    const started = await post('/api/adviser/caseload-runs', adam, { date: LAST_WINTER }).expect(202);
    const { run } = started.body as StartCaseloadRunResponse;
    runId = run.id;
    expect(run).toMatchObject({ atDate: LAST_WINTER, status: 'queued', total: 0, done: 0, failed: 0, finishedAt: null });
    // The rules version at its date is recorded with it: the tax year, and no published change set here.
    expect(run.rulesVersion).toBe(taxYearOf(LAST_WINTER));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const waiting = (await get(`/api/adviser/caseload-run?id=${runId}`, adam).expect(200)).body as CaseloadRunResponse;
    expect(waiting).toEqual({ run: expect.objectContaining({ status: 'queued' }), benefits: [], clients: [] });
    expect(await testApp.database.query('SELECT * FROM caseload_run_clients')).toEqual([]);
  });

  it('is one at a time for an organisation', async () => {
    const second = await post('/api/adviser/caseload-runs', rita, {}).expect(409);
    expect(second.body.code).toBe('CASELOAD_RUN_IN_PROGRESS');
  });

  it('is worked by a worker process through the queue, recalculating each client’s latest calculation', async () => {
    worker = await startWorker();
    expect(worker.get(JobsService).isWorker).toBe(true);
    const { run, benefits, clients } = await runWhenDone(runId, adam);
    expect(run).toMatchObject({ status: 'done', total: 2, done: 2, failed: 1 });
    expect(run.finishedAt).not.toBeNull();
    // Zoe has no calculation to recalculate; John's is not finished; Hillside's client is not Riverside's.
    expect(clients.map(({ displayName, problem }) => [displayName, problem])).toEqual([
      ['Mary Okonjo', null],
      ['John Pettigrew', 'not-finished'],
    ]);
    expect(clients.some(({ clientGuid }) => clientGuid === zoe)).toBe(false);
    const [maryRow, johnRow] = clients;
    expect(johnRow).toMatchObject({ clientGuid: john, benefits: {}, total: null });
    expect(maryRow.clientGuid).toBe(mary);
    expect(maryRow.savedOn).toBe(ukToday());
    // Saved today, Child Benefit is £27.05 a week; at the run's date (2025/26) it was £26.05.
    expect(maryRow.benefits.CHILD_BENEFIT).toEqual({
      beforeWeeklyPence: 2705,
      beforeMonthlyPence: convertPence(2705, 'WEEK', 'MONTH'),
      afterWeeklyPence: 2605,
      afterMonthlyPence: convertPence(2605, 'WEEK', 'MONTH'),
    });
    expect(benefits).toContainEqual({ code: 'CHILD_BENEFIT', name: 'Child Benefit' });
    expect(benefits).toContainEqual({ code: 'UNIVERSAL_CREDIT', name: 'Universal Credit' });
    // Her council's Band D for 2025/26 is not held, so her Council Tax Reduction is worked out today only: not known
    // at the run's date, not lost, and left out of both totals.
    expect(maryRow.benefits.COUNCIL_TAX_REDUCTION).toMatchObject({ afterWeeklyPence: 0, notKnown: true });
    expect(maryRow.benefits.COUNCIL_TAX_REDUCTION!.beforeWeeklyPence).toBeGreaterThan(0);
    // The total is the household's system's: here every benefit listed for her and known at both dates, added up.
    const sum = (key: 'beforeWeeklyPence' | 'afterWeeklyPence') =>
      Object.values(maryRow.benefits)
        .filter((amounts) => !amounts.notKnown)
        .reduce((total, amounts) => total + amounts[key], 0);
    expect(maryRow.total).toMatchObject({ beforeWeeklyPence: sum('beforeWeeklyPence'), afterWeeklyPence: sum('afterWeeklyPence') });
    expect(maryRow.total!.afterWeeklyPence).toBeLessThan(maryRow.total!.beforeWeeklyPence);
  });

  it('gives the table as CSV, in pounds, a week or a month', async () => {
    const weekly = await get(`/api/adviser/caseload-run/csv?id=${runId}`, adam).expect(200);
    expect(weekly.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(weekly.headers['content-disposition']).toBe(`attachment; filename="caseload-${runId}.csv"`);
    const lines = weekly.text.trimEnd().split('\r\n');
    const header = lines[0].split(',');
    expect(header[0]).toBe('Client');
    const childBenefit = header.indexOf('Child Benefit: change (£ a week)');
    expect(childBenefit).toBeGreaterThan(1);
    const maryLine = lines.find((line) => line.startsWith('Mary Okonjo,'))!.split(',');
    expect(maryLine[1]).toBe(ukToday());
    expect(maryLine[childBenefit]).toBe('-1.00');
    // Her Council Tax Reduction is not known at the run's date: said so in its column and in the note, not a loss.
    expect(maryLine[header.indexOf('Council Tax Reduction: change (£ a week)')]).toBe('not known');
    expect(lines.find((line) => line.startsWith('Mary Okonjo,'))).toContain(
      'Council Tax Reduction cannot be worked out at one of the dates (for Council Tax Reduction, usually because the council has not set its Band D for the year yet)',
    );
    expect(lines.find((line) => line.startsWith('John Pettigrew,'))).toMatch(/,The latest calculation is not finished\.$/);
    const monthly = await get(`/api/adviser/caseload-run/csv?id=${runId}&period=monthly`, adam).expect(200);
    expect(monthly.text.split('\r\n')[0]).toContain('Child Benefit: change (£ a month)');
    await get(`/api/adviser/caseload-run/csv?id=${runId}&period=yearly`, adam).expect(400);
  });

  it('is seen by the organisation’s admin and advisers, and by no one else', async () => {
    await get(`/api/adviser/caseload-run?id=${runId}`, rita).expect(200);
    expect(((await get('/api/adviser/caseload-runs', rita).expect(200)).body as CaseloadRunsResponse).runs.map(({ id }) => id)).toEqual([
      runId,
    ]);
    const other = await get(`/api/adviser/caseload-run?id=${runId}`, hana).expect(404);
    expect(other.body.code).toBe('CASELOAD_RUN_NOT_FOUND');
    await get(`/api/adviser/caseload-run/csv?id=${runId}`, hana).expect(404);
    expect(((await get('/api/adviser/caseload-runs', hana).expect(200)).body as CaseloadRunsResponse).runs).toEqual([]);
    await http().get(`/api/adviser/caseload-run?id=${runId}`).expect(403);
    await http().post('/api/adviser/caseload-runs').send({}).expect(403);
    await get('/api/adviser/caseload-run?id=not-a-run', adam).expect(400);
  });

  it('names no client in any log line', () => {
    const lines = [...testApp.logLines, ...workerLog].join('\n');
    expect(workerLog.join('\n')).toContain('caseload run done');
    for (const name of ['Mary', 'Okonjo', 'John', 'Pettigrew', 'Harriet', '1990-05-01', 'M1 1AD']) expect(lines).not.toContain(name);
  });

  it('can be worked out with a change set approved but not yet published, marked provisional and naming it', async () => {
    // Next year's Child Benefit, announced: approved by a second officer in the workbench, not yet published.
    const edits = [
      {
        kind: 'parameter-value',
        parameter: 'gov/hmrc/child_benefit/amount/eldest',
        from: ukToday(),
        value: 2810,
        source: { title: 'HMRC, Child Benefit rates (gov.uk)', url: 'https://www.gov.uk/child-benefit/what-youll-get' },
      },
    ];
    const changeSet = async (title: string, status: string) =>
      (
        await testApp.database.query<{ id: number }>(
          `INSERT INTO policy_change_sets (title, reason, status, edits, author_name, approved_digest)
           VALUES ($1, 'A test.', $2::varchar, $3::jsonb, 'Pat Policy', CASE WHEN $2::varchar = 'approved' THEN repeat('a', 64) END) RETURNING id`,
          [title, status, JSON.stringify(edits)],
        )
      )[0].id;
    const approved = await changeSet('Child Benefit from April', 'approved');
    const draft = await changeSet('Still a draft', 'draft');
    const runs = (await get('/api/adviser/caseload-runs', adam).expect(200)).body as CaseloadRunsResponse;
    expect(runs.changeSets).toEqual([
      { id: approved, title: 'Child Benefit from April', defaultDate: expect.any(String), ratesHeldUntil: runs.ratesHeldUntil },
    ]);

    const notApproved = await post('/api/adviser/caseload-runs', adam, { date: ukToday(), changeSet: draft }).expect(404);
    expect(notApproved.body).toMatchObject({ code: 'CHANGE_SET_NOT_FOUND', errors: [{ path: 'changeSet' }] });
    const started = (await post('/api/adviser/caseload-runs', adam, { date: ukToday(), changeSet: approved }).expect(202))
      .body as StartCaseloadRunResponse;
    const provisional = { inForceFrom: null, approvedNotPublished: { changeSet: approved, title: 'Child Benefit from April' } };
    expect(started.run).toMatchObject({ rulesVersion: `${taxYearOf(ukToday())}+cs${approved}`, provisional });

    const { run, clients } = await runWhenDone(started.run.id, adam);
    expect(run).toMatchObject({ status: 'done', provisional });
    // Saved today at £27.05 a week; with the change approved, £28.10 from today.
    expect(clients.find(({ clientGuid }) => clientGuid === mary)!.benefits.CHILD_BENEFIT).toMatchObject({
      beforeWeeklyPence: 2705,
      afterWeeklyPence: 2810,
    });
    // Withdrawn later, the run still says it used a change that was never published.
    await testApp.database.query(`UPDATE policy_change_sets SET status = 'withdrawn' WHERE id = $1`, [approved]);
    expect(((await get(`/api/adviser/caseload-run?id=${run.id}`, adam).expect(200)).body as CaseloadRunResponse).run.provisional).toEqual(
      provisional,
    );
    expect(((await get('/api/adviser/caseload-runs', adam).expect(200)).body as CaseloadRunsResponse).changeSets).toEqual([]);
  });

  it('limits how often runs are started from one address', async () => {
    // Seven tries so far (two refused dates, one run, one conflict, one signed out, one with a draft change set and one
    // with an approved one); two more reach the limit of nine.
    await post('/api/adviser/caseload-runs', adam, { date: LAST_WINTER }).expect(202);
    await runWhenDone(((await get('/api/adviser/caseload-runs', adam)).body as CaseloadRunsResponse).runs[0].id, adam);
    await post('/api/adviser/caseload-runs', adam, { date: LAST_WINTER }).expect(202);
    const refused = await post('/api/adviser/caseload-runs', adam, { date: LAST_WINTER }).expect(429);
    expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
  });
});

const runRow = async (id: string) =>
  (
    await testApp.database.query<{ status: string; done: number; total: number }>(
      'SELECT status, done, total FROM caseload_runs WHERE id = $1',
      [id],
    )
  )[0];

describe('the job queue', () => {
  it('hands a run cut short by a worker’s shutdown to the next worker, which does it whole', async () => {
    await runWhenDone(((await get('/api/adviser/caseload-runs', adam)).body as CaseloadRunsResponse).runs[0].id, adam);
    // 700 more clients, each with a copy of Mary's calculation: the run writes its first 500 (one chunk), then the worker stops.
    await testApp.database.query(
      `WITH template AS (SELECT id, completed_pages, finished_at, answers FROM calculation_sessions WHERE client_id = $3),
            new_clients AS (
              INSERT INTO clients (organisation_id, adviser_id, first_name, last_name, date_of_birth)
              SELECT $1, $2, 'Copy', 'Client ' || n, DATE '1990-05-01' FROM generate_series(1, 700) AS n RETURNING id),
            sessions AS (
              INSERT INTO calculation_sessions (reference, client_id, adviser_user_id, completed_pages, finished_at, answers)
              SELECT 'C' || substr(md5(new_clients.id::text), 1, 10), new_clients.id, $2, template.completed_pages, template.finished_at, template.answers
                FROM new_clients, template RETURNING id)
       SELECT count(*) FROM sessions`,
      [riversideId, adamId, mary],
    );
    const caseloads = testApp.app.get(CaseloadService);
    const run = await caseloads.start(
      { userId: adamId, organisationId: riversideId, role: 'adviser', displayName: 'Adam Adviser' },
      LAST_WINTER,
    );
    for (let row = await runRow(run.id); row.done === 0; row = await runRow(run.id))
      await new Promise((resolve) => setTimeout(resolve, 50));
    await worker!.close();
    const cut = await runRow(run.id);
    expect(cut.status).toBe('running');
    expect(cut.done).toBeLessThan(cut.total);
    expect(workerLog.join('\n')).toContain('caseload run interrupted by shutdown; it will start again');
    worker = await startWorker();
    const { run: finished } = await runWhenDone(run.id, adam);
    expect(finished).toMatchObject({ status: 'done', total: 702, done: 702, failed: 1 });
  }, 180_000);

  it('lets go of all its connections when the worker stops', async () => {
    expect(await jobConnections()).toBeGreaterThan(0);
    await worker!.close();
    worker = undefined;
    // The API process still has its own queue connections (it sends jobs); closing it lets those go too.
    await testApp.app.close();
    apiClosed = true;
    expect(await jobConnections()).toBe(0);
  });
});
