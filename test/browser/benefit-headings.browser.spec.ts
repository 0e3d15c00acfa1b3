import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { REPO_ROOT, type ApiProcess } from '../support/api-process.js';
import { expectNoAccessibilityViolations } from '../support/axe.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { describeInChromium, screenshot } from '../support/chromium.js';
import { adviserCalculation, seedDemo, signIn } from '../support/demo-adviser.js';
import { MANCHESTER, money } from '../support/households.js';
import { pageTitle, question, walkToResults, type QuestionValue } from '../support/survey-driver.js';
import type { TestDatabase } from '../support/test-database.js';
import { eventually, textOf } from '../support/waiting.js';

/**
 * What a newcomer saw in Chromium, checked as they saw it: each benefit once, under the heading
 * that says what it is (Universal Credit and Council Tax Reduction are means-tested; Child Benefit and Winter Fuel
 * Payment are not, and are paid whichever system applies), on the results page, in the 'Your Benefit Results' PDF
 * and on the adviser's calculation screen, whose rows add up to its Benefit Total; and texts and what-if options
 * that follow the household: no partner spoken of to a single person.
 */

const WALK_TIMEOUT_MS = 150_000;
const NONE = ['None of the above'];
const OWNER = `browser_${Date.now()}_headings`;
const HEADINGS = { meansTested: 'Means-tested benefits', nonMeansTested: 'Benefits that are not means-tested' };
const PARTNER_SENTENCE = 'You have already told us about your partner';

/** A lone parent of working age, not working, renting from the council in Manchester: Universal Credit, Council Tax Reduction and Child Benefit. */
const loneParent: [string, Record<string, QuestionValue>][] = [
  ['where-you-live', { ClientPostcode: 'm1 1ad' }],
  ['about-you', { ClientDob: '01/05/1990', ClientHasPartner: 'No' }],
  ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish' }],
  ['who-lives-with-you', { ChildCount: '1', NonDependantCount: '0' }],
  ['children', { ChildDob1: '02/03/2019', ChildDisability1: 'None' }],
  ['your-health', { ClientDisabilityBenefits: NONE, ClientWorkCapability: 'NotAssessed', ClientTerminallyIll: 'No' }],
  ['caring', { ClientIsCarer: 'No' }],
  ['your-work', { ClientWork: NONE }],
  ['your-other-income', { ClientOtherIncome: NONE }],
  ['studying', { ClientStudent: 'No' }],
  [
    'your-home',
    { ClientTenure: 'SocialRent', ClientRent: { amount: '500', period: 'Monthly' }, ClientPaysServiceCharges: 'No', ClientBedrooms: '2' },
  ],
  ['council-tax', { ClientCouncilTaxLiable: 'Yes', ClientCouncilTaxBand: 'Band B' }],
  ['savings', { ClientCapitalBand: 'UpTo5000', ClientOtherProperty: 'No' }],
  ['finish', {}],
];

/** The same household as the survey API takes it (test/support/demo-adviser.ts), for the adviser's calculation. */
const loneParentAnswers: [string, Record<string, unknown>][] = loneParent.map(([name, answers]) => [
  name,
  {
    ...answers,
    ...('ClientPostcode' in answers ? { ClientPostcode: MANCHESTER } : {}),
    ...('ClientRent' in answers ? { ClientRent: money('500', 'Monthly') } : {}),
  },
]);

/** She is 36; he is past State Pension age, on his State Pension: Universal Credit as a couple, and Winter Fuel Payment for him. */
const mixedAgeCouple: [string, Record<string, QuestionValue>][] = [
  ['where-you-live', { ClientPostcode: 'm1 1ad' }],
  ['about-you', { ClientDob: '01/05/1990', ClientHasPartner: 'Yes', PartnerDob: '10/02/1955' }],
  ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish', PartnerImmigrationStatus: 'BritishOrIrish' }],
  ['who-lives-with-you', { ChildCount: '1', NonDependantCount: '0' }],
  ['children', { ChildDob1: '02/03/2019', ChildDisability1: 'None' }],
  ['your-health', { ClientDisabilityBenefits: NONE, ClientWorkCapability: 'NotAssessed', ClientTerminallyIll: 'No' }],
  ['partner-health', { PartnerDisabilityBenefits: NONE, PartnerTerminallyIll: 'No' }],
  ['caring', { ClientIsCarer: 'No', PartnerIsCarer: 'No' }],
  ['your-work', { ClientWork: NONE }],
  ['partner-work', { PartnerWork: NONE }],
  ['your-other-income', { ClientOtherIncome: NONE }],
  ['partner-other-income', { PartnerOtherIncome: ['StatePension'], PartnerStatePension: { amount: '120', period: 'Weekly' } }],
  ['studying', { ClientStudent: 'No' }],
  [
    'your-home',
    { ClientTenure: 'SocialRent', ClientRent: { amount: '520', period: 'Monthly' }, ClientPaysServiceCharges: 'No', ClientBedrooms: '2' },
  ],
  ['council-tax', { ClientCouncilTaxLiable: 'Yes', ClientCouncilTaxBand: 'Band B' }],
  ['savings', { ClientCapitalBand: 'UpTo5000', ClientOtherProperty: 'No' }],
  ['finish', {}],
];

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;

