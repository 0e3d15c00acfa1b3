import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { BATCH_THREAD_IDLE_MS } from '../../api/src/calculation/batch-threads.js';
import { startApiProcess, type ApiProcess } from '../support/api-process.js';
import { LONE_PARENT_PRIVATE_RENTER } from '../support/households.js';
import { randomHouseholds } from '../support/random-households.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * The slowest answer to a probe while the abuse runs. The target of issue 28 is 200 ms, measured by
 * `npm run bench:batch-abuse` (this file with BENCH_BATCH_ABUSE=1), on a machine doing nothing else. In `npm test`,
 * where two Jest workers share CI's 2 cores with the slowest suites beside this one (a probe waited 3.2 s there once,
 * 12 ms at the median), the test holds the server to staying responsive: the old route froze it for 10 to 23 s, and
 * a limit of 5 s still catches that, while scheduling noise does not fail the suite.
 */
const SLOWEST_PROBE_MS = process.env.BENCH_BATCH_ABUSE === '1' ? 200 : 5000;

/**
 * How far above its level before the load the server's memory may stay once it is idle again: 60 MB in the bench, as
 * measured on a quiet machine (48 MB there). In `npm test`, where the allocator hands pages back less readily under
 * other suites, 150 MB: still far below what one request built by the old route kept (over 1 GB).
 */
const SETTLED_MEMORY_MB = process.env.BENCH_BATCH_ABUSE === '1' ? 60 : 150;

/**
 * The households in each batch of the load: the largest batch the route takes, 10,000, in the bench. In `npm test`
 * a quarter of it: three at once still keep both of CI's cores busy for the whole load, and answers run to tens of MB
 * each, while the 40,000 calculations of full batches took 150 s of a suite that must end within CI's 30 minutes.
 */
const BATCH_HOUSEHOLDS = process.env.BENCH_BATCH_ABUSE === '1' ? 10_000 : 2_500;

/**
 * Issue 28, points 1, 4, 5 and the wrong-key finding of 7, on a production build with the default limits: what an
 * attacker did to the batch route, tried again. A 16 KB gzip body inflated to 16 MB and froze the service; a batch's
 * households counted as one call under another spelling of its path; two slow readers held every batch place.
 */

const LONE_PARENT = { date: '2026-11-21', household: LONE_PARENT_PRIVATE_RENTER };
const BATCH = '/api/v1/calculations/batch';

let database: TestDatabase;
let server: ApiProcess;
let keys: string[];

interface Answer {
  status: number;
  text: string;
  headers: IncomingMessage['headers'];
}

/** A request from one of the loopback addresses (127.0.0.x), so that per-address limits see several callers. */
function send(
  path: string,
  {
    method = 'POST',
    body,
    headers = {},
    from = '127.0.0.1',
  }: { method?: string; body?: Buffer | string; headers?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${server.url}${path}`, {
      method,
      agent: false,
      localAddress: from,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
        ...headers,
      },
    });
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, text: Buffer.concat(chunks).toString('utf8'), headers: response.headers }),
      );
      response.on('error', reject);
    });
    // The server may answer and close before the whole body is sent (a refusal that does not read it).
    outgoing.on('error', (error) => (error.message.includes('EPIPE') || error.message.includes('ECONNRESET') ? undefined : reject(error)));
    outgoing.end(body);
  });
}

/**
 * A batch whose answer is read as it comes but not kept: 10,000 households' full answers run to hundreds of MB. Its
 * lines are counted, and the first and last kept.
 */
function batchLines(
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; lines: number; first: string; last: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${server.url}${BATCH}`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
    });
    outgoing.on('response', (response) => {
      let lines = 0;
      let first: Buffer | undefined;
      // The last two chunks: the last line is shorter than a chunk plus a bit.
      let tail: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
        first ??= chunk;
        tail = [tail[tail.length - 1], chunk].filter((each) => each !== undefined);
      });
      response.on('end', () => {
        const tailLines = Buffer.concat(tail)
          .toString('utf8')
          .split('\n')
          .filter((line) => line !== '');
        resolve({
          status: response.statusCode!,
          lines,
          first: first?.toString('utf8').split('\n')[0] ?? '',
          last: tailLines[tailLines.length - 1] ?? '',
        });
      });
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * Another process that asks for `paths` every 100 ms until told to stop, then reports each answer's time: measured
 * from outside the test's own process, which is busy sending and reading the load.
 */
