import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { hashPassword } from '../../api/src/accounts/password.js';
import { hashChallengeAnswer } from '../../api/src/captcha/captcha.service.js';
import type { PostcodeAnswer } from '../../common/survey/model.js';
import { startApiProcess, type ApiProcess } from '../support/api-process.js';
import { SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import { completeQuestionnaire } from '../support/questionnaire-api.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * Privacy: the built server, run as `npm start` runs it, writes no personal data to its log during a full
 * visit: a questionnaire with a distinctive postcode and date of birth, the results, the identity check from a
 * second browser (wrong postcode, then right), finding the calculation again, e-mailing the link, an adviser adding
 * and finding a client, and requests that fail with personal data in their bodies. Every line the process writes,
 * at the most talkative log level, is searched for each thing entered in every form it could take.
 */

const OWNER = 'browser_1795500000000_privacy1';
const STRANGER = 'browser_1795500000000_privacy2';
const PASSWORD = 'a long enough password 7';
// Seeded by the postcodes migration, so the run works offline; its form is changed below to catch reformatted copies.
const BARNET: PostcodeAnswer = {
  postcode: 'EN5 1AA',
  authority: 'Barnet',
  authorityCode: 'E09000003',
  country: 'England',
  latitude: 51.643,
  longitude: -0.171,
  option: false,
};
const WRONG_POSTCODE = 'SW1A 2AA';
const DATE_OF_BIRTH = { day: '27', month: '09', year: '1983' };
const CLIENT = { firstName: 'Philippa', lastName: 'Quennell-Abara', dateOfBirth: { day: '02', month: '11', year: '1961' } };
const EMAIL = 'philippa.quennell@example.org';

/** A postcode in any spacing or case, e.g. EN5 1AA, en51aa, EN5%201AA. */
function postcodePattern(postcode: string): RegExp {
  const [outward, inward] = postcode.split(' ');
  return new RegExp(`${outward}(?:\\s|%20|\\+)*${inward}`, 'i');
}

/** A date in any usual order and separator: 27/09/1983, 1983-09-27, 27.9.1983, 27%2F09%2F1983... */
function datePattern({ day, month, year }: { day: string; month: string; year: string }): RegExp {
  const separator = '(?:[/.\\- ]|%2F)';
  const d = `0?${Number(day)}`;
  const m = `0?${Number(month)}`;
  return new RegExp(
    `(?:${d}${separator}${m}${separator}${year}|${year}${separator}${m}${separator}${d}|${m}${separator}${d}${separator}${year}|${year}${month}${day}|${day}${month}${year})`,
    'i',
  );
}

interface SignedIn {
  cookie: string;
  csrf: string;
}

describe('the logs of a full run hold no personal data', () => {
  let database: TestDatabase;
  let server: ApiProcess;
  let dataDir: string;
  let output = '';
  /** What the second browser and the adviser were shown, for the masking checks. */
  let strangersResult = '';
  let adviserScreens: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'privacy-logs-'));
    database = await createTestDatabase();
    // debug: the most the server ever writes, so nothing hides below the level a charity might run at.
    server = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'debug' });
    const http = () => request(server.url);
    const json = (method: 'post' | 'get', path: string) =>
      (method === 'post' ? http().post(path) : http().get(path)).set('Content-Type', 'application/json');

    // The questionnaire, with the postcode and date of birth the log is searched for.
    const pages = SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.map(([name, answers]): [string, Record<string, unknown>] => {
      if (name === 'where-you-live') return [name, { ClientPostcode: BARNET }];
      // Barnet is split between Local Housing Allowance areas, so the area question offers Barnet's.
      if (name === 'your-home') return [name, { ...answers, ClientLhaArea: 'Outer North London' }];
      if (name === 'about-you')
        return [name, { ...answers, ClientDob: `${DATE_OF_BIRTH.day}/${DATE_OF_BIRTH.month}/${DATE_OF_BIRTH.year}` }];
      return [name, answers];
    });
    const { session, visited } = await completeQuestionnaire(http, OWNER, pages);
    const reference = visited.at(-1)!.token!;

    // The results, a section opened and feedback with a comment that quotes the postcode.
    await http().get(`/api/data/result/?session=${session}`).set('X-Browser-Id', OWNER).expect(200);
    await json('post', '/api/data/section/').send({ browserId: OWNER, session, sectionType: 1 });
    await json('post', '/api/data/feedback/')
      .send({ browserId: OWNER, session, feedbackType: 1, feedback: `Helpful, I live at ${BARNET.postcode}` })
      .expect(200);

    // A second browser: refused, then a wrong postcode, then the right one written differently.
    await http().get(`/api/data/result/?session=${session}`).set('X-Browser-Id', STRANGER).expect(403);
    const wrong = await json('post', '/api/data/verify/').send({ browserId: STRANGER, session, postcode: WRONG_POSTCODE }).expect(200);
    expect(wrong.body).toMatchObject({ valid: false });
    const right = await json('post', '/api/data/verify/').send({ browserId: STRANGER, session, postcode: 'en51aa' }).expect(200);
    expect(right.body).toMatchObject({ valid: true });
    const grant = ([] as string[])
      .concat(right.headers['set-cookie'] ?? [])
      .map((line) => line.split(';')[0])
      .join('; ');
    strangersResult = (
      await http().get(`/api/data/result/?session=${session}`).set('X-Browser-Id', STRANGER).set('Cookie', grant).expect(200)
    ).text;

    // Finding the calculation again by its reference and postcode, from a third browser.
    await json('post', '/api/data/lookup/')
      .send({ browserId: 'browser_1795500000000_privacy3', token: reference, postcode: BARNET.postcode })
      .expect(200);

    // The link by e-mail, with a security code the test knows (as test/api/email.e2e.spec.ts sets it).
    await http().get(`/assets/img/${session}`).set('X-Browser-Id', OWNER).expect(200);
    const salt = randomBytes(16).toString('hex');
    await database.query('UPDATE captcha_challenges SET answer_hash = $1, salt = $2 WHERE session_id = $3', [
      hashChallengeAnswer('FH4W9', salt),
      salt,
      session,
    ]);
    const sent = await json('post', '/api/data/email/').send({ browserId: OWNER, session, email: EMAIL, challenge: 'FH4W9' }).expect(200);
    expect(sent.body).toMatchObject({ valid: true });
    expect(readdirSync(join(dataDir, 'outbox'))).toHaveLength(1);

    // An adviser's organisation: the admin adds a client, the adviser finds them by name and date of birth.
    const [{ id: organisation }] = await database.query<{ id: string }>(
      `INSERT INTO organisations (name) VALUES ('Privacy Test Advice') RETURNING id`,
    );
    const passwordHash = await hashPassword(PASSWORD);
    const [{ id: adviser }] = await database.query<{ id: string }>(
      `INSERT INTO users (organisation_id, email, password_hash, role, display_name) VALUES ($1, 'adviser@privacy.example', $2, 'adviser', 'Adviser'), ($1, 'admin@privacy.example', $2, 'organisation-admin', 'Admin') RETURNING id`,
      [organisation, passwordHash],
    );
    const signIn = async (email: string): Promise<SignedIn> => {
      const response = await json('post', '/api/account/sign-in').send({ email, password: PASSWORD }).expect(200);
      const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]);
      return { cookie: cookies.join('; '), csrf: cookies.find((cookie) => cookie.startsWith('csrf='))!.slice('csrf='.length) };
    };
    const admin = await signIn('admin@privacy.example');
    const clientDob = `${CLIENT.dateOfBirth.day}/${CLIENT.dateOfBirth.month}/${CLIENT.dateOfBirth.year}`;
    const added = await json('post', '/api/account/clients')
      .set('Cookie', admin.cookie)
      .set('X-CSRF-Token', admin.csrf)
      .send({ firstName: CLIENT.firstName, lastName: CLIENT.lastName, dateOfBirth: clientDob, adviserUserId: adviser })
      .expect((response) => expect(response.status).toBeLessThan(300));
    const { clientGuid } = (added.body as { client: { clientGuid: string } }).client;
    const advisor = await signIn('adviser@privacy.example');
    for (const search of [CLIENT.lastName, clientDob]) {
      await http()
        .get(`/api/intermediary/clients?search=${encodeURIComponent(search)}&searchType=organisation`)
        .set('Cookie', advisor.cookie)
        .expect(200);
    }
    const adviserPost = (path: string, body: object) =>
      json('post', path).set('Cookie', advisor.cookie).set('X-CSRF-Token', advisor.csrf).send(body);
    const adviserSession = (await adviserPost('/api/intermediary/start', { clientGuid, caseReference: 'First visit' }).expect(200)).body
      .session as string;
    // The adviser answers the same questionnaire for the client, as the adviser area does.
    let current = (await http().get(`/api/data/survey/1/${adviserSession}`).set('Cookie', advisor.cookie).expect(200)).body as {
      pageNumber: number;
    };
    for (const [index, [, answers]] of pages.entries()) {
      const response = await adviserPost('/api/data/survey/', {
        session: adviserSession,
        page: current.pageNumber,
        action: index === pages.length - 1 ? 4 : 2,
        ...answers,
      }).expect(200);
      current = response.body as { pageNumber: number };
    }
    const copy = (
      await adviserPost('/api/intermediary/duplicate', { clientGuid, session: adviserSession, caseReference: 'Copy' }).expect(200)
    ).body.session as string;
    adviserScreens = [
      (await http().get(`/api/intermediary/calculation?session=${adviserSession}`).set('Cookie', advisor.cookie).expect(200)).text,
      (
        await http()
          .get(`/api/intermediary/compare?clientGuid=${clientGuid}&session=${adviserSession}&session=${copy}`)
          .set('Cookie', advisor.cookie)
          .expect(200)
      ).text,
    ];

    // Requests that fail while carrying personal data: a body that is not JSON, wrong fields, a wrong sign-in.
    const personal = { postcode: BARNET.postcode, dateOfBirth: clientDob, email: EMAIL, name: `${CLIENT.firstName} ${CLIENT.lastName}` };
    await http()
      .post('/api/data/survey/')
      .set('Content-Type', 'application/json')
      .send(`{"ClientPostcode": "${BARNET.postcode}", "ClientDob": "${clientDob}", `)
      .expect(400);
    await json('post', '/api/data/survey/')
      .send({ browserId: OWNER, session, page: 2, action: 2, ClientDob: { nested: personal } })
      .expect((response) => expect(response.status).toBe(400));
    await json('post', '/api/data/verify/').send({ browserId: STRANGER, session: 'not-a-session', postcode: personal }).expect(400);
    await json('post', '/api/account/sign-in')
      .send({ email: EMAIL, password: `${CLIENT.lastName}-${clientDob}` })
      .expect((response) => expect(response.status).toBe(401));
    await json('post', '/api/data/email/')
      .send({ browserId: OWNER, session, email: `${CLIENT.firstName}@`, challenge: BARNET.postcode })
      .expect(400);

    await server.stop();
    output = server.output();
  }, 180_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) await server.stop('SIGKILL');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logged the run (so the searches below are searching something)', () => {
    for (const path of [
      '/api/data/survey',
      '/api/data/result',
      '/api/data/verify',
      '/api/data/lookup',
      '/api/data/email',
      '/api/account/clients',
      '/api/intermediary/clients',
      '/api/intermediary/start',
    ]) {
      expect(output).toContain(`"path":"${path}`);
    }
    expect(output).toContain('e-mail written to outbox file');
    // The retention job's run at start, with its counts.
    expect(
      output.split('\n').some((line) => line.includes('"message":"retention job finished"') && line.includes('"calculations":0')),
    ).toBe(true);
    expect(output).toMatch(/"status":400/);
    expect(output).toMatch(/"status":401/);
  });

  it('searches with patterns that catch every form (checked on made-up lines)', () => {
    for (const form of ['EN5 1AA', 'en51aa', 'En5  1aA', 'EN5%201AA']) expect(form).toMatch(postcodePattern(BARNET.postcode));
    for (const form of ['27/09/1983', '1983-09-27', '27.9.1983', '09/27/1983', '27%2F09%2F1983', '19830927', '1983-09-27T00:00:00.000Z']) {
      expect(form).toMatch(datePattern(DATE_OF_BIRTH));
    }
    expect('2026-11-23T10:59:25.000Z').not.toMatch(datePattern(DATE_OF_BIRTH));
  });

  it('holds neither postcode in any spacing or case', () => {
    expect(output).not.toMatch(postcodePattern(BARNET.postcode));
    expect(output).not.toMatch(postcodePattern(WRONG_POSTCODE));
  });

  it('holds no date of birth entered, in any format', () => {
    expect(output).not.toMatch(datePattern(DATE_OF_BIRTH));
    expect(output).not.toMatch(datePattern(CLIENT.dateOfBirth));
  });

  it('masks the answers shown: the local authority for the postcode, the age for the date of birth', () => {
    const [adviserCalculation, comparison] = adviserScreens;
    // The comparison shows totals, not answers; the other two show the answers.
    for (const shown of [strangersResult, adviserCalculation]) {
      expect(shown).toContain('Barnet');
      expect(shown).toMatch(/Age \d+/);
    }
    for (const shown of [strangersResult, adviserCalculation, comparison]) {
      expect(shown).not.toMatch(postcodePattern(BARNET.postcode));
      expect(shown).not.toMatch(datePattern(DATE_OF_BIRTH));
    }
  });

  it('holds no e-mail address or client name', () => {
    expect(output.toLowerCase()).not.toContain(EMAIL);
    expect(output).not.toMatch(/philippa/i);
    expect(output).not.toMatch(/quennell/i);
    expect(output).not.toMatch(/abara/i);
  });
});
