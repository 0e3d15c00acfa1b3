import type { AddressInfo } from 'node:net';
import { AccountsService } from '../../api/src/accounts/accounts.service.js';
import type { AccessRule } from '../../api/src/access/access.js';
import {
  FUZZ_PASSWORD,
  prepareFuzzContext,
  ROUTE_ENTRIES,
  routeKey,
  routesFromServer,
  signIn,
  type FuzzContext,
  type Route,
  type SignedIn,
  type ValidRequest,
} from '../support/endpoint-fuzz.js';
import { declaredRoutes } from '../support/route-rules.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The authorisation sweep: every route of the API, from its OpenAPI document, is called with
 * the valid request the fuzz starts from (ROUTE_ENTRIES), aimed at a calculation, client or adviser that
 * belongs to someone, by everyone it does not belong to: a browser that is signed out, another browser, the
 * advisers of the calculation's own organisation (for a member of the public's calculation) and of another
 * organisation. Each must be refused (401, 403 or 404) without a trace of what they asked for, and must change
 * nothing; then the owner makes the same request and gets past the check, which shows each refusal was about who
 * asked. A new route joins the sweep by itself, through the OpenAPI document and the access rule it declares.
 */

const REFUSED = new Set([401, 403, 404]);

/**
 * Refused: 401, 403 or 404, or a 400 that names the field holding what is not the caller's (an admin choosing
 * another organisation's adviser for a client is told to choose one of their own).
 */
function refused(answer: Answer, valid: ValidRequest, target: Target): boolean {
  if (REFUSED.has(answer.status)) return true;
  const foreignFields = Object.entries({ ...valid.path, ...valid.query, ...valid.body })
    .filter(([, value]) => target.ids.some((id) => JSON.stringify(value ?? null).includes(id)))
    .map(([field]) => field);
  return answer.status === 400 && answer.fields.length > 0 && answer.fields.every((field) => foreignFields.includes(field));
}

/**
 * What the owner gets where it is not a success, though past the access check: the comparison is aimed at the
 * calculation the delete route removes, which was never finished, and says so by its label.
 */
const OWNER_OUTCOMES: Record<string, { status: number; code: string }> = {
  'GET /api/intermediary/compare': { status: 409, code: 'CALCULATION_NOT_COMPLETE' },
};

interface Caller {
  name: string;
  headers: Record<string, string>;
  /** A browser's id, which the web app sends in each POST body as well as in the X-Browser-Id header. */
  browserId?: string;
}

const browser = (name: string, browserId: string): Caller => ({ name, headers: { 'x-browser-id': browserId }, browserId });
const account = (name: string, signedIn: SignedIn): Caller => ({
  name,
  headers: { cookie: signedIn.cookie, 'x-csrf-token': signedIn.csrf },
});
const SIGNED_OUT: Caller = { name: 'signed out, no browser id', headers: {} };

/** Something that belongs to someone: the ids that point at it, who owns it, and everyone else. */
interface Target {
  name: string;
  ids: string[];
  owner: Caller;
  outsiders: Caller[];
}

interface Answer {
  status: number;
  code?: string;
  /** The fields a 400 names. */
  fields: string[];
  text: string;
}

let testApp: TestApp;
let baseUrl: string;
let routes: Route[];
let rules: Map<string, AccessRule | undefined>;
let context: FuzzContext;
let callers: Record<'publicBrowser' | 'otherBrowser' | 'adviser' | 'admin' | 'otherAdviser' | 'otherAdmin', Caller>;
let targets: Target[];
/** What none of the outsiders may ever see: the owned ids, their references and the first organisation's people. */
let secrets: string[];

function urlOf(route: Route, valid: ValidRequest): string {
  let path = route.path;
  for (const [name, value] of Object.entries(valid.path ?? {})) path = path.replace(`{${name}}`, encodeURIComponent(value));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(valid.query ?? {})) for (const one of ([] as string[]).concat(value)) query.append(name, one);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

async function call(route: Route, valid: ValidRequest, caller: Caller): Promise<Answer> {
  const headers: Record<string, string> = { ...caller.headers };
  let body: string | undefined;
  if (route.hasBody && route.method !== 'GET') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(caller.browserId ? { ...valid.body, browserId: caller.browserId } : (valid.body ?? {}));
  }
  const response = await fetch(`${baseUrl}${urlOf(route, valid)}`, { method: route.method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: { code?: string; errors?: { path?: string }[] } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // A PDF or a picture.
  }
  return { status: response.status, code: parsed.code, fields: (parsed.errors ?? []).map((error) => error.path ?? ''), text };
}

/** The valid request of a route with one owned id put in place of another, as a JSON round trip. */
function aimedAt(valid: ValidRequest, from: string, to: string): ValidRequest {
  return JSON.parse(JSON.stringify(valid).split(from).join(to)) as ValidRequest;
}

