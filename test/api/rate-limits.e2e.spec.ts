import request from 'supertest';
import { CHALLENGE_RATE_LIMIT } from '../../api/src/captcha/captcha.service.js';
import { normaliseCalculationReference, REFERENCE_LENGTH } from '../../api/src/calculations/calculation-reference.js';
import { IDENTITY_CHECK_LOCKOUT, IDENTITY_CHECK_RATE_LIMIT } from '../../api/src/verification/verification.service.js';
import { startApiProcess, type ApiProcess } from '../support/api-process.js';
import { LONE_PARENT_PRIVATE_RENTER, MANCHESTER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import { completeQuestionnaire } from '../support/questionnaire-api.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * The rate limits the other suites do not already show answering 429, and session ids, references and
 * access tokens that cannot be guessed. Shown elsewhere, not repeated here: the look-up and the test-mode password
 * (survey-calls), the identity check's per-calculation lock (results), e-mails per address and per calculation
 * (email), e-mails per sending network and for the whole service (email-relay), sign-ins per address (accounts)
 * and the sign-in lock per account and network (sign-in-abuse). At the end: the per-address route limits
 * on a production build, shared by two processes, IPv6 counted per /64, with Retry-After.
 */

const OWNER = 'browser_1795262400000_limitown1';
const STRANGER = 'browser_1795262400000_limitstr1';

let testApp: TestApp;
const http = () => request(testApp.app.getHttpServer());

beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());
beforeEach(() => testApp.database.query('DELETE FROM rate_limit_counters'));

/** A calculation begun with its first page, as a visitor's first POST makes it. */
async function startCalculation(browserId: string): Promise<{ session: string; token: string }> {
  const { body } = await http()
    .post('/api/data/survey/')
    .send({ browserId, session: null, page: 1, action: 2, ClientPostcode: MANCHESTER })
    .expect(200);
  return { session: body.session, token: body.token };
}

