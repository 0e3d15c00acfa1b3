import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { expectNoAccessibilityViolations } from '../support/axe.js';
import type { ApiProcess } from '../support/api-process.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { describeInChromium, screenshot } from '../support/chromium.js';
import { walkToResults, type QuestionValue } from '../support/survey-driver.js';
import type { TestDatabase } from '../support/test-database.js';

/**
 * Issue 33, point 4: a carer in Aberdeen, who gets Adult Disability Payment herself, sees both by the names Social
 * Security Scotland pays them under (Carer Support Payment, Adult Disability Payment), at the UK rates, on the results
 * page; the codes underneath stay CARERS_ALLOWANCE and PIP.
 */
const NONE = ['None of the above'];
const SCOTTISH_CARER: [string, Record<string, QuestionValue>][] = [
  ['where-you-live', { ClientPostcode: 'AB10 1AB' }],
  ['about-you', { ClientDob: '12/06/1980', ClientHasPartner: 'No' }],
  ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish' }],
  ['who-lives-with-you', { ChildCount: '0', NonDependantCount: '0' }],
  [
    'your-health',
    {
      ClientDisabilityBenefits: ['Adp'],
      ClientDailyLivingRate: 'Standard',
      ClientMobilityRate: 'None',
      ClientWorkCapability: 'NotAssessed',
      ClientTerminallyIll: 'No',
    },
  ],
  ['caring', { ClientIsCarer: 'Yes', ClientCaringHours: '40', ClientCaredForBenefit: 'Yes' }],
  [
    'your-work',
    {
      ClientWork: ['Employed'],
      ClientWorkHours: '16',
      ClientEarnings: { amount: '600', period: 'Monthly' },
      ClientEarningsBasis: 'TakeHome',
    },
  ],
  ['your-other-income', { ClientOtherIncome: NONE }],
  ['studying', { ClientStudent: 'No' }],
  [
    'your-home',
    { ClientTenure: 'PrivateRent', ClientRent: { amount: '600', period: 'Monthly' }, ClientPaysServiceCharges: 'No', ClientBedrooms: '1' },
  ],
  ['council-tax', { ClientCouncilTaxLiable: 'Yes', ClientCouncilTaxBand: 'Band B' }],
  ['savings', { ClientCapitalBand: 'UpTo5000', ClientOtherProperty: 'No' }],
  ['finish', {}],
];

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;

describeInChromium('Scotland’s own benefits by their own names, in Chromium', () => {
  beforeAll(async () => {
    ({ database, server, browser } = await startBrowserSuite());
  }, 120_000);
  afterAll(() => stopBrowserSuite({ database, server, browser }));

  it('shows a Scottish carer Carer Support Payment with the Scottish Carer Supplement, and Adult Disability Payment', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await walkToResults(page, `${server.url}/survey`, SCOTTISH_CARER);
    const carer = page.locator('li[data-benefit-code="CARERS_ALLOWANCE"]').first();
    await carer.waitFor();
    expect(await carer.textContent()).toContain('Carer Support Payment');
    expect(await carer.textContent()).toContain('£86.45');
    // Scotland's own top-up, weekly since March 2026 (Carer Support Payment £86.45 + the supplement £11.70).
    expect(await carer.textContent()).toContain('Scottish Carer Supplement');
    const disability = page.locator('li[data-benefit-code="PIP"]').first();
    expect(await disability.textContent()).toContain('Adult Disability Payment');
    expect(await disability.textContent()).not.toContain('Personal Independence Payment');
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'scotland-names-results');
    await page.close();
  }, 120_000);
});
