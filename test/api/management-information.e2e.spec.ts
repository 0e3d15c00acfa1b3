import request from 'supertest';
import { addMonths, monthsOfYear, yearOf, type ManagementInformationResponse } from '../../common/accounts/management-information.js';
import { Cell, countFigure, moneyFigure, type Figure } from '../../common/disclosure-control.js';
import { ukToday } from '../../common/dates/uk-today.js';
import type { ResultModel } from '../../common/result/model.js';
import { AccountsService } from '../../api/src/accounts/accounts.service.js';
import { LONE_PARENT_SOCIAL_RENTER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import type { PageResponse } from '../support/questionnaire-api.js';
import { completeQuestionnaire } from '../support/questionnaire-api.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { signInWith, type SignedIn } from '../support/account-session.js';

/**
 * Management information (issue 20): an organisation admin sees the organisation's calculations by month over a year
 * (April to March), the share that found something to claim, the yearly entitlement found per benefit and its API
 * keys' calls, all aggregate and under the disclosure control (common/disclosure-control.ts). The calculations here are
 * made through the adviser area and the survey API as an adviser makes them; the figures are checked against the
 * control applied to exactly those calculations (their record keys, and their amounts on the results pages).
 * test/api/aggregates-differencing.e2e.spec.ts tries to read one person out of them.
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
const year = yearOf(thisMonth);
/** Another month of the same year: last month, or next month in April. */
const otherMonth = yearOf(addMonths(thisMonth, -1)) === year ? addMonths(thisMonth, -1) : addMonths(thisMonth, 1);
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

const shown = (value: number): Figure => ({ value, withheld: null });
const FEWER_THAN_10: Figure = { value: null, withheld: 'fewer-than-10' };
const REVEALS: Figure = { value: null, withheld: 'would-reveal-another' };

/** Riverside's calculations' record keys, by whether they are finished: the control's input, read from the database. */
async function riversideKeys(): Promise<{ finished: number[]; loneParents: number[]; all: number[] }> {
  const rows = await testApp.database.query<{ id: string; record_key: number; finished: boolean }>(
    `SELECT s.id, s.record_key, s.finished_at IS NOT NULL AS finished FROM calculation_sessions s JOIN clients c ON c.id = s.client_id
       JOIN organisations o ON o.id = c.organisation_id WHERE o.name = 'Riverside Advice'`,
  );
  const finished = rows.filter((row) => row.finished);
  return {
    all: rows.map((row) => row.record_key),
    finished: finished.map((row) => row.record_key),
    loneParents: finished.filter((row) => row.id !== singleRenterSession).map((row) => row.record_key),
  };
}
const cellOf = (keys: number[], pence: number[] = []) => keys.reduce((cell, key, index) => cell.add(key, pence[index] ?? 0), new Cell());

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

  // Riverside: ten lone parents and one single renter finished this month; one calculation started another month, unfinished.
  for (let n = 1; n <= LONE_PARENTS; n++) {
    const session = await startCalculation(adam, await addClient(riverside.organisationId, adamId, 'Parent', `Number ${n}`));
    await answerAsAdviser(adam, session, LONE_PARENT_SOCIAL_RENTER);
    loneParentSession = session;
  }
  singleRenterSession = await startCalculation(adam, await addClient(riverside.organisationId, adamId, 'Sam', 'Single'));
  await answerAsAdviser(adam, singleRenterSession, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME);
  const unfinished = await startCalculation(adam, await addClient(riverside.organisationId, adamId, 'Una', 'Unfinished'));
  await testApp.database.query(`UPDATE calculation_sessions SET created_at = $2::date + interval '12 hours' WHERE id = $1`, [
    unfinished,
    `${otherMonth}-15`,
  ]);
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

const figuresOf = async (as: SignedIn, query = `year=${year}`) =>
  (await get(`/api/account/management-information?${query}`, as).expect(200)).body as ManagementInformationResponse;

describe('management information', () => {
  it('counts the organisation’s calculations by month over the year: 0 for none, fewer than 10, rounded otherwise', async () => {
    const figures = await figuresOf(rita);
    expect(figures).toMatchObject({ year, from: monthsOfYear(year)[0], to: monthsOfYear(year)[11] });
    expect(figures.months.map(({ month }) => month)).toEqual(monthsOfYear(year));
    const keys = await riversideKeys();
    const eleven = countFigure(cellOf(keys.finished), 'shown');
    expect([10, 15]).toContain(eleven.value);
    const byMonth = new Map(figures.months.map(({ month, ...period }) => [month, period]));
    // The other month: one calculation started, none finished. This month: 11 started and finished, all found something;
    // its started is withheld too, or the year's 12 less this month's 11 would give the other month's 1 back.
    expect(byMonth.get(otherMonth)).toEqual({
      started: FEWER_THAN_10,
      finished: shown(0),
      foundSomething: shown(0),
      foundSomethingPercent: null,
    });
    expect(byMonth.get(thisMonth)).toEqual({
      started: REVEALS,
      finished: eleven,
      foundSomething: eleven,
      foundSomethingPercent: shown(100),
    });
    for (const [month, period] of byMonth)
      if (month !== thisMonth && month !== otherMonth)
        expect(period).toEqual({ started: shown(0), finished: shown(0), foundSomething: shown(0), foundSomethingPercent: null });
    // Hillside's calculation is not among them: the year's 12 started are Riverside's.
    expect(figures.totals).toEqual({
      started: countFigure(cellOf(keys.all), 'shown'),
      finished: eleven,
      foundSomething: eleven,
      foundSomethingPercent: shown(100),
    });
    // The same question gets the same answer.
    expect(await figuresOf(rita)).toEqual(figures);
  });

  it('adds up the yearly entitlement found per benefit from the results pages, rounded to £10,000 a year', async () => {
    const { benefits } = await figuresOf(rita);
    const keys = await riversideKeys();
    const childBenefitMonthly = await monthlyPenceOnResultsPage(loneParentSession, 'CHILD_BENEFIT');
    expect(childBenefitMonthly).toBeGreaterThan(0);
    expect(await monthlyPenceOnResultsPage(singleRenterSession, 'CHILD_BENEFIT')).toBe(0);
    // Ten of the eleven that found something found Child Benefit: their count is withheld, or 11 less 10 would say
    // that one found something else only. Their money is from ten calculations: shown, rounded.
    expect(benefits.find(({ code }) => code === 'CHILD_BENEFIT')).toEqual({
      code: 'CHILD_BENEFIT',
      name: 'Child Benefit',
      calculations: REVEALS,
      yearlyPence: moneyFigure(cellOf(keys.loneParents, Array(LONE_PARENTS).fill(childBenefitMonthly * 12)), 'shown'),
    });
    const universalCredit = await monthlyPenceOnResultsPage(loneParentSession, 'UNIVERSAL_CREDIT');
    const singleRenters = await monthlyPenceOnResultsPage(singleRenterSession, 'UNIVERSAL_CREDIT');
    expect(universalCredit > 0 && singleRenters > 0).toBe(true);
    const ucPence = keys.finished.map((key) => (keys.loneParents.includes(key) ? universalCredit : singleRenters) * 12);
    expect(benefits.find(({ code }) => code === 'UNIVERSAL_CREDIT')).toEqual({
      code: 'UNIVERSAL_CREDIT',
      name: 'Universal Credit',
      calculations: countFigure(cellOf(keys.finished), 'shown'),
      yearlyPence: moneyFigure(cellOf(keys.finished, ucPence), 'shown'),
    });
    for (const benefit of benefits) {
      // Money is never 'fewer than 10', and is a multiple of £10,000.
      expect(benefit.yearlyPence.withheld).not.toBe('fewer-than-10');
      if (benefit.yearlyPence.value !== null) expect(benefit.yearlyPence.value % 1_000_000).toBe(0);
      if (benefit.calculations.withheld === 'fewer-than-10') expect(benefit.yearlyPence.withheld).toBe('too-few');
    }
    // A benefit nobody found reads 0, its money £0.
    expect(benefits.find(({ code }) => code === 'WINTER_FUEL_PAYMENT')).toMatchObject({ calculations: shown(0), yearlyPence: shown(0) });
  });

  it('gives each of the organisation’s API keys its calls by day, exactly, and no other organisation’s keys', async () => {
    const { apiKeys } = await figuresOf(rita);
    expect(apiKeys).toEqual([
      {
        name: '=HYPERLINK("http://evil.example")',
        prefix: 'bc_live_c3d4',
        revoked: true,
        days: [{ day: daysAgo(1), calls: 30, refused: 10 }],
        totalCalls: 30,
        totalRefused: 10,
      },
      {
        name: 'Housing team website',
        prefix: 'bc_live_a1b2',
        revoked: false,
        days: [
          { day: daysAgo(2), calls: 5, refused: 0 },
          { day: daysAgo(1), calls: 120, refused: 12 },
        ],
        totalCalls: 125,
        totalRefused: 12,
      },
    ]);
    const hillside = await figuresOf(hal);
    expect(hillside.apiKeys.map(({ name }) => name)).toEqual(['Hillside widget']);
    // Hillside's one calculation is under 10.
    expect(hillside.totals).toEqual({
      started: FEWER_THAN_10,
      finished: FEWER_THAN_10,
      foundSomething: FEWER_THAN_10,
      foundSomethingPercent: { value: null, withheld: 'too-few' },
    });
    expect(hillside.benefits.every((benefit) => benefit.yearlyPence.withheld !== null || benefit.yearlyPence.value === 0)).toBe(true);
  });

  it('gives the same figures as CSV, each withheld one saying why, a key’s name never read as a formula', async () => {
    const response = await get(`/api/account/management-information/csv?year=${year}`, rita).expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="management-information-${year}.csv"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = response.text.trimEnd().split('\r\n');
    const figures = await figuresOf(rita);
    const eleven = figures.totals.finished.value;
    expect(lines).toContain('Month,Started,Finished,Found something to claim,Share that found something (%)');
    expect(lines).toContain(`${otherMonth},fewer than 10,0,0,none finished`);
    expect(lines).toContain(`${thisMonth},withheld: would reveal another figure,${eleven},${eleven},100`);
    expect(lines).toContain(`Whole year,${figures.totals.started.value},${eleven},${eleven},100`);
    const childBenefit = figures.benefits.find(({ code }) => code === 'CHILD_BENEFIT')!;
    expect(lines).toContain(`Child Benefit,withheld: would reveal another figure,${childBenefit.yearlyPence.value! / 100}`);
    expect(lines).toContain(`Housing team website,bc_live_a1b2,No,${daysAgo(2)},5,0`);
    expect(lines).toContain(`"'=HYPERLINK(""http://evil.example"")",bc_live_c3d4,Yes,${daysAgo(1)},30,10`);
    expect(response.text).not.toContain('<10');
    expect(response.text).not.toContain('Hillside');
  });

  it('covers the year today is in by default, and refuses any other period', async () => {
    const figures = await figuresOf(rita, '');
    expect(figures.year).toBe(year);
    expect(figures.months).toHaveLength(12);
    const notAYear = await get('/api/account/management-information?year=2026-28', rita).expect(400);
    expect(notAYear.body.errors).toEqual([
      { path: 'year', message: 'year must be a year written like 2026-27 (April 2026 to March 2027).' },
    ]);
    // A period of one's own choosing is not taken: months overlapping another answer could give one person away.
    const ownPeriod = await get(`/api/account/management-information?from=${otherMonth}&to=${thisMonth}`, rita).expect(400);
    expect(ownPeriod.body.errors.map(({ path }: { path: string }) => path)).toEqual(['from', 'to']);
    await get(`/api/account/management-information/csv?year=yesterday`, rita).expect(400);
  });

  it('gives an organisation that runs a partner portal the figures of its visitors’ calculations, and no one else', async () => {
    // Riverside runs CAP's portal: ten members of the public finished there (credited to the portal, having come
    // through its frame), one came from a link naming CAP (not in the portal), and one elsewhere.
    const accounts = testApp.app.get(AccountsService);
    const [riversideId] = await accounts.organisationIdsNamed('Riverside Advice');
    await accounts.linkPartner(riversideId, 'cap_live');
    const portalSessions: string[] = [];
    for (let visitor = 0; visitor < 12; visitor += 1) {
      const { session } = await completeQuestionnaire(http, `browser_1795262400000_portal${visitor}x`, LONE_PARENT_SOCIAL_RENTER);
      if (visitor < 11) {
        await testApp.database.query(`UPDATE calculation_sessions SET partner_id = 'cap_live', is_portal = $2 WHERE id = $1`, [
          session,
          visitor < 10,
        ]);
        if (visitor < 10) portalSessions.push(session);
      }
    }
    const organisation = await figuresOf(rita);
    expect(organisation).toMatchObject({ scope: 'organisation', partner: { id: 'cap_live', name: 'CAP' } });
    // The organisation's own figures are as before: the portal's visitors are not its clients.
    expect(organisation.totals.finished).toEqual(countFigure(cellOf((await riversideKeys()).finished), 'shown'));
    const portal = await figuresOf(rita, `year=${year}&scope=partner`);
    expect(portal).toMatchObject({ scope: 'partner', apiKeys: [] });
    const portalKeys = (
      await testApp.database.query<{ record_key: number }>(`SELECT record_key FROM calculation_sessions WHERE id = ANY($1)`, [
        portalSessions,
      ])
    ).map((row) => row.record_key);
    const ten = countFigure(cellOf(portalKeys), 'shown');
    expect(ten).toEqual(shown(10));
    expect(portal.totals).toEqual({ started: ten, finished: ten, foundSomething: ten, foundSomethingPercent: shown(100) });
    expect(portal.benefits.find(({ code }) => code === 'CHILD_BENEFIT')!.calculations).toEqual(ten);
    const csv = await get(`/api/account/management-information/csv?year=${year}&scope=partner`, rita).expect(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="management-information-portal-${year}.csv"`);
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
