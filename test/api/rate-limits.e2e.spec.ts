import request from 'supertest';
import { CHALLENGE_RATE_LIMIT } from '../../api/src/captcha/captcha.service.js';
import { normaliseCalculationReference, REFERENCE_LENGTH } from '../../api/src/survey/calculation-reference.js';
import { IDENTITY_CHECK_LOCKOUT, IDENTITY_CHECK_RATE_LIMIT } from '../../api/src/verification/verification.service.js';
import { MANCHESTER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import { completeQuestionnaire } from '../support/questionnaire-api.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 7 §4: the rate limits the other suites do not already show answering 429, and session ids, references and
 * access tokens that cannot be guessed. Shown elsewhere, not repeated here: the look-up and the test-mode password
 * (survey-calls), the identity check's per-calculation lock (results), e-mails per address and per calculation
 * (email), e-mails per sending network and for the whole service (email-relay), sign-ins per address (accounts)
 * and the sign-in lock per account and network (sign-in-abuse).
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
  const { body } = await http().post('/api/data/survey/').send({ browserId, session: null, page: 1, action: 2, ClientPostcode: MANCHESTER }).expect(200);
  return { session: body.session, token: body.token };
}

describe('POST /api/data/verify/ from one address', () => {
  it(`answers 429 after ${IDENTITY_CHECK_RATE_LIMIT.attempts} checks a minute, whichever calculations they are for`, async () => {
    // Spread over several calculations, so that it is the per-address limit that stops them, not one calculation's lock.
    const calculations = await Promise.all([1, 2, 3].map(() => startCalculation(OWNER)));
    expect(IDENTITY_CHECK_RATE_LIMIT.attempts / calculations.length).toBeLessThan(IDENTITY_CHECK_LOCKOUT.attempts);
    for (let attempt = 0; attempt < IDENTITY_CHECK_RATE_LIMIT.attempts; attempt += 1) {
      const { session } = calculations[attempt % calculations.length];
      const response = await http().post('/api/data/verify/').send({ session, postcode: `ZZ${attempt} 9ZZ`, browserId: STRANGER }).expect(200);
      expect(response.body).toEqual({ valid: false });
    }
    // Even the right postcode for a calculation that is not locked is refused now.
    const limited = await http().post('/api/data/verify/').send({ session: calculations[0].session, postcode: 'M1 1AD', browserId: STRANGER }).expect(429);
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
