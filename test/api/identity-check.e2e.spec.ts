import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { SURVEY_ACTIONS } from '../../common/survey/model.js';
import { IDENTITY_CHECK_LOCKOUT } from '../../api/src/verification/verification.service.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, startApiProcess, type ApiProcess } from '../support/api-process.js';
import { ROUTE_ENTRIES, routeKey, routesFromServer, type FuzzIds } from '../support/endpoint-fuzz.js';
import { MANCHESTER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import { FROM_OUR_OWN_PAGE, portalPassFromFrame } from '../support/portal-frame.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * The identity check ('Check who you are')
 * holds for every calculation, on the built server in production mode. A calculation belongs to the browser that
 * started it; any other browser must give its postcode, and wrong postcodes lock it for the day, whichever way they
 * come in (the identity check or 'Return to a saved calculation'), from whichever address, however the id is
 * spelled. Requests come from several loopback addresses (127.0.0.x), as they would from many machines.
 */

const OWNER = 'browser_1795700000000_owner001';
const STRANGER = 'browser_1795700000000_strange1';
const POSTCODE = MANCHESTER.postcode;

let database: TestDatabase;
let server: ApiProcess;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: any;
}

interface CallOptions {
  /** An object: the routes that carry a session take one (only the batch route takes a list). */
  body?: Record<string, unknown> | unknown[];
  /** The browser id, sent in the POST body and in the X-Browser-Id header. */
  browserId?: string;
  cookie?: string;
  /** The source address: a loopback address, so that one test can stand for many machines. */
  from?: string;
  headers?: Record<string, string>;
}

let lastHost = 1;
/** A loopback address not used before in this suite: a machine of its own. */
function newAddress(): string {
  lastHost += 1;
  return `127.0.${Math.floor(lastHost / 250)}.${(lastHost % 250) + 2}`;
}

function call(
  method: 'GET' | 'POST',
  path: string,
  { body, browserId, cookie, from = '127.0.0.1', headers: extraHeaders = {} }: CallOptions = {},
): Promise<Answer> {
  const url = new URL(path, server.url);
  const payload = method === 'POST' ? JSON.stringify(browserId && !Array.isArray(body) ? { ...body, browserId } : (body ?? {})) : undefined;
  const headers: Record<string, string> = { ...extraHeaders };
  if (payload) headers['content-type'] = 'application/json';
  if (browserId) headers['x-browser-id'] = browserId;
  if (cookie) headers.cookie = cookie;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method, headers, localAddress: from },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // A picture, a sound or a PDF.
          }
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: parsed });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** The cookies a response sets, as `name=value` pairs for a Cookie header, and their attributes. */
function setCookies(answer: Answer): { name: string; pair: string; attributes: string[] }[] {
  return (answer.headers['set-cookie'] ?? []).map((header) => {
    const [pair, ...attributes] = header.split(';').map((part) => part.trim());
    return { name: pair.slice(0, pair.indexOf('=')), pair, attributes: attributes.map((attribute) => attribute.toLowerCase()) };
  });
}

/**
 * A visit's fields and headers as the web app sends them: in a partner's portal, from inside the partner's frame, with
 * the portal pass its page was given and the browser's Sec-Fetch-Site of our own page.
 */
async function asTheWebAppSends(
  visit: Record<string, unknown>,
): Promise<{ visit: Record<string, unknown>; headers: Record<string, string> }> {
  if (visit.portal !== true || typeof visit.partner !== 'string') return { visit, headers: {} };
  const partner = JSON.parse(readFileSync(join(REPO_ROOT, 'definitions/partners', `${visit.partner}.json`), 'utf8')) as {
    origins: string[];
  };
  const portalPass = await portalPassFromFrame(server.url, visit.partner, partner.origins[0]);
  expect(portalPass).toEqual(expect.any(String));
  return { visit: { ...visit, portalPass }, headers: { ...FROM_OUR_OWN_PAGE } };
}

/**
 * Answers every page of the single private renter as `browserId`, with `visit` fields on every post (a portal's
 * partner, say), and finishes. Returns the calculation's id and reference.
 */
