import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ApiProcess } from '../support/api-process.js';
import { expectNoAccessibilityViolations } from '../support/axe.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { chromiumPath, describeInChromium, fillDate, screenshot, SCREENSHOT_DIR } from '../support/chromium.js';
import { ukToday } from '../../common/dates/uk-today.js';
import { adviserCalculation, DEMO_ADVISER, seedDemo, signIn } from '../support/demo-adviser.js';
import { LONE_PARENT_SOCIAL_RENTER } from '../support/households.js';
import { expectPlainEnglish } from '../support/plain-english.js';
import type { TestDatabase } from '../support/test-database.js';

/**
 * Next year's rates as a policy officer does them (issue 30, point 1), in Chromium on the production build: open
 * 2027 to 2028 from the workbench home, see every rate carried forward and still to confirm in four groups, uprate the
 * money the law uprates by 3.8% (each with its own rounding), and give each group one source, which confirms the
 * frozen rates, the councils' figures, the tables of bands and the rest unchanged; run the checks; a second member
 * approves and publishes it from 12 April 2027, and the calculation API and an adviser's caseload give the new figures
 * from then, marked provisional until that day, while today's are unchanged. Each page passes axe and speaks plain English.
 */

if (!chromiumPath()) {
  console.warn('Browser tests SKIPPED: no Chromium at /usr/bin/chromium. Install it with apt-get install -y chromium (.ci/run does).');
}

const POLICY_ONE = { email: 'policy.one@demo-advice.example', password: 'demo-adviser-2026' };
const POLICY_TWO = { email: 'policy.two@demo-advice.example', password: 'demo-adviser-2026' };
const ORDER = {
  title: 'DWP, Benefit and pension rates 2027 to 2028',
  url: 'https://www.gov.uk/government/publications/benefit-and-pension-rates-2027-to-2028',
};

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;
let officer: BrowserContext;
let page: Page;
let yearUrl: string;
/** Alex Adviser's client Amara Okafor, of the demo organisation. */
let amara: string;

beforeAll(async () => {
  if (!chromiumPath()) return;
  ({ database, server, browser } = await startBrowserSuite());
  amara = await seedDemo(database);
  officer = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  await signIn(officer, server.url, POLICY_ONE);
  page = await officer.newPage();
}, 180_000);

afterAll(async () => {
  await officer?.close();
  await stopBrowserSuite({ database, server, browser });
});

/** How many values a group of the list still to confirm holds, from its heading: "Figures councils set (12 values)". */
async function countIn(group: string): Promise<number> {
  const heading = await page.getByTestId(`to-confirm-${group}`).locator('h3').textContent();
  return Number(/\((\d+) values?\)/.exec(heading ?? '')?.[1]);
}

