import request from 'supertest';
import { addMonths, type Figure, type ManagementInformationResponse } from '../../common/accounts/management-information.js';
import { ukToday } from '../../common/dates/uk-today.js';
import type { ResultModel } from '../../common/result/model.js';
import { AccountsService } from '../../api/src/accounts/accounts.service.js';
import { LONE_PARENT_SOCIAL_RENTER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import type { PageResponse } from '../support/questionnaire-api.js';
import { completeQuestionnaire } from '../support/questionnaire-api.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { signInWith, type SignedIn } from '../support/account-session.js';

/**
 * Management information (issue 20): an organisation admin sees the organisation's calculations by month, the share
 * that found something to claim, the yearly entitlement found per benefit and its API keys' calls, all aggregate,
 * with every count under 10 suppressed. The calculations here are made through the adviser area and the survey API
 * as an adviser makes them; the figures are checked against the results pages of the same calculations.
 */

const PASSWORD = 'a long enough password 1';
const LONE_PARENTS = 10;

let testApp: TestApp;
const http = () => request(testApp.app.getHttpServer());

let adam: SignedIn; // adviser at Riverside
let rita: SignedIn; // Riverside's admin
let hana: SignedIn; // adviser at Hillside, another organisation
let hal: SignedIn; // Hillside's admin
let loneParentSession: string;
let singleRenterSession: string;
const thisMonth = ukToday().slice(0, 7);
const lastMonth = addMonths(thisMonth, -1);
const daysAgo = (days: number) => new Date(Date.parse(`${ukToday()}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

const signIn = (email: string): Promise<SignedIn> => signInWith(http, email, PASSWORD);

const get = (url: string, as: SignedIn) => http().get(url).set('Cookie', as.cookie);
const post = (url: string, as: SignedIn, body: object) => http().post(url).set('Cookie', as.cookie).set('X-CSRF-Token', as.csrf).send(body);

async function addClient(organisationId: string, adviserId: string, firstName: string, lastName: string): Promise<string> {
  const [row] = await testApp.database.query<{ id: string }>(
    `INSERT INTO clients (organisation_id, adviser_id, first_name, last_name, date_of_birth) VALUES ($1, $2, $3, $4, '1990-05-01') RETURNING id`,
    [organisationId, adviserId, firstName, lastName],
  );
  return row.id;
}

async function startCalculation(as: SignedIn, clientGuid: string): Promise<string> {
  const response = await post('/api/intermediary/start/', as, { clientGuid, caseReference: 'MI check' }).expect(200);
  return (response.body as { session: string }).session;
}

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

/** A finished calculation's monthly amount of a benefit, in pence, as its results page shows it (0 when not shown). */
async function monthlyPenceOnResultsPage(session: string, code: string): Promise<number> {
  const result = (await get(`/api/data/result/?session=${session}`, adam).expect(200)).body as ResultModel;
  const benefits = [...result.benefits!.universalCredit, ...result.benefits!.nonMeansTested, ...result.benefits!.meansTested];
  return Math.round((benefits.find((benefit) => benefit.benefitCode === code)?.monthlyPayment ?? 0) * 100);
}

const shown = (value: number): Figure => ({ value, suppressed: false });
const SUPPRESSED: Figure = { value: null, suppressed: true };

async function addApiKey(organisationId: string, name: string, prefix: string, revoked: boolean, usage: [string, number, number][]) {
  const [{ id }] = await testApp.database.query<{ id: string }>(
    `INSERT INTO api_keys (organisation_id, name, prefix, key_hash, daily_quota, per_minute, revoked_at)
     VALUES ($1, $2, $3, encode(sha256(gen_random_uuid()::text::bytea), 'hex'), 10000, 60, CASE WHEN $4 THEN now() END) RETURNING id`,
    [organisationId, name, prefix, revoked],
  );
  for (const [day, calls, refused] of usage) {
    await testApp.database.query(`INSERT INTO api_key_usage (key_id, day, calls, refused) VALUES ($1, $2, $3, $4)`, [
      id,
      day,
      calls,
      refused,
    ]);
  }
}

beforeAll(async () => {
  testApp = await startTestApp();
  const accounts = testApp.app.get(AccountsService);
  const riverside = await accounts.createOrganisationWithAdmin('Riverside Advice', {
    email: 'admin@riverside.example',
    displayName: 'Rita Admin',
    password: PASSWORD,
  });
  const adamId = await accounts.addUserToOrganisation(riverside.organisationId, {
    email: 'adam@riverside.example',
    displayName: 'Adam Adviser',
    password: PASSWORD,
    role: 'adviser',
  });
  const hillside = await accounts.createOrganisationWithAdmin('Hillside Welfare Rights', {
    email: 'admin@hillside.example',
    displayName: 'Hal Admin',
    password: PASSWORD,
  });
  const hanaId = await accounts.addUserToOrganisation(hillside.organisationId, {
    email: 'hana@hillside.example',
    displayName: 'Hana Adviser',
    password: PASSWORD,
    role: 'adviser',
  });
  adam = await signIn('adam@riverside.example');
  rita = await signIn('admin@riverside.example');
  hana = await signIn('hana@hillside.example');
  hal = await signIn('admin@hillside.example');

  // Riverside: ten lone parents and one single renter finished this month; one calculation started last month, unfinished.
  for (let n = 1; n <= LONE_PARENTS; n++) {
    const session = await startCalculation(adam, await addClient(riverside.organisationId, adamId, 'Parent', `Number ${n}`));
    await answerAsAdviser(adam, session, LONE_PARENT_SOCIAL_RENTER);
    loneParentSession = session;
  }
  singleRenterSession = await startCalculation(adam, await addClient(riverside.organisationId, adamId, 'Sam', 'Single'));
  await answerAsAdviser(adam, singleRenterSession, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME);
  const unfinished = await startCalculation(adam, await addClient(riverside.organisationId, adamId, 'Una', 'Unfinished'));
  await testApp.database.query(`UPDATE calculation_sessions SET created_at = created_at - interval '1 month' WHERE id = $1`, [unfinished]);
  // Hillside: one lone parent, which Riverside's figures must never count.
  await answerAsAdviser(
    hana,
    await startCalculation(hana, await addClient(hillside.organisationId, hanaId, 'Harriet', 'Vane')),
    LONE_PARENT_SOCIAL_RENTER,
  );

  await addApiKey(riverside.organisationId, 'Housing team website', 'bc_live_a1b2', false, [
    [daysAgo(2), 5, 0],
    [daysAgo(1), 120, 12],
  ]);
  await addApiKey(riverside.organisationId, '=HYPERLINK("http://evil.example")', 'bc_live_c3d4', true, [[daysAgo(1), 30, 10]]);
  await addApiKey(hillside.organisationId, 'Hillside widget', 'bc_live_e5f6', false, [[daysAgo(1), 500, 0]]);
}, 180_000);

afterAll(async () => {
  await testApp?.close();
});

const figuresOf = async (as: SignedIn, query = `from=${lastMonth}&to=${thisMonth}`) =>
  (await get(`/api/account/management-information?${query}`, as).expect(200)).body as ManagementInformationResponse;

describe('management information', () => {
  it('counts the organisation’s calculations started and finished by month, suppressing counts under 10', async () => {
    const figures = await figuresOf(rita);
    expect(figures.from).toBe(lastMonth);
    expect(figures.to).toBe(thisMonth);
    // Last month: one calculation started, none finished: each is under 10, and so is the share worked out from them.
    expect(figures.months).toEqual([
      { month: lastMonth, started: SUPPRESSED, finished: SUPPRESSED, foundSomething: SUPPRESSED, foundSomethingPercent: SUPPRESSED },
      { month: thisMonth, started: shown(11), finished: shown(11), foundSomething: shown(11), foundSomethingPercent: shown(100) },
    ]);
    // Hillside's calculation is not among them: 12 started over the period, not 13.
    expect(figures.totals).toEqual({
      started: shown(12),
      finished: shown(11),
      foundSomething: shown(11),
      foundSomethingPercent: shown(100),
    });
  });

  it('adds up the yearly entitlement found per benefit, as the results pages showed each calculation', async () => {
    const { benefits } = await figuresOf(rita);
    const childBenefitMonthly = await monthlyPenceOnResultsPage(loneParentSession, 'CHILD_BENEFIT');
    expect(childBenefitMonthly).toBeGreaterThan(0);
    expect(await monthlyPenceOnResultsPage(singleRenterSession, 'CHILD_BENEFIT')).toBe(0);
    expect(benefits.find(({ code }) => code === 'CHILD_BENEFIT')).toEqual({
      code: 'CHILD_BENEFIT',
      name: 'Child Benefit',
      calculations: shown(LONE_PARENTS),
      yearlyPence: shown(LONE_PARENTS * childBenefitMonthly * 12),
    });
    const universalCredit = [
      await monthlyPenceOnResultsPage(loneParentSession, 'UNIVERSAL_CREDIT'),
      await monthlyPenceOnResultsPage(singleRenterSession, 'UNIVERSAL_CREDIT'),
    ];
    expect(universalCredit.every((pence) => pence > 0)).toBe(true);
    expect(benefits.find(({ code }) => code === 'UNIVERSAL_CREDIT')).toEqual({
      code: 'UNIVERSAL_CREDIT',
      name: 'Universal Credit',
      calculations: shown(LONE_PARENTS + 1),
      yearlyPence: shown((LONE_PARENTS * universalCredit[0] + universalCredit[1]) * 12),
    });
    // A benefit fewer than 10 calculations found has both its count and its sum suppressed.
    for (const benefit of benefits) expect(benefit.calculations.suppressed).toBe(benefit.yearlyPence.suppressed);
  });

  it('gives each of the organisation’s API keys its calls by day, and no other organisation’s keys', async () => {
    const { apiKeys } = await figuresOf(rita);
    expect(apiKeys).toEqual([
      {
        name: '=HYPERLINK("http://evil.example")',
        prefix: 'bc_live_c3d4',
        revoked: true,
        days: [{ day: daysAgo(1), calls: shown(30), refused: shown(10) }],
        totalCalls: shown(30),
        totalRefused: shown(10),
      },
      {
        name: 'Housing team website',
        prefix: 'bc_live_a1b2',
        revoked: false,
        days: [
          { day: daysAgo(2), calls: SUPPRESSED, refused: SUPPRESSED },
          { day: daysAgo(1), calls: shown(120), refused: shown(12) },
        ],
        totalCalls: shown(125),
        totalRefused: shown(12),
      },
    ]);
    const hillside = await figuresOf(hal);
    expect(hillside.apiKeys.map(({ name }) => name)).toEqual(['Hillside widget']);
    // Hillside's one calculation is under 10.
    expect(hillside.totals).toEqual({
      started: SUPPRESSED,
      finished: SUPPRESSED,
      foundSomething: SUPPRESSED,
      foundSomethingPercent: SUPPRESSED,
    });
    expect(hillside.benefits.every((benefit) => benefit.calculations.suppressed && benefit.yearlyPence.suppressed)).toBe(true);
  });

  it('gives the same figures as CSV, <10 for a suppressed one, a key’s name never read as a formula', async () => {
    const response = await get(`/api/account/management-information/csv?from=${lastMonth}&to=${thisMonth}`, rita).expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="management-information-${lastMonth}-to-${thisMonth}.csv"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = response.text.trimEnd().split('\r\n');
    expect(lines).toContain('Month,Started,Finished,Found something to claim,Share that found something (%)');
    expect(lines).toContain(`${lastMonth},<10,<10,<10,<10`);
    expect(lines).toContain(`${thisMonth},11,11,11,100`);
    expect(lines).toContain('Whole period,12,11,11,100');
    const { benefits } = await figuresOf(rita);
    const childBenefit = benefits.find(({ code }) => code === 'CHILD_BENEFIT')!;
    expect(lines).toContain(`Child Benefit,10,${(childBenefit.yearlyPence.value! / 100).toFixed(2)}`);
    expect(lines).toContain(`Housing team website,bc_live_a1b2,No,${daysAgo(2)},<10,<10`);
    expect(lines).toContain(`"'=HYPERLINK(""http://evil.example"")",bc_live_c3d4,Yes,${daysAgo(1)},30,10`);
    expect(response.text).not.toContain('Hillside');
  });

  it('covers the 12 months to this one by default, and refuses a period that is not one', async () => {
    const figures = await figuresOf(rita, '');
    expect(figures).toMatchObject({ from: addMonths(thisMonth, -11), to: thisMonth });
    expect(figures.months).toHaveLength(12);
    const notAMonth = await get('/api/account/management-information?from=2026-13', rita).expect(400);
    expect(notAMonth.body.errors).toEqual([{ path: 'from', message: 'from must be a month written yyyy-mm.' }]);
    await get(`/api/account/management-information?from=${thisMonth}&to=${lastMonth}`, rita).expect(400);
    await get(`/api/account/management-information?from=${addMonths(thisMonth, -24)}&to=${thisMonth}`, rita).expect(400);
    await get(`/api/account/management-information/csv?to=yesterday`, rita).expect(400);
  });

  it('gives an organisation that runs a partner portal the figures of its visitors’ calculations, and no one else', async () => {
    // Riverside runs CAP's portal: ten members of the public finished there (credited to the portal, having come
    // through its frame), one came from a link naming CAP (not in the portal), and one elsewhere.
    const accounts = testApp.app.get(AccountsService);
    const [riversideId] = await accounts.organisationIdsNamed('Riverside Advice');
    await accounts.linkPartner(riversideId, 'cap_live');
    for (let visitor = 0; visitor < 12; visitor += 1) {
      const { session } = await completeQuestionnaire(http, `browser_1795262400000_portal${visitor}x`, LONE_PARENT_SOCIAL_RENTER);
      if (visitor < 11) {
        await testApp.database.query(`UPDATE calculation_sessions SET partner_id = 'cap_live', is_portal = $2 WHERE id = $1`, [
          session,
          visitor < 10,
        ]);
      }
    }
    const organisation = await figuresOf(rita);
    expect(organisation).toMatchObject({ scope: 'organisation', partner: { id: 'cap_live', name: 'CAP' } });
    // The organisation's own figures are as before: the portal's visitors are not its clients.
    expect(organisation.totals.finished).toEqual(shown(11));
    const portal = await figuresOf(rita, `from=${lastMonth}&to=${thisMonth}&scope=partner`);
    expect(portal).toMatchObject({ scope: 'partner', apiKeys: [] });
    expect(portal.totals).toEqual({
      started: shown(10),
      finished: shown(10),
      foundSomething: shown(10),
      foundSomethingPercent: shown(100),
    });
    expect(portal.benefits.find(({ code }) => code === 'CHILD_BENEFIT')!.calculations).toEqual(shown(10));
    const csv = await get(`/api/account/management-information/csv?from=${lastMonth}&to=${thisMonth}&scope=partner`, rita).expect(200);
    expect(csv.headers['content-disposition']).toContain('management-information-portal-');
    // Hillside runs no portal: no figures of CAP's for it, and no choice offered.
    expect((await figuresOf(hal)).partner).toBeNull();
    const refused = await get(`/api/account/management-information?scope=partner`, hal).expect(404);
    expect(refused.body.code).toBe('NO_PARTNER_PORTAL');
    expect((await get(`/api/account/management-information?scope=everyone`, rita).expect(400)).body.errors[0].path).toBe('scope');
  }, 60_000);

  it('is for organisation admins only: an adviser, or someone signed out, gets 403', async () => {
    for (const url of ['/api/account/management-information', '/api/account/management-information/csv']) {
      expect((await get(url, adam).expect(403)).body.code).toBe('NO_ACCESS');
      await get(url, hana).expect(403);
      await http().get(url).expect(403);
    }
  });

  it('names no one in any log line', () => {
    const lines = testApp.logLines.join('\n');
    for (const name of ['Parent', 'Sam', 'Single', 'Harriet', 'Vane', '1990-05-01', 'M1 1AD']) expect(lines).not.toContain(name);
  });
});
