import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { AccountsService } from '../../api/src/accounts/accounts.service.js';
import { ukToday } from '../../common/dates/uk-today.js';
import { LONE_PARENT_PRIVATE_RENTER } from '../support/households.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { signInWith, type SignedIn } from '../support/account-session.js';

// The calculation API's keys (issue 20): the admin's routes, each key's limits, and the anonymous limit.
let testApp: TestApp;
const http = () => request(testApp.app.getHttpServer());
const PASSWORD = 'a long enough password 1';
const CALCULATION = { date: '2026-11-21', household: LONE_PARENT_PRIVATE_RENTER };

let riversideAdmin: SignedIn;
let riversideAdviser: SignedIn;
let hillsideAdmin: SignedIn;

const signIn = (email: string): Promise<SignedIn> => signInWith(http, email, PASSWORD);

const post = (url: string, as: SignedIn, body: object = {}) =>
  http().post(url).set('Cookie', as.cookie).set('X-CSRF-Token', as.csrf).send(body);
const list = (as: SignedIn) => http().get('/api/account/api-keys').set('Cookie', as.cookie);
const calculate = (key?: string) => {
  const call = http().post('/api/v1/calculations');
  return (key === undefined ? call : call.set('X-Api-Key', key)).send(CALCULATION);
};

async function createKey(as: SignedIn, body: object = {}): Promise<{ id: string; secret: string }> {
  const response = await post('/api/account/api-keys', as, { name: 'Case system', ...body }).expect(201);
  return { id: response.body.key.id, secret: response.body.secret };
}

beforeAll(async () => {
  // Each key's own limits are shown here; the organisation's level over them (api-key-levels.e2e) is set out of the way.
  testApp = await startTestApp({
    RATE_LIMIT_CALCULATION_ANONYMOUS: '3/1m',
    RATE_LIMIT_CALCULATION_BATCH: '1/1h',
    API_KEYS_DAILY_LEVEL: '1000000',
    API_KEYS_PER_MINUTE_LEVEL: '6000',
  });
  const accounts = testApp.app.get(AccountsService);
  const riverside = await accounts.createOrganisationWithAdmin('Riverside Advice', {
    email: 'admin@riverside.example',
    displayName: 'Rita Admin',
    password: PASSWORD,
  });
  await accounts.addUserToOrganisation(riverside.organisationId, {
    email: 'adviser@riverside.example',
    displayName: 'Adam Adviser',
    password: PASSWORD,
    role: 'adviser',
  });
  await accounts.createOrganisationWithAdmin('Hillside Welfare Rights', {
    email: 'admin@hillside.example',
    displayName: 'Hana Admin',
    password: PASSWORD,
  });
  riversideAdmin = await signIn('admin@riverside.example');
  riversideAdviser = await signIn('adviser@riverside.example');
  hillsideAdmin = await signIn('admin@hillside.example');
});
afterAll(() => testApp.close());
beforeEach(() => testApp.database.query('DELETE FROM rate_limit_counters'));