/** Each route that reads or changes something owned, with the target it is aimed at, as the owner would send it. */
function ownedRequests(): { route: Route; valid: ValidRequest; target: Target }[] {
  const requests: { route: Route; valid: ValidRequest; target: Target }[] = [];
  const [publicCalculation, adviserCalculation] = targets;
  for (const route of routes) {
    const rule = rules.get(routeKey(route));
    if (rule === 'public') continue;
    const valid = ROUTE_ENTRIES[routeKey(route)](context.ids);
    const text = JSON.stringify(valid);
    for (const target of targets) if (target.ids.some((id) => text.includes(id))) requests.push({ route, valid, target });
    // The calculation routes are aimed at the public calculation; an adviser's calculation must hold as well.
    if (rule === 'session-holder' && text.includes(context.ids.publicSession)) {
      requests.push({ route, valid: aimedAt(valid, context.ids.publicSession, context.ids.adviserSession), target: adviserCalculation });
    }
  }
  // Deleting (and revoking) goes last among the owners' requests, so that the others still find what they are aimed at.
  void publicCalculation;
  const isLast = (route: Route) => route.path.endsWith('/delete') || route.path.endsWith('/revoke');
  return requests.sort((a, b) => Number(isLast(a.route)) - Number(isLast(b.route)));
}

/** The rows of everything owned, as JSON, to show that no refused request changed them. */
async function ownedRows(): Promise<string> {
  const sessions = [context.ids.publicSession, context.ids.adviserSession, context.ids.deletableSession];
  const [rows] = await testApp.database.query<{ rows: unknown }>(
    `SELECT json_build_object(
       'calculations', (SELECT json_agg(c ORDER BY c.id) FROM calculation_sessions c WHERE c.id = ANY($1::uuid[])),
       'answers', (SELECT json_agg(json_build_object('session_id', c.id, 'answers', c.answers) ORDER BY c.id) FROM calculation_sessions c WHERE c.id = ANY($1::uuid[])),
       'feedback', (SELECT json_agg(f ORDER BY f.session_id) FROM result_feedback f WHERE f.session_id = ANY($1::uuid[])),
       'clients', (SELECT json_agg(c ORDER BY c.id) FROM clients c WHERE c.organisation_id = (SELECT organisation_id FROM users WHERE id = $2)),
       'users', (SELECT json_agg(json_build_object('id', u.id, 'email', u.email, 'role', u.role) ORDER BY u.id) FROM users u WHERE u.organisation_id = (SELECT organisation_id FROM users WHERE id = $2)),
       'apiKeys', (SELECT json_agg(k ORDER BY k.id) FROM api_keys k WHERE k.organisation_id = (SELECT organisation_id FROM users WHERE id = $2))
     ) AS rows`,
    [sessions, context.ids.adviserUserId],
  );
  return JSON.stringify(rows.rows);
}

const leaked = (answer: Answer) => secrets.filter((secret) => answer.text.includes(secret));

