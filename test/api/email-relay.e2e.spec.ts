import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { hashChallengeAnswer } from '../../api/src/captcha/captcha.service.js';
import { startApiProcess, type ApiProcess } from '../support/api-process.js';
import { MANCHESTER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import { postJsonFrom, type AnswerFrom } from '../support/http-from.js';
import { startMailServer, type MailServer } from '../support/mail-server.js';
import { completeQuestionnaire } from '../support/questionnaire-api.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * The e-mail form is not a relay. Against the built server in production, with a mail server that
 * keeps what it is given: one plain address or 400 and nothing sent; the per-address limit counts the canonical
 * address; limits per sending network and for the whole service answer 429 with Retry-After; only a finished
 * calculation is e-mailed. Each caller is a loopback address of its own (127.0.0.x).
 */

const OWNER = 'browser_1795720000000_relay001';
const INVALID = [{ path: 'email', message: 'Please enter a valid email address.' }];
const PER_SENDER = 4;
const PER_HOUR = 5;

let mail: MailServer;
let database: TestDatabase;
let server: ApiProcess;
let dataDir: string;
let first: string;
let second: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'email-relay-'));
  mail = await startMailServer();
  database = await createTestDatabase();
  server = await startApiProcess({
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
    PUBLIC_URL: 'https://calculator.example.org',
    EMAILS_PER_HOUR_PER_SENDER: String(PER_SENDER),
    EMAILS_PER_HOUR: String(PER_HOUR),
  });
  const http = () => request(server.url);
  first = (await completeQuestionnaire(http, OWNER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME)).session;
  second = (await completeQuestionnaire(http, OWNER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME)).session;
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await mail?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.query('DELETE FROM rate_limit_counters');
  mail.received.length = 0;
});

/** A new picture for the calculation, then its code set to one the test knows (stored as the service stores it). */
async function showChallenge(session: string, code = 'K7M3X'): Promise<string> {
  expect((await fetch(`${server.url}/assets/img/${session}?v=${Date.now()}`, { headers: { 'X-Browser-Id': OWNER } })).status).toBe(200);
  const salt = randomBytes(16).toString('hex');
  await database.query('UPDATE captcha_challenges SET answer_hash = $1, salt = $2 WHERE session_id = $3', [
    hashChallengeAnswer(code, salt),
    salt,
    session,
  ]);
  return code;
}

/** 429 with Retry-After: whole seconds, at least 1, and no more than the hour the limits count. */
function expectToWaitAtMostAnHour(answer: AnswerFrom): void {
  expect(answer.headers['retry-after']).toMatch(/^\d+$/);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(3600);
}

function sendFrom(source: string, session: string, email: string, challenge: string) {
  return postJsonFrom(source, `${server.url}/api/data/email/`, { browserId: OWNER, session, email, challenge });
}

async function challengeIsUnused(session: string): Promise<boolean> {
  return (await database.query('SELECT 1 FROM captcha_challenges WHERE session_id = $1', [session])).length === 1;
}

describe('the e-mail form takes exactly one plain address', () => {
  it.each([
    ['a list with commas', 'jo@example.org, sam@example.org'],
    ['a list inside what looks like one address', 'sam,jo@example.org'],
    ['a list with a semicolon', 'sam;jo@example.org'],
    ['a group', 'a: b@example.org;'],
    ['a group in one word', 'friends:jo@example.org'],
    ['a display name', '"x" <jo@example.org>'],
    ['a display name holding another address', '"jo@example.org" <sam@example.org>'],
    ['a comment', 'jo@example.org (sam@example.org)'],
    ['CR LF and a Bcc header', 'jo@example.org\r\nBcc: sam@example.org'],
    ['LF and a second address', 'jo@example.org\nsam@example.org'],
    ['a bare CR', 'jo@example.org\rBcc:sam@example.org'],
    ['NEXT LINE (U+0085) and a Bcc header', 'jo@example.org\u0085Bcc:sam@example.org'],
    ['NEXT LINE (U+0085) in the address', 'jo\u0085@example.org'],
    ['LINE SEPARATOR (U+2028) after the address', 'jo@example.org\u2028'],
    ['PARAGRAPH SEPARATOR (U+2029) in the address', 'jo\u2029@example.org'],
  ])('refuses %s with 400, sends nothing and leaves the security code unused', async (_, email) => {
    const code = await showChallenge(first);
    const answer = await sendFrom('127.0.0.1', first, email, code);
    expect({ status: answer.status, errors: answer.json().errors }).toEqual({ status: 400, errors: INVALID });
    expect(await challengeIsUnused(first)).toBe(true);
    // Let the mail server take anything the API might still have sent.
    await new Promise((wait) => setTimeout(wait, 100));
    expect(mail.received).toEqual([]);
  });

  it('sends to the one address, written in canonical form, and to nobody else', async () => {
    const code = await showChallenge(first);
    const answer = await sendFrom('127.0.0.1', first, '  Jo.Bloggs@Example.ORG ', code);
    expect(answer.json()).toEqual({ valid: true, message: 'We have sent the link to your calculation to Jo.Bloggs@example.org.' });
    expect(mail.received.map((message) => message.to)).toEqual([['Jo.Bloggs@example.org']]);
    expect(mail.received[0].raw).toMatch(/^To: Jo\.Bloggs@example\.org\r?$/m);
  });
});

