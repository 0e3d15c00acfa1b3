import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { hashChallengeAnswer } from '../../api/src/captcha/captcha.service.js';
import { startEmbeddedPostgres, type DatabaseServer } from '../../api/src/database/embedded-postgres.js';
import { findFreePort } from '../../api/src/database/free-port.js';
import { EMAIL_NOT_SENT } from '../../api/src/email/email.service.js';
import { startApiProcess, type ApiProcess } from '../support/api-process.js';
import { SINGLE_PRIVATE_RENTER_WORKING_PART_TIME as HOUSEHOLD } from '../support/households.js';
import { ROUTE_LIMITS_OUT_OF_THE_WAY } from '../support/route-limits.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

// Faults: the database going away and coming back, an API process killed mid-request, and a mail server
// or outbox that cannot take the e-mail. In each, the visitor gets a clear answer, nothing committed is lost, and
// the rest of the product keeps working.

interface PageReply {
  pageNumber: number;
  session: string;
  page: { name: string };
}

function postPage(url: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${url}/api/data/survey/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
}

/** Posts the household's pages from `from` up to (not including) `to`, checking each moves on; returns where it is. */
async function postPages(
  url: string,
  browserId: string,
  at: { session: string | null; pageNumber: number },
  from: number,
  to: number,
): Promise<PageReply> {
  let current = { ...at } as PageReply;
  for (let index = from; index < to; index += 1) {
    const [name, answers] = HOUSEHOLD[index];
    const response = await postPage(url, {
      browserId,
      session: current.session,
      page: current.pageNumber,
      action: index === HOUSEHOLD.length - 1 ? 4 : 2,
      ...answers,
    });
    expect({ page: name, status: response.status }).toEqual({ page: name, status: 200 });
    current = (await response.json()) as PageReply;
    if (index + 1 < HOUSEHOLD.length) expect(current.page.name).toBe(HOUSEHOLD[index + 1][0]);
  }
  return current;
}

/** Every answer the first `pages` pages of the household give, keyed by question name. */
function answersOf(pages: number): Record<string, unknown> {
  return Object.assign({}, ...HOUSEHOLD.slice(0, pages).map(([, answers]) => answers));
}