/** '£1,234.56 per week' -> 123456 (pence). */
function penceOf(text: string): number {
  const match = /£([\d,]+\.\d{2})/.exec(text);
  if (!match) throw new Error(`No amount in '${text}'.`);
  return Math.round(Number(match[1].replace(/,/g, '')) * 100);
}

/** Each list of a results block, as its heading and the codes of the benefits under it. */
async function listsOf(block: Locator): Promise<{ heading: string; codes: string[] }[]> {
  const headings = block.locator('h3.result-block__subtitle');
  const lists: { heading: string; codes: string[] }[] = [];
  for (let index = 0; index < (await headings.count()); index += 1) {
    const heading = headings.nth(index);
    const codes = await heading
      .locator('xpath=following-sibling::ul[1]/li[@data-benefit-code]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-benefit-code') ?? ''));
    lists.push({ heading: await textOf(heading), codes });
  }
  return lists;
}

/** The page texts of a PDF, words separated by single spaces. */
async function pdfPages(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${REPO_ROOT}/node_modules/pdfjs-dist/standard_fonts/`,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }
  return pages;
}

/**
 * The Universal Credit part of the PDF's first page: from its 'Means-tested benefits' to 'Your total benefits',
 * checked to list each benefit once under the right heading, adding up to the total.
 */
function expectUniversalCreditPart(firstPage: string, meansTested: string[], nonMeansTested: string[]): void {
  const start = firstPage.indexOf(`Universal Credit ${HEADINGS.meansTested}`);
  expect(start).toBeGreaterThanOrEqual(0);
  const total = /Your total benefits (£[\d,]+\.\d{2}) per week/.exec(firstPage.slice(start))!;
  const part = firstPage.slice(start + 'Universal Credit '.length, start + total.index);
  const [beforeOthers, others] = part.split(HEADINGS.nonMeansTested);
  for (const name of meansTested) expect(beforeOthers).toContain(name);
  for (const name of nonMeansTested) {
    expect(beforeOthers).not.toContain(name);
    expect(others).toContain(name);
  }
  for (const name of [...meansTested, ...nonMeansTested]) expect(part.split(name).length - 1).toBe(1);
  const amounts = [...part.matchAll(/£[\d,]+\.\d{2} per week/g)].map((match) => penceOf(match[0]));
  expect(amounts).toHaveLength(meansTested.length + nonMeansTested.length);
  expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(penceOf(total[1]));
}

async function ownerPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(`localStorage.setItem('browserId', ${JSON.stringify(OWNER)})`);
  return { context, page: await context.newPage() };
}

/** The choices 'Whose work would change?' offers, once 'What if things changed?' is opened. */
async function whatIfChoices(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Try a change' }).click();
  const who = question(page, 'BetterOffWho');
  await who.waitFor();
  return (await who.locator('label').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
}

describeInChromium('benefit headings and texts that follow the household, in Chromium', () => {
  beforeAll(async () => {
    ({ database, server, browser } = await startBrowserSuite());
  }, 120_000);

  afterAll(() => stopBrowserSuite({ database, server, browser }));

  it(
    'a lone parent: no partner spoken of, Universal Credit and Council Tax Reduction as means-tested, Child Benefit once, on the page and in the PDF',
    async () => {
      const { context, page } = await ownerPage();
      let whoLivesWithYou = '';
      const session = await walkToResults(page, `${server.url}/survey`, loneParent, async (shown, name) => {
        if (name === 'ChildCount') {
          expect(await pageTitle(shown)).toBe('Who lives with you');
          whoLivesWithYou = await textOf(shown.locator('main'));
          await screenshot(shown, 'who-lives-with-you-single');
        }
      });
      expect(whoLivesWithYou).toContain('Tell us who else lives in your home.');
      expect(whoLivesWithYou).not.toContain(PARTNER_SENTENCE);

      const block = page.locator('#universal-credit');
      await block.waitFor();
      // New Style JSA depends on her National Insurance record: she may be entitled, with no amount.
      expect(await listsOf(block)).toEqual([
        { heading: HEADINGS.meansTested, codes: ['UNIVERSAL_CREDIT', 'COUNCIL_TAX_REDUCTION'] },
        { heading: HEADINGS.nonMeansTested, codes: ['CHILD_BENEFIT', 'NEW_STYLE_JSA'] },
      ]);
      await expectNoAccessibilityViolations(page);
      await screenshot(page, 'results-lone-parent-headings');

      // 'What if things changed?' does not offer a single person their partner's work, and the server refuses it.
      expect(await whatIfChoices(page)).toEqual(['Mine', "Nobody's: only my rent would change"]);
      await screenshot(page, 'results-lone-parent-what-if');
      const refused = await page.request.post(`${server.url}/api/data/result/`, {
        data: {
          session,
          browserId: OWNER,
          action: 5,
          isBetterOff: true,
          BetterOffWho: 'Partner',
          BetterOffHours: '16',
          BetterOffPay: money('900', 'Monthly'),
          BetterOffRentChanges: 'No',
        },
      });
      expect(refused.status()).toBe(400);
      expect(((await refused.json()) as { errors: { path: string }[] }).errors.map((error) => error.path)).toEqual(['BetterOffWho']);

      const pdf = await page.request.get(`${server.url}/api/data/pdf?session=${session}&period=weekly`, {
        headers: { 'X-Browser-Id': OWNER },
      });
      expect(pdf.status()).toBe(200);
      const [firstPage] = await pdfPages(await pdf.body());
      expectUniversalCreditPart(firstPage, ['Universal Credit', 'Council Tax Reduction'], ['Child Benefit']);
      await context.close();
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'a mixed-age couple: the partner sentence and option are there, and Winter Fuel Payment is not a Universal Credit benefit',
    async () => {
      const { context, page } = await ownerPage();
      let whoLivesWithYou = '';
      await walkToResults(page, `${server.url}/survey`, mixedAgeCouple, async (shown, name) => {
        if (name === 'ChildCount') {
          whoLivesWithYou = await textOf(shown.locator('main'));
          await screenshot(shown, 'who-lives-with-you-couple');
        }
      });
      expect(whoLivesWithYou).toContain(PARTNER_SENTENCE);

      const block = page.locator('#universal-credit');
      await block.waitFor();
      const lists = await listsOf(block);
      expect(lists.map((list) => list.heading)).toEqual([HEADINGS.meansTested, HEADINGS.nonMeansTested]);
      expect(lists[0].codes).toEqual(['UNIVERSAL_CREDIT', 'COUNCIL_TAX_REDUCTION']);
      expect(lists[1].codes).toEqual(expect.arrayContaining(['CHILD_BENEFIT', 'WINTER_FUEL_PAYMENT']));
      await screenshot(page, 'results-mixed-age-couple-headings');
      expect(await whatIfChoices(page)).toEqual(['Mine', "My partner's", "Nobody's: only my rent would change"]);
      await context.close();
    },
    WALK_TIMEOUT_MS,
  );

  it('the adviser calculation screen lists each benefit once, its rows add up to Benefit Total, and its PDF lists Child Benefit once', async () => {
    const clientGuid = await seedDemo(database);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signIn(context, server.url);
    const session = await adviserCalculation(context, server.url, clientGuid, 'Lone parent', loneParentAnswers);
    const page = await context.newPage();
    await page.goto(`${server.url}/adviser/calculation/${session}`);
    const table = page.locator('#universal-credit table');
    await table.waitFor();
    await eventually(
      async () => table.locator('tbody th').allTextContents(),
      ['Universal Credit', 'Council Tax Reduction', 'Child Benefit', "New Style Jobseeker's Allowance"],
    );
    for (const period of ['Weekly', 'Monthly']) {
      await page.getByRole('radio', { name: period }).check();
      const rows = (await table.locator('tbody td').allTextContents()).map(penceOf);
      const benefitTotal = penceOf(await textOf(table.locator('tfoot tr').first().locator('td')));
      expect(rows.reduce((sum, amount) => sum + amount, 0)).toBe(benefitTotal);
    }
    await page.getByRole('radio', { name: 'Weekly' }).check();
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'adviser-calculation-lone-parent');

    const pdf = await context.request.get(`${server.url}/api/intermediary/pdf/?clientGuid=${clientGuid}&session=${session}&period=weekly`);
    expect(pdf.status()).toBe(200);
    const [firstPage] = await pdfPages(await pdf.body());
    expectUniversalCreditPart(firstPage, ['Universal Credit', 'Council Tax Reduction'], ['Child Benefit']);
    await context.close();
  }, 60_000);
});