async function finishCalculation(browserId: string, given: Record<string, unknown> = {}): Promise<{ session: string; token: string }> {
  const { visit, headers } = await asTheWebAppSends(given);
  const from = newAddress();
  let current = (await call('GET', '/api/data/survey', { browserId, from })).body as {
    pageNumber: number;
    session: string | null;
    token: string | null;
  };
  const pages = SINGLE_PRIVATE_RENTER_WORKING_PART_TIME;
  for (const [index, [, answers]] of pages.entries()) {
    const action = index === pages.length - 1 ? SURVEY_ACTIONS.finish : SURVEY_ACTIONS.next;
    const answer = await call('POST', '/api/data/survey/', {
      browserId,
      from,
      headers,
      body: { ...visit, ...answers, session: current.session, page: current.pageNumber, action },
    });
    expect({ page: index + 1, status: answer.status }).toEqual({ page: index + 1, status: 200 });
    current = answer.body;
  }
  return { session: current.session!, token: current.token! };
}

/** The first page answered (the postcode), nothing else. */
async function startCalculation(browserId: string, given: Record<string, unknown> = {}): Promise<{ session: string; token: string }> {
  const { visit, headers } = await asTheWebAppSends(given);
  const answer = await call('POST', '/api/data/survey/', {
    browserId,
    from: newAddress(),
    headers,
    body: { ...visit, session: null, page: 1, action: SURVEY_ACTIONS.next, ClientPostcode: MANCHESTER },
  });
  expect(answer.status).toBe(200);
  return { session: answer.body.session, token: answer.body.token };
}

async function storedAnswers(session: string): Promise<Record<string, unknown>> {
  const [row] = await database.query<{ answers: Record<string, unknown> }>('SELECT answers FROM calculation_sessions WHERE id = $1', [
    session,
  ]);
  return row?.answers ?? {};
}

