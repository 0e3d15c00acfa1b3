/**
 * A fuzzer for every route of the API, shared by test/api/endpoint-fuzz.e2e.spec.ts (a few
 * thousand requests in `npm test`) and bench/fuzz.ts (the full 20,000+ against the built server).
 *
 * The routes come from the running app's OpenAPI document (/api/docs-json), so a new route is fuzzed as soon as it
 * exists; ROUTE_ENTRIES gives each one a valid request to start from, and the fuzz fails when a route has no entry
 * (a valid starting point reaches the deep code; pure noise stops at the first check). Every request is made from
 * its own seed (the run's seed and the request's number), so one failure can be replayed alone.
 */
import type { AccountsService } from '../../api/src/accounts/accounts.service.js';
import { BATCH_BODY_LIMIT_KB } from '../../api/src/calculation/batch-calculation.service.js';
import { isErrorResponse } from '../../common/errors.js';
import { SURVEY_ACTIONS } from '../../common/survey/model.js';
import { money, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from './households.js';
import { seededRandom } from './random.js';

// ---------------------------------------------------------------------------------------------------------------
// Routes

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As OpenAPI writes it, with `{name}` for each path parameter. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  hasBody: boolean;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>>;
}

export const routeKey = (route: Pick<Route, 'method' | 'path'>) => `${route.method} ${route.path}`;

export function routesOf(document: OpenApiDocument): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      routes.push({
        method: method.toUpperCase() as Route['method'],
        path,
        // OpenAPI lists the optional segments of GET /api/data/survey as path parameters too; only those in the
        // template can be filled in.
        pathParams: parameters
          .filter((parameter) => parameter.in === 'path' && path.includes(`{${parameter.name}}`))
          .map((parameter) => parameter.name),
        queryParams: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
        hasBody: operation.requestBody !== undefined,
      });
    }
  }
  return routes;
}

/** The routes of the running app, read from its own OpenAPI document. */
export async function routesFromServer(baseUrl: string): Promise<Route[]> {
  const response = await fetch(`${baseUrl}/api/docs-json`);
  if (!response.ok) throw new Error(`GET /api/docs-json answered ${response.status}.`);
  return routesOf((await response.json()) as OpenApiDocument);
}

// ---------------------------------------------------------------------------------------------------------------
// A valid request for each route, the starting point of its mutations

/** What the fuzz has made before it starts, so that valid requests find real records. */
export interface FuzzIds {
  browserId: string;
  /** A member of the public's finished calculation, made with `browserId`. */
  publicSession: string;
  publicToken: string;
  /** The adviser's finished calculation for `clientGuid`. */
  adviserSession: string;
  /** A second calculation of the adviser's, the one the delete route is aimed at. */
  deletableSession: string;
  clientGuid: string;
  adviserUserId: string;
  /** The organisation's caseload run, done. */
  caseloadRunId: string;
  /** A draft change set of the policy workbench, written by the fuzz's policy-staff member, with one edit. */
  changeSetId: string;
  /** An API key of the organisation, made by its admin. */
  apiKeyId: string;
  /** A partner's registration waiting for approval, proposed by the fuzz's service administrator. */
  partnerReference: string;
}

export interface ValidRequest {
  path?: Record<string, string>;
  query?: Record<string, string | string[]>;
  /** An object, or a list (the batch route takes a list of requests). */
  body?: Record<string, unknown> | unknown[];
}

export type RouteEntry = (ids: FuzzIds) => ValidRequest;

const HOUSEHOLD = {
  date: '2026-11-21',
  household: {
    country: 'ENGLAND',
    localAuthority: 'E08000003',
    adults: [{ dateOfBirth: '1990-05-01', earnings: { amount: 1200, period: 'MONTH', basis: 'NET' }, hoursPerWeek: 20 }],
    children: [{ dateOfBirth: '2019-03-02' }],
    housing: { tenure: 'SOCIAL_RENT', rent: { amount: 500, period: 'MONTH' }, bedrooms: 2 },
  },
};

/** A dated value of a parameter, as the workbench's uprating helper adds it (no source yet). */
const POLICY_EDIT = {
  kind: 'parameter-value',
  parameter: 'gov/hmrc/child_benefit/amount/eldest',
  from: '2027-01-04',
  value: 2810,
  source: null,
};

const client = (ids: FuzzIds) => ({
  firstName: 'Fuzz',
  lastName: 'Client',
  dateOfBirth: '02/01/1980',
  clientNumber: 'F-1',
  adviserUserId: ids.adviserUserId,
});

/** A 1-by-1 PNG, the smallest logo a registration takes. */
export const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A partner as the account area registers one: every field but the logo. */
export const fuzzPartner = (id = 'fuzz_partner', origins = ['https://www.fuzz-partner.example']) => ({
  id,
  name: 'Fuzz Partner',
  checkboxIcon: { shape: 'square', colour: '#1d4f91' },
  origins,
  hiddenInPortal: ['header', 'footer'],
  accentColour: '#1d4f91',
  helpline: { phoneNumber: '0800 000 0000', openingHours: 'Monday to Friday, 9am to 5pm' },
  links: [{ text: 'Money advice', url: 'https://www.fuzz-partner.example/advice' }],
  benefits: { hide: [] },
  extraHelp: { hide: [] },
});

