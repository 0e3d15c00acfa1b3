import { ACCOUNT_MESSAGES } from '../../common/accounts/model.js';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { BATCH_BODY_LIMIT_KB } from '../../api/src/calculation/batch-calculation.service.js';
import { AccountsService } from '../../api/src/accounts/accounts.service.js';
import {
  entriesOutOfStep,
  prepareFuzzContext,
  routesFromServer,
  runFuzz,
  summarise,
  type FuzzContext,
  type Route,
} from '../support/endpoint-fuzz.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Hostile requests to every route of the API: wrong types, missing and extra fields, huge and
 * deeply nested bodies, unicode, SQL and script injection, path traversal and malformed ids, wrong content types
 * and bodies over the limit, signed out, as a public browser and signed in. No answer may be a server error, and
 * every 4xx must be in the one error shape and say what is wrong. `npm run bench:fuzz` sends the full 20,000.
 *
 * A failure prints the seed and the request; FUZZ_SEED and FUZZ_ONLY replay it alone (FUZZ_ROUTE sends only one
 * route's share, FUZZ_COUNT changes the count).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const COUNT = Number(process.env.FUZZ_COUNT ?? 3000);
const ONLY = process.env.FUZZ_ONLY === undefined ? undefined : Number(process.env.FUZZ_ONLY);
const ROUTE = process.env.FUZZ_ROUTE;

let testApp: TestApp;
let baseUrl: string;
let routes: Route[];
let context: FuzzContext;

beforeAll(async () => {
  testApp = await startTestApp();
  await testApp.app.listen(0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
  routes = await routesFromServer(baseUrl);
  context = await prepareFuzzContext(baseUrl, testApp.app.get(AccountsService), 100);
}, 60_000);
afterAll(() => testApp.close());

describe('the endpoint fuzz', () => {
  it('has a valid starting request for every route the OpenAPI document lists, and none for a route that is gone', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(entriesOutOfStep(routes)).toEqual({ missing: [], stale: [] });
  });

  it(`answers ${COUNT} hostile requests without a server error, each refusal in the error shape`, async () => {
    const run = await runFuzz({ baseUrl, routes, context, seed: SEED, count: COUNT, concurrency: 8, only: ONLY, route: ROUTE });
    console.log(`endpoint fuzz: ${summarise(run)}`);
    // What the server logged about its errors, beside the requests that caused them.
    if (run.failures.length > 0)
      console.log(
        testApp.logLines
          .filter((line) => /"level":"error"/.test(line))
          .slice(0, 5)
          .join('\n')
          .slice(0, 5000),
      );
    expect(run.failures).toEqual([]);
    if (ONLY !== undefined || ROUTE !== undefined) return;
    expect(run.sent).toBe(COUNT);
    // Every route was reached, and the mutations left enough valid requests to get past the first checks.
    expect(run.byRoute.size).toBe(routes.length);
    expect(run.byStatus.get(200) ?? 0).toBeGreaterThan(COUNT / 20);
    expect(run.byStatus.get(413) ?? 0).toBeGreaterThan(0);
  }, 150_000);

  it('refuses the requests that were server errors when the fuzz found them, each saying what is wrong', async () => {
    const asAdviser = { cookie: context.adviser.cookie, 'x-csrf-token': context.adviser.csrf };
    // A NUL character in a client search reached PostgreSQL, which cannot hold one in text.
    const search = await fetch(
      `${baseUrl}/api/intermediary/clients?search=${encodeURIComponent("' OR '1'='1\u0000")}&searchType=organisation`,
      { headers: asAdviser },
    );
    expect({ status: search.status, body: await search.json() }).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', errors: [{ path: 'search', message: 'search must not contain a NUL character.' }] },
    });
    // A NUL character in the e-mail address typed to sign in reached PostgreSQL too.
    const signIn = await fetch(`${baseUrl}/api/account/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-browser-id': context.ids.browserId },
      body: JSON.stringify({ email: '"><svg onload=window.__xss=1>\u0000', password: 'not the password at all' }),
    });
    expect({ status: signIn.status, body: await signIn.json() }).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', errors: [{ path: 'email', message: ACCOUNT_MESSAGES.signInFailed }] },
    });
    // An object with its own `constructor` key as a better-off or survey field broke class-transformer.
    const recalculation = await fetch(`${baseUrl}/api/data/result`, {
      method: 'POST',
      headers: { ...asAdviser, 'content-type': 'application/json' },
      body: JSON.stringify({ session: context.ids.adviserSession, action: { constructor: -1 }, isBetterOff: true }),
    });
    expect({ status: recalculation.status, body: await recalculation.json() }).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'action', message: 'action must be a single value, not a list or object.' }] },
    });
    const survey = await fetch(`${baseUrl}/api/data/survey`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-browser-id': context.ids.browserId },
      body: JSON.stringify({ browserId: context.ids.browserId, session: context.ids.publicSession, page: { constructor: '0' }, action: 2 }),
    });
    expect({ status: survey.status, body: await survey.json() }).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'page', message: 'page must be a single value, not a list or object.' }] },
    });
    // A key's quota given as an object whose toString is not a function broke class-transformer's conversion to a number.
    const apiKey = await fetch(`${baseUrl}/api/account/api-keys`, {
      method: 'POST',
      headers: { cookie: context.admin.cookie, 'x-csrf-token': context.admin.csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Case system', dailyQuota: { toString: [1] }, perMinute: { valueOf: 'x' } }),
    });
    expect({
      status: apiKey.status,
      paths: ((await apiKey.json()) as { errors: { path: string }[] }).errors.map(({ path }) => path),
    }).toEqual({
      status: 400,
      paths: ['dailyQuota', 'perMinute'],
    });
  });

  // Such bodies once overflowed class-transformer's recursion and were answered 500 on every route that takes a
  // body; now they are refused before it (api/src/errors/json-body.ts).
  it('refuses bodies nested 1,000 to 5,000 deep with a 400, not a server error', async () => {
    for (let depth = 1000; depth <= 5000; depth += 500) {
      const response = await fetch(`${baseUrl}/api/data/postcode`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
      });
      expect({ depth, status: response.status }).toEqual({ depth, status: 400 });
    }
  });

  // Issue 28: a 16 KB gzip body to any path under the batch route inflated to 16 MB on the event loop; and the batch's
  // large body limit applied to its sub-paths and other spellings. Every route and method, from the OpenAPI
  // document, with GET and DELETE sending a body too (which fetch cannot), and a path that is no route.
  it('refuses a compressed body (415) and a body over its limit (413) on every route and method, in the error shape', async () => {
    const bomb = gzipSync(Buffer.from(`[${'{},'.repeat(5_600_000)}{}]`));
    const port = Number(new URL(baseUrl).port);
    const sendRaw = (method: string, path: string, body: Buffer, headers: Record<string, string>) =>
      new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
        const outgoing = httpRequest({
          host: '127.0.0.1',
          port,
          method,
          path,
          agent: false,
          headers: { ...headers, 'content-length': String(body.length) },
        });
        outgoing.on('response', (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) as Record<string, unknown> }));
        });
        // The server may answer and close before the whole body is sent: it does not read a body it refuses.
        outgoing.on('error', (error) => (/EPIPE|ECONNRESET/.test(error.message) ? undefined : reject(error)));
        outgoing.end(body);
      });
    const targets = [
      ...routes.map((route) => ({ method: route.method, path: route.path.replace(/\{[^}]+\}/g, 'x') })),
      { method: 'POST', path: '/no/such/route' },
    ];
    for (const { method, path } of targets) {
      const compressed = await sendRaw(method, path, bomb, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      expect({ method, path, status: compressed.status, code: compressed.body.code }).toEqual({
        method,
        path,
        status: 415,
        code: 'UNSUPPORTED_ENCODING',
      });
      const limitKb = path === '/api/v1/calculations/batch' ? BATCH_BODY_LIMIT_KB : context.bodyLimitKb;
      const oversized = await sendRaw(method, path, Buffer.from(JSON.stringify({ padding: 'x'.repeat(limitKb * 1024 + 10) })), {
        'content-type': 'application/json',
      });
      expect({ method, path, status: oversized.status, code: oversized.body.code }).toEqual({
        method,
        path,
        status: 413,
        code: 'BODY_TOO_LARGE',
      });
      expect(oversized.body.message).toBe(`The request body is larger than the ${limitKb} KB this API accepts.`);
    }
  }, 120_000);

  it('still works afterwards: the data the fuzz aimed at is intact and no table was dropped', async () => {
    const response = await fetch(`${baseUrl}/api/data/result?session=${context.ids.adviserSession}`, {
      headers: { cookie: context.adviser.cookie },
    });
    expect(response.status).toBe(200);
    const [{ count }] = await testApp.database.query<{ count: string }>('SELECT count(*) FROM calculation_sessions');
    expect(Number(count)).toBeGreaterThan(1);
  });
});
