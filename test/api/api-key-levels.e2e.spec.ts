import { spawn } from 'node:child_process';
import request from 'supertest';
import { hashPassword } from '../../api/src/accounts/password.js';
import { signInWith, type SignedIn } from '../support/account-session.js';
import { REPO_ROOT, startApiProcess, type ApiProcess } from '../support/api-process.js';
import { LONE_PARENT_PRIVATE_RENTER } from '../support/households.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * The level the service sets for an organisation's API keys (issue 28, point 7), on the built server in production
 * mode with the default settings: 100,000 households a day between an organisation's keys in use, and 600 calls a
 * minute for each. An organisation's admin cannot give a key more, nor give its keys more than that between them;
 * an operator sets another level with `npm run accounts:api-key-levels`, and a level lowered under the keys there
 * holds them to it when their calls are counted.
 */

const PASSWORD = 'a long enough password 1';
const CALCULATION = { date: '2026-11-21', household: LONE_PARENT_PRIVATE_RENTER };

let database: TestDatabase;
let server: ApiProcess;
const http = () => request(server.url);

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** An organisation of its own for each test, with its admin signed in. */
async function organisationWithAdmin(name: string): Promise<SignedIn> {
  const [{ id }] = await database.query<{ id: string }>(`INSERT INTO organisations (name) VALUES ($1) RETURNING id`, [name]);
  const email = `admin@${name.toLowerCase().replace(/\W+/g, '-')}.example`;
  await database.query(
    `INSERT INTO users (organisation_id, email, password_hash, role, display_name) VALUES ($1, $2, $3, 'organisation-admin', 'Admin')`,
    [id, email, await hashPassword(PASSWORD)],
  );
  return signInWith(http, email, PASSWORD);
}

const createKey = (as: SignedIn, body: object) =>
  http()
    .post('/api/account/api-keys')
    .set('Cookie', as.cookie)
    .set('X-CSRF-Token', as.csrf)
    .send({ name: 'Case system', ...body });
const listKeys = async (as: SignedIn) => (await http().get('/api/account/api-keys').set('Cookie', as.cookie).expect(200)).body;
const calculate = (key: string) => http().post('/api/v1/calculations').set('X-Api-Key', key).send(CALCULATION);
const problemsOf = (body: { errors?: { path: string; message: string }[] }) => body.errors ?? [];

/** `npm run accounts:api-key-levels -- <args>` on the server's database. */
function setLevels(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, ['--import', './scripts/register-typescript.mjs', 'scripts/api-key-levels.ts', ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: database.url },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('exit', (code) => resolveRun({ code, stdout, stderr }));
  });
}

describe('an organisation admin creating an API key', () => {
  it('cannot give it a daily quota or calls a minute above the organisation’s level: 400 naming the field', async () => {
    const admin = await organisationWithAdmin('Riverside Advice');
    const tooMany = await createKey(admin, { dailyQuota: 100_001 });
    expect({ status: tooMany.status, code: tooMany.body.code, problems: problemsOf(tooMany.body) }).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      problems: [
        {
          path: 'dailyQuota',
          message: "The daily quota can be at most 100,000: the most the service allows your organisation's keys to work out in a day.",
        },
      ],
    });
    const tooFast = await createKey(admin, { perMinute: 601 });
    expect({ status: tooFast.status, paths: problemsOf(tooFast.body).map(({ path }) => path) }).toEqual({
      status: 400,
      paths: ['perMinute'],
    });
    expect((await listKeys(admin)).keys).toEqual([]);

    // At the level exactly: made.
    const atLevel = await createKey(admin, { dailyQuota: 100_000, perMinute: 600 }).expect(201);
    expect(atLevel.body.key).toMatchObject({ dailyQuota: 100_000, perMinute: 600 });
    expect((await listKeys(admin)).levels).toEqual({ dailyQuota: 100_000, perMinute: 600, dailyQuotaInUse: 100_000 });
  });

  it('cannot give its keys more than the level between them, so more keys do not multiply it', async () => {
    const admin = await organisationWithAdmin('Hillside Welfare Rights');
    const first = await createKey(admin, { dailyQuota: 60_000 }).expect(201);
    const over = await createKey(admin, { dailyQuota: 50_000 }).expect(400);
    expect(problemsOf(over.body)).toEqual([
      {
        path: 'dailyQuota',
        message:
          "Your organisation's keys may work out 100,000 households a day between them, and your keys in use already have 60,000. Give this key a daily quota of 40,000 or fewer, or revoke a key you no longer need.",
      },
    ]);
    await createKey(admin, { dailyQuota: 40_000 }).expect(201);
    // Nothing left: even a key with the usual quota is refused, until one is revoked.
    expect(problemsOf((await createKey(admin, {}).expect(400)).body).map(({ path }) => path)).toEqual(['dailyQuota']);
    await http()
      .post(`/api/account/api-keys/${first.body.key.id}/revoke`)
      .set('Cookie', admin.cookie)
      .set('X-CSRF-Token', admin.csrf)
      .send({})
      .expect(200);
    expect((await createKey(admin, {}).expect(201)).body.key).toMatchObject({ dailyQuota: 10_000, perMinute: 60 });
    expect((await listKeys(admin)).levels).toEqual({ dailyQuota: 100_000, perMinute: 600, dailyQuotaInUse: 50_000 });
  });
});