/** One entry per route of the OpenAPI document: a new route fails the fuzz until it is added here. */
export const ROUTE_ENTRIES: Record<string, RouteEntry> = {
  'GET /api/adviser/caseload-runs': () => ({}),
  'POST /api/adviser/caseload-runs': () => ({ body: {} }),
  'GET /api/adviser/caseload-run': (ids) => ({ query: { id: ids.caseloadRunId } }),
  'GET /api/adviser/caseload-run/csv': (ids) => ({ query: { id: ids.caseloadRunId, period: 'weekly' } }),
  'GET /api/account/api-keys': () => ({}),
  'POST /api/account/api-keys': () => ({ body: { name: 'Fuzz system', dailyQuota: 500, perMinute: 30 } }),
  'POST /api/account/api-keys/{id}/rotate': (ids) => ({ path: { id: ids.apiKeyId }, body: {} }),
  'POST /api/account/api-keys/{id}/revoke': (ids) => ({ path: { id: ids.apiKeyId }, body: {} }),
  'GET /api/account/clients': () => ({}),
  'GET /api/account/management-information': () => ({ query: { from: '2026-01', to: '2026-06' } }),
  'GET /api/account/management-information/csv': () => ({ query: { from: '2026-01', to: '2026-06' } }),
  'POST /api/account/clients': (ids) => ({ body: client(ids) }),
  'GET /api/account/clients/{clientGuid}': (ids) => ({ path: { clientGuid: ids.clientGuid } }),
  'POST /api/account/clients/{clientGuid}': (ids) => ({ path: { clientGuid: ids.clientGuid }, body: client(ids) }),
  'GET /api/account/me': () => ({}),
  // Never the fuzzing advisers' own addresses: wrong passwords would lock them out part way through.
  'POST /api/account/sign-in': () => ({ body: { email: 'nobody@fuzz.example', password: 'not the password at all' } }),
  'POST /api/account/sign-out': () => ({ body: {} }),
  'GET /api/account/users': () => ({}),
  'POST /api/account/users': () => ({
    body: { email: 'new.adviser@fuzz.example', displayName: 'New Adviser', password: 'a long enough password 2', role: 'adviser' },
  }),
  'GET /api/data/accuracy': () => ({}),
  'POST /api/data/bands': (ids) => ({ body: { session: ids.publicSession } }),
  'POST /api/data/email': (ids) => ({ body: { session: ids.publicSession, email: 'someone@fuzz.example', challenge: 'ABC123' } }),
  'POST /api/data/error': (ids) => ({ body: { source: 'survey', error: 'TypeError: x is undefined', session: ids.publicSession } }),
  'POST /api/data/feedback': (ids) => ({ body: { session: ids.publicSession, feedbackType: 1, feedback: 'Useful' } }),
  'POST /api/data/lookup': (ids) => ({ body: { token: ids.publicToken, postcode: 'M1 1AD' } }),
  'GET /api/data/pdf': (ids) => ({ query: { session: ids.publicSession, period: 'weekly', id: ids.browserId } }),
  'POST /api/data/postcode': () => ({ body: { postcode: 'M1 1AD' } }),
  'GET /api/data/result': (ids) => ({ query: { session: ids.publicSession, id: ids.browserId } }),
  'POST /api/data/result': (ids) => ({
    body: {
      session: ids.publicSession,
      action: SURVEY_ACTIONS.betterOff,
      isBetterOff: true,
      BetterOffWho: 'Client',
      BetterOffHours: '30',
      BetterOffPay: money('1400', 'Monthly'),
      BetterOffRentChanges: 'No',
    },
  }),
  'POST /api/data/section': (ids) => ({ body: { session: ids.publicSession, sectionType: 2 } }),
  'GET /api/data/survey': () => ({}),
  'POST /api/data/survey': (ids) => ({
    body: { session: ids.publicSession, page: 2, action: 2, ClientDob: '14/03/1990', ClientHasPartner: 'No' },
  }),
  'GET /api/data/survey/{page}': () => ({ path: { page: '1' } }),
  'GET /api/data/survey/{page}/{session}': (ids) => ({ path: { page: '3', session: ids.publicSession } }),
  'POST /api/data/test': () => ({ body: { password: 'not the test-mode password' } }),
  'POST /api/data/verify': (ids) => ({ body: { session: ids.publicSession, postcode: 'M1 1AD' } }),
  'GET /api/embed/check': () => ({ query: { partner: 'cap_live' } }),
  'GET /api/health': () => ({}),
  'GET /api/intermediary/calculation': (ids) => ({ query: { session: ids.adviserSession } }),
  'GET /api/intermediary/client': (ids) => ({ query: { clientGuid: ids.clientGuid } }),
  'GET /api/intermediary/clients': () => ({ query: { search: 'Fuzz', searchType: 'organisation' } }),
  'GET /api/intermediary/compare': (ids) => ({
    query: { clientGuid: ids.clientGuid, session: [ids.adviserSession, ids.deletableSession] },
  }),
  'POST /api/intermediary/delete': (ids) => ({ body: { session: ids.deletableSession } }),
  'POST /api/intermediary/details': (ids) => ({ body: { session: ids.adviserSession, caseLabel: 'Fuzzed', caseNotes: 'Notes' } }),
  'POST /api/intermediary/duplicate': (ids) => ({
    body: { clientGuid: ids.clientGuid, session: ids.adviserSession, caseReference: 'Copy' },
  }),
  'GET /api/intermediary/index': () => ({}),
  'GET /api/intermediary/pdf': (ids) => ({ query: { clientGuid: ids.clientGuid, session: [ids.adviserSession], period: 'monthly' } }),
  'POST /api/intermediary/start': (ids) => ({
    body: { clientGuid: ids.clientGuid, caseReference: 'Fuzz', isMobile: false, browserName: 'Firefox' },
  }),
  'POST /api/v1/calculations': () => ({ body: structuredClone(HOUSEHOLD) }),
  'POST /api/v1/calculations/batch': () => ({ body: [structuredClone(HOUSEHOLD), structuredClone(HOUSEHOLD)] }),
  'GET /assets/img/{session}': (ids) => ({ path: { session: ids.publicSession }, query: { v: '1' } }),
  'GET /assets/wav/{session}': (ids) => ({ path: { session: ids.publicSession }, query: { v: '1' } }),
  'GET /api/policy/status': () => ({}),
  'GET /api/policy/extra-help': () => ({}),
  'GET /api/policy/council-tax-schemes': () => ({ query: { authority: 'E06000023' } }),
  'GET /api/policy/rulesets': () => ({}),
  'GET /api/policy/rulesets/{folder}': () => ({ path: { folder: 'child-benefit' } }),
  'GET /api/policy/parameters': () => ({}),
  'GET /api/policy/parameter': () => ({ query: { name: 'gov/hmrc/child_benefit/amount/eldest' } }),
  'GET /api/policy/search': () => ({ query: { q: 'capital' } }),
  'GET /api/policy/household-schema': () => ({}),
  'POST /api/policy/uprating': () => ({
    body: { parameters: ['gov/hmrc/child_benefit/amount/eldest'], percent: '3.8', from: '2027-01-04' },
  }),
  'GET /api/policy/change-sets': () => ({}),
  'POST /api/policy/change-sets': () => ({ body: { title: 'Fuzzed', reason: 'A fuzzed change set.' } }),
  'POST /api/policy/change-sets/new-year': () => ({ body: { reason: 'A fuzzed year.' } }),
  'GET /api/policy/change-sets/{id}': (ids) => ({ path: { id: ids.changeSetId } }),
  'POST /api/policy/change-sets/{id}/uprate': (ids) => ({ path: { id: ids.changeSetId }, body: { edits: [0], percent: '3.8' } }),
  'POST /api/policy/change-sets/{id}/source': (ids) => ({
    path: { id: ids.changeSetId },
    body: { edits: [0], title: 'Benefit and pension rates 2027 to 2028', url: 'https://www.gov.uk/government/publications' },
  }),
  'POST /api/policy/change-sets/{id}/edits': (ids) => ({ path: { id: ids.changeSetId }, body: { edit: structuredClone(POLICY_EDIT) } }),
  'PUT /api/policy/change-sets/{id}/edits/{index}': (ids) => ({
    path: { id: ids.changeSetId, index: '0' },
    body: { edit: structuredClone(POLICY_EDIT) },
  }),
  'DELETE /api/policy/change-sets/{id}/edits/{index}': (ids) => ({ path: { id: ids.changeSetId, index: '0' } }),
  'POST /api/policy/change-sets/{id}/cases-run': (ids) => ({ path: { id: ids.changeSetId } }),
  // A date before the rates held: the whole route runs, without ten thousand households each time.
  'POST /api/policy/change-sets/{id}/impact': (ids) => ({ path: { id: ids.changeSetId }, body: { date: '2024-01-01' } }),
  // The digest of edits the fuzz never made: the approval and publishing are refused as changed (409), never a 500.
  'POST /api/policy/change-sets/{id}/approve': (ids) => ({ path: { id: ids.changeSetId }, body: { digest: 'a'.repeat(64) } }),
  'POST /api/policy/change-sets/{id}/publish': (ids) => ({
    path: { id: ids.changeSetId },
    body: { effectiveFrom: '2027-01-04', digest: 'a'.repeat(64) },
  }),
  'POST /api/policy/change-sets/{id}/withdraw': (ids) => ({ path: { id: ids.changeSetId }, body: { reason: 'Fuzzed.' } }),
  'POST /api/policy/change-sets/{id}/revert': (ids) => ({ path: { id: ids.changeSetId }, body: { from: '2027-01-04', reason: 'Fuzzed.' } }),
  'POST /api/policy/change-sets/{id}/confirm': (ids) => ({ path: { id: ids.changeSetId }, body: { kind: 'revert', from: '2027-01-04' } }),
  'POST /api/policy/change-sets/{id}/cancel-request': (ids) => ({ path: { id: ids.changeSetId } }),
  'POST /api/policy/change-sets/{id}/stop': (ids) => ({ path: { id: ids.changeSetId }, body: { reason: 'Fuzzed.' } }),
  'GET /api/partners': () => ({}),
  // The fuzz's own partner has a change waiting, so most of these are refused as such (409), after every check.
  'POST /api/partners/proposals': () => ({ body: { partner: fuzzPartner(), logoPng: ONE_PIXEL_PNG } }),
  'POST /api/partners/removals/{partnerId}': () => ({ path: { partnerId: 'fuzz_partner' }, body: {} }),
  // The fuzz's administrator proposed it: approving it is refused as their own (403).
  'POST /api/partners/proposals/{reference}/approve': (ids) => ({ path: { reference: ids.partnerReference }, body: {} }),
  'POST /api/partners/proposals/{reference}/reject': (ids) => ({ path: { reference: ids.partnerReference }, body: {} }),
  'GET /api/partners/logos/{file}': (ids) => ({ path: { file: `${ids.partnerReference}.png` } }),
};