describe('an organisation admin’s API keys', () => {
  it('shows a new key’s secret once, keeps only its SHA-256, and lists the key without it', async () => {
    const response = await post('/api/account/api-keys', riversideAdmin, { name: '  Case system  ' }).expect(201);
    const { key, secret } = response.body;
    expect(secret).toMatch(/^bc_live_[\w-]{43}$/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(key).toMatchObject({
      name: 'Case system',
      prefix: secret.slice(0, 16),
      dailyQuota: 10_000,
      perMinute: 60,
      revokedAt: null,
      callsToday: 0,
    });
    const stored = JSON.stringify(await testApp.database.query('SELECT * FROM api_keys'));
    expect(stored).not.toContain(secret);
    const [{ key_hash }] = await testApp.database.query<{ key_hash: string }>('SELECT key_hash FROM api_keys WHERE id = $1', [key.id]);
    expect(key_hash).toBe((await import('node:crypto')).createHash('sha256').update(secret).digest('hex'));
    const listed = await list(riversideAdmin).expect(200);
    expect(listed.body.keys.find((each: { id: string }) => each.id === key.id)).toEqual(key);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
  });

  it('refuses a name that is missing and a quota or rate outside the limits, naming each field', async () => {
    const response = await post('/api/account/api-keys', riversideAdmin, { name: ' ', dailyQuota: 0, perMinute: 100_000 }).expect(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['dailyQuota', 'name', 'perMinute']);
  });

  it('gives an adviser 403 on every key route', async () => {
    const { id } = await createKey(riversideAdmin);
    expect((await list(riversideAdviser)).status).toBe(403);
    expect((await post('/api/account/api-keys', riversideAdviser, { name: 'Mine' })).status).toBe(403);
    expect((await post(`/api/account/api-keys/${id}/rotate`, riversideAdviser)).status).toBe(403);
    expect((await post(`/api/account/api-keys/${id}/revoke`, riversideAdviser)).status).toBe(403);
    expect((await http().get('/api/account/api-keys')).status).toBe(403);
  });

  it('never shows one organisation’s keys or usage to another, and answers 404 for its key ids', async () => {
    const { id, secret } = await createKey(riversideAdmin, { name: 'Riverside only' });
    await calculate(secret).expect(200);
    const hillside = await list(hillsideAdmin).expect(200);
    expect(hillside.body.keys.map((key: { id: string }) => key.id)).not.toContain(id);
    expect(JSON.stringify(hillside.body)).not.toContain('Riverside only');
    for (const action of ['rotate', 'revoke']) {
      const refused = await post(`/api/account/api-keys/${id}/${action}`, hillsideAdmin).expect(404);
      expect(refused.body.code).toBe('API_KEY_NOT_FOUND');
    }
    // The key still works: the other organisation's attempts changed nothing.
    await calculate(secret).expect(200);
  });
});

describe('a call with X-Api-Key', () => {
  it('is answered with the quota headers, and counted per key and UK day', async () => {
    const { id, secret } = await createKey(riversideAdmin, { dailyQuota: 100 });
    const first = await calculate(secret).expect(200);
    expect(first.headers['x-ratelimit-limit']).toBe('100');
    expect(first.headers['x-ratelimit-remaining']).toBe('99');
    expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(1);
    expect(Number(first.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(25 * 3600);
    await calculate(secret).expect(200);
    const batch = await http()
      .post('/api/v1/calculations/batch')
      .set('X-Api-Key', secret)
      .send([CALCULATION, CALCULATION, CALCULATION])
      .expect(200);
    expect(batch.headers['x-ratelimit-remaining']).toBe('95');
    expect(await testApp.database.query('SELECT day::text AS day, calls, refused FROM api_key_usage WHERE key_id = $1', [id])).toEqual([
      { day: ukToday(), calls: 5, refused: 0 },
    ]);
    const listed = await list(riversideAdmin).expect(200);
    expect(listed.body.keys.find((key: { id: string }) => key.id === id)).toMatchObject({
      callsToday: 5,
      refusedToday: 0,
      lastUsedAt: expect.any(String),
    });
  });

  it('is not held to the anonymous limit of its address', async () => {
    const { secret } = await createKey(riversideAdmin);
    for (let call = 0; call < 3; call += 1) await calculate().expect(200);
    expect((await calculate()).status).toBe(429);
    await calculate(secret).expect(200);
  });

  it('with a revoked key gets 401 API_KEY_INVALID, as does an unknown one', async () => {
    const { id, secret } = await createKey(riversideAdmin);
    await calculate(secret).expect(200);
    const revoked = await post(`/api/account/api-keys/${id}/revoke`, riversideAdmin).expect(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    const refused = await calculate(secret).expect(401);
    expect(refused.body).toMatchObject({ statusCode: 401, code: 'API_KEY_INVALID', errors: [] });
    expect((await calculate('bc_live_not-a-key')).body.code).toBe('API_KEY_INVALID');
    expect((await calculate('')).status).toBe(401);
    expect((await http().post('/api/v1/calculations/batch').set('X-Api-Key', secret).send([CALCULATION])).status).toBe(401);
    expect((await post(`/api/account/api-keys/${id}/rotate`, riversideAdmin)).status).toBe(409);
    // Each change is in the log, with who made it, and never a secret.
    const audit = testApp.logLines.filter((line) => line.includes(`key ${id}`)).map((line) => JSON.parse(line).message as string);
    expect(audit).toEqual([
      expect.stringMatching(/^API key created: key [\w-]+, organisation [\w-]+, by user [\w-]+$/),
      expect.stringMatching(/^API key revoked: /),
    ]);
    expect(testApp.logLines.join('\n')).not.toContain(secret);
  });

  it('with a rotated key’s old secret gets 401, and the new secret works with the usage kept', async () => {
    const { id, secret } = await createKey(riversideAdmin);
    await calculate(secret).expect(200);
    const rotated = await post(`/api/account/api-keys/${id}/rotate`, riversideAdmin).expect(200);
    expect(rotated.body.secret).not.toBe(secret);
    expect(rotated.body.key).toMatchObject({ id, prefix: rotated.body.secret.slice(0, 16), callsToday: 1 });
    expect((await calculate(secret)).status).toBe(401);
    const answered = await calculate(rotated.body.secret).expect(200);
    expect(answered.headers['x-ratelimit-remaining']).toBe('9998');
  });

  it('past its daily quota gets 429 with Retry-After and the headers, and the refusal is counted', async () => {
    const { id, secret } = await createKey(riversideAdmin, { dailyQuota: 2 });
    await calculate(secret).expect(200);
    expect((await calculate(secret).expect(200)).headers['x-ratelimit-remaining']).toBe('0');
    const over = await calculate(secret).expect(429);
    expect(over.body.code).toBe('API_KEY_QUOTA_USED');
    expect(over.headers['x-ratelimit-limit']).toBe('2');
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(over.headers['retry-after']).toBe(over.headers['x-ratelimit-reset']);
    expect(await testApp.database.query('SELECT calls, refused FROM api_key_usage WHERE key_id = $1', [id])).toEqual([
      { calls: 2, refused: 1 },
    ]);
  });

  it('counts a batch’s households against the quota, and refuses a batch that would pass it whole', async () => {
    const { id, secret } = await createKey(riversideAdmin, { dailyQuota: 4 });
    await calculate(secret).expect(200);
    const tooBig = await http()
      .post('/api/v1/calculations/batch')
      .set('X-Api-Key', secret)
      .send([CALCULATION, CALCULATION, CALCULATION, CALCULATION]);
    expect(tooBig.status).toBe(429);
    expect(tooBig.headers['x-ratelimit-remaining']).toBe('3');
    await http().post('/api/v1/calculations/batch').set('X-Api-Key', secret).send([CALCULATION, CALCULATION, CALCULATION]).expect(200);
    expect(await testApp.database.query('SELECT calls, refused FROM api_key_usage WHERE key_id = $1', [id])).toEqual([
      { calls: 4, refused: 1 },
    ]);
  });

  it('past its per-minute limit gets 429 with Retry-After and the headers', async () => {
    const { secret } = await createKey(riversideAdmin, { perMinute: 2 });
    await calculate(secret).expect(200);
    await calculate(secret).expect(200);
    const over = await calculate(secret).expect(429);
    expect(over.body.code).toBe('API_KEY_RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(over.headers['x-ratelimit-remaining']).toBe('9998');
  });

  it('counts calls arriving at once without losing one or passing the quota', async () => {
    const { id, secret } = await createKey(riversideAdmin, { dailyQuota: 12, perMinute: 1000 });
    const statuses = (await Promise.all(Array.from({ length: 20 }, () => calculate(secret)))).map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(12);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8);
    expect(await testApp.database.query('SELECT calls, refused FROM api_key_usage WHERE key_id = $1', [id])).toEqual([
      { calls: 12, refused: 8 },
    ]);
  });
});

describe('a call without a key', () => {
  it('is limited per address at the anonymous limit, 429 past it, and counted in no key’s usage', async () => {
    const before = await testApp.database.query<{ total: string }>(
      'SELECT coalesce(sum(calls + refused), 0)::text AS total FROM api_key_usage',
    );
    for (let call = 0; call < 3; call += 1) {
      const answered = await calculate().expect(200);
      expect(answered.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const over = await calculate().expect(429);
    expect(over.body.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await testApp.database.query('SELECT coalesce(sum(calls + refused), 0)::text AS total FROM api_key_usage')).toEqual(before);
  });
});