/** Twenty wrong postcodes, each from a machine of its own, by the identity check. */
async function lockByIdentityCheck(session: string): Promise<void> {
  for (let attempt = 0; attempt < IDENTITY_CHECK_LOCKOUT.attempts; attempt += 1) {
    const answer = await call('POST', '/api/data/verify/', {
      browserId: STRANGER,
      from: newAddress(),
      body: { session, postcode: `ZZ${attempt} 9ZZ` },
    });
    expect(answer.body).toEqual({ valid: false });
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe('1. a portal calculation is open only to its own browser, inside the partner’s frame', () => {
  it('accepts portal only with the id of one of our partners, with a clear 400 otherwise', async () => {
    for (const visit of [
      { portal: true },
      { portal: true, partner: 'not_a_partner' },
      { portal: true, partner: 'constructor' },
      { portal: true, partner: '__proto__' },
    ]) {
      const answer = await call('POST', '/api/data/survey/', {
        browserId: OWNER,
        from: newAddress(),
        body: { ...visit, session: null, page: 1, action: SURVEY_ACTIONS.next, ClientPostcode: MANCHESTER },
      });
      expect({
        visit,
        status: answer.status,
        code: answer.body.code,
        paths: answer.body.errors?.map((error: { path: string }) => error.path),
      }).toEqual({
        visit,
        status: 400,
        code: 'UNKNOWN_PARTNER',
        paths: ['partner'],
      });
    }
    expect(await database.query('SELECT 1 FROM calculation_sessions WHERE is_portal')).toEqual([]);
  });

  it('shows the owning browser its portal calculation without any cookie, and asks any other browser who it is', async () => {
    const { session } = await finishCalculation(OWNER, { portal: true, partner: 'cap_live' });
    expect(
      await database.query('SELECT is_portal, partner_id, owner_browser_id FROM calculation_sessions WHERE id = $1', [session]),
    ).toEqual([{ is_portal: true, partner_id: 'cap_live', owner_browser_id: OWNER }]);
    // The visitor inside the partner's frame: their browser id is all it takes.
    expect((await call('GET', `/api/data/result/?session=${session}&id=cap_live`, { browserId: OWNER })).status).toBe(200);
    expect((await call('GET', `/api/data/survey/2/${session}?portal=true`, { browserId: OWNER })).status).toBe(200);

    // Anyone else holding the id: no answers, no result, no PDF, and nothing they send is saved.
    const before = await storedAnswers(session);
    for (const who of [{ browserId: STRANGER }, {}]) {
      for (const path of [
        `/api/data/survey/2/${session}`,
        `/api/data/result/?session=${session}&id=cap_live`,
        `/api/data/pdf?session=${session}&period=weekly&id=cap_live`,
      ]) {
        const answer = await call('GET', path, who);
        expect({ path, status: answer.status, code: answer.body.code }).toEqual({ path, status: 403, code: 'VERIFICATION_REQUIRED' });
      }
      const overwrite = await call('POST', '/api/data/survey/', {
        ...who,
        body: {
          portal: true,
          partner: 'cap_live',
          session,
          page: 2,
          action: SURVEY_ACTIONS.next,
          ClientDob: '01/01/1950',
          ClientHasPartner: 'No',
        },
      });
      expect({ status: overwrite.status, code: overwrite.body.code }).toEqual({ status: 403, code: 'VERIFICATION_REQUIRED' });
    }
    expect(await storedAnswers(session)).toEqual(before);
  }, 60_000);

  it('sets the grant of a portal calculation as SameSite=None; Secure; Partitioned, so it works in the partner’s frame and only there', async () => {
    const portal = await startCalculation(OWNER, { portal: true, partner: 'dfl_live' });
    const verified = await call('POST', '/api/data/verify/', {
      browserId: STRANGER,
      from: newAddress(),
      body: { session: portal.session, postcode: POSTCODE },
    });
    expect(verified.body).toEqual({ valid: true });
    const [grant] = setCookies(verified);
    expect(grant.name).toBe(`bc_session_${portal.session}`);
    expect(grant.attributes).toEqual(expect.arrayContaining(['httponly', 'secure', 'samesite=none', 'partitioned']));
    expect((await call('GET', `/api/data/survey/1/${portal.session}`, { browserId: STRANGER, cookie: grant.pair })).status).toBe(200);

    // Outside a portal the grant stays SameSite=Lax, never sent from another site.
    const plain = await startCalculation(OWNER);
    const [lax] = setCookies(
      await call('POST', '/api/data/verify/', {
        browserId: STRANGER,
        from: newAddress(),
        body: { session: plain.session, postcode: POSTCODE },
      }),
    );
    expect(lax.attributes).toEqual(expect.arrayContaining(['httponly', 'secure', 'samesite=lax']));
    expect(lax.attributes).not.toContain('partitioned');
  });
});

describe('2. every calculation has an owner from its first moment', () => {
  it('refuses to start a calculation without a browser id, with a clear 400', async () => {
    const answer = await call('POST', '/api/data/survey/', {
      from: newAddress(),
      body: { session: null, page: 1, action: SURVEY_ACTIONS.next, ClientPostcode: MANCHESTER },
    });
    expect({
      status: answer.status,
      code: answer.body.code,
      paths: answer.body.errors.map((error: { path: string }) => error.path),
    }).toEqual({
      status: 400,
      code: 'BROWSER_ID_REQUIRED',
      paths: ['browserId'],
    });
    expect(await database.query('SELECT 1 FROM calculation_sessions WHERE owner_browser_id IS NULL AND client_id IS NULL')).toEqual([]);
  });

  it('keeps a calculation whose postcode is not answered yet from strangers, who cannot give it one either', async () => {
    // Back on the first page saves without checking: a calculation with no postcode yet.
    const started = await call('POST', '/api/data/survey/', {
      browserId: OWNER,
      from: newAddress(),
      body: { session: null, page: 1, action: SURVEY_ACTIONS.back },
    });
    expect(started.status).toBe(200);
    const session = started.body.session as string;
    expect(started.body.hasPostcode).toBe(false);

    expect((await call('GET', `/api/data/survey/1/${session}`, { browserId: STRANGER })).status).toBe(403);
    const claimed = await call('POST', '/api/data/survey/', {
      browserId: STRANGER,
      body: { session, page: 1, action: SURVEY_ACTIONS.next, ClientPostcode: { ...MANCHESTER } },
    });
    expect({ status: claimed.status, code: claimed.body.code }).toEqual({ status: 403, code: 'VERIFICATION_REQUIRED' });
    expect(await storedAnswers(session)).toEqual({});
    // So the stranger has no postcode of their own to pass the identity check with.
    expect(
      (await call('POST', '/api/data/verify/', { browserId: STRANGER, from: newAddress(), body: { session, postcode: POSTCODE } })).body,
    ).toEqual({ valid: false });
    expect((await call('GET', `/api/data/survey/1/${session}`, { browserId: OWNER })).status).toBe(200);
  });

  it('never hands a calculation with no owner to the first browser that opens it', async () => {
    const [{ id }] = await database.query<{ id: string }>(`INSERT INTO calculation_sessions (reference) VALUES ('NOWNER23') RETURNING id`);
    await database.query(`UPDATE calculation_sessions SET answers = jsonb_build_object('ClientPostcode', $2::jsonb) WHERE id = $1`, [
      id,
      JSON.stringify(MANCHESTER),
    ]);
    const first = await call('GET', `/api/data/survey/1/${id}`, { browserId: STRANGER });
    expect({ status: first.status, code: first.body.code }).toEqual({ status: 403, code: 'VERIFICATION_REQUIRED' });
    expect(await database.query('SELECT owner_browser_id FROM calculation_sessions WHERE id = $1', [id])).toEqual([
      { owner_browser_id: null },
    ]);
  });
});

describe('3. one spelling of an id', () => {
  it('counts wrong postcodes on the id as stored: upper case does not restart the lock', async () => {
    const { session } = await startCalculation(OWNER);
    await lockByIdentityCheck(session);
    for (const spelling of [session.toUpperCase(), session.replace(/[a-f]/, (letter) => letter.toUpperCase())]) {
      const answer = await call('POST', '/api/data/verify/', {
        browserId: STRANGER,
        from: newAddress(),
        body: { session: spelling, postcode: POSTCODE },
      });
      expect({ status: answer.status, code: answer.body.code, cookies: setCookies(answer) }).toEqual({
        status: 429,
        code: 'VERIFICATION_LOCKED',
        cookies: [],
      });
    }
  }, 60_000);

  it('names the grant cookie after the id as stored, however the id was spelled', async () => {
    const { session } = await startCalculation(OWNER);
    const answer = await call('POST', '/api/data/verify/', {
      browserId: STRANGER,
      from: newAddress(),
      body: { session: session.toUpperCase(), postcode: POSTCODE },
    });
    expect(answer.body).toEqual({ valid: true });
    const [grant] = setCookies(answer);
    expect(grant.name).toBe(`bc_session_${session}`);
    // The cookie as the browser keeps it opens the calculation, spelled either way.
    for (const spelling of [session, session.toUpperCase()])
      expect((await call('GET', `/api/data/survey/1/${spelling}`, { browserId: STRANGER, cookie: grant.pair })).status).toBe(200);
  });

  it('answers every route that takes a calculation id the same for the id in upper case: the owner gets in, a stranger does not', async () => {
    const { session, token } = await finishCalculation(OWNER);
    const ids: FuzzIds = {
      browserId: OWNER,
      publicSession: session,
      publicToken: token,
      adviserSession: '',
      deletableSession: '',
      clientGuid: '',
      adviserUserId: '',
      caseloadRunId: '',
      changeSetId: '',
      apiKeyId: '',
      partnerReference: '',
    };
    const routes = (await routesFromServer(server.url)).filter((route) =>
      JSON.stringify(ROUTE_ENTRIES[routeKey(route)](ids)).includes(session),
    );
    // The identity check gives a grant for the right postcode to anyone: it has tests of its own above.
    const sweep = routes.filter((route) => routeKey(route) !== 'POST /api/data/verify' && routeKey(route) !== 'POST /api/data/error');
    expect(sweep.map(routeKey).sort()).toEqual(
      expect.arrayContaining([
        'GET /api/data/pdf',
        'GET /api/data/result',
        'GET /api/data/survey/{page}/{session}',
        'GET /assets/img/{session}',
        'GET /assets/wav/{session}',
        'POST /api/data/bands',
        'POST /api/data/email',
        'POST /api/data/feedback',
        'POST /api/data/result',
        'POST /api/data/section',
        'POST /api/data/survey',
      ]),
    );
    const upper = session.toUpperCase();
    const wrong: string[] = [];
    for (const route of sweep) {
      const valid = JSON.parse(JSON.stringify(ROUTE_ENTRIES[routeKey(route)](ids)).split(session).join(upper)) as ReturnType<
        (typeof ROUTE_ENTRIES)[string]
      >;
      let path = route.path;
      for (const [name, value] of Object.entries(valid.path ?? {})) path = path.replace(`{${name}}`, encodeURIComponent(value));
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(valid.query ?? {}))
        for (const one of ([] as string[]).concat(value)) query.append(name, one);
      const url = query.size > 0 ? `${path}?${query}` : path;
      const method = route.method as 'GET' | 'POST';
      for (const caller of [
        { name: 'a stranger', browserId: STRANGER },
        { name: 'no browser', browserId: undefined },
      ]) {
        const answer = await call(method, url, { browserId: caller.browserId, body: valid.body, from: newAddress() });
        if (answer.status !== 403) wrong.push(`${routeKey(route)} with ${upper} as ${caller.name}: ${answer.status}`);
      }
      const owner = await call(method, url, { browserId: OWNER, body: valid.body, from: newAddress() });
      if (owner.status >= 300)
        wrong.push(`${routeKey(route)} with ${upper} as the owner: ${owner.status} ${JSON.stringify(owner.body).slice(0, 160)}`);
      const named = setCookies(owner).filter((cookie) => cookie.name.toLowerCase().includes(session) && !cookie.name.includes(session));
      if (named.length > 0) wrong.push(`${routeKey(route)} set ${named.map((cookie) => cookie.name).join(', ')}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('4. ‘Return to a saved calculation’ locks too', () => {
  const lookup = (token: string, postcode: string, from = newAddress()) =>
    call('POST', '/api/data/lookup/', { browserId: STRANGER, from, body: { token, postcode } });

  it(`locks a reference for the day after ${IDENTITY_CHECK_LOCKOUT.attempts} wrong postcodes, each from another address`, async () => {
    const { session, token } = await startCalculation(OWNER);
    for (let attempt = 0; attempt < IDENTITY_CHECK_LOCKOUT.attempts; attempt += 1)
      expect((await lookup(token, `ZZ${attempt} 9ZZ`)).body).toMatchObject({ valid: false });
    const right = await lookup(token.toLowerCase(), POSTCODE);
    expect({ status: right.status, code: right.body.code, cookies: setCookies(right) }).toEqual({
      status: 429,
      code: 'VERIFICATION_LOCKED',
      cookies: [],
    });
    // The same lock holds the identity check.
    const verified = await call('POST', '/api/data/verify/', {
      browserId: STRANGER,
      from: newAddress(),
      body: { session, postcode: POSTCODE },
    });
    expect({ status: verified.status, code: verified.body.code }).toEqual({ status: 429, code: 'VERIFICATION_LOCKED' });
    // Both say when to try again: the end of the day the first wrong postcode began.
    for (const locked of [right, verified]) {
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(24 * 60 * 60 - 300);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(24 * 60 * 60);
    }
    // The owner's own browser is not locked out of its calculation.
    expect((await call('GET', `/api/data/survey/1/${session}`, { browserId: OWNER })).status).toBe(200);
  }, 60_000);

  it('shares the lock the identity check set', async () => {
    const { session, token } = await startCalculation(OWNER);
    await lockByIdentityCheck(session);
    const right = await lookup(token, POSTCODE);
    expect({ status: right.status, code: right.body.code, cookies: setCookies(right) }).toEqual({
      status: 429,
      code: 'VERIFICATION_LOCKED',
      cookies: [],
    });
  }, 60_000);

  it('locks a reference that finds nothing the same way, so the lock tells nobody which references exist', async () => {
    for (let attempt = 0; attempt < IDENTITY_CHECK_LOCKOUT.attempts; attempt += 1)
      expect((await lookup('ZZZZ-2345', `ZZ${attempt} 9ZZ`)).body).toMatchObject({ valid: false });
    expect((await lookup('zzzz2345', POSTCODE)).status).toBe(429);
  }, 60_000);
});

describe('5. security codes only for those who may open the calculation', () => {
  it('gives a code only to the owner or a browser that passed the identity check, so a stranger cannot replace the owner’s', async () => {
    const { session } = await finishCalculation(OWNER);
    const picture = await call('GET', `/assets/img/${session}?v=1`, { browserId: OWNER });
    expect({ status: picture.status, type: picture.headers['content-type'] }).toEqual({
      status: 200,
      type: expect.stringMatching(/^image\/svg\+xml/),
    });
    expect((await call('GET', `/assets/wav/${session}/?v=1`, { browserId: OWNER })).status).toBe(200);
    const [code] = await database.query('SELECT answer_hash, salt FROM captcha_challenges WHERE session_id = $1', [session]);

    for (const who of [{ browserId: STRANGER }, {}]) {
      for (const path of [`/assets/img/${session}?v=2`, `/assets/img/${session.toUpperCase()}?v=3`, `/assets/wav/${session}/?v=2`]) {
        const answer = await call('GET', path, { ...who, from: newAddress() });
        expect({ path, status: answer.status, code: answer.body.code }).toEqual({ path, status: 403, code: 'VERIFICATION_REQUIRED' });
      }
    }
    expect(await database.query('SELECT answer_hash, salt FROM captcha_challenges WHERE session_id = $1', [session])).toEqual([code]);

    const verified = await call('POST', '/api/data/verify/', {
      browserId: STRANGER,
      from: newAddress(),
      body: { session, postcode: POSTCODE },
    });
    const [grant] = setCookies(verified);
    expect((await call('GET', `/assets/img/${session}?v=4`, { browserId: STRANGER, cookie: grant.pair })).status).toBe(200);
  }, 60_000);

  it('answers false to the identity check for an adviser’s client calculation, even with its postcode', async () => {
    const [{ id: organisation }] = await database.query<{ id: string }>(
      `INSERT INTO organisations (name) VALUES ('Identity Advice') RETURNING id`,
    );
    const [{ id: adviser }] = await database.query<{ id: string }>(
      `INSERT INTO users (organisation_id, email, password_hash, role, display_name) VALUES ($1, 'adviser@identity-advice.example', 'not a hash', 'adviser', 'Adviser') RETURNING id`,
      [organisation],
    );
    const [{ id: client }] = await database.query<{ id: string }>(
      `INSERT INTO clients (organisation_id, adviser_id, first_name, last_name, date_of_birth) VALUES ($1, $2, 'Ann', 'Client', '1980-01-02') RETURNING id`,
      [organisation, adviser],
    );
    const [{ id }] = await database.query<{ id: string }>(
      `INSERT INTO calculation_sessions (reference, client_id, adviser_user_id) VALUES ('CLIENT23', $1, $2) RETURNING id`,
      [client, adviser],
    );
    await database.query(`UPDATE calculation_sessions SET answers = jsonb_build_object('ClientPostcode', $2::jsonb) WHERE id = $1`, [
      id,
      JSON.stringify(MANCHESTER),
    ]);

    for (const spelling of [id, id.toUpperCase()]) {
      const answer = await call('POST', '/api/data/verify/', {
        browserId: STRANGER,
        from: newAddress(),
        body: { session: spelling, postcode: POSTCODE },
      });
      expect({ status: answer.status, body: answer.body, cookies: setCookies(answer) }).toEqual({
        status: 200,
        body: { valid: false },
        cookies: [],
      });
    }
    expect((await call('GET', `/assets/img/${id}?v=1`, { browserId: STRANGER })).status).toBe(403);
  });
});