describe('the limits', () => {
  it('count e-mails to one address on its canonical form: the domain’s case does not make a new address', async () => {
    for (const email of ['jo.bloggs@example.org', 'jo.bloggs@EXAMPLE.ORG', ' jo.bloggs@Example.Org ']) {
      const answer = await sendFrom('127.0.0.2', first, email, await showChallenge(first));
      expect(answer.json()).toEqual({ valid: true, message: 'We have sent the link to your calculation to jo.bloggs@example.org.' });
    }
    const limited = await sendFrom('127.0.0.2', second, 'jo.bloggs@eXample.org', await showChallenge(second));
    expect(limited.status).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'TOO_MANY_EMAILS',
      message: 'Too many e-mails have been sent to this address in the last hour. Please wait an hour and try again.',
    });
    expectToWaitAtMostAnHour(limited);
    expect(mail.received.map((message) => message.to)).toEqual([
      ['jo.bloggs@example.org'],
      ['jo.bloggs@example.org'],
      ['jo.bloggs@example.org'],
    ]);
  });

  it(`answer 429 with Retry-After after ${PER_SENDER} tries an hour from one network, which other networks do not share`, async () => {
    for (let tried = 0; tried < PER_SENDER; tried += 1) {
      await showChallenge(first);
      const wrong = await sendFrom('127.0.0.3', first, `person${tried}@example.org`, 'WRONG');
      expect(wrong.json()).toEqual({ valid: false, message: 'The challenge text was not right. Please try the new one.' });
    }
    const code = await showChallenge(first);
    const limited = await sendFrom('127.0.0.3', first, 'jo@example.org', code);
    expect(limited.status).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'TOO_MANY_EMAILS',
      message:
        'Too many e-mails have been asked for from your network in the last hour. Please wait an hour and try again, or write down your calculation reference.',
    });
    expectToWaitAtMostAnHour(limited);
    expect(await challengeIsUnused(first)).toBe(true);

    const elsewhere = await sendFrom('127.0.0.4', first, 'jo@example.org', code);
    expect(elsewhere.json()).toMatchObject({ valid: true });
    expect(mail.received).toHaveLength(1);
  });

  it(`answer 429 with Retry-After once the service has sent ${PER_HOUR} e-mails in the hour, whoever asks`, async () => {
    for (let sent = 1; sent <= PER_HOUR; sent += 1) {
      const session = sent % 2 ? first : second;
      const answer = await sendFrom(`127.0.0.${10 + sent}`, session, `person${sent}@example.org`, await showChallenge(session));
      expect(answer.json()).toMatchObject({ valid: true });
    }
    const limited = await sendFrom('127.0.0.20', second, 'someone.new@example.org', await showChallenge(second));
    expect(limited.status).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'TOO_MANY_EMAILS',
      message: 'We are sending too many e-mails just now. Please try again in an hour, or write down your calculation reference.',
    });
    expectToWaitAtMostAnHour(limited);
    expect(mail.received).toHaveLength(PER_HOUR);
  });
});

describe('only a finished calculation with results is e-mailed', () => {
  it('refuses a calculation whose questionnaire is not finished with 409, sends nothing and leaves the code unused', async () => {
    const started = await postJsonFrom('127.0.0.1', `${server.url}/api/data/survey/`, {
      browserId: OWNER,
      session: null,
      page: 1,
      action: 2,
      ClientPostcode: MANCHESTER,
    });
    const { session } = started.json<{ session: string }>();
    const answer = await sendFrom('127.0.0.5', session, 'jo@example.org', await showChallenge(session));
    expect(answer.status).toBe(409);
    expect(answer.json()).toMatchObject({
      code: 'CALCULATION_NOT_FINISHED',
      message: 'This calculation is not finished, so there are no results to e-mail yet. Answer the rest of the questions, then try again.',
    });
    expect(await challengeIsUnused(session)).toBe(true);
    expect(mail.received).toEqual([]);
  });

  it('refuses a finished calculation whose results need an answer first with 409', async () => {
    const { session } = await completeQuestionnaire(() => request(server.url), OWNER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME);
    await database.query(`UPDATE calculation_sessions SET answers = answers - 'ClientCouncilTaxBand' WHERE id = $1`, [session]);
    const answer = await sendFrom('127.0.0.5', session, 'jo@example.org', await showChallenge(session));
    expect(answer.status).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'RESULTS_NOT_READY' });
    expect(mail.received).toEqual([]);
  });
});
