import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { ApiProcess } from '../support/api-process.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { describeInChromium, screenshot } from '../support/chromium.js';
import { errorSummary, pressNext, walkToResults, type QuestionValue } from '../support/survey-driver.js';
import type { TestDatabase } from '../support/test-database.js';

/**
 * A pensioner renting privately in Leeds, with a grown-up son who lives with her and does not work, goes through the
 * questionnaire in Chromium. 'Other adults in your home' asks whether he works 16 hours a week; Housing Benefit then
 * takes the lowest non-dependant deduction (20.40) whatever his income, and, as the rent officers' published weekly
 * rate for Leeds is not held, uses the weekly Local Housing Allowance estimated from the monthly one and says so.
 *
 * By hand: Leeds 2 bedrooms (her and her son) is 775.00 a month; x 12 / 365 x 7 = 178.356 = 178.36 a week. Her rent,
 * 800.00 a month = 184.62 a week, is more, so the eligible rent is 178.36. Her State Pension of 180.00 is below the
 * guarantee of 238.00, so guarantee credit passports her: HB = 178.36 - 20.40 = 157.96 a week.
 */

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;
const WALK_TIMEOUT_MS = 60_000;
const NONE = ['None of the above'];

const PAGES: [string, Record<string, QuestionValue>][] = [
  ['where-you-live', { ClientPostcode: 'ls1 1ur' }],
  ['about-you', { ClientDob: '01/06/1950', ClientHasPartner: 'No' }],
  ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish' }],
  ['who-lives-with-you', { ChildCount: '0', NonDependantCount: '1' }],
  [
    'other-adults',
    {
      NonDependantAge1: '30',
      NonDependantIncome1: { amount: '250', period: 'Weekly' },
      NonDependantWork1: 'No',
      NonDependantBenefits1: NONE,
    },
  ],
  ['your-health', { ClientDisabilityBenefits: NONE, ClientTerminallyIll: 'No' }],
  ['caring', { ClientIsCarer: 'No' }],
  ['your-work', { ClientWork: NONE }],
  ['your-other-income', { ClientOtherIncome: ['StatePension'], ClientStatePension: { amount: '180', period: 'Weekly' } }],
  [
    'your-home',
    { ClientTenure: 'PrivateRent', ClientRent: { amount: '800', period: 'Monthly' }, ClientPaysServiceCharges: 'No', ClientBedrooms: '2' },
  ],
  ['council-tax', { ClientCouncilTaxLiable: 'Yes', ClientCouncilTaxBand: 'Band B' }],
  ['savings', { ClientCapitalBand: 'UpTo5000', ClientOtherProperty: 'No' }],
  ['finish', {}],
];

/** Walks the questionnaire; on 'Other adults in your home', first presses Next without the new question answered. */
function walk(page: Page): Promise<string> {
  return walkToResults(page, `${server.url}/survey`, PAGES, async (current, questionName) => {
    if (questionName !== 'NonDependantWork1') return;
    expect(await pressNext(current)).toBe('errors');
    expect(await errorSummary(current)).toContain('Whether the first adult works 16 hours or more a week is required.');
    await screenshot(current, 'other-adults-work-question');
  });
}

describeInChromium('a pensioner renting in Leeds with a son who does not work, in Chromium', () => {
  beforeAll(async () => {
    ({ database, server, browser } = await startBrowserSuite());
    // A real Leeds postcode (the migration seeds 20 others).
    await database.query(
      "INSERT INTO postcodes (postcode, local_authority_code, latitude, longitude) VALUES ('LS1 1UR', 'E08000035', 53.7962, -1.5485)",
    );
  }, 120_000);

  afterAll(() => stopBrowserSuite({ database, server, browser }));

  it(
    'is asked whether he works; Housing Benefit takes the lowest deduction and uses the estimated weekly rate, saying so',
    async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      try {
        await walk(page);
        const housingBenefit = page.locator('li.benefit[data-benefit-code="HOUSING_BENEFIT"]');
        await housingBenefit.waitFor();
        expect(await housingBenefit.textContent()).toContain('£157.96');
        const reasons = housingBenefit.locator('details').first();
        await reasons.locator('summary').click();
        const text = (await reasons.textContent()) ?? '';
        expect(text).toContain('£20.40 a week is deducted because 1 other adult lives with you');
        expect(text).toContain('the lowest amount for someone who does not work 16 hours a week');
        expect(text).toContain('we do not hold the published figure for Leeds yet, so £178.36 a week is our estimate');
        const note = page.locator('.housing-allowance');
        expect(await note.textContent()).toContain('The weekly rate is our estimate from the monthly rate');
        await screenshot(page, 'other-adult-pensioner-renter-result');
      } finally {
        await context.close();
      }
    },
    WALK_TIMEOUT_MS,
  );
});