/** The answers stored for a calculation, keyed by question name, read straight from the database. */
async function storedAnswers(query: (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>, session: string) {
  const [row] = await query('SELECT answers FROM calculation_sessions WHERE id = $1', [session]);
  return (row?.answers ?? {}) as Record<string, unknown>;
}

describe('PostgreSQL stopped and started again under a running API', () => {
  // A private PostgreSQL of its own (the embedded launcher npm start uses), so stopping it touches no one else's.
  const logger = new Logger('EmbeddedPostgres');
  let dataDir: string;
  let port: number;
  let postgres: DatabaseServer | undefined;
  let api: ApiProcess | undefined;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    dataDir = await mkdtemp(join(tmpdir(), 'benefits-faults-'));
    port = await findFreePort();
    postgres = await startEmbeddedPostgres(dataDir, logger, { port });
    // The crowd below stands for many visitors' machines, all on this one address: the per-address limit on starting
    // calculations would rightly refuse it (rate-limits.e2e shows that limit).
    api = await startApiProcess({ NODE_ENV: 'test', DATABASE_URL: postgres.url, ...ROUTE_LIMITS_OUT_OF_THE_WAY });
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
    await postgres?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('answers 503 while it is down, reconnects by itself, and loses no committed answer', async () => {
    const url = api!.url;
    const browserId = `browser_${Date.now()}_pgrestart`;
    const opened = (await (await fetch(`${url}/api/data/survey`)).json()) as PageReply;
    const before = await postPages(url, browserId, { session: null, pageNumber: opened.pageNumber }, 0, 5);

    // Other visitors keep starting calculations all through the stop and the start: each either commits (200) or is
    // told to try again (503), never a 500; those that committed must still be there afterwards.
    const statuses = new Set<number>();
    const committed: string[] = [];
    let crowdRunning = true;
    const crowd = Array.from({ length: 4 }, async (_, visitor) => {
      for (let round = 0; crowdRunning; round += 1) {
        const response = await postPage(url, {
          browserId: `browser_${Date.now()}_crowd${visitor}r${round}`,
          session: null,
          page: opened.pageNumber,
          action: 2,
          ...HOUSEHOLD[0][1],
        });
        statuses.add(response.status);
        if (response.status === 200) committed.push(((await response.json()) as PageReply).session);
        else await response.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    await postgres!.stop();
    postgres = undefined;
    // Down: a clear 503 in the API's one error shape, quickly (not a 500, not a hang), for a post and for health.
    const started = Date.now();
    const [name, answers] = HOUSEHOLD[5];
    const refused = await postPage(url, { browserId, session: before.session, page: before.pageNumber, action: 2, ...answers });
    expect({ page: name, status: refused.status, body: await refused.json() }).toEqual({
      page: name,
      status: 503,
      body: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/cannot reach its database/), errors: [] },
    });
    const health = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
    expect({ status: health.status, code: ((await health.json()) as { code: string }).code }).toEqual({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
    const page = await fetch(`${url}/api/data/survey/${before.pageNumber}/${before.session}`, {
      headers: { 'X-Browser-Id': browserId },
      signal: AbortSignal.timeout(10_000),
    });
    expect(page.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(20_000);

    // Back on the same port: the API finds it again without being restarted.
    postgres = await startEmbeddedPostgres(dataDir, logger, { port });
    const deadline = Date.now() + 20_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline) {
      healthy = (await fetch(`${url}/api/health`).then((response) => response.status)) === 200;
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(healthy).toBe(true);
    expect(api!.child.exitCode).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    crowdRunning = false;
    await Promise.all(crowd);
    // On a failure, the API's own log line says which error slipped through as a 500.
    const unexpected = api!
      .output()
      .split('\n')
      .filter((line) => line.includes('"unexpected error"'));
    expect({ statuses: [...statuses].sort(), unexpected }).toEqual({ statuses: [200, 503], unexpected: [] });

    // The page refused while it was down is posted again, and the questionnaire finishes.
    await postPages(url, browserId, before, 5, HOUSEHOLD.length);
    const result = await fetch(`${url}/api/data/result/?session=${before.session}`, { headers: { 'X-Browser-Id': browserId } });
    expect(result.status).toBe(200);

    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      expect(await storedAnswers(async (sql, params) => (await client.query(sql, params)).rows, before.session)).toEqual(
        answersOf(HOUSEHOLD.length),
      );
      expect(
        (await client.query('SELECT finished_at IS NOT NULL AS finished FROM calculation_sessions WHERE id = $1', [before.session])).rows,
      ).toEqual([{ finished: true }]);
      const kept = await client.query(
        `SELECT count(*)::int AS kept FROM calculation_sessions WHERE id = ANY($1::uuid[]) AND answers ? 'ClientPostcode'`,
        [committed],
      );
      expect(kept.rows).toEqual([{ kept: committed.length }]);
    } finally {
      await client.end();
    }
  }, 90_000);
});

describe('an API process killed mid-request, beside another on the same database', () => {
  let database: TestDatabase;
  let doomed: ApiProcess;
  let survivor: ApiProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    [doomed, survivor] = await Promise.all([
      startApiProcess({ NODE_ENV: 'test', DATABASE_URL: database.url }),
      startApiProcess({ NODE_ENV: 'test', DATABASE_URL: database.url }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([doomed?.stop('SIGKILL'), survivor?.stop()]);
    await database?.drop();
  });

  it('leaves the other serving, and the visitor retries there and carries on the same calculation', async () => {
    const browserId = `browser_${Date.now()}_killed01`;
    const opened = (await (await fetch(`${doomed.url}/api/data/survey`)).json()) as PageReply;
    const saved = await postPages(doomed.url, browserId, { session: null, pageNumber: opened.pageNumber }, 0, 6);
    const others = await postPages(
      survivor.url,
      `browser_${Date.now()}_others01`,
      { session: null, pageNumber: opened.pageNumber },
      0,
      HOUSEHOLD.length,
    );

    // The visitor's next page and a crowd of other calls are in flight when the process is killed outright.
    const [, answers] = HOUSEHOLD[6];
    const inFlight = [
      postPage(doomed.url, { browserId, session: saved.session, page: saved.pageNumber, action: 2, ...answers }),
      ...Array.from({ length: 30 }, () =>
        fetch(`${doomed.url}/api/data/result/?session=${others.session}`, {
          headers: { 'X-Browser-Id': `browser_${Date.now()}_others01` },
        }),
      ),
    ].map((reply) =>
      reply.then(
        (response) => response.status,
        () => 'network error',
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await doomed.stop('SIGKILL');
    const outcomes = await Promise.all(inFlight);
    expect(outcomes).toContain('network error');

    // The other process serves on, and the visitor, retrying there with the same browser id, opens the page it was
    // posting: the calculation is where it last saved (the killed post committed whole or not at all).
    expect((await fetch(`${survivor.url}/api/health`)).status).toBe(200);
    const reopened = await fetch(`${survivor.url}/api/data/survey/${saved.pageNumber}/${saved.session}`, {
      headers: { 'X-Browser-Id': browserId },
    });
    expect(reopened.status).toBe(200);
    const page = (await reopened.json()) as PageReply;
    expect({ session: page.session, page: page.page.name }).toEqual({ session: saved.session, page: HOUSEHOLD[6][0] });
    const afterKill = await storedAnswers(database.query, saved.session);
    expect([answersOf(6), answersOf(7)]).toContainEqual(afterKill);

    await postPages(survivor.url, browserId, saved, 6, HOUSEHOLD.length);
    const result = await fetch(`${survivor.url}/api/data/result/?session=${saved.session}`, { headers: { 'X-Browser-Id': browserId } });
    expect(result.status).toBe(200);
    expect(await storedAnswers(database.query, saved.session)).toEqual(answersOf(HOUSEHOLD.length));
  }, 60_000);
});

describe('a mail server or outbox that cannot take the e-mail', () => {
  const browserId = 'browser_1795446000000_mailfail';

  /** A finished calculation and a security code the test knows, as the e-mail form needs. */
  async function finishedWithKnownCode(testApp: TestApp): Promise<string> {
    const http = () => request(testApp.app.getHttpServer());
    let current = (await http().get('/api/data/survey').expect(200)).body as PageReply;
    let session: string | null = null;
    for (const [index, [, answers]] of HOUSEHOLD.entries()) {
      current = (
        await http()
          .post('/api/data/survey/')
          .send({ browserId, session, page: current.pageNumber, action: index === HOUSEHOLD.length - 1 ? 4 : 2, ...answers })
          .expect(200)
      ).body;
      session = current.session;
    }
    await http().get(`/assets/img/${session}?v=1`).set('X-Browser-Id', browserId).expect(200);
    const salt = randomBytes(16).toString('hex');
    await testApp.database.query('UPDATE captcha_challenges SET answer_hash = $1, salt = $2 WHERE session_id = $3', [
      hashChallengeAnswer('K7M3X', salt),
      salt,
      session,
    ]);
    return session!;
  }

  /** The e-mail fails with the message the web shows; the results and the PDF are untouched. */
  async function expectEmailFailsAndTheRestWorks(testApp: TestApp): Promise<void> {
    const http = () => request(testApp.app.getHttpServer());
    const session = await finishedWithKnownCode(testApp);
    const sent = await http().post('/api/data/email/').send({ browserId, session, email: 'jo.bloggs@example.org', challenge: 'K7M3X' });
    expect({ status: sent.status, body: sent.body }).toEqual({ status: 200, body: { valid: false, message: EMAIL_NOT_SENT } });
    const result = await http().get('/api/data/result/').query({ session }).set('X-Browser-Id', browserId).expect(200);
    expect(result.body.benefits.universalCredit.length).toBeGreaterThan(0);
    const pdf = await http().get('/api/data/pdf').query({ session }).set('X-Browser-Id', browserId).buffer(true).expect(200);
    expect(pdf.headers['content-type']).toMatch(/^application\/pdf/);
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Logged by its code only: the address is not written anywhere.
    expect(testApp.logLines.some((line) => line.includes('e-mail not sent'))).toBe(true);
    expect(testApp.logLines.some((line) => line.includes('jo.bloggs'))).toBe(false);
  }

  it('with the SMTP server stopped (nothing listening on its port)', async () => {
    const testApp = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${await findFreePort()}` });
    try {
      await expectEmailFailsAndTheRestWorks(testApp);
    } finally {
      await testApp.close();
    }
  });

  it('with an outbox that cannot be written (its path is taken by a file)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'benefits-outbox-'));
    await writeFile(join(dataDir, 'outbox'), 'not a folder');
    const testApp = await startTestApp({ DATA_DIR: dataDir });
    try {
      await expectEmailFailsAndTheRestWorks(testApp);
    } finally {
      await testApp.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
