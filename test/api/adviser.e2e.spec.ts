import request from 'supertest';
import {
  ADVISER_MESSAGES,
  type AdviserCalculation,
  type Client,
  type ClientCalculationRow,
  type CompareResponse,
} from '../../common/adviser/model.js';
import type { ResultModel } from '../../common/result/model.js';
import { AccountsService } from '../../api/src/accounts/accounts.service.js';
import { SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import { completeQuestionnaire, type PageResponse } from '../support/questionnaire-api.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The adviser API (`/api/intermediary/...`): only a signed-in adviser or admin gets an answer, only about
 * their own organisation's clients; 'Only my clients' is the adviser's own; every change is audited.
 */

const PASSWORD = 'a long enough password 1';
const PUBLIC_BROWSER = 'browser_1795453200000_public01';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let testApp: TestApp;
const http = () => request(testApp.app.getHttpServer());

interface SignedIn {
  userId: string;
  cookie: string;
  csrf: string;
}

let adam: SignedIn; // adviser at Riverside
let bea: SignedIn; // his colleague
let hana: SignedIn; // adviser at Hillside, another organisation
let riverside: string;
let riversideAdmin: string;
let hillside: string;
let mary: string; // Adam's client
let john: string; // Bea's client
let hillsideMary: string; // Hillside's client, same name and date of birth as Mary
let complete: string; // Mary's finished calculation, started through start/
let copy: string; // its duplicate
let unfinished: string; // a calculation with no answers
let publicSession: string; // a member of the public's calculation, same answers

async function signIn(email: string, userId: string): Promise<SignedIn> {
  const response = await http().post('/api/account/sign-in').send({ email, password: PASSWORD }).expect(200);
  const setCookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const value = (name: string) =>
    setCookies
      .find((line) => line.startsWith(`${name}=`))!
      .split(';')[0]
      .slice(name.length + 1);
  return { userId, cookie: `account_session=${value('account_session')}; csrf=${value('csrf')}`, csrf: value('csrf') };
}

const get = (url: string, as: SignedIn) => http().get(url).set('Cookie', as.cookie);
const post = (url: string, as: SignedIn, body: object) => http().post(url).set('Cookie', as.cookie).set('X-CSRF-Token', as.csrf).send(body);

async function addClient(
  organisationId: string,
  adviserId: string,
  firstName: string,
  lastName: string,
  dateOfBirth: string,
): Promise<string> {
  const [row] = await testApp.database.query<{ id: string }>(
    `INSERT INTO clients (organisation_id, adviser_id, first_name, last_name, date_of_birth, client_number) VALUES ($1, $2, $3, $4, $5, 'C-1') RETURNING id`,
    [organisationId, adviserId, firstName, lastName, dateOfBirth],
  );
  return row.id;
}

/** Answers every page of a calculation the adviser started, through the survey API, with the adviser's account. */
async function answerAsAdviser(as: SignedIn, session: string, pages: [string, Record<string, unknown>][]): Promise<void> {
  let current = (await get(`/api/data/survey/1/${session}`, as).expect(200)).body as PageResponse;
  for (const [index, [name, answers]] of pages.entries()) {
    expect(current.page.name).toBe(name);
    const isLast = index === pages.length - 1;
    const response = await post('/api/data/survey/', as, { session, page: current.pageNumber, action: isLast ? 4 : 2, ...answers });
    expect({ page: name, status: response.status }).toEqual({ page: name, status: 200 });
    current = response.body as PageResponse;
  }
}

const auditRows = (sessionId: string) =>
  testApp.database.query<{ user_id: string; organisation_id: string; action: string; client_id: string | null; occurred_at: Date }>(
    'SELECT user_id, organisation_id, action, client_id, occurred_at FROM adviser_audit WHERE session_id = $1 ORDER BY id',
    [sessionId],
  );

beforeAll(async () => {
  testApp = await startTestApp();
  const accounts = testApp.app.get(AccountsService);
  const first = await accounts.createOrganisationWithAdmin('Riverside Advice', {
    email: 'admin@riverside.example',
    displayName: 'Rita Admin',
    password: PASSWORD,
  });
  riverside = first.organisationId;
  riversideAdmin = first.userId;
  const adamId = await accounts.addUserToOrganisation(riverside, {
    email: 'adam@riverside.example',
    displayName: 'Adam Adviser',
    password: PASSWORD,
    role: 'adviser',
  });
  const beaId = await accounts.addUserToOrganisation(riverside, {
    email: 'bea@riverside.example',
    displayName: 'Bea Adviser',
    password: PASSWORD,
    role: 'adviser',
  });
  const second = await accounts.createOrganisationWithAdmin('Hillside Welfare Rights', {
    email: 'admin@hillside.example',
    displayName: 'Hal Admin',
    password: PASSWORD,
  });
  hillside = second.organisationId;
  const hanaId = await accounts.addUserToOrganisation(hillside, {
    email: 'hana@hillside.example',
    displayName: 'Hana Adviser',
    password: PASSWORD,
    role: 'adviser',
  });
  mary = await addClient(riverside, adamId, 'Mary', 'Smith', '1984-03-07');
  john = await addClient(riverside, beaId, 'John', 'Smithers', '1979-11-30');
  hillsideMary = await addClient(hillside, hanaId, 'Mary', 'Smith', '1984-03-07');
  adam = await signIn('adam@riverside.example', adamId);
  bea = await signIn('bea@riverside.example', beaId);
  hana = await signIn('hana@hillside.example', hanaId);

  complete = (
    await post('/api/intermediary/start/', adam, {
      clientGuid: mary,
      caseReference: 'Part time',
      isMobile: false,
      browserName: 'Firefox',
    }).expect(200)
  ).body.session;
  await answerAsAdviser(adam, complete, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME);
  copy = (await post('/api/intermediary/duplicate/', adam, { clientGuid: mary, session: complete, caseReference: 'Copy' }).expect(200)).body
    .session;
  unfinished = (await post('/api/intermediary/start/', adam, { clientGuid: mary, caseReference: 'Unfinished' }).expect(200)).body.session;
  ({ session: publicSession } = await completeQuestionnaire(http, PUBLIC_BROWSER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME));
});
afterAll(() => testApp.close());
beforeEach(() => testApp.database.query('DELETE FROM rate_limit_counters'));

/** Every adviser call, as a request any caller can make (a fresh calculation is made for the ones that change one). */
function everyEndpoint(): { name: string; send: (as: SignedIn | 'signed-out' | 'public') => request.Test }[] {
  const withCaller = (test: request.Test, as: SignedIn | 'signed-out' | 'public') => {
    if (as === 'public') return test.set('X-Browser-Id', PUBLIC_BROWSER);
    if (as === 'signed-out') return test;
    return test.set('Cookie', as.cookie).set('X-CSRF-Token', as.csrf);
  };
  const body = (as: SignedIn | 'signed-out' | 'public', fields: object) =>
    as === 'public' ? { browserId: PUBLIC_BROWSER, ...fields } : fields;
  return [
    { name: 'clients/', send: (as) => withCaller(http().get('/api/intermediary/clients/?search=Smith&searchType=organisation'), as) },
    { name: 'client/', send: (as) => withCaller(http().get(`/api/intermediary/client/?clientGuid=${mary}`), as) },
    { name: 'calculation/', send: (as) => withCaller(http().get(`/api/intermediary/calculation/?session=${complete}`), as) },
    {
      name: 'start/',
      send: (as) =>
        withCaller(
          http()
            .post('/api/intermediary/start/')
            .send(body(as, { clientGuid: mary, caseReference: 'Theirs' })),
          as,
        ),
    },
    {
      name: 'duplicate/',
      send: (as) =>
        withCaller(
          http()
            .post('/api/intermediary/duplicate/')
            .send(body(as, { clientGuid: mary, session: complete, caseReference: 'Theirs' })),
          as,
        ),
    },
    {
      name: 'delete/',
      send: (as) =>
        withCaller(
          http()
            .post('/api/intermediary/delete/')
            .send(body(as, { session: unfinished })),
          as,
        ),
    },
    {
      name: 'details/',
      send: (as) =>
        withCaller(
          http()
            .post('/api/intermediary/details/')
            .send(body(as, { session: complete, caseLabel: 'Theirs', caseNotes: '' })),
          as,
        ),
    },
    {
      name: 'compare/',
      send: (as) => withCaller(http().get(`/api/intermediary/compare/?clientGuid=${mary}&session=${complete}&session=${copy}`), as),
    },
    { name: 'pdf/', send: (as) => withCaller(http().get(`/api/intermediary/pdf/?clientGuid=${mary}&session=${complete}`), as) },
  ];
}

describe('who gets an answer', () => {
  it.each(everyEndpoint().map((endpoint) => [endpoint.name, endpoint] as const))(
    '%s: a signed-out visitor and a public session holder get 403 NO_ACCESS and nothing else',
    async (_, endpoint) => {
      for (const as of ['signed-out', 'public'] as const) {
        const response = await endpoint.send(as);
        expect({ as, status: response.status, code: response.body.code }).toEqual({ as, status: 403, code: 'NO_ACCESS' });
        expect(Object.keys(response.body).sort()).toEqual(['code', 'errors', 'message', 'statusCode']);
      }
    },
  );

  it.each(everyEndpoint().map((endpoint) => [endpoint.name, endpoint] as const))(
    "%s: another organisation's adviser learns nothing about the client or calculation",
    async (name, endpoint) => {
      const response = await endpoint.send(hana);
      if (name === 'clients/') {
        // A search only ever looks in the adviser's own organisation: Hillside's own Mary Smith, never Riverside's.
        expect(response.status).toBe(200);
        expect((response.body.searchClients as Client[]).map((client) => client.clientGuid)).toEqual([hillsideMary]);
        return;
      }
      expect(response.status).toBe(404);
      expect(['CLIENT_NOT_FOUND', 'CALCULATION_NOT_FOUND']).toContain(response.body.code);
      expect(JSON.stringify(response.body)).not.toMatch(/Mary|Smith|Part time|1984/);
    },
  );

  it('changes nothing when refused: no calculation was deleted, relabelled or added, and no audit row written for those callers', async () => {
    expect(await testApp.database.query('SELECT id FROM calculation_sessions WHERE id = $1', [unfinished])).toHaveLength(1);
    expect(await testApp.database.query(`SELECT case_label FROM calculation_sessions WHERE id = $1`, [complete])).toEqual([
      { case_label: 'Part time' },
    ]);
    expect(await testApp.database.query(`SELECT count(*)::int AS n FROM calculation_sessions WHERE case_label = 'Theirs'`)).toEqual([
      { n: 0 },
    ]);
    expect(await testApp.database.query('SELECT * FROM adviser_audit WHERE user_id = $1', [hana.userId])).toEqual([]);
  });

  it('refuses a change sent with the account cookie but without the X-CSRF-Token header', async () => {
    const response = await http()
      .post('/api/intermediary/details/')
      .set('Cookie', adam.cookie)
      .send({ session: complete, caseLabel: 'Forged', caseNotes: '' })
      .expect(403);
    expect(response.body.code).toBe('CSRF_FAILED');
    expect(await testApp.database.query(`SELECT case_label FROM calculation_sessions WHERE id = $1`, [complete])).toEqual([
      { case_label: 'Part time' },
    ]);
  });

  it("answers the organisation's admin as it answers its advisers", async () => {
    const rita = await signIn('admin@riverside.example', riversideAdmin);
    const response = await get('/api/intermediary/clients/?search=smi&searchType=organisation', rita).expect(200);
    expect((response.body.searchClients as Client[]).map((client) => client.clientGuid)).toEqual([mary, john]);
    expect((await get('/api/intermediary/clients/?search=smi&searchType=user', rita).expect(200)).body.searchClients).toEqual([]);
  });

  it("lets only the organisation's advisers open a client's calculation in the survey, and never by the identity check", async () => {
    // The Adviser Section: the survey page and the results name the client, for the client's advisers only.
    const page = (await get(`/api/data/survey/1/${complete}`, bea).expect(200)).body;
    expect(page).toMatchObject({
      isIntermediary: true,
      client: { clientGuid: mary, displayName: 'Mary Smith', dateOfBirth: '07/03/1984' },
    });
    expect((await get(`/api/data/result/?session=${complete}`, bea).expect(200)).body.client).toMatchObject({ clientGuid: mary });
    const publicPage = (await http().get(`/api/data/survey/1/${publicSession}`).set('X-Browser-Id', PUBLIC_BROWSER).expect(200)).body;
    expect(publicPage).toMatchObject({ isIntermediary: false, client: null });
    const stranger = await http().get(`/api/data/survey/1/${complete}`).set('X-Browser-Id', PUBLIC_BROWSER).expect(403);
    expect(stranger.body.code).toBe('NO_ACCESS');
    expect((await get(`/api/data/survey/1/${complete}`, hana).expect(403)).body.code).toBe('NO_ACCESS');
    expect((await get(`/api/data/result/?session=${complete}`, hana).expect(403)).body.code).toBe('NO_ACCESS');
    // Knowing the client's postcode is not enough: the identity check's grant does not open a client's calculation.
    const checked = await http()
      .post('/api/data/verify/')
      .send({ session: complete, postcode: 'M1 1AD', browserId: PUBLIC_BROWSER })
      .expect(200);
    const grant = ([] as string[])
      .concat(checked.headers['set-cookie'] ?? [])
      .map((line) => line.split(';')[0])
      .join('; ');
    const withGrant = await http()
      .get(`/api/data/survey/1/${complete}`)
      .set('X-Browser-Id', PUBLIC_BROWSER)
      .set('Cookie', grant)
      .expect(403);
    expect(withGrant.body.code).toBe('NO_ACCESS');
    // Nor does the landing page's 'Return to a saved calculation' find it by its reference and postcode.
    const [{ reference }] = await testApp.database.query<{ reference: string }>(
      'SELECT reference FROM calculation_sessions WHERE id = $1',
      [complete],
    );
    const lookup = await http()
      .post('/api/data/lookup/')
      .send({ token: reference, postcode: 'M1 1AD', browserId: PUBLIC_BROWSER })
      .expect(200);
    expect(lookup.body).toMatchObject({ valid: false, session: null });
    expect(lookup.headers['set-cookie']).toBeUndefined();
    // The public calculation keeps its own rules: the adviser's account does not open someone else's.
    expect(
      (await get(`/api/data/result/?session=${publicSession}`, adam).set('X-Browser-Id', 'browser_1795453200000_adviser1').expect(403)).body
        .code,
    ).toBe('VERIFICATION_REQUIRED');
  });
});

describe('GET clients/', () => {
  const search = (as: SignedIn, text: string, searchType: string) =>
    get(`/api/intermediary/clients/?search=${encodeURIComponent(text)}&searchType=${searchType}`, as);
  const guids = (response: request.Response) => (response.body.searchClients as Client[]).map((client) => client.clientGuid);

  it("'Only my clients' never shows a colleague's client", async () => {
    expect(guids(await search(adam, 'smi', 'user').expect(200))).toEqual([mary]);
    expect(guids(await search(bea, 'SMI', 'user').expect(200))).toEqual([john]);
    expect(guids(await search(bea, 'Mary', 'user').expect(200))).toEqual([]);
  });

  it("'All clients in my organisation' shows the colleagues' clients too, by first, last or full name", async () => {
    const response = await search(adam, 'smi', 'organisation').expect(200);
    expect(response.body.isIntermediary).toBe(true);
    expect(guids(response)).toEqual([mary, john]);
    expect(guids(await search(adam, 'john smi', 'organisation').expect(200))).toEqual([john]);
    expect(guids(await search(adam, 'ary', 'organisation').expect(200))).toEqual([mary]);
  });

  it('finds an exact date of birth, DD/MM/YYYY, and gives the client in the shape the adviser screens read', async () => {
    const response = await search(adam, '07/03/1984', 'organisation').expect(200);
    expect(response.body.searchClients).toEqual([
      expect.objectContaining({
        clientGuid: mary,
        displayName: 'Mary Smith',
        firstName: 'Mary',
        lastName: 'Smith',
        dateOfBirth: '07/03/1984',
        clientNumber: 'C-1',
        searchName: 'Smith, Mary (07/03/1984)',
      }),
    ]);
    expect(guids(await search(adam, '08/03/1984', 'organisation').expect(200))).toEqual([]);
  });

  it("lists the adviser's own clients before any search, most recently worked on first; the organisation's only by search", async () => {
    const zoe = await addClient(riverside, adam.userId, 'Zoe', 'Newcome', '1990-01-01');
    const yan = await addClient(riverside, adam.userId, 'Yan', 'Newby', '1991-02-02');
    // Added after Mary's calculation was started: the newest first.
    expect(guids(await search(adam, '', 'user').expect(200))).toEqual([yan, zoe, mary]);
    // A calculation started for Zoe puts her first.
    await post('/api/intermediary/start/', adam, {
      clientGuid: zoe,
      caseReference: 'First',
      isMobile: false,
      browserName: 'Firefox',
    }).expect(200);
    expect(guids(await search(adam, '   ', 'user').expect(200))).toEqual([zoe, yan, mary]);
    expect(guids(await search(bea, '', 'user').expect(200))).toEqual([john]);
    expect(guids(await search(hana, '', 'user').expect(200))).toEqual([hillsideMary]);
    expect((await search(adam, '', 'organisation').expect(400)).body.errors[0].path).toBe('search');
  });

  it('needs at least 3 characters, a real date and a known scope', async () => {
    const short = await search(adam, 'ab', 'user').expect(400);
    expect(short.body.errors).toEqual([{ path: 'search', message: expect.stringMatching(/at least 3 characters/) }]);
    expect((await search(adam, '31/02/1984', 'user').expect(400)).body.errors[0].path).toBe('search');
    expect((await search(adam, 'Smith', 'branch').expect(400)).body.errors).toEqual([
      { path: 'searchType', message: 'searchType must be user or organisation.' },
    ]);
  });
});

describe('GET client/', () => {
  it('gives the client and its calculations, newest first, with DD/MM/YYYY dates and where Edit goes', async () => {
    const response = await get(`/api/intermediary/client/?clientGuid=${mary}`, bea).expect(200);
    expect(response.body.isIntermediary).toBe(true);
    expect(response.body.client.clientGuid).toBe(mary);
    expect(response.body.client.calculationCreateDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const rows = response.body.calculations as ClientCalculationRow[];
    expect(rows.map((row) => [row.sessionId, row.caseReference, row.isComplete])).toEqual([
      [unfinished, 'Unfinished', false],
      [copy, 'Copy', true],
      [complete, 'Part time', true],
    ]);
    expect(rows[0].createdDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(rows[0].link).toBe(`/survey/1/${unfinished}`);
    expect(rows[2].link).toBe(`/survey/1/${complete}`);
  });

  it('refuses an unknown or malformed client id clearly', async () => {
    expect((await get(`/api/intermediary/client/?clientGuid=${UNKNOWN}`, adam).expect(404)).body.code).toBe('CLIENT_NOT_FOUND');
    expect((await get('/api/intermediary/client/?clientGuid=mary', adam).expect(400)).body.errors).toEqual([
      { path: 'clientGuid', message: 'clientGuid must be a client id.' },
    ]);
  });
});

describe('GET calculation/', () => {
  it('gives the same figures as the results page gives for the same answers, with the totals the adviser screen shows', async () => {
    const response = await get(`/api/intermediary/calculation/?session=${complete}`, adam).expect(200);
    expect(response.body).toMatchObject({ isValid: true, isIntermediary: true });
    const calculation = response.body.calculation as AdviserCalculation;
    const result = (await http().get(`/api/data/result/?session=${publicSession}`).set('X-Browser-Id', PUBLIC_BROWSER).expect(200))
      .body as ResultModel;
    const benefits = result.benefits!;
    expect(calculation).toMatchObject({
      session: complete,
      clientGuid: mary,
      displayName: 'Mary Smith',
      caseReference: 'Part time',
      isComplete: true,
      isEligibleForUc: result.eligibility.isEligibleForUc,
    });
    expect(calculation.ucBenefitWeeklyTotal).toBe(benefits.ucWeekly);
    expect(calculation.ucOtherMonthlyTotal).toBeCloseTo(benefits.ucIncomeMonthly + benefits.ucOtherIncomeMonthly, 2);
    expect(calculation.ucWeeklyTotal).toBeCloseTo(benefits.ucWeekly + benefits.ucIncomeWeekly + benefits.ucOtherIncomeWeekly, 2);
    expect(calculation.lbBenefitMonthlyTotal).toBe(benefits.lbMonthly);
    expect(calculation.universalCredit.map((line) => line.benefitName)).toEqual(
      benefits.universalCredit.map((benefit) => benefit.benefitName),
    );
    expect(calculation.categories.map((category) => category.name)).toEqual(result.categories.map((category) => category.name));
    expect(calculation.createDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('gives an unfinished calculation its details without figures', async () => {
    const calculation = (await get(`/api/intermediary/calculation/?session=${unfinished}`, adam).expect(200)).body
      .calculation as AdviserCalculation;
    expect(calculation).toMatchObject({
      isComplete: false,
      caseReference: 'Unfinished',
      meansTested: [],
      universalCredit: [],
      ucWeeklyTotal: 0,
      categories: [],
    });
  });

  it('refuses a malformed session, an unknown one, and a public calculation', async () => {
    expect((await get('/api/intermediary/calculation/?session=123', adam).expect(400)).body.errors).toEqual([
      { path: 'session', message: 'session must be a calculation id.' },
    ]);
    expect((await get(`/api/intermediary/calculation/?session=${UNKNOWN}`, adam).expect(404)).body.code).toBe('CALCULATION_NOT_FOUND');
    expect((await get(`/api/intermediary/calculation/?session=${publicSession}`, adam).expect(404)).body.code).toBe(
      'CALCULATION_NOT_FOUND',
    );
  });
});

describe('start/, duplicate/, details/ and delete/', () => {
  it('check the case label with the form’s messages', async () => {
    for (const [url, extra] of [
      ['start', {}],
      ['duplicate', { session: complete }],
    ] as const) {
      const missing = await post(`/api/intermediary/${url}/`, adam, { clientGuid: mary, caseReference: ' ', ...extra }).expect(400);
      expect(missing.body.errors).toEqual([{ path: 'caseReference', message: ADVISER_MESSAGES.caseLabelRequiredToStart }]);
      const long = await post(`/api/intermediary/${url}/`, adam, { clientGuid: mary, caseReference: 'x'.repeat(21), ...extra }).expect(400);
      expect(long.body.errors).toEqual([{ path: 'caseReference', message: ADVISER_MESSAGES.caseLabelTooLong }]);
    }
    const details = await post('/api/intermediary/details/', adam, {
      session: complete,
      caseLabel: 'x'.repeat(21),
      caseNotes: 'n'.repeat(2001),
    }).expect(400);
    expect(details.body.errors).toEqual([
      { path: 'caseLabel', message: ADVISER_MESSAGES.caseLabelTooLong },
      { path: 'caseNotes', message: ADVISER_MESSAGES.caseNotesTooLong },
    ]);
    expect((await post('/api/intermediary/details/', adam, { session: complete, caseLabel: '' }).expect(400)).body.errors).toEqual([
      { path: 'caseLabel', message: ADVISER_MESSAGES.caseLabelRequired },
    ]);
  });

  it('refuse an unknown client, and a duplicate of another client’s calculation', async () => {
    expect((await post('/api/intermediary/start/', adam, { clientGuid: UNKNOWN, caseReference: 'New' }).expect(404)).body.code).toBe(
      'CLIENT_NOT_FOUND',
    );
    expect(
      (await post('/api/intermediary/duplicate/', adam, { clientGuid: john, session: complete, caseReference: 'New' }).expect(404)).body
        .code,
    ).toBe('CALCULATION_NOT_FOUND');
    expect((await post('/api/intermediary/delete/', adam, { session: 'not-a-session' }).expect(400)).body.errors[0].path).toBe('session');
  });

  it('start/ and duplicate/ record who made the calculation and when; the copy has the same answers', async () => {
    expect(await auditRows(complete)).toEqual([
      { user_id: adam.userId, organisation_id: riverside, action: 'start', client_id: mary, occurred_at: expect.any(Date) },
    ]);
    expect((await auditRows(copy)).map((row) => [row.action, row.user_id])).toEqual([['duplicate', adam.userId]]);
    const answers = (session: string) =>
      testApp.database.query(
        'SELECT key AS question_name, value FROM calculation_sessions, jsonb_each(answers) WHERE id = $1 ORDER BY key',
        [session],
      );
    expect(await answers(copy)).toEqual(await answers(complete));
    expect(
      await testApp.database.query('SELECT client_id, adviser_user_id, owner_browser_id FROM calculation_sessions WHERE id = $1', [copy]),
    ).toEqual([{ client_id: mary, adviser_user_id: adam.userId, owner_browser_id: null }]);
  });

  it('details/ saves the label and notes, and records who changed them', async () => {
    expect(
      (
        await post('/api/intermediary/details/', bea, { session: copy, caseLabel: 'Full time', caseNotes: 'Starts work in March.' }).expect(
          200,
        )
      ).body,
    ).toEqual({ isValid: true, isIntermediary: true });
    const calculation = (await get(`/api/intermediary/calculation/?session=${copy}`, adam).expect(200)).body
      .calculation as AdviserCalculation;
    expect([calculation.caseReference, calculation.caseNotes]).toEqual(['Full time', 'Starts work in March.']);
    expect((await auditRows(copy)).map((row) => [row.action, row.user_id])).toEqual([
      ['duplicate', adam.userId],
      ['details', bea.userId],
    ]);
  });

  it('delete/ removes the calculation, and the audit record of it stays', async () => {
    const doomed = (await post('/api/intermediary/start/', adam, { clientGuid: mary, caseReference: 'Mistake' }).expect(200)).body
      .session as string;
    expect((await post('/api/intermediary/delete/', adam, { session: doomed }).expect(200)).body).toEqual({
      isValid: true,
      isIntermediary: true,
    });
    expect(await testApp.database.query('SELECT id FROM calculation_sessions WHERE id = $1', [doomed])).toEqual([]);
    expect((await auditRows(doomed)).map((row) => [row.action, row.user_id, row.client_id])).toEqual([
      ['start', adam.userId, mary],
      ['delete', adam.userId, mary],
    ]);
    expect((await post('/api/intermediary/delete/', adam, { session: doomed }).expect(404)).body.code).toBe('CALCULATION_NOT_FOUND');
  });
});

describe('GET compare/', () => {
  const compare = (sessions: string[], client = mary) =>
    get(`/api/intermediary/compare/?clientGuid=${client}${sessions.map((session) => `&session=${session}`).join('')}`, adam);

  it('puts the calculations side by side for each system, named by their case labels', async () => {
    const response = await compare([complete, copy]).expect(200);
    const body = response.body as CompareResponse;
    expect(body.isIntermediary).toBe(true);
    expect(body.uc.show).toBe(true);
    expect(body.uc.weeklyData.map((column) => column.name)).toEqual(['Part time', 'Full time']);
    expect(body.uc.categories).toContain('Universal Credit');
    // The same answers: the same figures.
    expect(body.uc.weeklyData[0]).toEqual({ ...body.uc.weeklyData[1], name: 'Part time' });
    expect(body.uc.weeklyData[0].data).toHaveLength(body.uc.categories.length);
    expect(body.uc.messageHtml).toMatch(/^<p>.+<\/p>$/);
    expect(body.lb.monthlyData).toHaveLength(2);
  });

  it('needs 2 to 6 different, finished calculations of the client', async () => {
    const seven = await compare([complete, copy, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN]).expect(400);
    expect(seven.body.errors).toEqual([{ path: 'session', message: 'Choose at most 6 calculations to compare.' }]);
    expect((await compare([complete]).expect(400)).body.errors).toEqual([
      { path: 'session', message: 'Choose at least 2 calculations to compare.' },
    ]);
    expect((await compare([complete, complete]).expect(400)).body.errors).toEqual([
      { path: 'session', message: 'Each calculation can be compared once.' },
    ]);
    expect((await compare([complete, 'x']).expect(400)).body.errors[0].message).toBe('Each session must be a calculation id.');
    expect((await compare([complete, unfinished]).expect(409)).body.code).toBe('CALCULATION_NOT_COMPLETE');
    expect((await compare([complete, publicSession]).expect(404)).body.errors).toEqual([
      { path: 'session[1]', message: 'This calculation was not found.' },
    ]);
    expect((await compare([complete, copy], john).expect(404)).body.code).toBe('CALCULATION_NOT_FOUND');
  });
});

describe('GET pdf/', () => {
  it('downloads one calculation’s results PDF', async () => {
    const response = await get(`/api/intermediary/pdf/?clientGuid=${mary}&session=${complete}`, adam).buffer(true).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Your Benefit Results.pdf"');
    expect(Number(response.headers['content-length'])).toBe((response.body as Buffer).length);
    expect((response.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('downloads a comparison PDF of several, monthly when asked', async () => {
    const response = await get(`/api/intermediary/pdf/?clientGuid=${mary}&session=${complete}&session=${copy}&period=monthly`, adam)
      .buffer(true)
      .expect(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="Comparing calculations.pdf"');
    expect(Number(response.headers['content-length'])).toBe((response.body as Buffer).length);
    expect((response.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses an unfinished calculation, a bad period and too many sessions', async () => {
    expect((await get(`/api/intermediary/pdf/?clientGuid=${mary}&session=${unfinished}`, adam).expect(409)).body.code).toBe(
      'CALCULATION_NOT_COMPLETE',
    );
    expect(
      (await get(`/api/intermediary/pdf/?clientGuid=${mary}&session=${complete}&period=yearly`, adam).expect(400)).body.errors,
    ).toEqual([{ path: 'period', message: 'period must be weekly or monthly.' }]);
    const seven = Array.from({ length: 7 }, () => `&session=${complete}`).join('');
    expect((await get(`/api/intermediary/pdf/?clientGuid=${mary}${seven}`, adam).expect(400)).body.errors[0].path).toBe('session');
  });
});

describe('calculations older than 6 months', () => {
  it('are not listed, opened or compared', async () => {
    const old = (
      await post('/api/intermediary/duplicate/', adam, { clientGuid: mary, session: complete, caseReference: 'Last year' }).expect(200)
    ).body.session as string;
    await testApp.database.query(`UPDATE calculation_sessions SET created_at = now() - interval '6 months 1 day' WHERE id = $1`, [old]);
    const rows = (await get(`/api/intermediary/client/?clientGuid=${mary}`, adam).expect(200)).body.calculations as ClientCalculationRow[];
    expect(rows.map((row) => row.sessionId)).not.toContain(old);
    expect(rows.map((row) => row.sessionId)).toContain(complete);
    expect((await get(`/api/intermediary/calculation/?session=${old}`, adam).expect(404)).body.code).toBe('CALCULATION_NOT_FOUND');
    expect(
      (await get(`/api/intermediary/compare/?clientGuid=${mary}&session=${complete}&session=${old}`, adam).expect(404)).body.code,
    ).toBe('CALCULATION_NOT_FOUND');
  });
});

describe('the logs', () => {
  it("never hold a client's name or date of birth, or an adviser's e-mail address", () => {
    const logs = testApp.logLines.join('\n');
    expect(logs).toMatch(/intermediary/);
    // Request ids are random hex, so the dates are looked for whole.
    expect(logs).not.toMatch(/Mary|Smith|John|07\/03\/1984|1984-03-07|30\/11\/1979|riverside\.example|hillside\.example/);
  });
});
