import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';

const TEST_MODE_PASSWORD = 'a-long-test-password';
const BROWSER = 'browser_1795262400000_k3j9x2ab';

let testApp: TestApp;
const http = () => request(testApp.app.getHttpServer());

beforeAll(async () => {
  testApp = await startTestApp({ TEST_MODE_PASSWORD, BODY_LIMIT_KB: '32' });
});
afterAll(() => testApp.close());
beforeEach(() => testApp.database.query('DELETE FROM rate_limit_counters'));

describe('GET /api/data/survey', () => {
  it('gives the first page without starting a calculation', async () => {
    const { body } = await http().get('/api/data/survey').expect(200);
    expect(body).toMatchObject({ isValid: true, pageNumber: 1, session: null, token: null, isIntermediary: false, hasPostcode: false });
    expect(body.page.progress).toBe(0);
    expect(body.page.fields.length).toBeGreaterThan(0);
    expect(await testApp.database.query('SELECT id FROM calculation_sessions')).toEqual([]);
  });

  it('is kept by no browser or proxy (a page holds the person’s answers), and so has no ETag', async () => {
    const page = await http().post('/api/data/survey/').send({ page: 1, action: 3, browserId: BROWSER }).expect(400);
    const first = await http().get('/api/data/survey').expect(200);
    for (const response of [first, page]) {
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.etag).toBeUndefined();
    }
    // A route that may be kept says so itself.
    expect((await http().get('/api/data/accuracy').expect(200)).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('says a calculation that does not exist is not valid, rather than failing', async () => {
    const { body } = await http().get('/api/data/survey/2/9a1f4a52-0000-4000-8000-000000000000').expect(200);
    expect(body).toMatchObject({ isValid: false, page: null });
    await http()
      .get('/api/data/survey/2/not-a-session')
      .expect(200)
      .expect((response) => expect(response.body.isValid).toBe(false));
  });

  it('refuses a page that is not a number', async () => {
    const { body } = await http().get('/api/data/survey/two/9a1f4a52-0000-4000-8000-000000000000').expect(400);
    expect(body.errors).toEqual([{ path: 'page', message: 'The page must be a whole page number.' }]);
  });
});

describe('POST /api/data/survey', () => {
  it('refuses an unknown action: "Unknown survey action type"', async () => {
    const { body } = await http().post('/api/data/survey/').send({ page: 1, action: 3, browserId: BROWSER }).expect(400);
    expect(body.message).toBe('Unknown survey action type');
  });

  it('refuses a later page without a calculation, and a calculation that does not exist', async () => {
    await http()
      .post('/api/data/survey/')
      .send({ page: 3, action: 2 })
      .expect(400)
      .expect((response) => expect(response.body.code).toBe('CALCULATION_REQUIRED'));
    await http()
      .post('/api/data/survey/')
      .send({ page: 2, action: 2, session: '9a1f4a52-0000-4000-8000-000000000000' })
      .expect(404)
      .expect((response) => expect(response.body.code).toBe('CALCULATION_NOT_FOUND'));
  });

  it('refuses a page that does not exist and wrongly typed fields, naming the field', async () => {
    await http()
      .post('/api/data/survey/')
      .send({ page: 999, action: 2 })
      .expect(400)
      .expect((response) => expect(response.body.code).toBe('UNKNOWN_PAGE'));
    const { body } = await http().post('/api/data/survey/').send({ page: '1', action: 2, test: 'yes' }).expect(400);
    expect(body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['page', 'test']);
  });

  it('refuses a question that is not on the page, saving nothing', async () => {
    const { body } = await http().post('/api/data/survey/').send({ page: 1, action: 2, NoSuchQuestion: 'Yes' }).expect(400);
    expect(body.errors).toContainEqual({ path: 'NoSuchQuestion', message: 'There is no question called NoSuchQuestion on page 1.' });
    expect(await testApp.database.query('SELECT id FROM calculation_sessions')).toEqual([]);
  });

  it('refuses a body that is not an object, and an oversized one', async () => {
    await http().post('/api/data/survey/').send([1, 2]).expect(400);
    await http()
      .post('/api/data/survey/')
      .send({ page: 1, action: 2, Filler: 'x'.repeat(40_000) })
      .expect(413);
  });
});

describe('POST /api/data/lookup', () => {
  it('finds nothing for an unknown reference, and names a missing field with the landing page’s message', async () => {
    const { body } = await http().post('/api/data/lookup/').send({ token: 'ABCD2345', postcode: 'SW1A 1AA' }).expect(200);
    expect(body).toEqual({ valid: false, isComplete: false, pageNumber: 0, session: null });
    const missing = await http().post('/api/data/lookup/').send({ token: '', postcode: '' }).expect(400);
    expect(missing.body.errors).toEqual([
      { path: 'token', message: 'Please enter a valid reference.' },
      { path: 'postcode', message: 'Please enter the postcode used for this calculation.' },
    ]);
  });

  it('is rate limited', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1)
      await http().post('/api/data/lookup/').send({ token: 'ABCD2345', postcode: 'SW1A 1AA' }).expect(200);
    await http().post('/api/data/lookup/').send({ token: 'ABCD2345', postcode: 'SW1A 1AA' }).expect(429);
  });
});

