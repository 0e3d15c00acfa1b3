import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AccountsService } from '../../api/src/accounts/accounts.service.js';
import { BatchCalculationService, ANSWER_TIME_LIMIT_MS, STALL_LIMIT_MS } from '../../api/src/calculation/batch-calculation.service.js';
import { signInWith } from '../support/account-session.js';
import { LONE_PARENT_PRIVATE_RENTER } from '../support/households.js';
import { randomHouseholds } from '../support/random-households.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { eventually } from '../support/waiting.js';

/** POST /api/v1/calculations/batch on the whole app and a real PostgreSQL (which the rate limits count in). */

const LONE_PARENT = { date: '2026-11-21', household: LONE_PARENT_PRIVATE_RENTER };
/** Capital below nothing: refused with 400 by the single route. */
const NEGATIVE_CAPITAL = { date: '2026-11-21', household: { ...LONE_PARENT_PRIVATE_RENTER, capital: -1 } };
/** Valid, but before the rates held: 422. */
const BEFORE_THE_RATES = { date: '2024-01-01', household: LONE_PARENT_PRIVATE_RENTER };
const PENSIONER = { date: '2026-11-21', household: { country: 'WALES', adults: [{ age: 70 }], housing: { tenure: 'OWNER_OCCUPIER' } } };

let testApp: TestApp;
let baseUrl: string;
const PASSWORD = 'a long enough password 1';

