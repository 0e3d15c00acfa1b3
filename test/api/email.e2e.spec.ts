import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { hashChallengeAnswer } from '../../api/src/captcha/captcha.service.js';
import { readWav } from '../../api/src/captcha/wav.js';
import { MANCHESTER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import { startApiProcess, type ApiProcess } from '../support/api-process.js';
import { completeQuestionnaire as answerEveryPage } from '../support/questionnaire-api.js';
import { readable, startMailServer, type MailServer } from '../support/mail-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const OWNER = 'browser_1795446000000_owner001';
const STRANGER = 'browser_1795446000000_strange1';
const ADDRESS = 'jo.bloggs@example.org';
const PUBLIC_URL = 'https://calculator.example.org';

/** Answers the whole questionnaire as the web app would, returning the calculation. */
async function completeQuestionnaire(testApp: TestApp): Promise<string> {
  const pages = SINGLE_PRIVATE_RENTER_WORKING_PART_TIME;
  const http = request(testApp.app.getHttpServer());
  let current = (await http.get('/api/data/survey').expect(200)).body as { pageNumber: number; session: string | null };
  let session: string | null = null;
  for (const [index, [, answers]] of pages.entries()) {
    const action = index === pages.length - 1 ? 4 : 2;
    current = (
      await http
        .post('/api/data/survey/')
        .send({ browserId: OWNER, session, page: current.pageNumber, action, ...answers })
        .expect(200)
    ).body;
    session = current.session;
  }
  return session!;
}

/** Puts a code the test knows in place of the one drawn, as the service stores it (salted hash); the audio stays. */
async function setKnownChallenge(database: TestDatabase, session: string, code: string): Promise<void> {
  const salt = randomBytes(16).toString('hex');
  const rows = await database.query(
    'UPDATE captcha_challenges SET answer_hash = $1, salt = $2 WHERE session_id = $3 RETURNING session_id',
    [hashChallengeAnswer(code, salt), salt, session],
  );
  expect(rows).toHaveLength(1);
}

async function challengeRows(testApp: TestApp, session: string): Promise<number> {
  return (await testApp.database.query('SELECT 1 FROM captcha_challenges WHERE session_id = $1', [session])).length;
}

describe('e-mailing the link to a calculation, through a mail server (SMTP_URL set)', () => {
  let mail: MailServer;
  let testApp: TestApp;
  let session: string;
  let reference: string;
  const http = () => request(testApp.app.getHttpServer());

  /** A new picture (so a new code: only the owner's browser may ask for one), then the code set to one the test knows. */
  async function showChallenge(code: string): Promise<void> {
    await http().get(`/assets/img/${session}?v=${Date.now()}`).set('X-Browser-Id', OWNER).expect(200);
    await setKnownChallenge(testApp.database, session, code);
  }

  function send(body: Record<string, unknown>, browserId = OWNER) {
    return http()
      .post('/api/data/email/')
      .send({ browserId, session, ...body });
  }

  beforeAll(async () => {
    mail = await startMailServer();
    testApp = await startTestApp({
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      PUBLIC_URL,
      MAIL_FROM: 'Benefits Calculator <no-reply@calculator.example.org>',
    });
    session = await completeQuestionnaire(testApp);
    [{ reference }] = await testApp.database.query<{ reference: string }>('SELECT reference FROM calculation_sessions WHERE id = $1', [
      session,
    ]);
  });
  afterAll(async () => {
    await testApp?.close();
    await mail?.close();
  });
  beforeEach(async () => {
    await testApp.database.query('DELETE FROM rate_limit_counters');
    mail.received.length = 0;
    mail.refusing = false;
  });

  it('draws a new code as an SVG picture that no cache keeps, titled for screen readers', async () => {
    const response = await http()
      .get(`/assets/img/${session}`)
      .set('X-Browser-Id', OWNER)
      .query({ v: '1', partner: 'cap_live' })
      .expect(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('no-store');
    const svg = response.body instanceof Buffer ? response.body.toString('utf8') : response.text;
    expect(svg).toContain('<title id="security-code-title">Security code</title>');
    expect(svg).toContain('fill="#0b5394"'); // CAP's colour
    expect(svg).not.toContain('<text');
    expect(await challengeRows(testApp, session)).toBe(1);
  });

  it('sends the link and the reference, and nothing about the household, to the address typed', async () => {
    await showChallenge('K7M3X');
    const response = await send({ email: ADDRESS, challenge: ' k7m3x ' }).expect(200);
    expect(response.body).toEqual({ valid: true, message: `We have sent the link to your calculation to ${ADDRESS}.` });

    expect(mail.received).toHaveLength(1);
    const [message] = mail.received;
    expect(message.to).toEqual([ADDRESS]);
    expect(message.from).toBe('no-reply@calculator.example.org');
    const content = readable(message.raw);
    expect(content).toMatch(/^Subject: Your benefits calculation$/m);
    expect(content).toContain(`${PUBLIC_URL}/result/${session}`);
    expect(content).toContain(`Your calculation reference is ${reference}.`);
    expect(content).toContain('we will ask for the postcode used in the calculation before showing your results');
    // The household's rent (650) and earnings (850), postcode and area are nowhere in it.
    // Whole numbers only: random ids in the headers (Message-ID, MIME boundaries) may hold the same digits.
    expect(content).not.toMatch(/£|\b650\b|\b850\b|M1 1AD|Manchester|per week|per month/);

    expect(testApp.logLines.some((line) => line.includes('"e-mail sent"'))).toBe(true);
    expect(testApp.logLines.join('\n')).not.toContain(ADDRESS);
  });

  it('uses each code once: the same code again is refused, and asks for a new one', async () => {
    await showChallenge('HA94W');
    await send({ email: ADDRESS, challenge: 'HA94W' }).expect(200);
    const again = await send({ email: ADDRESS, challenge: 'HA94W' }).expect(200);
    expect(again.body).toEqual({ valid: false, message: 'The challenge text was not right. Please try the new one.' });
    expect(mail.received).toHaveLength(1);
  });

  it('refuses a wrong code, which is used up too, so the right one cannot follow it', async () => {
    await showChallenge('QRTUY');
    const wrong = await send({ email: ADDRESS, challenge: 'QRTUX' }).expect(200);
    expect(wrong.body).toEqual({ valid: false, message: 'The challenge text was not right. Please try the new one.' });
    expect(await challengeRows(testApp, session)).toBe(0);
    expect((await send({ email: ADDRESS, challenge: 'QRTUY' }).expect(200)).body.valid).toBe(false);
    expect(mail.received).toHaveLength(0);
  });

  it('refuses an expired code', async () => {
    await showChallenge('MJK36');
    await testApp.database.query(`UPDATE captcha_challenges SET expires_at = now() - interval '1 second' WHERE session_id = $1`, [session]);
    expect((await send({ email: ADDRESS, challenge: 'MJK36' }).expect(200)).body.valid).toBe(false);
    expect(mail.received).toHaveLength(0);
  });

  it('speaks the current code as a WAV file, the same until a new picture is drawn', async () => {
    await http().get(`/assets/img/${session}`).set('X-Browser-Id', OWNER).expect(200);
    const first = await http().get(`/assets/wav/${session}/`).set('X-Browser-Id', OWNER).buffer(true).expect(200);
    expect(first.headers['content-type']).toBe('audio/wav');
    expect(first.headers['cache-control']).toBe('no-store');
    const wav = first.body as Buffer;
    expect(Number(first.headers['content-length'])).toBe(wav.length);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    const { sampleRate, samples } = readWav(wav);
    expect(sampleRate).toBe(11025);
    // Five spoken characters and their pauses, each at a random speed and length: a few seconds.
    expect(samples.length / sampleRate).toBeGreaterThan(3);
    expect(samples.length / sampleRate).toBeLessThan(9.5);

    const [stored] = await testApp.database.query<{ audio: Buffer }>('SELECT audio FROM captcha_challenges WHERE session_id = $1', [
      session,
    ]);
    expect(wav.equals(stored.audio)).toBe(true);
    expect(
      ((await http().get(`/assets/wav/${session}`).set('X-Browser-Id', OWNER).buffer(true).expect(200)).body as Buffer).equals(wav),
    ).toBe(true);
    await http().get(`/assets/img/${session}`).set('X-Browser-Id', OWNER).expect(200);
    expect(
      ((await http().get(`/assets/wav/${session}/`).set('X-Browser-Id', OWNER).buffer(true).expect(200)).body as Buffer).equals(wav),
    ).toBe(false);
  });

  it('makes a new code for the audio when there is none', async () => {
    await testApp.database.query('DELETE FROM captcha_challenges WHERE session_id = $1', [session]);
    await http().get(`/assets/wav/${session}/`).set('X-Browser-Id', OWNER).expect(200);
    expect(await challengeRows(testApp, session)).toBe(1);
  });

  it('answers 404 for a calculation that does not exist', async () => {
    const unknown = '3f0c8a52-4d7e-4b8e-9a51-0c2f4f6f9d11';
    expect((await http().get(`/assets/img/${unknown}`).set('X-Browser-Id', OWNER).expect(404)).body.code).toBe('CALCULATION_NOT_FOUND');
    await http().get(`/assets/wav/${unknown}/`).set('X-Browser-Id', OWNER).expect(404);
    await http().get('/assets/img/not-a-calculation').expect(404);
    await http().post('/api/data/email/').send({ browserId: OWNER, session: unknown, email: ADDRESS, challenge: 'K7M3X' }).expect(404);
  });

  it('gives the form’s messages for a missing or badly formed field, each with its field', async () => {
    await showChallenge('K7M3X');
    const empty = await send({ email: '', challenge: '' }).expect(400);
    expect(empty.body.errors).toEqual([
      { path: 'email', message: 'The email address is required' },
      { path: 'challenge', message: 'The challenge text is required' },
    ]);
    const badAddress = await send({ email: 'jo.bloggs@example', challenge: 'K7M3X' }).expect(400);
    expect(badAddress.body.errors).toEqual([{ path: 'email', message: 'Please enter a valid email address.' }]);
    // A request refused before the check leaves the code to be used.
    expect((await send({ email: ADDRESS, challenge: 'K7M3X' }).expect(200)).body.valid).toBe(true);
  });

  it('refuses another browser with 403 until it passes the identity check, leaving the code unused', async () => {
    await showChallenge('K7M3X');
    const refused = await send({ email: ADDRESS, challenge: 'K7M3X' }, STRANGER).expect(403);
    expect(refused.body.code).toBe('VERIFICATION_REQUIRED');
    expect(await challengeRows(testApp, session)).toBe(1);
    expect(mail.received).toHaveLength(0);

    const verified = await http().post('/api/data/verify/').send({ session, postcode: 'M1 1AD', browserId: STRANGER }).expect(200);
    const cookie = (verified.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    const sent = await send({ email: ADDRESS, challenge: 'K7M3X' }, STRANGER).set('Cookie', cookie).expect(200);
    expect(sent.body.valid).toBe(true);
  });

  it('limits e-mails to one address to 3 an hour', async () => {
    for (let sent = 0; sent < 3; sent += 1) {
      await showChallenge('K7M3X');
      expect((await send({ email: ADDRESS, challenge: 'K7M3X' }).expect(200)).body.valid).toBe(true);
    }
    await showChallenge('K7M3X');
    const limited = await send({ email: ADDRESS.toUpperCase(), challenge: 'K7M3X' }).expect(429);
    expect(limited.body).toMatchObject({
      code: 'TOO_MANY_EMAILS',
      message: 'Too many e-mails have been sent to this address in the last hour. Please wait an hour and try again.',
    });
    expect(mail.received).toHaveLength(3);
    const counters = await testApp.database.query<{ key: string }>('SELECT key FROM rate_limit_counters');
    expect(JSON.stringify(counters)).not.toContain('example.org');
  });

  it('limits tries for one calculation to 5 an hour, right or wrong', async () => {
    for (let tried = 0; tried < 5; tried += 1) {
      await showChallenge('K7M3X');
      await send({ email: `person${tried}@example.org`, challenge: 'WRONG' }).expect(200);
    }
    await showChallenge('K7M3X');
    const limited = await send({ email: ADDRESS, challenge: 'K7M3X' }).expect(429);
    expect(limited.body.message).toBe('This calculation has been sent too many times in the last hour. Please wait an hour and try again.');
    expect(mail.received).toHaveLength(0);
  });

  it('answers valid false, without the address in the log, when the mail server refuses', async () => {
    await showChallenge('K7M3X');
    mail.refusing = true;
    const response = await send({ email: ADDRESS, challenge: 'K7M3X' }).expect(200);
    expect(response.body).toEqual({
      valid: false,
      message: 'We could not send the e-mail just now. Please try again later, or write down your calculation reference.',
    });
    const logged = testApp.logLines.filter((line) => line.includes('"e-mail not sent"'));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0])).toMatchObject({ level: 'warn', responseCode: 550 });
    expect(testApp.logLines.join('\n')).not.toContain(ADDRESS);
  });
});

