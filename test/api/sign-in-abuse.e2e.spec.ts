import { hashPassword } from '../../api/src/accounts/password.js';
import { startApiProcess, type ApiProcess } from '../support/api-process.js';
import { postJsonFrom, type AnswerFrom } from '../support/http-from.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * Sign-in cannot be used to lock an adviser out or to learn who has an account. Against the built
 * server in production; each caller is a loopback address of its own (127.0.0.x), as the server sees them.
 */

const PASSWORD = 'a long enough password 1';
const ADVISER = 'adviser@riverside.example';
const NOBODY = 'nobody@riverside.example';
const LOCKED_MESSAGE = 'This account is locked because the password was not right 5 times in a row. Try again in 15 minutes.';

let database: TestDatabase;
let server: ApiProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url });
  const [organisation] = await database.query<{ id: string }>(`INSERT INTO organisations (name) VALUES ('Riverside Advice') RETURNING id`);
  await database.query(
    `INSERT INTO users (organisation_id, email, password_hash, role, display_name) VALUES ($1, $2, $3, 'adviser', 'Adam Adviser')`,
    [organisation.id, ADVISER, await hashPassword(PASSWORD)],
  );
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});
beforeEach(() => database.query('DELETE FROM rate_limit_counters'));

function signInFrom(source: string, email: string, password: string): Promise<AnswerFrom> {
  return postJsonFrom(source, `${server.url}/api/account/sign-in`, { email, password });
}

/** Headers that differ on every answer whoever asks: when it was sent, and the id of the request for the log. */
const PER_REQUEST = new Set(['date', 'x-request-id']);

/**
 * Everything the caller gets back, in order, but the headers that differ on every answer. A lock's Retry-After
 * counts down by the second, and the two callers ask a moment apart, so it is compared to within a second.
 */
function wholeAnswer(answer: AnswerFrom): { status: number; headers: string[][]; body: string; retryAfter: number | null } {
  const headers: string[][] = [];
  let retryAfter: number | null = null;
  for (let index = 0; index < answer.rawHeaders.length; index += 2) {
    const name = answer.rawHeaders[index];
    if (name.toLowerCase() === 'retry-after') {
      retryAfter = Number(answer.rawHeaders[index + 1]);
      headers.push([name, 'seconds']);
    } else if (!PER_REQUEST.has(name.toLowerCase())) headers.push([name, answer.rawHeaders[index + 1]]);
  }
  return { status: answer.status, headers, body: answer.body.toString('base64'), retryAfter };
}

function expectSameAnswers(unknown: AnswerFrom, known: AnswerFrom, label: string): void {
  const { retryAfter: unknownWait, ...unknownRest } = wholeAnswer(unknown);
  const { retryAfter: knownWait, ...knownRest } = wholeAnswer(known);
  expect({ label, ...unknownRest }).toEqual({ label, ...knownRest });
  expect(Math.abs((unknownWait ?? 0) - (knownWait ?? 0))).toBeLessThanOrEqual(1);
}

describe('wrong passwords lock the account only for the network they came from', () => {
  it('5 wrong passwords from one address lock it there, and the adviser signs in from another address all the same', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await signInFrom('127.0.0.2', ADVISER, `wrong ${attempt}`)).status).toBe(401);
    const fifth = await signInFrom('127.0.0.2', ADVISER, 'wrong 5');
    expect(fifth.status).toBe(423);
    expect(fifth.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', message: LOCKED_MESSAGE });
    expect(fifth.headers['retry-after']).toBe('900');
    // Locked there, even against the right password.
    expect((await signInFrom('127.0.0.2', ADVISER, PASSWORD)).status).toBe(423);

    const adviser = await signInFrom('127.0.0.3', ADVISER, PASSWORD);
    expect(adviser.status).toBe(200);
    expect(adviser.json()).toMatchObject({ signedIn: true, user: { displayName: 'Adam Adviser' } });
    expect(([] as string[]).concat(adviser.headers['set-cookie'] ?? []).some((cookie) => cookie.startsWith('account_session='))).toBe(true);
  }, 60_000);

  it('keeps neither the address nor the network in the lock table', async () => {
    const stored = JSON.stringify(await database.query('SELECT * FROM sign_in_locks'));
    expect(stored).not.toMatch(/riverside|127\.0\.0/);
  });
});

describe('an address without an account is answered exactly as one with an account', () => {
  it('gives byte-for-byte the same answers, try by try up to and past the lock', async () => {
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const known = await signInFrom('127.0.0.4', ADVISER, `wrong ${attempt}`);
      const unknown = await signInFrom('127.0.0.5', NOBODY, `wrong ${attempt}`);
      expectSameAnswers(unknown, known, `try ${attempt}`);
      expect(known.status).toBe(attempt < 5 ? 401 : 423);
    }
    // Nor does the right password for the one, against any for the other, tell them apart while locked.
    expectSameAnswers(
      await signInFrom('127.0.0.5', NOBODY, PASSWORD),
      await signInFrom('127.0.0.4', ADVISER, PASSWORD),
      'the right password while locked',
    );
  }, 60_000);

  it('takes about as long for either: the password is hashed for an unknown address too', async () => {
    const timed = async (source: string, email: string) => {
      const started = performance.now();
      expect((await signInFrom(source, email, 'not the password')).status).toBe(401);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Each from an address of its own, so no lock comes into it; taken in turns, so load on the machine falls on both.
    // Without the hashing an unknown address is answered in a millisecond or two against tens for a known one.
    for (let round = 0; round < 6; round += 1) {
      known.push(await timed(`127.0.1.${round}`, ADVISER));
      unknown.push(await timed(`127.0.2.${round}`, NOBODY));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    expect(median(unknown) / median(known)).toBeGreaterThan(1 / 3);
    expect(median(unknown) / median(known)).toBeLessThan(3);
  }, 60_000);
});