/** The OpenAPI routes with no entry, and the entries for routes that are gone: both must be empty. */
export function entriesOutOfStep(routes: Route[]): { missing: string[]; stale: string[] } {
  const keys = new Set(routes.map(routeKey));
  return {
    missing: [...keys].filter((key) => !(key in ROUTE_ENTRIES)).sort(),
    stale: Object.keys(ROUTE_ENTRIES)
      .filter((key) => !keys.has(key))
      .sort(),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Hostile values

export const SCRIPT_INJECTIONS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror=window.__xss=1>',
  '"><svg onload=window.__xss=1>',
  'javascript:window.__xss=1',
  '{{constructor.constructor("window.__xss=1")()}}',
  '<iframe srcdoc="<script>parent.__xss=1</script>">',
];
const SQL_INJECTIONS = [
  "'; DROP TABLE calculation_sessions; --",
  "' OR '1'='1",
  '1; SELECT pg_sleep(5)',
  "admin'--",
  '" OR ""="',
  '\\x27; DELETE FROM clients; --',
];
const TRAVERSALS = [
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '/etc/passwd%00.json',
  '....//....//etc/passwd',
  '%252e%252e%252f',
];
const UNICODE = [
  '𝓤𝓷𝓲𝓬𝓸𝓭𝓮 ✓',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'مرحبا بالعالم',
  '\u202Eevil\u202C',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\uD800',
  'Ω≈ç√∫',
  'ｆｕｌｌｗｉｄｔｈ',
  '\r\n\t',
  'ſ',
];
const MALFORMED_IDS = [
  '',
  ' ',
  '0',
  '-1',
  '1e308',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-4000-8000-00000000000',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '9'.repeat(400),
  '__proto__',
  'constructor',
  '%',
  '%zz',
  '%00',
];
const FIELD_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  '$where',
  'toString',
  'isAdmin',
  'role',
  'organisationId',
  'id',
  'session',
  'page',
  'x'.repeat(300),
];

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const chance = (random: Random, probability: number) => random() < probability;