describe('an operator setting an organisation’s level (npm run accounts:api-key-levels)', () => {
  it('lets that organisation’s keys go higher, and no other’s', async () => {
    const admin = await organisationWithAdmin('Citywide Benefits Service');
    const set = await setLevels(['--organisation', 'Citywide Benefits Service', '--daily', '250,000', '--per-minute', '1200']);
    expect({ code: set.code, stdout: set.stdout }).toEqual({
      code: 0,
      stdout: expect.stringContaining('may work out 250,000 households a day between them, and each may make up to 1,200 calls a minute'),
    });
    await createKey(admin, { dailyQuota: 250_000, perMinute: 1200 }).expect(201);
    const other = await organisationWithAdmin('Northside Law Centre');
    expect((await createKey(other, { dailyQuota: 250_000 })).status).toBe(400);
  }, 60_000);

  it('holds the keys already there to a lowered level when their calls are counted', async () => {
    const admin = await organisationWithAdmin('Eastside Advice');
    const { secret } = (await createKey(admin, { dailyQuota: 10_000, perMinute: 60 }).expect(201)).body;
    expect((await calculate(secret).expect(200)).headers['x-ratelimit-limit']).toBe('10000');

    const lowered = await setLevels(['--organisation', 'Eastside Advice', '--daily', '3']);
    expect(lowered.code).toBe(0);
    expect(lowered.stdout).toContain('each key counts at its share of the 3');
    const listed = await listKeys(admin);
    expect(listed.levels).toEqual({ dailyQuota: 3, perMinute: 600, dailyQuotaInUse: 10_000 });
    expect(listed.keys[0]).toMatchObject({ dailyQuota: 3, callsToday: 1 });
    // One call counted before; two more fit under 3, the next is refused.
    expect((await calculate(secret).expect(200)).headers).toMatchObject({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '1' });
    await calculate(secret).expect(200);
    const refused = await calculate(secret).expect(429);
    expect(refused.body.code).toBe('API_KEY_QUOTA_USED');
    expect(problemsOf((await createKey(admin, { dailyQuota: 1 }).expect(400)).body).map(({ path }) => path)).toEqual(['dailyQuota']);

    // Back to the configured default: the key counts at its own quota again.
    expect((await setLevels(['--organisation', 'Eastside Advice', '--daily', 'default'])).code).toBe(0);
    expect((await calculate(secret).expect(200)).headers['x-ratelimit-limit']).toBe('10000');
  }, 60_000);

  it('says what is wrong with a level or an organisation, and changes nothing', async () => {
    for (const [args, message] of [
      [['--organisation', 'Eastside Advice', '--daily', '0'], 'The daily level must be a whole number from 1 to 1,000,000.'],
      [['--organisation', 'Eastside Advice', '--per-minute', 'lots'], '--per-minute must be a whole number, or default.'],
      [['--organisation', 'Nobody At All', '--daily', '5'], 'There is no organisation named "Nobody At All".'],
    ] as const) {
      const refused = await setLevels([...args]);
      expect({ code: refused.code, stderr: refused.stderr }).toEqual({ code: 2, stderr: expect.stringContaining(message) });
    }
  }, 60_000);
});