describe('POST /api/data/verify/ from one address', () => {
  it(`answers 429 after ${IDENTITY_CHECK_RATE_LIMIT.attempts} checks a minute, whichever calculations they are for`, async () => {
    // Spread over several calculations, so that it is the per-address limit that stops them, not one calculation's lock.
    const calculations = await Promise.all([1, 2, 3].map(() => startCalculation(OWNER)));
    expect(IDENTITY_CHECK_RATE_LIMIT.attempts / calculations.length).toBeLessThan(IDENTITY_CHECK_LOCKOUT.attempts);
    for (let attempt = 0; attempt < IDENTITY_CHECK_RATE_LIMIT.attempts; attempt += 1) {
      const { session } = calculations[attempt % calculations.length];
      const response = await http()
        .post('/api/data/verify/')
        .send({ session, postcode: `ZZ${attempt} 9ZZ`, browserId: STRANGER })
        .expect(200);
      expect(response.body).toEqual({ valid: false });
    }
    // Even the right postcode for a calculation that is not locked is refused now.
    const limited = await http()
      .post('/api/data/verify/')
      .send({ session: calculations[0].session, postcode: 'M1 1AD', browserId: STRANGER })
      .expect(429);
    expect(limited.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(limited.headers['set-cookie']).toBeUndefined();
  }, 60_000);
});

describe('GET /assets/img/{session} from one address', () => {
  it(`answers 429 after ${CHALLENGE_RATE_LIMIT.attempts} security codes in ${CHALLENGE_RATE_LIMIT.windowSeconds / 60} minutes`, async () => {
    const { session } = await completeQuestionnaire(http, OWNER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME);
    for (let shown = 0; shown < CHALLENGE_RATE_LIMIT.attempts; shown += 1) {
      await http().get(`/assets/img/${session}?v=${shown}`).set('X-Browser-Id', OWNER).expect(200);
    }
    const limited = await http().get(`/assets/img/${session}?v=limit`).set('X-Browser-Id', OWNER).expect(429);
    expect(limited.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    // The spoken code makes a new code when there is none, so it counts against the same limit.
    await testApp.database.query('DELETE FROM captcha_challenges');
    await http().get(`/assets/wav/${session}`).set('X-Browser-Id', OWNER).expect(429);
  }, 120_000);
});

describe('what identifies a calculation or an access', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('is random: session ids are version 4 UUIDs and references 8 characters of a 31-letter alphabet, none repeated', async () => {
    const made = [];
    for (let count = 0; count < 40; count += 1) made.push(await startCalculation(OWNER));
    const sessions = made.map((one) => one.session);
    const tokens = made.map((one) => one.token);
    for (const session of sessions) expect(session).toMatch(UUID_V4);
    for (const token of tokens) {
      expect(token).toHaveLength(REFERENCE_LENGTH);
      expect(normaliseCalculationReference(token)).toBe(token);
    }
    expect(new Set(sessions).size).toBe(sessions.length);
    expect(new Set(tokens).size).toBe(tokens.length);
    // Not sequential or time-ordered: successive ids share no long common beginning, as counters or timestamps would.
    const sharedPrefix = (a: string, b: string) => [...a].findIndex((character, index) => character !== b[index]);
    for (let index = 1; index < sessions.length; index += 1) expect(sharedPrefix(sessions[index - 1], sessions[index])).toBeLessThan(6);
    // Every character of the alphabet turns up somewhere across 320 characters; a narrow generator would show gaps.
    expect(new Set(tokens.join('')).size).toBeGreaterThanOrEqual(28);
  }, 60_000);

  it('grants access with a 256-bit random token kept only as a digest', async () => {
    const { session } = await startCalculation(OWNER);
    const verified = await http().post('/api/data/verify/').send({ session, postcode: 'M1 1AD', browserId: STRANGER }).expect(200);
    const [cookie] = ([] as string[]).concat(verified.headers['set-cookie'] ?? []);
    const token = /^bc_session_[^=]+=([^;]+);/.exec(cookie)?.[1];
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(cookie).toMatch(/HttpOnly/);
    const stored = JSON.stringify(await testApp.database.query('SELECT * FROM access_grants'));
    expect(stored).not.toContain(token);
  });
});

/** Low limits, so that a test reaches each; a minute's window (or ten, for starts) so none runs out mid-test. */
const LOW_LIMITS = {
  RATE_LIMIT_CALCULATION_ANONYMOUS: '3/1m',
  RATE_LIMIT_CALCULATION_START: '3/10m',
  RATE_LIMIT_RESULTS: '4/1m',
  RATE_LIMIT_PDF: '2/1m',
};

/** The refusal every route limit gives: 429 in the error shape, with Retry-After no longer than the window. */
function expectRefused(response: request.Response, windowSeconds: number): void {
  expect({ status: response.status, code: response.body.code }).toEqual({ status: 429, code: 'TOO_MANY_REQUESTS' });
  expect(response.body.message).toMatch(/^Too many requests from your connection\. Please wait (a minute|\d+ minutes) and try again\.$/);
  expect(response.headers['retry-after']).toMatch(/^\d+$/);
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(windowSeconds);
}

describe('per-address route limits on a production build (two processes, behind a proxy on loopback)', () => {
  let database: TestDatabase;
  let first: ApiProcess;
  let second: ApiProcess;
  /** Two processes on one database, as the load test runs them; each believes X-Forwarded-For from loopback only. */
  const api = (server: 'first' | 'second' = 'first') => request((server === 'first' ? first : second).url);
  const calculate = (server: 'first' | 'second', from: string) =>
    api(server)
      .post('/api/v1/calculations')
      .set('X-Forwarded-For', from)
      .send({ date: '2026-11-21', household: LONE_PARENT_PRIVATE_RENTER });

  beforeAll(async () => {
    database = await createTestDatabase();
    [first, second] = await Promise.all(
      [0, 1].map(() =>
        startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url, LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback', ...LOW_LIMITS }),
      ),
    );
  }, 120_000);
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.drop();
  });
  beforeEach(() => database.query('DELETE FROM rate_limit_counters'));

  it('POST /api/v1/calculations: 429 with Retry-After after 3 a minute from one address, counted across both processes', async () => {
    await calculate('first', '203.0.113.10').expect(200);
    await calculate('second', '203.0.113.10').expect(200);
    await calculate('first', '203.0.113.10').expect(200);
    expectRefused(await calculate('second', '203.0.113.10'), 60);
    expectRefused(await calculate('first', '203.0.113.10'), 60);
    // Another address has its own count.
    await calculate('second', '203.0.113.11').expect(200);
  }, 60_000);

  it('counts an IPv6 address per /64, and an IPv4-mapped IPv6 address as the IPv4 address', async () => {
    await calculate('first', '2001:db8:1:2::1').expect(200);
    await calculate('second', '2001:db8:1:2:ffff:ffff:ffff:fffe').expect(200);
    await calculate('first', '2001:DB8:1:2:0:0:ab:cd').expect(200);
    expectRefused(await calculate('second', '2001:db8:1:2::99'), 60);
    // The next /64 along is another household.
    await calculate('first', '2001:db8:1:3::1').expect(200);

    await calculate('first', '198.51.100.7').expect(200);
    await calculate('second', '::ffff:198.51.100.7').expect(200);
    await calculate('first', '::ffff:c633:6407').expect(200);
    expectRefused(await calculate('second', '198.51.100.7'), 60);
  }, 60_000);

  it('starting a calculation: 429 with Retry-After after 3 starts in 10 minutes; carrying on with one is not counted', async () => {
    const start = (server: 'first' | 'second', browserId: string) =>
      api(server)
        .post('/api/data/survey/')
        .set('X-Forwarded-For', '203.0.113.20')
        .send({ browserId, session: null, page: 1, action: 2, ClientPostcode: MANCHESTER });
    const started = await start('first', OWNER).expect(200);
    await start('second', OWNER).expect(200);
    await start('first', STRANGER).expect(200);
    expectRefused(await start('second', STRANGER), 600);
    // Nothing was made by the refused start.
    expect(await database.query('SELECT count(*)::int AS count FROM calculation_sessions')).toEqual([{ count: 3 }]);
    // The calculation already started carries on from the same address.
    const { session, pageNumber } = started.body as { session: string; pageNumber: number };
    await api('second')
      .post('/api/data/survey/')
      .set('X-Forwarded-For', '203.0.113.20')
      .send({ browserId: OWNER, session, page: pageNumber, action: 2, ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME[1][1] })
      .expect(200);
  }, 60_000);

  describe('the results and the PDF', () => {
    let session: string;

    beforeAll(async () => {
      // Answered from loopback itself (no X-Forwarded-For), which the counts below do not share.
      ({ session } = await completeQuestionnaire(() => api('first'), OWNER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME));
    }, 60_000);

    it('GET /api/data/result: 429 with Retry-After after 4 a minute from one address, across both processes', async () => {
      const result = (server: 'first' | 'second') =>
        api(server).get(`/api/data/result/?session=${session}`).set('X-Browser-Id', OWNER).set('X-Forwarded-For', '203.0.113.30');
      for (const server of ['first', 'second', 'first', 'second'] as const) await result(server).expect(200);
      expectRefused(await result('first'), 60);
      // The other results routes share the count.
      expectRefused(
        await api('second')
          .post('/api/data/section/')
          .set('X-Forwarded-For', '203.0.113.30')
          .send({ session, sectionType: 1, browserId: OWNER }),
        60,
      );
    }, 60_000);

    it('GET /api/data/pdf: 429 with Retry-After after 2 a minute from one address, across both processes', async () => {
      const pdf = (server: 'first' | 'second') =>
        api(server).get(`/api/data/pdf/?session=${session}`).set('X-Browser-Id', OWNER).set('X-Forwarded-For', '203.0.113.40');
      await pdf('first').expect(200);
      await pdf('second').expect(200);
      expectRefused(await pdf('first'), 60);
    }, 60_000);
  });

  it("the service's own limits (here the look-up, 10 a minute) answer 429 with Retry-After too", async () => {
    const lookUp = () =>
      api('second')
        .post('/api/data/lookup/')
        .set('X-Forwarded-For', '203.0.113.50')
        .send({ token: 'ABCD2345', postcode: 'SW1A 1AA', browserId: STRANGER });
    for (let attempt = 0; attempt < 10; attempt += 1) await lookUp().expect(200);
    const limited = await lookUp().expect(429);
    expect(limited.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  }, 60_000);

  it('keeps no address in the database, only digests', async () => {
    await calculate('first', '203.0.113.60').expect(200);
    const stored = JSON.stringify(await database.query('SELECT * FROM rate_limit_counters'));
    expect(stored).not.toContain('203.0.113');
    expect(stored).toContain('"key":"');
  }, 60_000);
});

describe('a production build without TRUST_PROXY', () => {
  let database: TestDatabase;
  let server: ApiProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url, LOG_LEVEL: 'warn', ...LOW_LIMITS });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('ignores X-Forwarded-For: a client cannot pose as many addresses to escape its limit', async () => {
    const calculate = (from: string) =>
      request(server.url)
        .post('/api/v1/calculations')
        .set('X-Forwarded-For', from)
        .send({ date: '2026-11-21', household: LONE_PARENT_PRIVATE_RENTER });
    for (const from of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) await calculate(from).expect(200);
    expectRefused(await calculate('203.0.113.4'), 60);
  }, 60_000);
});