const post = (path: string, body: unknown) =>
  fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function batch(body: unknown) {
  const response = await post('/api/v1/calculations/batch', body);
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    text,
    retryAfter: response.headers.get('retry-after'),
  };
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** What POST /api/v1/calculations answers for one request. */
async function single(body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await post('/api/v1/calculations', body);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  testApp = await startTestApp();
  await testApp.app.listen(0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => testApp.close());

describe('POST /api/v1/calculations/batch', () => {
  it("streams one NDJSON line per household in input order, each the single route's body; a bad household gets its error with its index and the rest go on", async () => {
    const households = [LONE_PARENT, NEGATIVE_CAPITAL, PENSIONER, BEFORE_THE_RATES, ['not a request'], LONE_PARENT];
    const answer = await batch(households);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('application/x-ndjson; charset=utf-8');
    const lines = linesOf(answer.text);
    expect(lines).toHaveLength(households.length);
    for (const [index, household] of households.entries()) {
      const alone = await single(household);
      expect(lines[index]).toEqual(alone.status === 200 ? alone.body : { index, ...alone.body });
    }
    expect(lines.map((line) => line.statusCode ?? 200)).toEqual([200, 400, 200, 422, 400, 200]);
    expect(lines[1]).toEqual({
      index: 1,
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'household.capital must be 0 or more.',
      errors: [{ path: 'household.capital', message: 'household.capital must be 0 or more.' }],
    });
  });

  it('gives 30 random households exactly what the single route gives each', async () => {
    const households = randomHouseholds(30, 7000).map(({ date, household }) => ({ date, household }));
    const lines = linesOf((await batch(households)).text);
    for (const [index, household] of households.entries()) {
      const alone = await single(household);
      expect(lines[index]).toEqual(alone.status === 200 ? alone.body : { index, ...alone.body });
    }
  }, 60_000);

  it('refuses a body that is not a list, an empty list and more than 10,000 households before working any out', async () => {
    const notAList = await batch(LONE_PARENT);
    expect({ status: notAList.status, body: JSON.parse(notAList.text) }).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', errors: [{ path: '' }] },
    });
    expect(JSON.parse(notAList.text).message).toBe(
      'The body must be a JSON list of calculation requests, each as POST /api/v1/calculations takes one, at most 10,000.',
    );
    // A bare string or number is not the JSON this API takes at all.
    for (const body of ['households', 42])
      expect(JSON.parse((await batch(body)).text)).toMatchObject({ statusCode: 400, code: 'INVALID_JSON' });
    expect(JSON.parse((await batch([])).text)).toMatchObject({
      statusCode: 400,
      message: 'The list is empty: send at least one household.',
    });

    // 10,001 households that would each take the engine milliseconds: refused at once.
    const started = performance.now();
    const tooMany = await batch(Array.from({ length: 10_001 }, () => LONE_PARENT));
    expect({ status: tooMany.status, body: JSON.parse(tooMany.text) }).toEqual({
      status: 413,
      body: {
        statusCode: 413,
        code: 'TOO_MANY_HOUSEHOLDS',
        message: 'The list has 10,001 households; one request may carry at most 10,000. Send the rest in another request.',
        errors: [
          { path: '', message: 'The list has 10,001 households; one request may carry at most 10,000. Send the rest in another request.' },
        ],
      },
    });
    expect(performance.now() - started).toBeLessThan(5000);
  }, 30_000);

  it('takes exactly 10,000 households, one line each', async () => {
    // Households the checks refuse cost little, so the cap itself is what is tested.
    const answer = await batch(
      Array.from({ length: 10_000 }, (_, index) => ({ household: { country: 'ENGLAND', adults: [{ age: index % 2 === 0 ? -1 : 200 }] } })),
    );
    expect(answer.status).toBe(200);
    const lines = linesOf(answer.text);
    expect(lines).toHaveLength(10_000);
    expect(lines.map((line) => line.index)).toEqual(Array.from({ length: 10_000 }, (_, index) => index));
  }, 60_000);

  it('has a body limit of its own (16 MB), while every other route keeps BODY_LIMIT_KB (100 KB)', async () => {
    // About 300 KB: over the other routes' limit, well inside the batch's.
    const households = Array.from({ length: 400 }, () => ({
      ...LONE_PARENT,
      household: { ...LONE_PARENT.household, localAuthority: 'E08000003' },
    }));
    expect(JSON.stringify(households).length).toBeGreaterThan(150 * 1024);
    const accepted = await batch(households);
    expect(accepted.status).toBe(200);
    expect(linesOf(accepted.text)).toHaveLength(400);
    const elsewhere = await post('/api/data/postcode', { postcode: 'x'.repeat(200 * 1024) });
    expect(((await elsewhere.json()) as { code: string }).code).toBe('BODY_TOO_LARGE');
    const huge = await post('/api/v1/calculations/batch', ['x'.repeat(16 * 1024 * 1024 + 10)]);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({
      code: 'BODY_TOO_LARGE',
      message: 'The request body is larger than the 16384 KB this API accepts.',
    });
  }, 30_000);

  it('keeps serving other requests while a batch is worked out', async () => {
    const households = Array.from({ length: 400 }, () => LONE_PARENT);
    let batchDone = false;
    const running = batch(households).then((answer) => {
      batchDone = true;
      return answer;
    });
    await eventually(async () => testApp.app.get(BatchCalculationService).batchesRunning, 1);
    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(200);
    // The health check was answered while the batch was still being worked out, not after it.
    expect(batchDone).toBe(false);
    expect(linesOf((await running).text)).toHaveLength(400);
  }, 60_000);

  it('stops working when the client goes away', async () => {
    const service = testApp.app.get(BatchCalculationService);
    const body = JSON.stringify(Array.from({ length: 5000 }, () => LONE_PARENT));
    await new Promise<void>((resolve, reject) => {
      const outgoing = httpRequest(`${baseUrl}/api/v1/calculations/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      outgoing.on('response', (response) => {
        response.once('data', () => {
          // The first lines are in: hang up.
          outgoing.destroy();
          resolve();
        });
      });
      outgoing.on('error', (error) => (error.message.includes('socket hang up') ? resolve() : reject(error)));
      outgoing.end(body);
    });
    // 5,000 households would take many seconds more; the work ends as soon as the hang-up is seen.
    const hungUp = performance.now();
    await eventually(async () => service.batchesRunning, 0, 5_000);
    expect(performance.now() - hungUp).toBeLessThan(2_000);
  }, 30_000);

  it('gives up a batch whose client stops reading, so that it cannot hold a place for ever', async () => {
    const service = testApp.app.get(BatchCalculationService);
    service.stallLimitMs = 500;
    const body = JSON.stringify(Array.from({ length: 3000 }, () => LONE_PARENT));
    let outgoing: ReturnType<typeof httpRequest> | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        outgoing = httpRequest(`${baseUrl}/api/v1/calculations/batch`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        });
        // The answer's head arrives; its lines are never read.
        outgoing.on('response', (response) => {
          response.pause();
          resolve();
        });
        outgoing.on('error', () => {});
        outgoing.on('close', () => resolve());
        outgoing.end(body);
        setTimeout(() => reject(new Error('No answer came.')), 20_000);
      });
      await eventually(async () => service.batchesRunning, 0, 60_000);
      expect(testApp.logLines.some((line) => line.includes('its client read nothing for 500 ms'))).toBe(true);
    } finally {
      service.stallLimitMs = STALL_LIMIT_MS;
      outgoing?.destroy();
    }
  }, 90_000);
});

/** A POST from one of the loopback addresses (127.0.0.x), so that per-address limits see several callers. */
function postFrom(
  localAddress: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
  onResponse?: (response: IncomingMessage) => void,
): Promise<{ status: number; text: string; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${baseUrl}${path}`, {
      method: 'POST',
      localAddress,
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
    });
    outgoing.on('response', (response) => {
      if (onResponse) return onResponse(response);
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, text, retryAfter: response.headers['retry-after'] as string | undefined }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** A batch whose answer is never read: its head comes, then the client reads nothing. Destroy it to end it. */
function slowReader(localAddress: string, households: number, headers: Record<string, string> = {}) {
  const body = JSON.stringify(Array.from({ length: households }, () => LONE_PARENT));
  let outgoing: ReturnType<typeof httpRequest>;
  const answered = new Promise<number>((resolve, reject) => {
    outgoing = httpRequest(`${baseUrl}/api/v1/calculations/batch`, {
      method: 'POST',
      localAddress,
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
    });
    outgoing.on('response', (response) => {
      response.pause();
      resolve(response.statusCode!);
    });
    outgoing.on('error', () => {});
    outgoing.end(body);
    setTimeout(() => reject(new Error('No answer came.')), 20_000);
  });
  return { answered, destroy: () => outgoing.destroy() };
}

describe('who may hold a batch place (issue 28: slow readers held both places and everyone got 503 for 50 minutes)', () => {
  let keySecret: string;
  beforeAll(async () => {
    const accounts = testApp.app.get(AccountsService);
    await accounts.createOrganisationWithAdmin('Batch Partner', {
      email: 'admin@batch.example',
      displayName: 'Bea Admin',
      password: PASSWORD,
    });
    const { default: request } = await import('supertest');
    const admin = await signInWith(() => request(testApp.app.getHttpServer()), 'admin@batch.example', PASSWORD);
    const created = await request(testApp.app.getHttpServer())
      .post('/api/account/api-keys')
      .set('Cookie', admin.cookie)
      .set('X-CSRF-Token', admin.csrf)
      .send({ name: 'Case system' })
      .expect(201);
    keySecret = created.body.secret;
  });

  it('gives one address one batch at a time (429 BATCH_ALREADY_RUNNING), and the next once the first is read', async () => {
    const service = testApp.app.get(BatchCalculationService);
    const first = slowReader('127.0.0.2', 3000);
    try {
      expect(await first.answered).toBe(200);
      const second = await postFrom('127.0.0.2', '/api/v1/calculations/batch', JSON.stringify([LONE_PARENT]));
      expect({ status: second.status, code: JSON.parse(second.text).code, retryAfter: second.retryAfter }).toEqual({
        status: 429,
        code: 'BATCH_ALREADY_RUNNING',
        retryAfter: '5',
      });
      // Another address is not held up by it.
      expect((await postFrom('127.0.0.3', '/api/v1/calculations/batch', JSON.stringify([LONE_PARENT]))).status).toBe(200);
    } finally {
      first.destroy();
    }
    await eventually(async () => service.batchesRunning, 0, 10_000);
    expect((await postFrom('127.0.0.2', '/api/v1/calculations/batch', JSON.stringify([LONE_PARENT]))).status).toBe(200);
  }, 60_000);

  it('keeps places for key holders while two slow anonymous readers hold the places without a key, and frees them at the stall limit', async () => {
    const service = testApp.app.get(BatchCalculationService);
    service.stallLimitMs = 1500;
    const readers = [slowReader('127.0.0.4', 3000), slowReader('127.0.0.5', 3000)];
    try {
      expect(await Promise.all(readers.map((reader) => reader.answered))).toEqual([200, 200]);
      await eventually(async () => service.batchesRunning, 2);
      // A third address without a key waits: the places without a key are full.
      const anonymous = await postFrom('127.0.0.6', '/api/v1/calculations/batch', JSON.stringify([LONE_PARENT]));
      expect({ status: anonymous.status, code: JSON.parse(anonymous.text).code }).toEqual({ status: 503, code: 'BATCHES_BUSY' });
      // A key holder is served at once.
      const keyed = await postFrom('127.0.0.6', '/api/v1/calculations/batch', JSON.stringify([LONE_PARENT]), { 'x-api-key': keySecret });
      expect(keyed.status).toBe(200);
      expect(linesOf(keyed.text)).toHaveLength(1);
      // The readers that stopped reading are given up within the stall limit, and their places given back.
      await eventually(async () => service.batchesRunning, 0, 20_000);
      expect(testApp.logLines.some((line) => line.includes('its client read nothing for 1500 ms'))).toBe(true);
      expect((await postFrom('127.0.0.6', '/api/v1/calculations/batch', JSON.stringify([LONE_PARENT]))).status).toBe(200);
    } finally {
      service.stallLimitMs = STALL_LIMIT_MS;
      for (const reader of readers) reader.destroy();
    }
  }, 90_000);

  it('gives up a client that reads a little now and then, inside the stall limit, but far too slowly', async () => {
    const service = testApp.app.get(BatchCalculationService);
    service.answerTimeLimitMs = 3000;
    const body = JSON.stringify(Array.from({ length: 3000 }, () => LONE_PARENT));
    let trickle: NodeJS.Timeout | undefined;
    let client: IncomingMessage | undefined;
    try {
      void postFrom('127.0.0.7', '/api/v1/calculations/batch', body, {}, (response) => {
        client = response;
        response.pause();
        response.on('error', () => {});
        // 2 KB every half second: never silent for the stall limit, but some 4 KB/s.
        trickle = setInterval(() => response.read(2048), 500);
      }).catch(() => {});
      await eventually(async () => service.batchesRunning, 1);
      // Given up on the server's side once the answer is past its time limit; the client sees the end only when it
      // has read what was already sent.
      await eventually(async () => testApp.logLines.some((line) => line.includes('its client read too slowly')), true, 30_000);
      await eventually(async () => service.batchesRunning, 0);
    } finally {
      clearInterval(trickle);
      client?.destroy();
      service.answerTimeLimitMs = ANSWER_TIME_LIMIT_MS;
    }
  }, 90_000);
});

describe('the rate limit of POST /api/v1/calculations/batch', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ RATE_LIMIT_CALCULATION_BATCH: '2/1h' });
  }, 60_000);
  afterAll(() => limited.close());

  it('answers 429 with Retry-After after RATE_LIMIT_CALCULATION_BATCH batches from one address, its own count apart from the single route', async () => {
    const server = limited.app.getHttpServer();
    const { default: request } = await import('supertest');
    await request(server).post('/api/v1/calculations/batch').send([LONE_PARENT]).expect(200);
    await request(server).post('/api/v1/calculations/batch').send([LONE_PARENT]).expect(200);
    const refused = await request(server).post('/api/v1/calculations/batch').send([LONE_PARENT]).expect(429);
    expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    await request(server).post('/api/v1/calculations').send(LONE_PARENT).expect(200);
  });
});
