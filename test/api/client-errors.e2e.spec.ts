import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Values a visitor might type, which must never reach a log line.
const PERSONAL = { postcode: 'SW1A 1AA', dateOfBirth: '14/03/1987', email: 'jane.doe@example.com', name: 'Jane Doe' };
const personalText = Object.values(PERSONAL).join(' ');

let testApp: TestApp;
const http = () => request(testApp.app.getHttpServer());

beforeAll(async () => {
  testApp = await startTestApp({ BODY_LIMIT_KB: '16' });
});
afterAll(() => testApp.close());

async function storedReports() {
  return testApp.database.query<{ source: string; error: string; session_id: string | null }>(
    'SELECT source, error, session_id FROM client_error_reports ORDER BY created_at',
  );
}

describe('POST /api/data/error/', () => {
  beforeEach(() => testApp.database.query('DELETE FROM client_error_reports'));

  it('stores a report and answers 204', async () => {
    await http()
      .post('/api/data/error/')
      .send({ source: 'Survey', error: 'GET /api/data/survey/ answered 500', browserId: 'browser_1795262400000_k3j9x2ab' })
      .expect(204);
    expect(await storedReports()).toEqual([{ source: 'Survey', error: 'GET /api/data/survey/ answered 500', session_id: null }]);
  });

  it('links the report to the calculation it came from, and ignores a session that does not exist', async () => {
    const [session] = await testApp.database.query<{ id: string }>(
      `INSERT INTO calculation_sessions (reference) VALUES ('ABC2345') RETURNING id`,
    );
    await http().post('/api/data/error/').send({ source: 'Survey', error: 'one', session: session.id }).expect(204);
    await http()
      .post('/api/data/error/')
      .send({ source: 'Survey', error: 'two', session: '9a1f4a52-0000-4000-8000-000000000000' })
      .expect(204);
    await http().post('/api/data/error/').send({ source: 'Survey', error: 'three', session: 'not-a-session' }).expect(204);
    expect((await storedReports()).map((report) => report.session_id)).toEqual([session.id, null, null]);
  });

  it('keeps the first 8,000 characters of a long error rather than refusing it', async () => {
    await http()
      .post('/api/data/error/')
      .send({ source: 'Result', error: 'x'.repeat(12_000) })
      .expect(204);
    const [stored] = await storedReports();
    expect(stored.error).toHaveLength(8000);
    expect(stored.error.endsWith(' [cut]')).toBe(true);
  });

  it('never fails the caller when the report cannot be stored', async () => {
    await testApp.database.query('ALTER TABLE client_error_reports RENAME TO client_error_reports_away');
    try {
      await http().post('/api/data/error/').send({ source: 'Survey', error: personalText }).expect(204);
    } finally {
      await testApp.database.query('ALTER TABLE client_error_reports_away RENAME TO client_error_reports');
    }
    expect(testApp.logLines.some((line) => line.includes('client error report not stored'))).toBe(true);
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const response = await http()
      .post('/api/data/error/')
      .set('Content-Type', 'application/json')
      .send(`{"source": "${PERSONAL.postcode}", `)
      .expect(400);
    expect(response.body).toEqual({
      statusCode: 400,
      code: 'INVALID_JSON',
      message: 'The request body is not valid JSON.',
      errors: [{ path: '', message: 'The request body is not valid JSON.' }],
    });
  });

  it('answers a body over the size limit with 413 in the error shape', async () => {
    const response = await http()
      .post('/api/data/error/')
      .send({ source: 'Survey', error: 'y'.repeat(17 * 1024) })
      .expect(413);
    expect(response.body).toEqual({
      statusCode: 413,
      code: 'BODY_TOO_LARGE',
      message: 'The request body is larger than the 16 KB this API accepts.',
      errors: [{ path: '', message: 'The request body is larger than the 16 KB this API accepts.' }],
    });
  });

  it('answers wrong types with 400 naming each field', async () => {
    const response = await http()
      .post('/api/data/error/')
      .send({ source: 42, error: ['a'], session: 7 })
      .expect(400);
    expect(response.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'There are 3 problems with the request.',
      errors: [
        { path: 'source', message: 'source must be text.' },
        { path: 'error', message: 'error must be text.' },
        { path: 'session', message: 'session must be text.' },
      ],
    });
    expect(await storedReports()).toEqual([]);
  });

  it('answers a missing field and an unknown field with 400', async () => {
    const response = await http().post('/api/data/error/').send({ error: 'x', postcode: PERSONAL.postcode }).expect(400);
    expect(response.body.errors).toEqual([
      { path: 'postcode', message: 'postcode is not a field this request accepts.' },
      { path: 'source', message: 'source must be text.' },
    ]);
  });

  it('answers a body that is not JSON at all with 400', async () => {
    const response = await http().post('/api/data/error/').set('Content-Type', 'text/plain').send('hello').expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(response.body.errors[0].message).toBe('The request body must be a JSON object, sent with Content-Type: application/json.');
  });
});

describe('the rest of the API shell', () => {
  it('GET /api/health says the database is up', async () => {
    const response = await http().get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers an unknown API route with 404 in the error shape, without its query string', async () => {
    const response = await http().get('/api/no-such-thing?postcode=SW1A1AA').expect(404);
    expect(response.body).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'There is no GET /api/no-such-thing in this API.',
      errors: [],
    });
  });

  it('serves Swagger UI at /api/docs and the document at /api/docs-json', async () => {
    const ui = await http().get('/api/docs/').expect(200);
    expect(ui.text).toContain('swagger-ui');
    const document = await http().get('/api/docs-json').expect(200);
    expect(document.body.openapi).toMatch(/^3\./);
    expect(Object.keys(document.body.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/data/error']));
  });

  it('gives every response a request id, keeping a well-formed one from the caller', async () => {
    const generated = await http().get('/api/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await http().get('/api/health').set('X-Request-Id', 'proxy-req-000123');
    expect(kept.headers['x-request-id']).toBe('proxy-req-000123');
    const refused = await http().get('/api/health').set('X-Request-Id', 'bad id with "quotes" {}');
    expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const logged = testApp.logLines.map((line) => JSON.parse(line)).find((line) => line.requestId === 'proxy-req-000123');
    expect(logged).toMatchObject({ message: 'request completed', method: 'GET', path: '/api/health', status: 200 });
  });
});

describe('the logs', () => {
  it('hold no request body: none of the personal data sent above appears in any line', async () => {
    await http().post('/api/data/error/').send({ source: 'Survey', error: personalText, session: PERSONAL.email }).expect(204);
    await http().post('/api/data/error/').send({ source: personalText, error: 1 }).expect(400);
    await http().post('/api/data/error/').set('Content-Type', 'application/json').send(`{"x":"${personalText}`).expect(400);
    const everything = testApp.logLines.join('\n');
    expect(testApp.logLines.length).toBeGreaterThan(10);
    for (const value of Object.values(PERSONAL)) expect(everything).not.toContain(value);
    for (const line of testApp.logLines) expect(() => JSON.parse(line)).not.toThrow();
  });
});