describeInChromium('next year’s rates in the workbench', () => {
  it('opens 2027 to 2028 with every rate carried forward, to confirm, in groups', async () => {
    page.setDefaultTimeout(30_000);
    await page.goto(`${server.url}/policy/`);
    await page.getByTestId('open-next-year').locator('summary').click();
    await page.getByRole('button', { name: 'Open next year' }).click();
    expect(await page.getByRole('link', { name: 'Say why the year is opened: the announcement it follows.' }).count()).toBe(1);
    await page.getByTestId('open-next-year').getByLabel('Reason').fill('The rates announced for April 2027.');
    await page.getByRole('button', { name: 'Open next year' }).click();
    await page.waitForURL(/\/policy\/change-sets\/\d+$/);
    expect(await page.locator('h1').textContent()).toBe('Rates for 2027 to 2028');
    await page.getByTestId('to-confirm').waitFor();
    expect(await page.locator('#to-confirm-title').textContent()).toMatch(/^Still to confirm: \d{3} values$/);
    for (const group of ['uprated', 'fixed', 'council', 'not-money']) expect(await countIn(group)).toBeGreaterThan(0);
    // The rent tables: Universal Credit's monthly and Housing Benefit's weekly Local Housing Allowance rates held on.
    expect(await countIn('rent-tables')).toBe(2);
    // The wall of a value's missing source each is one line pointing to the groups.
    expect(await page.getByTestId('change-set-problems').textContent()).toMatch(/\d{3} values still need their official source/);
    expect(await page.getByTestId('edit-1').textContent()).toMatch(
      /^Local Housing Allowance rates for Universal Credit \(monthly\) held until 31 March 2028 \(source needed\)/,
    );
    expect(await page.getByTestId('edit-3').textContent()).toMatch(/ from \d{1,2} April 2027: /);
    await screenshot(page, 'policy-year-opened');
    await page.getByTestId('to-confirm').screenshot({ path: join(SCREENSHOT_DIR, 'policy-year-to-confirm.png') });
    await expectNoAccessibilityViolations(page);
    await expectPlainEnglish(page);
  }, 120_000);

  it('uprates the money the law uprates by 3.8%, each with its own rounding, and confirms each group with one source', async () => {
    const uprated = page.getByTestId('to-confirm-uprated');
    await uprated.getByLabel('Uprate them by this percentage').fill('3.8');
    await uprated.getByRole('button', { name: /^Uprate these \d+ values$/ }).click();
    await page.getByText(/^Uprated \d+ values by 3\.8%\.$/).waitFor();
    // £27.05 x 1.038 = £28.0779, to the nearest 5p: £28.10 from 12 April 2027.
    expect(await page.getByTestId('edits').textContent()).toContain(
      'Child Benefit: eldest or only child from 12 April 2027: £27.05 to £28.10 a week',
    );
    await screenshot(page, 'policy-year-uprated');

    for (const group of ['uprated', 'fixed', 'rent-tables', 'council', 'not-money']) {
      const box = page.getByTestId(`to-confirm-${group}`);
      const count = await countIn(group);
      await box.getByLabel('Title of the source').fill(ORDER.title);
      await box.getByLabel('Address of the source (https://...)').fill(ORDER.url);
      await box.getByRole('button', { name: `Give these ${count} ${count === 1 ? 'value' : 'values'} this source` }).click();
      await page.getByTestId(`to-confirm-${group}`).waitFor({ state: 'detached' });
    }
    await page.getByTestId('to-confirm').waitFor({ state: 'detached' });
    // Nothing is left to give, tables of bands included.
    expect(await page.getByTestId('change-set-problems').count()).toBe(0);
    await screenshot(page, 'policy-year-confirmed');
    await expectNoAccessibilityViolations(page);
    await expectPlainEnglish(page);

    yearUrl = page.url();
  }, 240_000);

  it('adds two councils’ Band D for 2027 to 2028 from the official table, an area’s Local Housing Allowance rates, Hartlepool’s Council Tax Reduction scheme and rent area, a hand-worked case at 12 April 2027, and runs every case and the impact then', async () => {
    await page.getByTestId('add-band-d').locator('summary').click();
    const bandD = page.getByTestId('band-d-edit-form');
    expect(await bandD.getByLabel('Council tax year').inputValue()).toBe('2027/28');
    await bandD.getByRole('button', { name: 'Add these Band D figures' }).click();
    // Nothing pasted, no source: each problem is named and linked to its field.
    await page.getByRole('link', { name: 'Paste at least one council’s code and Band D, one council a line.' }).waitFor();
    await bandD
      .getByLabel('Each council’s code and Band D a year, one council a line')
      .fill('ONS code,Authority,Band D (£)\nE06000001,Hartlepool,"2,650.00"\nE06000002\tMiddlesbrough\t£2,700.50');
    await bandD.getByLabel('Title of the source').fill('MHCLG, Council Tax levels set by local authorities in England 2027 to 2028');
    await bandD
      .getByLabel('Address of the source (https://...)')
      .fill('https://www.gov.uk/government/statistics/council-tax-levels-set-by-local-authorities-in-england-2027-to-2028');
    await bandD.screenshot({ path: join(SCREENSHOT_DIR, 'policy-year-band-d-form.png') });
    await bandD.getByRole('button', { name: 'Add these Band D figures' }).click();
    await page.getByTestId('edits').getByText('Band D council tax for 2027 to 2028: 2 councils').waitFor();

    // An area's Local Housing Allowance rates for the new year, as the rent officers publish them.
    await page.getByTestId('add-lha-rates').locator('summary').click();
    const lha = page.getByTestId('lha-rates-edit-form');
    await lha.getByLabel('Broad Rental Market Area').fill('Central Greater Manchester');
    await fillDate(lha, 'Take effect on', '2027-04-01');
    for (const [label, pounds] of [
      ['Shared accommodation, in pounds a month', '420.00'],
      ['1 bedroom, in pounds a month', '800.00'],
      ['2 bedrooms, in pounds a month', '900.00'],
      ['3 bedrooms, in pounds a month', '980.00'],
      ['4 bedrooms, in pounds a month', '1,400.00'],
    ] as const)
      await lha.getByLabel(label).fill(pounds);
    await lha.getByLabel('Title of the source').fill('VOA, Local Housing Allowance rates applicable from April 2027 to March 2028');
    await lha
      .getByLabel('Address of the source (https://...)')
      .fill('https://www.gov.uk/government/publications/local-housing-allowance-lha-rates-applicable-from-april-2027-to-march-2028');
    await lha.screenshot({ path: join(SCREENSHOT_DIR, 'policy-year-lha-form.png') });
    await lha.getByRole('button', { name: 'Add the rates' }).click();
    await page
      .getByTestId('edits')
      .getByText(/^Local Housing Allowance for Central Greater Manchester from 1 April 2027/)
      .waitFor();
    await expectNoAccessibilityViolations(page);

    // Hartlepool's Council Tax Reduction scheme for the new year, from the council's scheme document: a taper scheme
    // paying at most 80% of the bill, the Universal Credit award ignored.
    await page.getByTestId('add-ctr-scheme').locator('summary').click();
    const scheme = page.getByTestId('ctr-scheme-edit-form');
    expect(await scheme.getByLabel('Council tax year').inputValue()).toBe('2027/28');
    await scheme.getByRole('button', { name: 'Add the scheme' }).click();
    await page.getByRole('link', { name: 'Enter the council’s name, such as Hartlepool.' }).waitFor();
    await scheme.getByLabel('Council', { exact: true }).fill('Hartlepool');
    await scheme.getByLabel('Council’s code').fill('E06000001');
    await scheme.getByLabel('Most of the bill the scheme pays, as a percentage').fill('80');
    await scheme.getByLabel('Share of income above the applicable amount taken off, as a percentage').fill('20');
    await scheme.getByLabel('The Universal Credit award counts as income').selectOption('IGNORED');
    // Earnings ignored a week, by who the claimant is, as the scheme's table gives them.
    const disregard = scheme.getByTestId('earnings-disregard');
    await disregard.getByLabel('A single person').fill('5.00');
    await disregard.getByLabel('A couple', { exact: true }).fill('10.00');
    await disregard.getByLabel('A lone parent').fill('25.00');
    await disregard.getByLabel('A disabled person or a carer').fill('20.00');
    await scheme.getByLabel('Savings limit, in pounds').fill('6,000.00');
    await scheme.getByLabel('Deductions for other adults who live there').selectOption('BY_WORK');
    await scheme.getByLabel('Deduction a week for an adult who works 16 hours or more, in pounds').fill('12.00');
    await scheme.getByLabel('Deduction a week for an adult who does not, in pounds').fill('6.00');
    await scheme.getByLabel('Title of the source').fill('Hartlepool Borough Council, Council Tax Support Scheme 2027/28');
    await scheme.getByLabel('Address of the source (https://...)').fill('https://www.hartlepool.gov.uk/council-tax-support-scheme-2027-28');
    await scheme.screenshot({ path: join(SCREENSHOT_DIR, 'policy-year-ctr-scheme-form.png') });
    await scheme.getByRole('button', { name: 'Add the scheme' }).click();
    await page.getByTestId('edits').getByText('Hartlepool’s Council Tax Reduction scheme for 2027 to 2028').waitFor();
    // Middlesbrough's, a scheme of income bands, its table pasted as the scheme prints it.
    await scheme.getByLabel('Council', { exact: true }).fill('Middlesbrough');
    await scheme.getByLabel('Council’s code').fill('E06000002');
    await scheme.getByLabel('Most of the bill the scheme pays, as a percentage').fill('90');
    await scheme.getByLabel('How income lowers support').selectOption('BANDS');
    await scheme
      .getByTestId('band-table-0')
      .getByLabel('Bands, one a line: the income it starts at, then the share of the bill')
      .fill('£0.00 - £99.99 90%\n£100.00 - £199.99 50%\n£200.00 or more 0%');
    // Its kinder rule: carers and disabled people not in work with an income below £200 a week pay nothing.
    await scheme.getByRole('button', { name: 'Add a kinder rule' }).click();
    const kinder = scheme.getByTestId('kinder-rule-0');
    await kinder.getByLabel('The claimant or partner is a carer').check();
    await kinder.getByLabel('The claimant or partner gets a disability benefit (PIP, ADP, DLA, Attendance Allowance)').check();
    await kinder.getByLabel('Only when neither the claimant nor a partner has earnings').selectOption('yes');
    await kinder.getByLabel('Most of the bill paid for them, as a percentage (optional)').fill('100');
    await kinder.getByLabel('How income lowers their support').selectOption('BANDS');
    await kinder
      .getByTestId('kinder-rule-0-band-table-0')
      .getByLabel('Bands, one a line: the income it starts at, then the share of the bill')
      .fill('£0.00 - £199.99 100%\n£200.00 or more 0%');
    await scheme.getByLabel('Title of the source').fill('Middlesbrough Council, Council Tax Reduction Scheme 2027/28');
    await scheme
      .getByLabel('Address of the source (https://...)')
      .fill('https://www.middlesbrough.gov.uk/council-tax-reduction-scheme-2027-28');
    await scheme.screenshot({ path: join(SCREENSHOT_DIR, 'policy-year-ctr-bands-form.png') });
    await scheme.getByRole('button', { name: 'Add the scheme' }).click();
    await page.getByTestId('edits').getByText('Middlesbrough’s Council Tax Reduction scheme for 2027 to 2028').waitFor();
    // Bristol, whose scheme is held: next year's is started from this year's, and only its taper changes.
    await scheme.getByLabel('Council', { exact: true }).fill('');
    await scheme.getByLabel('Council’s code').fill('E06000023');
    await scheme.getByRole('button', { name: 'Fill in from the scheme we hold' }).click();
    await scheme
      .getByTestId('ctr-scheme-fill-status')
      .getByText('Filled in from Bristol’s scheme for 2026 to 2027.', { exact: false })
      .waitFor();
    expect(await scheme.getByLabel('Council', { exact: true }).inputValue()).toBe('Bristol');
    expect(await scheme.getByLabel('Most of the bill the scheme pays, as a percentage').inputValue()).toBe('100');
    await scheme.getByLabel('Share of income above the applicable amount taken off, as a percentage').fill('25');
    await scheme.getByLabel('Title of the source').fill('Bristol City Council, Council Tax Reduction Scheme 2027/28');
    await scheme.getByLabel('Address of the source (https://...)').fill('https://www.bristol.gov.uk/council-tax-reduction-scheme-2027-28');
    await scheme.getByRole('button', { name: 'Add the scheme' }).click();
    await page.getByTestId('edits').getByText('Bristol’s Council Tax Reduction scheme for 2027 to 2028').waitFor();

    // Hartlepool's rent area, confirmed by the council's own page.
    await page.getByTestId('add-lha-council-areas').locator('summary').click();
    const areas = page.getByTestId('lha-council-areas-edit-form');
    await areas.getByLabel('Council', { exact: true }).fill('Hartlepool');
    await areas.getByLabel('Council’s code').fill('E06000001');
    await areas.getByLabel('Areas that cover the council’s homes, one a line').fill('Teesside');
    await areas.getByLabel('Title of the source').fill('Hartlepool Borough Council, Local Housing Allowance');
    await areas
      .getByLabel('Address of the source (https://...)')
      .fill('https://www.hartlepool.gov.uk/info/20010/benefits/local-housing-allowance');
    await areas.screenshot({ path: join(SCREENSHOT_DIR, 'policy-year-rent-areas-form.png') });
    await areas.getByRole('button', { name: 'Set the council’s areas' }).click();
    await page.getByTestId('edits').getByText('Rent areas of Hartlepool: Teesside').waitFor();
    await expectNoAccessibilityViolations(page);

    await page.getByTestId('add-case').locator('summary').click();
    const form = page.getByTestId('case-edit-form');
    await form.getByLabel('Benefit', { exact: true }).selectOption('child-benefit');
    await form.getByLabel('Name of the case').fill('One child in 2027 to 2028');
    await fillDate(form, 'Date it is worked out at', '2027-04-12');
    await page.locator('#case-edit-case-household_country').selectOption('ENGLAND');
    await page.locator('#case-edit-case-household_adults_0_age').fill('30');
    await page.locator('#case-edit-case-household_children__add').click();
    await page.locator('#case-edit-case-household_children_0_dateOfBirth').fill('2019-05-01');
    await page.locator('#case-edit-case-household_housing_tenure').selectOption('SOCIAL_RENT');
    await form.getByLabel('Benefit code').fill('CHILD_BENEFIT');
    await form.getByLabel('Eligible').selectOption('yes');
    await form.getByLabel('Weekly amount in pounds').fill('28.10');
    await form.getByLabel('Workings').fill('27.05 x 1.038 = 28.0779, rounded to the nearest 5p: 28.10 a week for the eldest child.');
    await form.getByRole('button', { name: 'Add the case' }).click();
    await page.getByTestId('edits').getByText('One child in 2027 to 2028').first().waitFor();

    await page.getByRole('button', { name: 'Run the checks' }).click();
    const run = page.getByTestId('cases-run');
    await page.getByTestId('sample-run').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('cases-new-failures').textContent()).toBe(
      'No case that passes with the published rules fails with this change set.',
    );
    // The new year's case passes with the change set: £28.10 a week on 12 April 2027.
    const own = run.locator('table', { hasText: 'This change set’s own cases, which passed' });
    expect(await own.locator('tbody tr', { hasText: 'One child in 2027 to 2028' }).textContent()).toContain('Passed');

    await fillDate(page, 'Date to work the impact out at', '2027-04-12');
    await page.getByRole('button', { name: 'Run the impact' }).click();
    await page.getByTestId('impact').waitFor({ timeout: 120_000 });
    await page.locator('[data-testid="impact"] svg.apexcharts-svg').first().waitFor();
    // Every generated household is worked out at that date: none is left out for want of rates.
    expect(await page.getByTestId('impact-sample').textContent()).toContain('10,000');
    expect(await page.getByTestId('impact').textContent()).not.toMatch(/could not be worked out/);
    await page.getByTestId('impact').screenshot({ path: join(SCREENSHOT_DIR, 'policy-year-impact.png') });
    await expectNoAccessibilityViolations(page);
    await expectPlainEnglish(page);
  }, 240_000);

  it('is approved by a second member', async () => {
    const reviewer = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    try {
      await signIn(reviewer, server.url, POLICY_TWO);
      const review = await reviewer.newPage();
      await review.goto(yearUrl);
      await review.getByTestId('approval-needs').waitFor();
      expect(await review.getByTestId('approval-needs').locator('li.policy-checks__unmet').count()).toBe(0);
      await review.getByTestId('approve').click();
      await review.getByTestId('publish').waitFor();
    } finally {
      await reviewer.close();
    }
    // Approved is not published: the calculation API still answers 12 April 2027 with the last rates held.
    expect(await childBenefitOn('2027-04-12')).toEqual({ weekly: 27.05, lastRatesHeld: { ratesDate: '2027-03-31' }, provisional: null });
  }, 120_000);

  it('before it is published, gives an adviser’s caseload at 12 April 2027 its figures when asked for, provisional and naming it', async () => {
    const adviser = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    try {
      await signIn(adviser, server.url, DEMO_ADVISER);
      await adviserCalculation(adviser, server.url, amara, 'Next April', LONE_PARENT_SOCIAL_RENTER);
      const caseload = await adviser.newPage();
      await caseload.goto(`${server.url}/adviser/caseload`);
      const rules = caseload.getByRole('group', { name: 'Rules and rates to use' });
      await rules.getByLabel(/approved, not yet published/).check();
      await fillDate(caseload, 'Date to work out the calculations at', '2027-04-12');
      await caseload.getByRole('button', { name: 'Start caseload run' }).click();
      await caseload.locator('table.caseload-table').waitFor({ timeout: 60_000 });
      expect(await caseload.locator('.caseload-run__rules').textContent()).toMatch(
        /^Worked out with the 2027 to 2028 rules and rates, with policy change \d+, approved but not yet published\.$/,
      );
      expect(await caseload.getByTestId('caseload-provisional').textContent()).toMatch(
        /^Provisional figuresThey use “.+”, a change the policy team has approved but not yet published: it may still change, or be withdrawn, before it is\.$/,
      );
      // Amara's eldest child: £27.05 a week today, £28.10 from 12 April 2027 with the change approved.
      const headers = await caseload.locator('table.caseload-table thead th').allTextContents();
      const column = headers.findIndex((text) => text.startsWith('Child Benefit'));
      const amaraRow = caseload.locator('table.caseload-table tbody tr', { hasText: 'Amara Okafor' });
      expect((await amaraRow.locator('th, td').nth(column).textContent())?.trim()).toBe('+£1.05');
      await screenshot(caseload, 'policy-year-caseload-approved');
      await expectNoAccessibilityViolations(caseload);
      await expectPlainEnglish(caseload);
    } finally {
      await adviser.close();
    }
  }, 120_000);

  it('is published from 12 April 2027: the calculation API gives the new figures then, and today’s are unchanged', async () => {
    const reviewer = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    try {
      await signIn(reviewer, server.url, POLICY_TWO);
      const review = await reviewer.newPage();
      await review.goto(yearUrl);
      await review.getByTestId('publish').waitFor();
      await fillDate(review, 'Effective from', '2027-04-12');
      await review.getByTestId('publish').click();
      await review.getByTestId('change-set-status').filter({ hasText: 'Published' }).waitFor();
      await screenshot(review, 'policy-year-published');
      await expectPlainEnglish(review);
    } finally {
      await reviewer.close();
    }
    // Published ahead of its date, the new year's figures are provisional until 12 April 2027, and say so.
    expect(await childBenefitOn('2027-04-12')).toEqual({
      weekly: 28.1,
      lastRatesHeld: null,
      provisional: { inForceFrom: '2027-04-12', approvedNotPublished: null },
    });
    expect(await childBenefitOn(ukToday())).toEqual({ weekly: 27.05, lastRatesHeld: null, provisional: null });
    // Council Tax Reduction is worked out then where the year's Band D was added (Hartlepool), not elsewhere yet.
    expect(await councilTaxReductionShownOn('2027-04-12', 'E06000001')).toBe(true);
    expect(await councilTaxReductionShownOn('2027-04-12', 'E08000003')).toBe(false);
    // Hartlepool's own scheme then, not the default: 80% of Band D's £2,650 less the 25% single person discount,
    // £1,987.50 a year or £38.22 a week: £30.58.
    expect(await councilTaxReductionWeeklyOn('2027-04-12', 'E06000001')).toBe(30.58);
    // Middlesbrough's bands then: no income counted (the Universal Credit award ignored), so the first band's 90% of
    // Band D's £2,700.50 less the 25% single person discount, £2,025.38 a year or about £38.95 a week.
    expect(await councilTaxReductionWeeklyOn('2027-04-12', 'E06000002')).toBeCloseTo((0.9 * 202538) / 52 / 100, 1);
    // Its kinder rule, bands of their own: someone on PIP who does not work gets all of it, £38.95 a week.
    const onPip = { benefitsReceived: [{ type: 'PIP_DAILY_LIVING', rate: 'STANDARD' }] };
    expect(await councilTaxReductionWeeklyOn('2027-04-12', 'E06000002', onPip)).toBeCloseTo(202538 / 52 / 100, 1);
    // A one-bedroom private tenant in Central Greater Manchester: the rate added for the year caps the rent then.
    expect(await oneBedroomLhaOn('2027-04-12')).toBe(800);
    expect(await oneBedroomLhaOn(ukToday())).toBe(775);
  }, 120_000);

  it('gives an adviser’s caseload at 12 April 2027 the new figures, marked provisional until then', async () => {
    const adviser = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    try {
      await signIn(adviser, server.url, DEMO_ADVISER);
      const caseload = await adviser.newPage();
      await caseload.goto(`${server.url}/adviser/caseload`);
      // Published, it is the rules: no longer offered as a change not yet published.
      expect(await caseload.getByRole('group', { name: 'Rules and rates to use' }).count()).toBe(0);
      // The first day of the next rates: the day the published year takes effect, not 6 April (the last rates held then).
      const date = caseload.getByRole('group', { name: 'Date to work out the calculations at' });
      expect([await date.getByLabel('Day').inputValue(), await date.getByLabel('Month').inputValue()]).toEqual(['12', '4']);
      expect(await caseload.getByText(/^We have filled in/).textContent()).toContain('We have filled in 12 April 2027,');
      await caseload.getByRole('button', { name: 'Start caseload run' }).click();
      await caseload.locator('table.caseload-table').waitFor({ timeout: 60_000 });
      expect(await caseload.locator('.caseload-run__rules').textContent()).toMatch(
        /^Worked out with the 2027 to 2028 rules and rates, with published policy change \d+\.$/,
      );
      expect(await caseload.getByTestId('caseload-provisional').textContent()).toBe(
        'Provisional figuresThey use rates announced to take effect on 12 April 2027, which are not yet in force and may still change before then.',
      );
      // Amara's eldest child: £27.05 a week today, £28.10 from 12 April 2027.
      const headers = await caseload.locator('table.caseload-table thead th').allTextContents();
      const column = (name: string) => headers.findIndex((text) => text.startsWith(name));
      const amaraRow = caseload.locator('table.caseload-table tbody tr', { hasText: 'Amara Okafor' });
      const cell = async (name: string) => (await amaraRow.locator('th, td').nth(column(name)).textContent())?.trim();
      expect(await cell('Child Benefit')).toBe('+£1.05');
      // Manchester's Band D for 2027 to 2028 is not set yet: her Council Tax Reduction is not known then, not lost,
      // and her total changes by the Child Benefit alone.
      expect(await cell('Council Tax Reduction')).toBe('Not known');
      expect(await cell('Total change')).toBe('+£1.05');
      expect(await caseload.getByTestId('caseload-not-known').textContent()).toBe(
        'Council Tax Reduction cannot be worked out at one of the dates for 1 client (usually because the council has not set its Band D for the year yet): the table says ‘Not known’ and the totals leave it out.',
      );
      await caseload.locator('.compare-chart svg.apexcharts-svg').waitFor();
      await screenshot(caseload, 'policy-year-caseload');
      await expectNoAccessibilityViolations(caseload);
      await expectPlainEnglish(caseload);
    } finally {
      await adviser.close();
    }
  }, 120_000);
});

