import request from 'supertest';
import { hashPassword } from '../../api/src/accounts/password.js';
import { ukToday } from '../../common/dates/uk-today.js';
import type { ResultModel } from '../../common/result/model.js';
import { signInWith, type SignedIn } from '../support/account-session.js';
import { startApiProcess, type ApiProcess } from '../support/api-process.js';
import { LONE_PARENT_SOCIAL_RENTER, money, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import { completeQuestionnaire } from '../support/questionnaire-api.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * Issue 28, point 6: no aggregate can be compared with another to give one person back. Against a production build
 * with the default limits, an organisation admin asks management information everything it lets them ask (periods that
 * overlap, the same question twice, the organisation's clients and the partner portal's visitors, the whole year less
 * the months shown, each benefit's figures before and after one more visitor), and a policy officer runs the impact of
 * drafts aimed at the only claimant aged 55 and at two groups that differ by that one person. From all of it, no one
 * person's count or money can be worked out.
 *
 * The answers are read in whichever shape the API gives (a figure's value is null when it is not shown), so that the
 * same attacks can be tried against a build from before the disclosure control.
 */

const PASSWORD = 'a long enough password 1';
const ADMIN = 'rita@riverside.example';
const POLICY = 'pat@charity.example';

let database: TestDatabase;
let server: ApiProcess;
const http = () => request(server.url);
let rita: SignedIn;
let pat: SignedIn;

const today = ukToday();
const thisMonth = today.slice(0, 7);
const monthBefore = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
};
const monthAfter = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
};
/** April to March: this month's year. */
const yearOfMonth = (month: string) => {
  const first = Number(month.slice(5, 7)) >= 4 ? Number(month.slice(0, 4)) : Number(month.slice(0, 4)) - 1;
  return `${first}-${String((first + 1) % 100).padStart(2, '0')}`;
};
/** A quiet month of the same year as this one: last month, or next month in April. */
const quietMonth = yearOfMonth(monthBefore(thisMonth)) === yearOfMonth(thisMonth) ? monthBefore(thisMonth) : monthAfter(thisMonth);
const [firstMonth, lastMonth] = [quietMonth, thisMonth].sort() as [string, string];
const midMonth = (month: string) => `${month}-15T12:00:00Z`;

/** A date of birth, dd/mm/yyyy, of someone `age` today (100 days past their birthday). */
function bornAged(age: number): string {
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 100);
  date.setUTCFullYear(date.getUTCFullYear() - age);
  const iso = date.toISOString().slice(0, 10);
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/**
 * A single private renter working part time, not liable for council tax, so that Universal Credit is all they get:
 * about £5,000 a year, well away from a multiple of the £10,000 money is rounded to.
 */
function singleRenterAged(age: number): [string, Record<string, unknown>][] {
  return SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.map(([page, answers]) => {
    if (page === 'about-you') return [page, { ...answers, ClientDob: bornAged(age) }];
    if (page === 'your-work') return [page, { ...answers, ClientEarnings: money('1100', 'Monthly') }];
    if (page === 'council-tax') return [page, { ClientCouncilTaxLiable: 'No' }];
    return [page, answers];
  });
}

let references = 0;
/** A copy of a finished calculation, as if made on `at`, for a client, in a portal or by the public; ClientDob changed if given. */
async function copyOf(
  session: string,
  at: string,
  whose: { partnerId?: string; clientId?: string; adviserId?: string } = {},
  dateOfBirth?: string,
): Promise<string> {
  references += 1;
  const [{ id }] = await database.query<{ id: string }>(
    `INSERT INTO calculation_sessions (reference, completed_pages, created_at, updated_at, finished_at, partner_id, client_id, adviser_user_id, answers)
     SELECT $2, completed_pages, $3, $3, $3, $4, $5, $6, CASE WHEN $7::jsonb IS NULL THEN answers ELSE answers || jsonb_build_object('ClientDob', $7::jsonb) END
       FROM calculation_sessions WHERE id = $1 RETURNING id`,
    [
      session,
      `COPY${String(references).padStart(5, '0')}`,
      at,
      whose.partnerId ?? null,
      whose.clientId ?? null,
      whose.adviserId ?? null,
      dateOfBirth === undefined ? null : JSON.stringify(dateOfBirth),
    ],
  );
  return id;
}

async function moveTo(session: string, at: string, partnerId: string | null): Promise<void> {
  await database.query(
    `UPDATE calculation_sessions SET created_at = $2, updated_at = $2, finished_at = $2, partner_id = $3 WHERE id = $1`,
    [session, at, partnerId],
  );
}

/** A finished calculation's Universal Credit a year in pence, as its results page shows it, and every benefit it shows. */
async function universalCreditYearly(session: string, browserId: string): Promise<{ pence: number; benefits: string[] }> {
  const result = (await http().get(`/api/data/result/?session=${session}`).set('X-Browser-Id', browserId).expect(200)).body as ResultModel;
  const benefits = [...result.benefits!.universalCredit, ...result.benefits!.nonMeansTested, ...result.benefits!.meansTested].filter(
    (benefit) => (benefit.monthlyPayment ?? 0) > 0,
  );
  const universalCredit = benefits.find((benefit) => benefit.benefitCode === 'UNIVERSAL_CREDIT')!;
  return { pence: Math.round(universalCredit.monthlyPayment! * 100) * 12, benefits: benefits.map((benefit) => benefit.benefitCode) };
}

// --- Reading figures in either shape --------------------------------------------------------------------------------

type Loose = Record<string, unknown>;
/** A figure's value: a number when shown, null when not (suppressed or withheld). */
function valueOf(figure: unknown): number | null {
  if (typeof figure === 'number') return figure;
  const value = (figure as Loose | null | undefined)?.value;
  return typeof value === 'number' ? value : null;
}
const COLUMNS = ['started', 'finished', 'foundSomething'] as const;

/** What an organisation admin was given, with the question asked. */
interface Answer {
  question: string;
  scope: 'organisation' | 'partner';
  body: Loose;
}

/** A person's figures the attacker must not recover: a count of 1 and their yearly Universal Credit. */
interface Person {
  name: string;
  yearlyPence: number;
}

/** Every way one of the answers' figures, less another's, or less the others of its sum, gives one person back. */
function whatGivesSomeoneAway(answers: Answer[], people: Person[]): string[] {
  const found: string[] = [];
  const near = (difference: number, person: Person) => Math.abs(difference - person.yearlyPence) <= Math.abs(person.yearlyPence) / 4;
  // The whole period less the months shown: exactly one month not shown is given back.
  for (const { question, body } of answers) {
    const months = body.months as Loose[];
    for (const column of COLUMNS) {
      const total = valueOf((body.totals as Loose)[column]);
      const hidden = months.filter((month) => valueOf(month[column]) === null);
      if (total !== null && hidden.length === 1) {
        const rest = total - months.reduce((sum, month) => sum + (valueOf(month[column]) ?? 0), 0);
        found.push(`${question}: the total ${column} less the months shown gives ${hidden[0]!.month} back as ${rest}`);
      }
    }
  }
  // The same figure in two answers of the same scope (other periods, or the same read later): a difference of one
  // calculation, or of about one person's money.
  for (const [index, first] of answers.entries())
    for (const second of answers.slice(index + 1)) {
      if (first.scope !== second.scope) continue;
      const pairs: [string, unknown, unknown][] = COLUMNS.map((column) => [
        `whole period ${column}`,
        (first.body.totals as Loose)[column],
        (second.body.totals as Loose)[column],
      ]);
      for (const benefit of first.body.benefits as Loose[]) {
        const other = (second.body.benefits as Loose[]).find(({ code }) => code === benefit.code);
        pairs.push([`${String(benefit.code)} calculations`, benefit.calculations, other?.calculations]);
        pairs.push([`${String(benefit.code)} money`, benefit.yearlyPence, other?.yearlyPence]);
      }
      for (const [what, a, b] of pairs) {
        const [x, y] = [valueOf(a), valueOf(b)];
        if (x === null || y === null || x === y) continue;
        if (what.endsWith('money')) {
          for (const person of people)
            if (near(x - y, person) || near(y - x, person))
              found.push(
                `${first.question} and ${second.question}: ${what} differs by ${x - y}, about ${person.name}'s ${person.yearlyPence}`,
              );
        } else if (Math.abs(x - y) === 1) found.push(`${first.question} and ${second.question}: ${what} differs by one calculation`);
      }
    }
  return found;
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
  const passwordHash = await hashPassword(PASSWORD);
  const [riverside] = await database.query<{ id: string }>(
    `INSERT INTO organisations (name, partner_id) VALUES ('Riverside Advice', 'cap_live') RETURNING id`,
  );
  const [charity] = await database.query<{ id: string }>(`INSERT INTO organisations (name) VALUES ('The charity') RETURNING id`);
  const [adviser] = await database.query<{ id: string }>(
    `INSERT INTO users (organisation_id, email, password_hash, role, display_name) VALUES ($1, 'adam@riverside.example', $2, 'adviser', 'Adam Adviser') RETURNING id`,
    [riverside!.id, passwordHash],
  );
  await database.query(
    `INSERT INTO users (organisation_id, email, password_hash, role, display_name) VALUES ($1, $2, $3, 'organisation-admin', 'Rita Admin')`,
    [riverside!.id, ADMIN, passwordHash],
  );
  await database.query(
    `INSERT INTO users (organisation_id, email, password_hash, role, display_name) VALUES ($1, $2, $3, 'policy-staff', 'Pat Policy')`,
    [charity!.id, POLICY, passwordHash],
  );
  rita = await signInWith(http, ADMIN, PASSWORD);
  pat = await signInWith(http, POLICY, PASSWORD);

  // Templates, answered through the survey API as a visitor answers them; the crowds around them are copies.
  const { session: singleRenter } = await completeQuestionnaire(
    http,
    'browser_1795262400000_template1',
    SINGLE_PRIVATE_RENTER_WORKING_PART_TIME,
  );
  const { session: loneParent } = await completeQuestionnaire(http, 'browser_1795262400000_template2', LONE_PARENT_SOCIAL_RENTER);
  // Riverside's clients: 20 calculations this month, 3 in the quiet month (fewer than 10).
  const client = async (name: string) =>
    (
      await database.query<{ id: string }>(
        `INSERT INTO clients (organisation_id, adviser_id, first_name, last_name, date_of_birth) VALUES ($1, $2, $3, 'Client', '1990-05-01') RETURNING id`,
        [riverside!.id, adviser!.id, name],
      )
    )[0]!.id;
  for (let n = 0; n < 23; n += 1)
    await copyOf(singleRenter, midMonth(n < 20 ? thisMonth : quietMonth), {
      clientId: await client(`Client ${n}`),
      adviserId: adviser!.id,
    });
  // The CAP portal Riverside runs: 12 visitors this month.
  for (let n = 0; n < 12; n += 1) await copyOf(loneParent, midMonth(thisMonth), { partnerId: 'cap_live' });
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe('an organisation admin asking management information everything it answers', () => {
  /** Every question an admin can put: periods of their choosing (older builds), whole years, both scopes. */
  const QUESTIONS = [
    `from=${firstMonth}&to=${lastMonth}`,
    `from=${thisMonth}&to=${thisMonth}`,
    `from=${quietMonth}&to=${quietMonth}`,
    `year=${yearOfMonth(thisMonth)}`,
    `year=${yearOfMonth(monthBefore(`${yearOfMonth(thisMonth).slice(0, 4)}-04`))}`,
    '',
  ];

  async function askEverything(label: string): Promise<Answer[]> {
    const answers: Answer[] = [];
    for (const scope of ['organisation', 'partner'] as const)
      for (const question of QUESTIONS) {
        const query = [question, scope === 'partner' ? 'scope=partner' : ''].filter(Boolean).join('&');
        const response = await http().get(`/api/account/management-information?${query}`).set('Cookie', rita.cookie);
        if (response.status === 200) answers.push({ question: `${label} ?${query}`, scope, body: response.body as Loose });
        // A question it does not take is refused plainly (with the server's log if it fails instead).
        else
          expect({ query, status: response.status, log: response.status >= 500 ? server.output() : '' }).toEqual({
            query,
            status: 400,
            log: '',
          });
      }
    return answers;
  }

  let visitorInQuietMonth: Person;
  let visitorLater: Person;
  let before: Answer[];

  beforeAll(async () => {
    // One visitor to the portal in the quiet month: the one person an overlapping period would isolate.
    const browser = 'browser_1795262400000_visitor01';
    const { session } = await completeQuestionnaire(http, browser, singleRenterAged(40));
    visitorInQuietMonth = { name: 'the quiet month’s visitor', yearlyPence: (await universalCreditYearly(session, browser)).pence };
    await moveTo(session, midMonth(quietMonth), 'cap_live');
    before = await askEverything('before');
  }, 120_000);

  it('answers the same question the same way every time, in either scope', async () => {
    expect(before.length).toBeGreaterThan(0);
    const again = await askEverything('before');
    expect(again).toEqual(before);
  }, 60_000);

  it('gives no one back: not from overlapping periods, the year less its months, either scope, or reading after one more visitor', async () => {
    // One more visitor finishes in the portal this month, and the admin reads everything again.
    const browser = 'browser_1795262400000_visitor02';
    const { session } = await completeQuestionnaire(http, browser, singleRenterAged(41));
    visitorLater = { name: 'the later visitor', yearlyPence: (await universalCreditYearly(session, browser)).pence };
    await moveTo(session, midMonth(thisMonth), 'cap_live');
    const after = await askEverything('after');
    // The test means something only if each person's money is one a difference could be compared with.
    for (const person of [visitorInQuietMonth, visitorLater]) expect(person.yearlyPence).toBeGreaterThan(250_000);
    for (const person of [visitorInQuietMonth, visitorLater]) expect(person.yearlyPence).toBeLessThan(750_000);
    expect(whatGivesSomeoneAway([...before, ...after], [visitorInQuietMonth, visitorLater])).toEqual([]);
  }, 120_000);

  it('says 0 for none, "fewer than 10" only for a count of 1 to 9, and never of money, in the API and the CSV', async () => {
    const year = yearOfMonth(thisMonth);
    const response = await http().get(`/api/account/management-information?year=${year}`).set('Cookie', rita.cookie).expect(200);
    const body = response.body as Loose;
    const months = body.months as Loose[];
    // A month of the year in which nobody started a calculation: 0.
    const empty = months.find((month) => month.month !== thisMonth && month.month !== quietMonth)!;
    for (const column of COLUMNS) expect(empty[column]).toEqual({ value: 0, withheld: null });
    // The quiet month's 3: fewer than 10.
    expect(months.find((month) => month.month === quietMonth)!.started).toEqual({ value: null, withheld: 'fewer-than-10' });
    for (const benefit of body.benefits as Loose[]) expect((benefit.yearlyPence as Loose).withheld).not.toBe('fewer-than-10');
    const csv = (await http().get(`/api/account/management-information/csv?year=${year}`).set('Cookie', rita.cookie).expect(200)).text;
    const lines = csv.split('\r\n');
    expect(lines).toContain(`${empty.month as string},0,0,0,none finished`);
    expect(lines).toContain(`${quietMonth},fewer than 10,fewer than 10,fewer than 10,withheld: too few`);
    expect(csv).not.toContain('<10');
    // No money column says 'fewer than 10'.
    const moneyCells = lines
      .slice(lines.indexOf('Benefit,Calculations that found it,Estimated yearly entitlement (£)') + 1)
      .filter((line) => line.includes(','))
      .map((line) => line.split(',').slice(-1)[0]);
    expect(moneyCells.filter((cell) => cell === 'fewer than 10')).toEqual([]);
  }, 60_000);
});

describe('a policy officer running the impact of drafts aimed at a few real calculations', () => {
  /** A draft that takes Universal Credit away from claimants aged `from` to `to`, as if they had reached pension age. */
  async function impactOfDraftAimedAt(from: number, to: number, spelled: 'inclusive' | 'exclusive' = 'inclusive'): Promise<Loose> {
    const ages =
      spelled === 'inclusive'
        ? [
            { fact: 'claimantAge', operator: 'greaterThanInclusive', value: from },
            { fact: 'claimantAge', operator: 'lessThanInclusive', value: to },
          ]
        : [
            { fact: 'claimantAge', operator: 'greaterThan', value: from - 1 },
            { fact: 'claimantAge', operator: 'lessThan', value: to + 1 },
          ];
    const created = await http()
      .post('/api/policy/change-sets')
      .set('Cookie', pat.cookie)
      .set('X-CSRF-Token', pat.csrf)
      .send({ title: `Aged ${from} to ${to}`, reason: 'Checking how many this would reach.' })
      .expect(201);
    const id = (created.body as { id: number }).id;
    await http()
      .post(`/api/policy/change-sets/${id}/edits`)
      .set('Cookie', pat.cookie)
      .set('X-CSRF-Token', pat.csrf)
      .send({
        edit: {
          kind: 'rule',
          ruleset: 'universal-credit',
          rule: 'pension-age',
          conditions: { any: [{ all: [{ fact: 'allReachedStatePensionAge', operator: 'equal', value: true }] }, { all: ages }] },
        },
      })
      .expect(200);
    const run = async () =>
      (
        await http()
          .post(`/api/policy/change-sets/${id}/impact`)
          .set('Cookie', pat.cookie)
          .set('X-CSRF-Token', pat.csrf)
          .send({ date: today })
          .expect(200)
      ).body as { stored: Loose };
    const once = await run();
    // Run again: the same calculations, the same figures.
    expect((await run()).stored).toEqual(once.stored);
    return once.stored;
  }

  let onlyClaimantAged55: Person;

  beforeAll(async () => {
    // The only claimant aged 55, and fourteen aged 56 to 65, all with kept calculations.
    const browser = 'browser_1795262400000_aged55xx';
    const { session } = await completeQuestionnaire(http, browser, singleRenterAged(55));
    const { pence, benefits } = await universalCreditYearly(session, browser);
    expect(benefits).toEqual(['UNIVERSAL_CREDIT']);
    onlyClaimantAged55 = { name: 'the only claimant aged 55', yearlyPence: -pence };
    for (let n = 0; n < 14; n += 1) await copyOf(session, new Date().toISOString(), {}, bornAged(56 + (n % 10)));
  }, 120_000);

  const countsOf = (stored: Loose): [string, unknown][] => [
    ['changed', stored.changed],
    ['gainers', stored.gainers],
    ['losers', stored.losers],
    ...(stored.distribution as Loose[]).map((band): [string, unknown] => [String(band.label), band.households]),
    ...(stored.benefits as Loose[]).map((benefit): [string, unknown] => [`${String(benefit.code)} households`, benefit.householdsChanged]),
  ];
  const moneyOf = (stored: Loose): [string, unknown][] => [
    ['total', stored.totalYearlyChangePence],
    ...(stored.benefits as Loose[]).map((benefit): [string, unknown] => [`${String(benefit.code)} money`, benefit.yearlyChangePence]),
  ];

  it('shows nothing of a draft aimed at the only claimant aged 55', async () => {
    const stored = await impactOfDraftAimedAt(55, 55);
    const person = onlyClaimantAged55.yearlyPence;
    expect(Math.abs(person)).toBeGreaterThan(250_000);
    const shown: string[] = [];
    // No count of the change under 10 is shown (nor 0, which would say the draft reaches nobody)...
    for (const [what, figure] of countsOf(stored)) {
      const value = valueOf(figure);
      if (value !== null && value < 10) shown.push(`${what}: ${value}`);
    }
    // ...and no money near the person's own.
    for (const [what, figure] of moneyOf(stored)) {
      const value = valueOf(figure);
      if (value !== null && Math.abs(value - person) <= Math.abs(person) / 4) shown.push(`${what}: ${value} against ${person}`);
    }
    expect(shown).toEqual([]);
    expect(valueOf(stored.changed)).toBeNull();
  }, 120_000);

  it('gives nothing of that one person from two drafts whose groups differ by them alone, 55 to 65 against 56 to 65', async () => {
    const withThem = await impactOfDraftAimedAt(55, 65);
    const without = await impactOfDraftAimedAt(56, 65);
    const person = onlyClaimantAged55.yearlyPence;
    // Fifteen and fourteen change: both shown.
    expect(valueOf(withThem.changed)).not.toBeNull();
    expect(valueOf(without.changed)).not.toBeNull();
    const givenAway: string[] = [];
    const pairs = (of: (stored: Loose) => [string, unknown][]) =>
      of(withThem).map(([what, figure]): [string, number | null, number | null] => [
        what,
        valueOf(figure),
        valueOf(of(without).find(([other]) => other === what)?.[1]),
      ]);
    for (const [what, a, b] of pairs(countsOf)) if (a !== null && b !== null && Math.abs(a - b) === 1) givenAway.push(`${what}: one apart`);
    for (const [what, a, b] of pairs(moneyOf))
      if (a !== null && b !== null && Math.abs(a - b - person) <= Math.abs(person) / 4)
        givenAway.push(`${what}: ${a - b} against ${person}`);
    expect(givenAway).toEqual([]);
    // The same group asked another way (greater than 54 and less than 66) gets the same figures.
    expect(await impactOfDraftAimedAt(55, 65, 'exclusive')).toEqual(withThem);
  }, 240_000);
});
