import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { expectNoAccessibilityViolations } from '../support/axe.js';
import type { ApiProcess } from '../support/api-process.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { describeInChromium, screenshot } from '../support/chromium.js';
import { walkToResults, type QuestionValue } from '../support/survey-driver.js';
import type { TestDatabase } from '../support/test-database.js';

/**
 * Issue 32, point 2: results answer what the person asked about. A working lone parent renting privately in Manchester
 * for more than the Local Housing Allowance, on a phone: the first thing the results say is how much of the rent the
 * help with housing costs leaves her to pay and what she can do (a Housing Payment from the council's Crisis and Resilience Fund);
 * she pays council tax, so Council Tax Reduction is listed with the means-tested benefits even though her earnings
 * leave none, saying why.
 */

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;
const NONE = ['None of the above'];
const PHONE = { width: 375, height: 812 };

const workingLoneParentRentingPrivately: [string, Record<string, QuestionValue>][] = [
  ['where-you-live', { ClientPostcode: 'm1 1ad' }],
  ['about-you', { ClientDob: '01/05/1990', ClientHasPartner: 'No' }],
  ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish' }],
  ['who-lives-with-you', { ChildCount: '1', NonDependantCount: '0' }],
  ['children', { ChildDob1: '02/03/2019', ChildDisability1: 'None' }],
  ['your-health', { ClientDisabilityBenefits: NONE, ClientWorkCapability: 'NotAssessed', ClientTerminallyIll: 'No' }],
  ['caring', { ClientIsCarer: 'No' }],
  [
    'your-work',
    {
      ClientWork: ['Employed'],
      ClientWorkHours: '37',
      ClientEarnings: { amount: '2600', period: 'Monthly' },
      ClientEarningsBasis: 'TakeHome',
    },
  ],
  ['childcare', { ClientPaysChildcare: 'No' }],
  ['your-other-income', { ClientOtherIncome: NONE }],
  ['studying', { ClientStudent: 'No' }],
  [
    'your-home',
    {
      ClientTenure: 'PrivateRent',
      ClientRent: { amount: '1100', period: 'Monthly' },
      ClientPaysServiceCharges: 'No',
      ClientBedrooms: '2',
      ClientLhaArea: 'Central Greater Manchester',
    },
  ],
  ['council-tax', { ClientCouncilTaxLiable: 'Yes', ClientCouncilTaxBand: 'Band B' }],
  ['savings', { ClientCapitalBand: 'UpTo5000', ClientOtherProperty: 'No' }],
  ['finish', {}],
];

describeInChromium('results that answer what was asked, in Chromium', () => {
  beforeAll(async () => {
    ({ database, server, browser } = await startBrowserSuite());
  }, 120_000);

  afterAll(() => stopBrowserSuite({ database, server, browser }));

  it('shows a working lone parent renting above the LHA the shortfall first, with what to do, and Council Tax Reduction with why it is nothing', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    try {
      await walkToResults(page, `${server.url}/survey`, workingLoneParentRentingPrivately);
      const shortfall = page.getByRole('region', { name: /^Your rent is £[\d,]+\.\d\d a month more than the help with housing costs$/ });
      await shortfall.waitFor();
      const text = (await shortfall.textContent()) ?? '';
      expect(text).toContain('Central Greater Manchester');
      expect(text).toContain('Your rent is £1,100.00 a month');
      expect(text).toContain('Ask Manchester council for a Housing Payment from its Crisis and Resilience Fund');
      expect(await shortfall.getByRole('link', { name: /Find your council/ }).getAttribute('href')).toBe(
        'https://www.gov.uk/find-local-council',
      );
      // On the first screen of a phone, nothing pressed: the card starts within the first 812 pixels.
      expect((await shortfall.boundingBox())!.y).toBeLessThan(PHONE.height);

      const reduction = page.locator('#universal-credit [data-benefit-code="COUNCIL_TAX_REDUCTION"]');
      await expect(reduction.locator('.benefit__amount').textContent()).resolves.toBe('Nothing');
      await expect(reduction.locator('.benefit__reason').textContent()).resolves.toBe('Your income is too high for Council Tax Reduction.');
      expect(await reduction.isVisible()).toBe(true);
      await expectNoAccessibilityViolations(page);
      await screenshot(page, 'results-rent-shortfall-phone');
      await reduction.scrollIntoViewIfNeeded();
      await screenshot(page, 'results-council-tax-reduction-nothing-phone');
    } finally {
      await context.close();
    }
  }, 90_000);
});