function hostileString(random: Random): string {
  switch (Math.floor(random() * 7)) {
    case 0:
      return pick(random, SCRIPT_INJECTIONS);
    case 1:
      return pick(random, SQL_INJECTIONS);
    case 2:
      return pick(random, TRAVERSALS);
    case 3:
      return pick(random, UNICODE);
    case 4:
      return pick(random, MALFORMED_IDS);
    // Long, but well inside the body limit: the checks on a field's length must hold, not the parser's.
    case 5:
      return pick(random, ['A', '€', '😀', '<', "'"]).repeat(1 + Math.floor(random() * 20_000));
    default:
      return pick(random, [...SCRIPT_INJECTIONS, ...SQL_INJECTIONS]) + pick(random, UNICODE);
  }
}

function nested(random: Random, depth: number): unknown {
  let value: unknown = hostileString(random);
  for (let level = 0; level < depth; level += 1) value = chance(random, 0.5) ? [value] : { [pick(random, FIELD_NAMES)]: value };
  return value;
}

/** Any JSON value, mostly of a type the field does not expect. */
export function hostileValue(random: Random, depth = 0): unknown {
  switch (Math.floor(random() * 12)) {
    case 0:
    case 1:
    case 2:
      return hostileString(random);
    case 3:
      return pick(random, [0, -1, 1.5, -0, 2 ** 31, -(2 ** 53), Number.MAX_VALUE, 1e-300, 123456789012345]);
    case 4:
      return chance(random, 0.5);
    case 5:
      return null;
    case 6:
      return depth > 2 ? [] : Array.from({ length: Math.floor(random() * 4) }, () => hostileValue(random, depth + 1));
    case 7:
      return depth > 2
        ? {}
        : Object.fromEntries(
            Array.from({ length: 1 + Math.floor(random() * 3) }, () => [pick(random, FIELD_NAMES), hostileValue(random, depth + 1)]),
          );
    case 8:
      return nested(random, 10 + Math.floor(random() * 500));
    case 9:
      return { amount: hostileValue(random, depth + 1), period: pick(random, ['Weekly', 'Monthly', 'Yearly', 'Daily', '', 'MONTH']) };
    case 10:
      return Array.from({ length: 1000 + Math.floor(random() * 5000) }, () => 1);
    default:
      return pick(random, ['Yes', 'No', '14/03/1990', '31/02/2020', '2026-13-45', '0', '3', 'M1 1AD', 'Band A']);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// One hostile request

export type Caller = 'signed-out' | 'public' | 'adviser' | 'admin' | 'policy' | 'service';
export const CALLERS: readonly Caller[] = ['signed-out', 'public', 'adviser', 'admin', 'policy', 'service'];

export interface SignedIn {
  cookie: string;
  csrf: string;
}

export interface FuzzContext {
  ids: FuzzIds;
  adviser: SignedIn;
  admin: SignedIn;
  /** A member of the charity's policy team (the policy workbench). */
  policy: SignedIn;
  /** One of the charity's service administrators (the partner register). */
  service: SignedIn;
  /** The app's body limit, so that some bodies are just over it. */
  bodyLimitKb: number;
}

export interface FuzzRequest {
  number: number;
  caller: Caller;
  route: string;
  method: string;
  /** Path and query, already encoded. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** What was done to the valid request, for the failure message. */
  mutations: string[];
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// A URL cannot carry a lone surrogate at all (encodeURIComponent throws), so those become U+FFFD; bodies keep them.
/**
 * The longest value put in a URL, in characters. Node refuses request heads over 16 KB with its own bare 431
 * before the app sees them, and a character can take 9 once encoded; this keeps every URL well under that.
 */
const URL_VALUE_LENGTH = 200;

const encode = (value: string) => (value === '' ? '' : encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD')));

/** A path segment: mostly malformed ids, sometimes sent raw so that `../` and `%` reach the router as they are. */
function hostileSegment(random: Random, valid: string, mutations: string[], name: string): string {
  if (chance(random, 0.25)) return encode(valid);
  const value = hostileString(random).slice(0, URL_VALUE_LENGTH * 2);
  const raw = chance(random, 0.3);
  mutations.push(`path ${name} = ${raw ? 'raw ' : ''}${JSON.stringify(value.slice(0, 80))}`);
  // A raw segment may still not hold what URLs cannot carry at all; those are always encoded.
  return raw && /^[\x21-\x7e]*$/.test(value) && !value.includes('?') && !value.includes('#') ? value : encode(value);
}

function mutateBody(random: Random, body: Record<string, unknown> | unknown[], mutations: string[]): unknown {
  // A list (the batch route): one of its requests is mutated, or the list as a whole is replaced.
  if (Array.isArray(body)) {
    if (chance(random, 0.2)) return mutateBody(random, {}, mutations);
    const place = Math.floor(random() * body.length);
    mutations.push(`request ${place} of the list:`);
    return body.map((item, index) => (index === place ? mutateBody(random, item as Record<string, unknown>, mutations) : item));
  }
  const kind = Math.floor(random() * 10);
  if (kind === 0) {
    const whole = hostileValue(random);
    mutations.push(`body replaced by a ${Array.isArray(whole) ? 'list' : typeof whole}`);
    return whole;
  }
  const mutated: Record<string, unknown> = { ...body };
  for (let count = 1 + Math.floor(random() * 3); count > 0; count -= 1) {
    const fields = Object.keys(mutated);
    const operation = Math.floor(random() * 4);
    if (operation === 0 && fields.length > 0) {
      const field = pick(random, fields);
      delete mutated[field];
      mutations.push(`without ${field}`);
    } else if (operation === 1) {
      const field = pick(random, FIELD_NAMES);
      // defineProperty, so that a field called __proto__ is sent as a field and does not change the object's prototype.
      Object.defineProperty(mutated, field, { value: hostileValue(random), enumerable: true, configurable: true, writable: true });
      mutations.push(`extra field ${field.slice(0, 40)}`);
    } else if (fields.length > 0) {
      const field = pick(random, fields);
      mutated[field] = hostileValue(random);
      mutations.push(`${field} = ${JSON.stringify(mutated[field])?.slice(0, 80)}`);
    }
  }
  return mutated;
}

/** The request's number-th hostile request for one route, the same every time for the same seed. */
export function hostileRequest(route: Route, context: FuzzContext, seed: number, number: number): FuzzRequest {
  const random = seededRandom((seed ^ Math.imul(number + 1, 0x9e3779b1)) >>> 0);
  const caller = pick(random, CALLERS);
  const valid = ROUTE_ENTRIES[routeKey(route)](context.ids);
  const mutations: string[] = [];

  let path = route.path;
  for (const name of route.pathParams) path = path.replace(`{${name}}`, hostileSegment(random, valid.path?.[name] ?? '', mutations, name));

  const query = new Map<string, string[]>();
  for (const [name, value] of Object.entries(valid.query ?? {})) query.set(name, ([] as string[]).concat(value));
  for (const name of route.queryParams) {
    if (!chance(random, 0.5)) continue;
    const operation = Math.floor(random() * 4);
    if (operation === 0) {
      query.delete(name);
      mutations.push(`query without ${name}`);
    } else if (operation === 1) {
      const values = Array.from({ length: 2 + Math.floor(random() * 4) }, () => hostileString(random).slice(0, URL_VALUE_LENGTH));
      query.set(name, values);
      mutations.push(`query ${name} given ${values.length} times`);
    } else {
      const value = hostileString(random).slice(0, URL_VALUE_LENGTH * 2);
      query.set(name, [value]);
      mutations.push(`query ${name} = ${JSON.stringify(value.slice(0, 80))}`);
    }
  }
  if (chance(random, 0.1)) {
    query.set(pick(random, FIELD_NAMES).slice(0, URL_VALUE_LENGTH), [hostileString(random).slice(0, URL_VALUE_LENGTH)]);
    mutations.push('extra query parameter');
  }
  const searchOf = (length: number) =>
    [...query].flatMap(([name, values]) => values.map((value) => `${encode(name)}=${encode(value.slice(0, length))}`)).join('&');
  // Several long parameters together could still pass Node's 16 KB limit: then each is shortened.
  let search = searchOf(URL_VALUE_LENGTH * 2);
  if (search.length + path.length > 12_000) search = searchOf(20);
  const url = search ? `${path}?${search}` : path;

  const headers: Record<string, string> = {};
  let body: string | undefined;
  // fetch cannot send a body with GET, so only routes that take one get one.
  if (route.hasBody && route.method !== 'GET') {
    let value: unknown = valid.body ?? {};
    if (caller === 'public' && typeof value === 'object' && value !== null && !Array.isArray(value))
      value = { browserId: context.ids.browserId, ...value };
    if (chance(random, 0.85)) value = mutateBody(random, value as Record<string, unknown> | unknown[], mutations);
    body = JSON.stringify(value);
    headers['content-type'] = 'application/json';
    const framing = Math.floor(random() * 20);
    if (framing === 0) {
      body = body.slice(0, Math.floor(random() * body.length));
      mutations.push('cut-off JSON');
    } else if (framing === 1) {
      // Just over the limit, so the limit is tested and not the network.
      body = JSON.stringify({ ...(valid.body ?? {}), padding: 'x'.repeat(context.bodyLimitKb * 1024 + 10) });
      // The batch route has a larger limit of its own: over that one, the limit is what is tested.
      if (route.path === '/api/v1/calculations/batch') body = JSON.stringify(['x'.repeat(BATCH_BODY_LIMIT_KB * 1024 + 10)]);
      mutations.push(`body over the ${context.bodyLimitKb} KB limit`);
    } else if (framing === 2) {
      headers['content-type'] = pick(random, [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        '',
      ]);
      mutations.push(`content type '${headers['content-type']}'`);
    } else if (framing === 3) {
      body = pick(random, [
        '',
        'null',
        '"a string"',
        '[',
        '{"a":',
        '{"a":1,"a":2}',
        '\u0000',
        'NaN',
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"x":1}}}',
      ]);
      mutations.push(`body ${JSON.stringify(body)}`);
    } else if (framing === 5) {
      // Compressed: refused on every route before it is read, whatever it would inflate to (issue 28).
      const encoding = pick(random, ['gzip', 'deflate', 'br', 'GZIP', 'x-gzip', 'identity, gzip']);
      headers['content-encoding'] = encoding;
      mutations.push(`body sent with Content-Encoding ${encoding}`);
    } else if (framing === 4) {
      // Deeper than any parser or validator would walk by recursion without a limit.
      const depth = 1000 + Math.floor(random() * 4000);
      body = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
      mutations.push(`body nested ${depth} deep`);
    }
  }

  if (caller === 'public') {
    headers['x-browser-id'] = chance(random, 0.9)
      ? context.ids.browserId
      : hostileString(random)
          .replace(/[^\x20-\x7e]/g, '?')
          .slice(0, 500);
  } else if (caller !== 'signed-out') {
    const account = { adviser: context.adviser, admin: context.admin, policy: context.policy, service: context.service }[caller];
    headers.cookie = account.cookie;
    // Signing the fuzzing accounts out would end every other request's session part way through, so their
    // sign-out always carries a wrong CSRF token (a real sign-out is tested in accounts.e2e.spec.ts).
    const wrongToken = route.path === '/api/account/sign-out' || chance(random, 0.1);
    if (wrongToken) mutations.push('wrong CSRF token');
    headers['x-csrf-token'] = wrongToken ? 'not-the-token' : account.csrf;
  }
  return { number, caller, route: routeKey(route), method: route.method, url, headers, body, mutations };
}

// ---------------------------------------------------------------------------------------------------------------
// Sending and judging

export interface FuzzResponse {
  status: number;
  contentType: string;
  text: string;
}

export async function send(baseUrl: string, request: FuzzRequest): Promise<FuzzResponse> {
  const response = await fetch(`${baseUrl}${request.url}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text };
}

/** What is wrong with the answer: a server error, or a 4xx that is not in the one error shape with a message. */
export function problemWith(response: FuzzResponse): string | null {
  if (response.status >= 500) return `server error ${response.status}: ${response.text.slice(0, 500)}`;
  if (response.status < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    return `${response.status} is not JSON (${response.contentType}): ${response.text.slice(0, 300)}`;
  }
  if (!isErrorResponse(body)) return `${response.status} is not in the error shape: ${response.text.slice(0, 300)}`;
  if (body.statusCode !== response.status) return `${response.status} says statusCode ${body.statusCode}`;
  if (typeof body.code !== 'string' || body.code === '' || body.message.trim() === '')
    return `${response.status} does not name the problem: ${response.text.slice(0, 300)}`;
  return null;
}

/** The request as text a person can replay with curl. */
export function describeRequest(request: FuzzRequest, seed: number): string {
  const body =
    request.body === undefined
      ? ''
      : `\n  body (${request.body.length} characters): ${request.body.slice(0, 400)}${request.body.length > 400 ? '...' : ''}`;
  return [
    `request ${request.number} of seed ${seed} (replay: FUZZ_SEED=${seed} FUZZ_ONLY=${request.number})`,
    `  ${request.method} ${request.url.slice(0, 400)} as ${request.caller}`,
    `  headers: ${JSON.stringify({ ...request.headers, cookie: request.headers.cookie ? '(the account session)' : undefined })}`,
    `  changed: ${request.mutations.join('; ') || 'nothing'}${body}`,
  ].join('\n');
}

export interface FuzzRun {
  seed: number;
  sent: number;
  byStatus: Map<number, number>;
  byRoute: Map<string, Map<number, number>>;
  failures: string[];
  milliseconds: number;
}

/**
 * Sends `count` hostile requests, spread evenly over the routes, `concurrency` at a time, and stops after
 * `maxFailures` (50 unless given). FUZZ_ONLY (a request number) sends only that one, to replay a failure.
 */
export async function runFuzz(options: {
  baseUrl: string;
  routes: Route[];
  context: FuzzContext;
  seed: number;
  count: number;
  concurrency: number;
  only?: number;
  route?: string;
  maxFailures?: number;
}): Promise<FuzzRun> {
  const { baseUrl, routes, context, seed, count, concurrency } = options;
  const run: FuzzRun = { seed, sent: 0, byStatus: new Map(), byRoute: new Map(), failures: [], milliseconds: 0 };
  const started = performance.now();
  let numbers = options.only !== undefined ? [options.only] : Array.from({ length: count }, (_, index) => index);
  // FUZZ_ROUTE ('GET /api/health'): only that route's requests of the run, numbered as in the whole run.
  if (options.route) numbers = numbers.filter((number) => routeKey(routes[number % routes.length]) === options.route);
  let next = 0;
  const worker = async () => {
    while (next < numbers.length && run.failures.length < (options.maxFailures ?? 50)) {
      const number = numbers[next++];
      const request = hostileRequest(routes[number % routes.length], context, seed, number);
      let problem: string | null;
      let status: number;
      try {
        const response = await send(baseUrl, request);
        status = response.status;
        problem = problemWith(response);
      } catch (error) {
        status = 0;
        problem = `no answer: ${(error as Error).message} ${String((error as Error).cause ?? '')}`;
      }
      run.sent += 1;
      run.byStatus.set(status, (run.byStatus.get(status) ?? 0) + 1);
      const routeCounts = run.byRoute.get(request.route) ?? new Map<number, number>();
      routeCounts.set(status, (routeCounts.get(status) ?? 0) + 1);
      run.byRoute.set(request.route, routeCounts);
      if (problem) run.failures.push(`${problem}\n${describeRequest(request, seed)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  run.milliseconds = performance.now() - started;
  return run;
}

export function summarise(run: FuzzRun): string {
  const statuses = [...run.byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status || 'no answer'}: ${count}`)
    .join(', ');
  return `${run.sent} requests with seed ${run.seed} in ${(run.milliseconds / 1000).toFixed(1)} s (${Math.round(run.sent / (run.milliseconds / 1000))}/s); by status ${statuses}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The accounts and calculations the valid requests point at

/** The password of every account the fuzz makes. */
export const FUZZ_PASSWORD = 'a long enough password 1';

export async function signIn(baseUrl: string, email: string): Promise<SignedIn> {
  const response = await fetch(`${baseUrl}/api/account/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: FUZZ_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`Signing in as ${email} answered ${response.status}: ${await response.text()}`);
  const value = (name: string) =>
    response.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${name}=`))!
      .split(';')[0]
      .slice(name.length + 1);
  return { cookie: `account_session=${value('account_session')}; csrf=${value('csrf')}`, csrf: value('csrf') };
}

async function postJson(baseUrl: string, path: string, body: unknown, as?: SignedIn): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (as) Object.assign(headers, { cookie: as.cookie, 'x-csrf-token': as.csrf });
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== 200 && response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Starts a caseload run of the adviser's organisation and waits for the server's worker to finish it; returns its id. */
async function doneCaseloadRun(baseUrl: string, as: SignedIn): Promise<string> {
  const headers = { 'content-type': 'application/json', cookie: as.cookie, 'x-csrf-token': as.csrf };
  const started = await fetch(`${baseUrl}/api/adviser/caseload-runs`, { method: 'POST', headers, body: '{}' });
  if (started.status !== 202) throw new Error(`Starting a caseload run answered ${started.status}: ${await started.text()}`);
  const { run } = (await started.json()) as { run: { id: string } };
  for (let tries = 0; tries < 300; tries += 1) {
    const response = await fetch(`${baseUrl}/api/adviser/caseload-run?id=${run.id}`, { headers: { cookie: as.cookie } });
    const { run: now } = (await response.json()) as { run: { status: string } };
    if (now.status === 'done') return run.id;
    if (now.status === 'failed') throw new Error('The caseload run failed.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The caseload run did not finish in 30 s.');
}

/** Answers every page as one browser, or as the adviser when `as` is given; returns the finished page's response. */
export async function answerEveryPage(
  baseUrl: string,
  session: string | null,
  browserId: string,
  as?: SignedIn,
): Promise<{ session: string; token: string }> {
  let pageNumber = 1;
  let current: Record<string, unknown> = {};
  for (const [index, [, answers]] of SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.entries()) {
    const isLast = index === SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.length - 1;
    current = await postJson(
      baseUrl,
      '/api/data/survey/',
      { ...(as ? {} : { browserId }), session, page: pageNumber, action: isLast ? 4 : 2, ...answers },
      as,
    );
    session = current.session as string;
    pageNumber = current.pageNumber as number;
  }
  return { session: session!, token: current.token as string };
}

/**
 * Makes an organisation with an admin and an adviser (through AccountsService, as the admin script does), a client
 * of the adviser's (through the accounts API, as an admin does), a public calculation and two of the adviser's.
 */
export async function prepareFuzzContext(
  baseUrl: string,
  accounts: Pick<AccountsService, 'createOrganisationWithAdmin' | 'addUserToOrganisation'>,
  bodyLimitKb = 100,
): Promise<FuzzContext> {
  const { organisationId } = await accounts.createOrganisationWithAdmin('Fuzz Advice', {
    email: 'admin@fuzz-advice.example',
    displayName: 'Fuzz Admin',
    password: FUZZ_PASSWORD,
  });
  const adviserUserId = await accounts.addUserToOrganisation(organisationId, {
    email: 'adviser@fuzz-advice.example',
    displayName: 'Fuzz Adviser',
    password: FUZZ_PASSWORD,
    role: 'adviser',
  });
  const admin = await signIn(baseUrl, 'admin@fuzz-advice.example');
  const adviser = await signIn(baseUrl, 'adviser@fuzz-advice.example');
  const created = await postJson(
    baseUrl,
    '/api/account/clients',
    { firstName: 'Fuzz', lastName: 'Client', dateOfBirth: '02/01/1980', clientNumber: 'F-1', adviserUserId },
    admin,
  );
  const clientGuid = ((created.client ?? created) as { clientGuid: string }).clientGuid;
  if (!clientGuid) throw new Error(`Adding the fuzz client answered ${JSON.stringify(created)}.`);
  const browserId = 'browser_1795453200000_fuzzfuzz';
  const { session: publicSession, token: publicToken } = await answerEveryPage(baseUrl, null, browserId);
  const startedCalculation = async (caseReference: string) =>
    (await postJson(baseUrl, '/api/intermediary/start/', { clientGuid, caseReference, isMobile: false, browserName: 'Firefox' }, adviser))
      .session as string;
  const adviserSession = (await answerEveryPage(baseUrl, await startedCalculation('Fuzz start'), browserId, adviser)).session;
  const deletableSession = await startedCalculation('To delete');
  const caseloadRunId = await doneCaseloadRun(baseUrl, adviser);
  await accounts.addUserToOrganisation(organisationId, {
    email: 'policy@fuzz-advice.example',
    displayName: 'Fuzz Policy',
    password: FUZZ_PASSWORD,
    role: 'policy-staff',
  });
  const policy = await signIn(baseUrl, 'policy@fuzz-advice.example');
  const changeSetId = String((await postJson(baseUrl, '/api/policy/change-sets', { title: 'Fuzz', reason: 'For the fuzz.' }, policy)).id);
  await postJson(baseUrl, `/api/policy/change-sets/${changeSetId}/edits`, { edit: POLICY_EDIT }, policy);
  const apiKeyId = ((await postJson(baseUrl, '/api/account/api-keys', { name: 'Fuzz key' }, admin)).key as { id: string }).id;
  await accounts.addUserToOrganisation(organisationId, {
    email: 'service@fuzz-advice.example',
    displayName: 'Fuzz Service',
    password: FUZZ_PASSWORD,
    role: 'service-admin',
  });
  const service = await signIn(baseUrl, 'service@fuzz-advice.example');
  const proposal = await postJson(baseUrl, '/api/partners/proposals', { partner: fuzzPartner(), logoPng: ONE_PIXEL_PNG }, service);
  const partnerReference = proposal.reference as string;
  if (!partnerReference) throw new Error(`Proposing the fuzz partner answered ${JSON.stringify(proposal)}.`);
  return {
    ids: {
      browserId,
      publicSession,
      publicToken,
      adviserSession,
      deletableSession,
      clientGuid,
      adviserUserId,
      caseloadRunId,
      changeSetId,
      apiKeyId,
      partnerReference,
    },
    adviser,
    admin,
    policy,
    service,
    bodyLimitKb,
  };
}