describe('POST /api/data/test', () => {
  it('accepts the configured password, sets an http-only cookie for 30 days, and refuses others', async () => {
    const wrong = await http().post('/api/data/test/').send({ password: 'guess' }).expect(200);
    expect(wrong.body).toEqual({ isTestModeValid: false });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const right = await http().post('/api/data/test/').send({ password: TEST_MODE_PASSWORD }).expect(200);
    expect(right.body).toEqual({ isTestModeValid: true });
    const [cookie] = right.headers['set-cookie'] as unknown as string[];
    expect(cookie).toMatch(/^bc_test_mode=[\w-]{43}; Max-Age=2592000; Path=\/; Expires=.*; HttpOnly; Secure; SameSite=Lax$/);
  });

  it('stops guessing after 5 tries a minute', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) await http().post('/api/data/test/').send({ password: 'guess' }).expect(200);
    await http().post('/api/data/test/').send({ password: TEST_MODE_PASSWORD }).expect(429);
  });
});

describe('the rules sent with a page', () => {
  it('come with earlier pages’ answers worked in, so the browser can evaluate them on the page alone', async () => {
    const [session] = await testApp.database.query<{ id: string }>(
      `INSERT INTO calculation_sessions (reference, owner_browser_id, completed_pages)
       VALUES ('RULE2345', $1, (SELECT array_agg(name) FROM unnest($2::text[]) AS name)) RETURNING id`,
      [
        BROWSER,
        [
          'where-you-live',
          'about-you',
          'right-to-claim',
          'who-lives-with-you',
          'your-health',
          'caring',
          'your-work',
          'your-other-income',
          'your-home',
          'council-tax',
        ],
      ],
    );
    await testApp.database.query(
      `UPDATE calculation_sessions SET answers = answers || '{"ClientDob": "01/06/1950", "ClientHasPartner": "No", "ChildCount": "0", "NonDependantCount": "0"}' WHERE id = $1`,
      [session.id],
    );
    const { body } = await http().get(`/api/data/survey/19/${session.id}`).set('X-Browser-Id', BROWSER).expect(200);
    expect(body.page.name).toBe('savings');
    const capital = body.page.fields
      .flatMap((field: { questions: { name: string }[] }) => field.questions)
      .find((question: { name: string }) => question.name === 'ClientCurrentCapital');
    expect(capital.showHide).toContain('reachedStatePensionAge(ClientDob)');
    // Born in 1950, so over State Pension age: that part of the rule is already true.
    expect(JSON.stringify(capital.parseShowHide)).not.toContain('ClientDob');
    expect(capital.parseShowHide.any[1]).toEqual({
      all: [{ fact: 'ClientCapitalBand', operator: 'equal', value: 'Over16000' }, { all: [] }],
    });
  });
});

describe('GET /api/intermediary/index', () => {
  it('says a member of the public is not an adviser', async () => {
    await http().get('/api/intermediary/index/').expect(200, { isIntermediary: false });
  });
});