/** The calculation API's answer for a household on a date, as a third party calls it. */
async function calculated<Answer>(date: string, household: Record<string, unknown>): Promise<Answer> {
  const answer = await fetch(`${server.url}/api/v1/calculations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ date, household }),
  });
  return (await answer.json()) as Answer;
}

/** The monthly Local Housing Allowance the calculation API uses for a single private tenant in Central Greater Manchester. */
async function oneBedroomLhaOn(date: string): Promise<number> {
  const body = await calculated<{ localHousingAllowance: { rate: number } | null }>(date, {
    country: 'ENGLAND',
    localAuthority: 'E08000003',
    adults: [{ dateOfBirth: '1985-01-01' }],
    housing: { tenure: 'PRIVATE_RENT', rent: { amount: 1200, period: 'MONTH' }, brma: 'Central Greater Manchester', bedrooms: 1 },
  });
  return body.localHousingAllowance!.rate;
}

/** Whether the calculation API shows an amount of Council Tax Reduction on a date for a tenant with no income in a council. */
async function councilTaxReductionShownOn(date: string, localAuthority: string): Promise<boolean> {
  const body = await calculated<{ benefits: { code: string; amountShown: boolean }[] }>(date, {
    country: 'ENGLAND',
    localAuthority,
    adults: [{ dateOfBirth: '1985-01-01' }],
    housing: { tenure: 'SOCIAL_RENT', rent: { amount: 100, period: 'WEEK' }, councilTax: { band: 'D', liable: true } },
  });
  return body.benefits.find((benefit) => benefit.code === 'COUNCIL_TAX_REDUCTION')!.amountShown;
}

/** The weekly Council Tax Reduction the calculation API gives on a date for a tenant with no income in a council. */
async function councilTaxReductionWeeklyOn(
  date: string,
  localAuthority: string,
  adult: Record<string, unknown> = {},
): Promise<number | null> {
  const body = await calculated<{ benefits: { code: string; amountShown: boolean; weekly: number }[] }>(date, {
    country: 'ENGLAND',
    localAuthority,
    adults: [{ dateOfBirth: '1985-01-01', ...adult }],
    housing: { tenure: 'SOCIAL_RENT', rent: { amount: 100, period: 'WEEK' }, councilTax: { band: 'D', liable: true } },
  });
  const found = body.benefits.find((benefit) => benefit.code === 'COUNCIL_TAX_REDUCTION')!;
  return found.amountShown ? found.weekly : null;
}

/** The calculation API's Child Benefit a week for one child on a date, and whether last year's rates were used. */
async function childBenefitOn(date: string): Promise<{ weekly: number; lastRatesHeld: unknown; provisional: unknown }> {
  const body = await calculated<{ lastRatesHeld: unknown; provisional: unknown; benefits: { code: string; weekly: number }[] }>(date, {
    country: 'ENGLAND',
    adults: [{ dateOfBirth: '1990-01-01' }],
    children: [{ dateOfBirth: '2019-05-01' }],
    housing: { tenure: 'SOCIAL_RENT' },
  });
  return {
    weekly: body.benefits.find((benefit) => benefit.code === 'CHILD_BENEFIT')!.weekly,
    lastRatesHeld: body.lastRatesHeld,
    provisional: body.provisional,
  };
}