describe('e-mailing the link without a mail server (SMTP_URL unset), from the built server as npm start runs it', () => {
  let database: TestDatabase;
  let server: ApiProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'outbox-test-'));
    database = await createTestDatabase();
    server = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url, DATA_DIR: dataDir });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function post(path: string, body: Record<string, unknown>): Promise<Response> {
    return fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ browserId: OWNER, ...body }),
    });
  }

  it('answers the picture and the sound itself, beside the web app’s own files', async () => {
    const started = await post('/api/data/survey/', { session: null, page: 1, action: 2, ClientPostcode: MANCHESTER });
    const { session } = (await started.json()) as { session: string };
    const picture = await fetch(`${server.url}/assets/img/${session}?v=1`, { headers: { 'X-Browser-Id': OWNER } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const sound = await fetch(`${server.url}/assets/wav/${session}/?v=1`, { headers: { 'X-Browser-Id': OWNER } });
    expect(sound.headers.get('content-type')).toBe('audio/wav');
    expect(readWav(Buffer.from(await sound.arrayBuffer())).sampleRate).toBe(11025);
    expect(
      (await fetch(`${server.url}/assets/img/3f0c8a52-4d7e-4b8e-9a51-0c2f4f6f9d11`, { headers: { 'X-Browser-Id': OWNER } })).status,
    ).toBe(404);
  });

  it('writes the e-mail as an .eml file under DATA_DIR/outbox and logs the file, not the address', async () => {
    // A finished calculation: only one with results can be e-mailed (email-relay.e2e shows the refusal).
    const { session } = await answerEveryPage(() => request(server.url), OWNER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME);
    expect((await fetch(`${server.url}/assets/img/${session}`, { headers: { 'X-Browser-Id': OWNER } })).status).toBe(200);
    await setKnownChallenge(database, session, 'FH4W9');
    const response = await post('/api/data/email/', { session, email: ADDRESS, challenge: 'fh4w9' });
    expect(await response.json()).toEqual({ valid: true, message: `We have sent the link to your calculation to ${ADDRESS}.` });

    const files = readdirSync(join(dataDir, 'outbox'));
    expect(files).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{8}\.eml$/)]);
    const eml = readable(readFileSync(join(dataDir, 'outbox', files[0]), 'utf8'));
    expect(eml).toMatch(/^To: jo\.bloggs@example\.org$/m);
    expect(eml).toMatch(/^From: Benefits Calculator <no-reply@example\.org>$/m);
    expect(eml).toMatch(/^Subject: Your benefits calculation$/m);
    // PUBLIC_URL unset: the address the server answers on by default.
    expect(eml).toContain(`http://localhost:${new URL(server.url).port}/result/${session}`);

    const logged = server
      .output()
      .split('\n')
      .filter((line) => line.includes('e-mail written to outbox file'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(join(dataDir, 'outbox', files[0]));
    expect(server.output()).not.toContain(ADDRESS);
  });
});