function startProbes(paths: string[]) {
  const script = `
    const paths = ${JSON.stringify(paths.map((path) => `${server.url}${path}`))};
    const probes = [];
    let running = true;
    process.stdin.on('data', () => (running = false));
    (async () => {
      while (running) {
        for (const url of paths) {
          const started = performance.now();
          const response = await fetch(url);
          await response.arrayBuffer();
          probes.push({ path: new URL(url).pathname, ms: performance.now() - started, status: response.status });
        }
        await new Promise((wait) => setTimeout(wait, 100));
      }
      process.stdout.write(JSON.stringify(probes));
      process.exit(0);
    })();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const done = new Promise<{ path: string; ms: number; status: number }[]>((resolve) =>
    child.on('exit', () => resolve(JSON.parse(output))),
  );
  return {
    stop: () => {
      child.stdin.end('stop');
      return done;
    },
  };
}

const codeOf = (answer: Answer): string => (JSON.parse(answer.text) as { code: string }).code;
const linesOf = (text: string) => text.split('\n').filter((line) => line !== '');

/** The server process's resident memory, in MB. */
function residentMb(): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** The time for a GET to be answered, in ms, and its status. */
async function timed(path: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/** 16 KB of gzip that inflates to 16 MB of JSON: a list of five million empty objects. */
const GZIP_BOMB = gzipSync(Buffer.from(`[${'{},'.repeat(5_600_000)}{}]`), { level: 9 });

async function usageOf(secret: string): Promise<number> {
  const [row] = await database.query<{ calls: number }>(
    `SELECT coalesce(sum(u.calls), 0)::int AS calls FROM api_keys k LEFT JOIN api_key_usage u ON u.key_id = k.id WHERE k.key_hash = $1`,
    [createHash('sha256').update(secret).digest('hex')],
  );
  return row.calls;
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
  // Keys of an organisation, made as the account area makes them (only the SHA-256 is kept), with room for batches:
  // the organisation's level raised by its operators (npm run accounts:api-key-levels) to hold them.
  const [organisation] = await database.query<{ id: string }>(
    `INSERT INTO organisations (name, api_keys_daily_level, api_keys_per_minute_level) VALUES ('Batch Partner', 1000000, 1000) RETURNING id`,
  );
  keys = ['one', 'two', 'three', 'four', 'five'].map((name) => `bc_live_batchabuse_${name}_${'x'.repeat(20)}`);
  for (const [index, secret] of keys.entries())
    await database.query(
      `INSERT INTO api_keys (organisation_id, name, prefix, key_hash, daily_quota, per_minute) VALUES ($1, $2, $3, $4, 100000, 200)`,
      [organisation.id, `Key ${index}`, secret.slice(0, 16), createHash('sha256').update(secret).digest('hex')],
    );
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe('a small request never stops the server (issue 28, point 1)', () => {
  it('refuses a compressed body on every path and method with 415 before reading it, the batch’s spellings and sub-paths included', async () => {
    const paths = [
      BATCH,
      `${BATCH}/`,
      '/api/v1/calculations/BATCH',
      '/api/v1/calculations/Batch/',
      `${BATCH}/x/y`,
      '/api/v1/calculations',
      '/api/data/survey',
      '/nowhere',
    ];
    for (const path of paths)
      for (const method of ['POST', 'PUT', 'GET']) {
        const answer = await send(path, { method, body: GZIP_BOMB, headers: { 'content-encoding': 'gzip' } });
        expect([path, method, answer.status, codeOf(answer)]).toEqual([path, method, 415, 'UNSUPPORTED_ENCODING']);
      }
    // deflate, br, and a list of encodings, in any case.
    for (const encoding of ['deflate', 'br', 'GZIP', 'identity, gzip'])
      expect((await send(BATCH, { body: GZIP_BOMB, headers: { 'content-encoding': encoding } })).status).toBe(415);
  }, 60_000);

  it('reads the large body only on the batch route itself: every other path and method keeps the 100 KB limit', async () => {
    const large = JSON.stringify(Array.from({ length: 400 }, () => LONE_PARENT));
    expect(large.length).toBeGreaterThan(150 * 1024);
    for (const [method, path] of [
      ['POST', '/api/v1/calculations/BATCH'],
      ['POST', '/api/v1/calculations/Batch/'],
      ['POST', `${BATCH}/x`],
      ['PUT', BATCH],
      ['GET', BATCH],
      ['POST', '/API/V1/CALCULATIONS/BATCH'],
    ]) {
      const answer = await send(path, { method, body: large });
      expect([method, path, answer.status, codeOf(answer)]).toEqual([method, path, 413, 'BODY_TOO_LARGE']);
    }
  }, 60_000);

  it('answers the per-address limit and a wrong key before reading the body: headers alone get the refusal', async () => {
    // A 16 MB body announced, none of it sent.
    const headersOnly = (extra: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect({ host: '127.0.0.1', port: Number(new URL(server.url).port), localAddress: '127.0.0.9' });
        let head = '';
        socket.on('data', (chunk) => {
          head += chunk.toString('latin1');
          if (head.includes('\r\n\r\n')) {
            socket.destroy();
            resolve(head.split('\r\n')[0]);
          }
        });
        socket.on('error', reject);
        socket.write(
          `POST ${BATCH} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 16000000\r\n${extra}\r\n`,
        );
        setTimeout(() => reject(new Error(`No answer without the body (${extra.trim() || 'no key'}).`)), 5000);
      });
    expect(await headersOnly('X-Api-Key: bc_live_not_a_key\r\n')).toBe('HTTP/1.1 401 Unauthorized');
    // 10 batches an hour from one address without a key (RATE_LIMIT_CALCULATION_BATCH), all refused as empty bodies.
    for (let batch = 0; batch < 9; batch += 1) expect((await send(BATCH, { body: '[]', from: '127.0.0.9' })).status).toBe(400);
    expect(await headersOnly('')).toBe('HTTP/1.1 429 Too Many Requests');
  }, 60_000);

  it(`keeps answering health and survey pages within ${SLOWEST_PROBE_MS} ms while 3 gzip bombs, a plain 16 MB body and 3 batches of ${BATCH_HOUSEHOLDS.toLocaleString('en-GB')} households arrive, and keeps nothing of them`, async () => {
    // Warm up: the first batch loads what every batch uses; its thread then ends when idle, as after any batch.
    expect((await send(BATCH, { body: JSON.stringify([LONE_PARENT]), headers: { 'x-api-key': keys[4] } })).status).toBe(200);
    for (let page = 0; page < 5; page += 1) await timed('/survey');
    await new Promise((wait) => setTimeout(wait, BATCH_THREAD_IDLE_MS + 2000));
    const before = residentMb();

    const households = JSON.stringify(Array.from({ length: BATCH_HOUSEHOLDS }, () => LONE_PARENT));
    const plainTinyObjects = `[${'{},'.repeat(5_500_000)}{}]`;
    let peak = before;
    let loadRunning = true;
    const sampler = (async () => {
      while (loadRunning) {
        peak = Math.max(peak, residentMb());
        await new Promise((wait) => setTimeout(wait, 50));
      }
    })();
    const prober = startProbes(['/api/health', '/survey']);
    const [bombs, plain, batches] = await Promise.all([
      Promise.all(
        [BATCH, '/api/v1/calculations/BATCH/x', `${BATCH}/`].map((path, index) =>
          send(path, { body: GZIP_BOMB, headers: { 'content-encoding': 'gzip' }, from: `127.0.1.${index + 1}` }),
        ),
      ),
      send(BATCH, { body: plainTinyObjects, from: '127.0.2.1' }),
      Promise.all(keys.slice(0, 3).map((key) => batchLines(households, { 'x-api-key': key }))),
    ]);
    loadRunning = false;
    const probes = await prober.stop();
    await sampler;

    expect(bombs.map((answer) => answer.status)).toEqual([415, 415, 415]);
    expect([plain.status, codeOf(plain)]).toEqual([413, 'TOO_MANY_HOUSEHOLDS']);
    for (const batch of batches) {
      expect({ status: batch.status, lines: batch.lines }).toEqual({ status: 200, lines: BATCH_HOUSEHOLDS });
      expect(JSON.parse(batch.last)).toMatchObject({ totals: expect.any(Object) });
    }
    const slowest = Math.max(...probes.map(({ ms }) => ms));
    const sorted = probes.map(({ ms }) => Math.round(ms)).sort((a, b) => a - b);
    console.log(
      `batch abuse: ${probes.length} probes, median ${sorted[Math.floor(sorted.length / 2)]} ms, slowest ${sorted.slice(-5).join(', ')} ms; memory ${Math.round(before)} MB before, ${Math.round(peak)} MB at most`,
    );
    expect(probes.length).toBeGreaterThan(20);
    expect(probes.every(({ status }) => status === 200)).toBe(true);
    expect(slowest).toBeLessThan(SLOWEST_PROBE_MS);
    // A 16 MB body is held once, as bytes, never as millions of objects: the old route took over 1 GB a request.
    expect(peak - before).toBeLessThan(600);

    // What the load leaves behind is the heap V8 grew for the batches' answers and the batch threads, which end after
    // 10 seconds idle, not anything held by a request: the bombs again take nothing, and another full batch adds
    // nothing that stays. Right after that batch its thread may still be running (77 MB more was seen on CI where
    // the first load's threads had already ended), so what stays is measured once idle, below.
    const after = residentMb();
    for (const path of [BATCH, `${BATCH}/`, '/api/v1/calculations/BATCH'])
      expect((await send(path, { body: GZIP_BOMB, headers: { 'content-encoding': 'gzip' } })).status).toBe(415);
    expect(residentMb() - after).toBeLessThan(10);
    expect(await batchLines(households, { 'x-api-key': keys[0] })).toMatchObject({ status: 200, lines: BATCH_HOUSEHOLDS });
    const again = residentMb();
    // Once the batch threads have ended, idle, the memory is back where it was before the load.
    let settled = residentMb();
    for (let waited = 0; settled - before >= SETTLED_MEMORY_MB && waited < 30_000; waited += 1000) {
      await new Promise((wait) => setTimeout(wait, 1000));
      settled = residentMb();
    }
    console.log(
      `batch abuse: memory ${Math.round(after)} MB after the load, ${Math.round(again)} MB after the bombs and another batch, ${Math.round(settled)} MB once idle`,
    );
    expect(settled - before).toBeLessThan(SETTLED_MEMORY_MB);
  }, 300_000);

  it('answers a household too large for one calculation on its own line, without building it', async () => {
    const oneHugeHousehold = `[{"date":"2026-11-21","household":{"adults":[${'{},'.repeat(5_000_000)}{}]}},${JSON.stringify(LONE_PARENT)}]`;
    const before = residentMb();
    const answer = await send(BATCH, { body: oneHugeHousehold, headers: { 'x-api-key': keys[3] } });
    expect(answer.status).toBe(200);
    const [huge, ordinary] = linesOf(answer.text).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(huge).toMatchObject({ index: 0, statusCode: 413, code: 'BODY_TOO_LARGE' });
    expect(ordinary).toMatchObject({ totals: expect.any(Object) });
    expect(residentMb() - before).toBeLessThan(200);
  }, 60_000);
});

describe('the batch threads of a production build', () => {
  it('give 40 random households, and bad ones, exactly what the single route gives each', async () => {
    const households: unknown[] = randomHouseholds(40, 2811).map(({ date, household }) => ({ date, household }));
    households.splice(3, 0, { date: '2026-11-21', household: { ...LONE_PARENT_PRIVATE_RENTER, capital: -1 } }, ['not a request'], {
      date: '2001-04-06',
      household: LONE_PARENT_PRIVATE_RENTER,
    });
    const answer = await send(BATCH, { body: JSON.stringify(households), headers: { 'x-api-key': keys[4] } });
    expect(answer.status).toBe(200);
    const lines = linesOf(answer.text).map((line) => JSON.parse(line) as unknown);
    expect(lines).toHaveLength(households.length);
    for (const [index, household] of households.entries()) {
      const alone = await send('/api/v1/calculations', { body: JSON.stringify(household), headers: { 'x-api-key': keys[4] } });
      const body = JSON.parse(alone.text) as Record<string, unknown>;
      expect(lines[index]).toEqual(alone.status === 200 ? body : { index, ...body });
    }
  }, 120_000);
});

describe('a batch counts its households whatever the path’s spelling (issue 28, point 4)', () => {
  it('counts a batch’s households on /batch/ as on /batch, and /BATCH and /Batch/ are no route at all', async () => {
    const key = keys[4];
    const before = await usageOf(key);
    const three = JSON.stringify([LONE_PARENT, LONE_PARENT, LONE_PARENT]);
    expect((await send(`${BATCH}/`, { body: three, headers: { 'x-api-key': key } })).status).toBe(200);
    expect(await usageOf(key)).toBe(before + 3);
    expect((await send(BATCH, { body: three, headers: { 'x-api-key': key } })).status).toBe(200);
    expect(await usageOf(key)).toBe(before + 6);
    for (const path of [
      '/api/v1/calculations/BATCH',
      '/api/v1/calculations/Batch/',
      '/API/v1/calculations/batch',
      '/api/v1/Calculations',
    ]) {
      const answer = await send(path, { body: three, headers: { 'x-api-key': key } });
      expect([path, answer.status]).toEqual([path, 404]);
    }
    expect(await usageOf(key)).toBe(before + 6);
  }, 60_000);
});

describe('calls with a wrong X-Api-Key (issue 28, point 7)', () => {
  it('are rate limited like calls without a key: 20 a minute from one address, then 429', async () => {
    for (let call = 0; call < 20; call += 1) {
      const answer = await send('/api/v1/calculations', {
        body: JSON.stringify(LONE_PARENT),
        headers: { 'x-api-key': `bc_live_guess_${call}` },
        from: '127.0.3.1',
      });
      expect(answer.status).toBe(401);
    }
    const limited = await send('/api/v1/calculations', {
      body: JSON.stringify(LONE_PARENT),
      headers: { 'x-api-key': 'bc_live_guess_21' },
      from: '127.0.3.1',
    });
    expect([limited.status, codeOf(limited)]).toEqual([429, 'TOO_MANY_REQUESTS']);
    // The same address without a key has used the same count.
    expect((await send('/api/v1/calculations', { body: JSON.stringify(LONE_PARENT), from: '127.0.3.1' })).status).toBe(429);
    // A real key is still its own.
    expect(
      (await send('/api/v1/calculations', { body: JSON.stringify(LONE_PARENT), headers: { 'x-api-key': keys[4] }, from: '127.0.3.1' }))
        .status,
    ).toBe(200);
  }, 60_000);
});

describe('slow readers cannot hold the batch places (issue 28, point 5)', () => {
  it('serves key holders while two anonymous slow readers hold the places without a key, and frees those within the stall limit', async () => {
    const body = JSON.stringify(Array.from({ length: 3000 }, () => LONE_PARENT));
    const readers = ['127.0.4.1', '127.0.4.2'].map((from) => {
      let outgoing: ReturnType<typeof httpRequest>;
      const answered = new Promise<number>((resolve) => {
        outgoing = httpRequest(`${server.url}${BATCH}`, {
          method: 'POST',
          agent: false,
          localAddress: from,
          headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        });
        outgoing.on('response', (response) => {
          response.pause();
          resolve(response.statusCode!);
        });
        outgoing.on('error', () => {});
        outgoing.end(body);
      });
      return { answered, destroy: () => outgoing.destroy() };
    });
    try {
      expect(await Promise.all(readers.map((reader) => reader.answered))).toEqual([200, 200]);
      // The same address again: one at a time.
      const again = await send(BATCH, { body: JSON.stringify([LONE_PARENT]), from: '127.0.4.1' });
      expect([again.status, codeOf(again), again.headers['retry-after']]).toEqual([429, 'BATCH_ALREADY_RUNNING', '5']);
      // A third address without a key: the places without a key are held.
      const third = await send(BATCH, { body: JSON.stringify([LONE_PARENT]), from: '127.0.4.3' });
      expect([third.status, codeOf(third)]).toEqual([503, 'BATCHES_BUSY']);
      // A key holder is served at once.
      const keyed = await send(BATCH, { body: JSON.stringify([LONE_PARENT]), headers: { 'x-api-key': keys[4] }, from: '127.0.4.3' });
      expect(keyed.status).toBe(200);
      // Within the 10-second stall limit (and a little), the readers are given up and the places are free again:
      // asked every 2.5 s, each time from a new address, so that the per-address limit is not what answers.
      const started = Date.now();
      let status = 0;
      for (let attempt = 0; status !== 200 && attempt < 12; attempt += 1) {
        await new Promise((wait) => setTimeout(wait, 2500));
        status = (await send(BATCH, { body: JSON.stringify([LONE_PARENT]), from: `127.0.5.${attempt + 1}` })).status;
      }
      expect(status).toBe(200);
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      for (const reader of readers) reader.destroy();
    }
  }, 90_000);
});