beforeAll(async () => {
  testApp = await startTestApp();
  await testApp.app.listen(0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
  routes = await routesFromServer(baseUrl);
  rules = new Map(declaredRoutes(testApp.app).flatMap((declared) => declared.keys.map((key) => [key, declared.rule] as const)));
  const accounts = testApp.app.get(AccountsService);
  context = await prepareFuzzContext(baseUrl, accounts);
  const { organisationId } = await accounts.createOrganisationWithAdmin('Other Advice', {
    email: 'admin@other-advice.example',
    displayName: 'Other Admin',
    password: FUZZ_PASSWORD,
  });
  await accounts.addUserToOrganisation(organisationId, {
    email: 'adviser@other-advice.example',
    displayName: 'Other Adviser',
    password: FUZZ_PASSWORD,
    role: 'adviser',
  });
  callers = {
    publicBrowser: browser('the browser that made the public calculation', context.ids.browserId),
    otherBrowser: browser('another browser', 'browser_1795453200000_stranger'),
    adviser: account("the first organisation's adviser", context.adviser),
    admin: account("the first organisation's admin", context.admin),
    otherAdviser: account("another organisation's adviser", await signIn(baseUrl, 'adviser@other-advice.example')),
    otherAdmin: account("another organisation's admin", await signIn(baseUrl, 'admin@other-advice.example')),
  };
  const { publicBrowser, otherBrowser, adviser, admin, otherAdviser, otherAdmin } = callers;
  targets = [
    {
      name: "a member of the public's calculation",
      ids: [context.ids.publicSession],
      owner: publicBrowser,
      outsiders: [SIGNED_OUT, otherBrowser, adviser, admin, otherAdviser, otherAdmin],
    },
    {
      name: "an adviser's calculation",
      ids: [context.ids.adviserSession],
      owner: adviser,
      outsiders: [SIGNED_OUT, publicBrowser, otherBrowser, otherAdviser, otherAdmin],
    },
    {
      name: "an adviser's calculation to delete",
      ids: [context.ids.deletableSession],
      owner: adviser,
      outsiders: [SIGNED_OUT, publicBrowser, otherBrowser, otherAdviser, otherAdmin],
    },
    {
      name: "an organisation's client",
      ids: [context.ids.clientGuid],
      owner: admin,
      outsiders: [SIGNED_OUT, publicBrowser, otherBrowser, otherAdviser, otherAdmin],
    },
    {
      name: "an organisation's API key",
      ids: [context.ids.apiKeyId],
      owner: admin,
      outsiders: [SIGNED_OUT, publicBrowser, otherBrowser, otherAdviser, otherAdmin],
    },
    {
      name: "an organisation's caseload run",
      ids: [context.ids.caseloadRunId],
      owner: adviser,
      outsiders: [SIGNED_OUT, publicBrowser, otherBrowser, otherAdviser, otherAdmin],
    },
    {
      name: "an organisation's adviser",
      ids: [context.ids.adviserUserId],
      owner: admin,
      outsiders: [SIGNED_OUT, publicBrowser, otherBrowser, otherAdviser, otherAdmin],
    },
  ];
  const references = await testApp.database.query<{ reference: string }>(
    'SELECT reference FROM calculation_sessions WHERE id = ANY($1::uuid[])',
    [[context.ids.publicSession, context.ids.adviserSession, context.ids.deletableSession]],
  );
  secrets = [...targets.flatMap((target) => target.ids), ...references.map((row) => row.reference), 'fuzz-advice.example', 'Fuzz Advice'];
}, 90_000);
afterAll(() => testApp.close());

describe('the authorisation sweep of every route', () => {
  it('knows the access rule of every route in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((route) => rules.get(routeKey(route)) === undefined).map(routeKey)).toEqual([]);
  });

  it('refuses the adviser area to anyone not signed in, the organisation admin routes to advisers, the policy workbench to all but policy staff and the partner register to all but service administrators', async () => {
    const wrong: string[] = [];
    const everyoneElse = [SIGNED_OUT, callers.publicBrowser, callers.adviser, callers.admin, callers.otherAdviser, callers.otherAdmin];
    for (const route of routes) {
      const rule = rules.get(routeKey(route));
      if (rule !== 'adviser' && rule !== 'organisation-admin' && rule !== 'policy-staff' && rule !== 'service-admin') continue;
      const valid = ROUTE_ENTRIES[routeKey(route)](context.ids);
      const outsiders = {
        adviser: [SIGNED_OUT, callers.publicBrowser, callers.otherBrowser],
        'organisation-admin': [SIGNED_OUT, callers.publicBrowser, callers.adviser, callers.otherAdviser],
        'policy-staff': [...everyoneElse, account('a service administrator', context.service)],
        'service-admin': [...everyoneElse, account('policy staff', context.policy)],
      }[rule];
      for (const caller of outsiders) {
        const answer = await call(route, valid, caller);
        if (answer.status !== 403 || answer.code !== 'NO_ACCESS')
          wrong.push(`${routeKey(route)} (${rule}) as ${caller.name}: ${answer.status} ${answer.code}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses everything owned to everyone but its owner, with no trace of it and nothing changed', async () => {
    const before = await ownedRows();
    const requests = ownedRequests();
    // Every kind of owned thing is reached by some route, and every calculation route by both kinds of owner.
    expect(new Set(requests.map((request) => request.target.name)).size).toBe(targets.length);
    const wrong: string[] = [];
    for (const { route, valid, target } of requests) {
      for (const caller of target.outsiders) {
        const answer = await call(route, valid, caller);
        if (!refused(answer, valid, target))
          wrong.push(`${routeKey(route)} on ${target.name} as ${caller.name}: ${answer.status} ${answer.text.slice(0, 160)}`);
        const seen = leaked(answer);
        if (seen.length > 0) wrong.push(`${routeKey(route)} on ${target.name} as ${caller.name} showed ${seen.join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await ownedRows()).toBe(before);
  }, 120_000);

  it('shows the lists an adviser or admin sees nothing of another organisation', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const rule = rules.get(routeKey(route));
      const valid = ROUTE_ENTRIES[routeKey(route)](context.ids);
      // The routes aimed at nothing in particular: searches, lists, the signed-in user.
      if (route.method !== 'GET' || targets.some((target) => target.ids.some((id) => JSON.stringify(valid).includes(id)))) continue;
      for (const caller of [callers.otherAdviser, callers.otherAdmin, callers.otherBrowser, SIGNED_OUT]) {
        const answer = await call(route, valid, caller);
        const seen = leaked(answer);
        if (seen.length > 0) wrong.push(`${routeKey(route)} (${rule}) as ${caller.name}: ${answer.status}, showed ${seen.join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
    // The search and the lists did answer the other organisation, so the check above looked at real lists.
    const search = await call(
      routes.find((route) => routeKey(route) === 'GET /api/intermediary/clients')!,
      ROUTE_ENTRIES['GET /api/intermediary/clients'](context.ids),
      callers.otherAdviser,
    );
    expect(search.status).toBe(200);
  });

  it('lets each owner through with the same requests, so every refusal above was about who asked', async () => {
    const wrong: string[] = [];
    for (const { route, valid, target } of ownedRequests()) {
      const answer = await call(route, valid, target.owner);
      const expected = OWNER_OUTCOMES[routeKey(route)];
      const through = expected ? answer.status === expected.status && answer.code === expected.code : answer.status < 300;
      if (!through)
        wrong.push(`${routeKey(route)} on ${target.name} as ${target.owner.name}: ${answer.status} ${answer.text.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});
