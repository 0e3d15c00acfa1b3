import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { expectNoAccessibilityViolations } from '../support/axe.js';
import type { ApiProcess } from '../support/api-process.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { describeInChromium, screenshot } from '../support/chromium.js';
import { closePopUp, walkToResults, type QuestionValue } from '../support/survey-driver.js';
import type { TestDatabase } from '../support/test-database.js';

/**
 * Issue 33: each nation's own payments, by their own names, on the results page (one server for both walks).
 *
 * Scotland (point 4): a carer in Aberdeen, who gets Adult Disability Payment herself, sees both by the names Social
 * Security Scotland pays them under (Carer Support Payment, Adult Disability Payment), at the UK rates; the codes
 * underneath stay CARERS_ALLOWANCE and PIP.
 *
 * Northern Ireland (points 1 and 2): a lone parent in Belfast renting a three-bedroom Housing Executive home, with two
 * daughters who share: one bedroom spare, so Universal Credit's housing costs element is cut by 14% of £400 (£56.00 a
 * month), and the Welfare Supplementary Payment makes the whole cut good. The questionnaire asks about rates, not
 * council tax bands, and Rate Rebate meets her £900 a year of rates in full.
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

/**
 * Scotland (point 4): a carer of 19 in Aberdeen on a full-time degree course, supported by her parents. Carer's
 * Allowance would refuse her; Carer Support Payment is paid to a student under 20 on an advanced course (SSI 2023/302
 * reg 13), which the questionnaire asks her in Scotland. Hand-worked in rulesets/carers-allowance/cases.
 */
const SCOTTISH_STUDENT_CARER: [string, Record<string, QuestionValue>][] = [
  ['where-you-live', { ClientPostcode: 'AB10 1AB' }],
  ['about-you', { ClientDob: '15/03/2007', ClientHasPartner: 'No' }],
  ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish' }],
  ['who-lives-with-you', { ChildCount: '0', NonDependantCount: '0' }],
  ['your-health', { ClientDisabilityBenefits: NONE, ClientWorkCapability: 'NotAssessed', ClientTerminallyIll: 'No' }],
  ['caring', { ClientIsCarer: 'Yes', ClientCaringHours: '40', ClientCaredForBenefit: 'Yes' }],
  ['your-work', { ClientWork: NONE }],
  ['your-other-income', { ClientOtherIncome: NONE }],
  [
    'studying',
    {
      ClientStudent: 'FullTime',
      ClientNonAdvancedWithoutSupport: 'No',
      ClientAdvancedCourse: 'Yes',
      ClientStudentIncome: { amount: '0', period: 'Monthly' },
    },
  ],
  [
    'your-home',
    { ClientTenure: 'PrivateRent', ClientRent: { amount: '600', period: 'Monthly' }, ClientPaysServiceCharges: 'No', ClientBedrooms: '1' },
  ],
  ['council-tax', { ClientCouncilTaxLiable: 'Yes', ClientCouncilTaxBand: 'Band B' }],
  ['savings', { ClientCapitalBand: 'UpTo5000', ClientOtherProperty: 'No' }],
  ['finish', {}],
];

const BELFAST_LONE_PARENT: [string, Record<string, QuestionValue>][] = [
  ['where-you-live', { ClientPostcode: 'BT1 1AA' }],
  ['about-you', { ClientDob: '01/05/1990', ClientHasPartner: 'No' }],
  ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish' }],
  ['who-lives-with-you', { ChildCount: '2', NonDependantCount: '0' }],
  [
    'children',
    {
      ChildDob1: '12/04/2015',
      ChildSex1: 'Female',
      ChildDisability1: 'None',
      ChildDob2: '03/02/2019',
      ChildSex2: 'Female',
      ChildDisability2: 'None',
    },
  ],
  ['your-health', { ClientDisabilityBenefits: NONE, ClientWorkCapability: 'NotAssessed', ClientTerminallyIll: 'No' }],
  ['caring', { ClientIsCarer: 'No' }],
  ['your-work', { ClientWork: NONE }],
  ['your-other-income', { ClientOtherIncome: NONE }],
  ['studying', { ClientStudent: 'No' }],
  [
    'your-home',
    { ClientTenure: 'SocialRent', ClientRent: { amount: '400', period: 'Monthly' }, ClientPaysServiceCharges: 'No', ClientBedrooms: '3' },
  ],
  ['council-tax', { ClientRatesLiable: 'Yes', ClientRatesCharge: { amount: '900', period: 'Yearly' } }],
  ['savings', { ClientCapitalBand: 'UpTo5000', ClientOtherProperty: 'No' }],
  ['finish', {}],
];

/**
 * Northern Ireland over State Pension age (point 2): a widow of 72 who owns her home in Belfast, on £230 of State
 * Pension and £90 of a private pension a week, £64.00 above her applicable amount of £256.00, with rates of £1,040 a
 * year (£20.00 a week). Housing Benefit pays her rates less 20% of the excess (£7.20 a week, £31.20 a month), Rate
 * Relief tops it up to all but 12% of the excess (£5.12, £22.19 a month), and Lone Pensioner Allowance takes 20% off
 * the £7.68 left (£1.54, £6.67 a month). Hand-worked in rulesets/lone-pensioner-allowance/cases.
 */
const BELFAST_PENSIONER: [string, Record<string, QuestionValue>][] = [
  ['where-you-live', { ClientPostcode: 'BT1 1AA' }],
  ['about-you', { ClientDob: '01/03/1954', ClientHasPartner: 'No' }],
  ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish' }],
  ['who-lives-with-you', { ChildCount: '0', NonDependantCount: '0' }],
  ['your-health', { ClientDisabilityBenefits: NONE, ClientTerminallyIll: 'No' }],
  ['caring', { ClientIsCarer: 'No' }],
  ['your-work', { ClientWork: NONE }],
  [
    'your-other-income',
    {
      ClientOtherIncome: ['StatePension', 'PrivatePension'],
      ClientStatePension: { amount: '230', period: 'Weekly' },
      ClientPrivatePension: { amount: '90', period: 'Weekly' },
    },
  ],
  ['your-home', { ClientTenure: 'Owner', ClientPaysServiceCharges: 'No' }],
  ['council-tax', { ClientRatesLiable: 'Yes', ClientRatesCharge: { amount: '1040', period: 'Yearly' } }],
  ['savings', { ClientCapitalBand: 'UpTo5000', ClientOtherProperty: 'No' }],
  ['finish', {}],
];

/**
 * Northern Ireland (point 2), Lone Pensioner Allowance's disregarded residents: a widow of 81 in Belfast on the higher
 * rate of Attendance Allowance, whose daughter of 50 lives in to care for her (on Carer's Allowance). The other-adults
 * page asks whether the daughter is her carer; a resident carer of someone on the higher rate is disregarded (SR
 * 2008/124 schedule), so she lives alone for the allowance: 20% of £20.00 a week of rates, £4.00 (her pensions of
 * £640 a week are too high for Housing Benefit or Rate Relief). Hand-worked in rulesets/lone-pensioner-allowance/cases.
 */
const BELFAST_PENSIONER_WITH_CARER: [string, Record<string, QuestionValue>][] = [
  ['where-you-live', { ClientPostcode: 'BT1 1AA' }],
  ['about-you', { ClientDob: '09/09/1945', ClientHasPartner: 'No' }],
  ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish' }],
  ['who-lives-with-you', { ChildCount: '0', NonDependantCount: '1' }],
  [
    'other-adults',
    {
      NonDependantAge1: '50',
      NonDependantIncome1: { amount: '86.45', period: 'Weekly' },
      NonDependantWork1: 'No',
      NonDependantBenefits1: ['CarersAllowance'],
      NonDependantDisregarded1: 'Carer',
    },
  ],
  [
    'your-health',
    {
      ClientDisabilityBenefits: ['AttendanceAllowance'],
      ClientAttendanceAllowanceRate: 'Higher',
      ClientCarerPaid: 'Yes',
      ClientTerminallyIll: 'No',
    },
  ],
  ['caring', { ClientIsCarer: 'No' }],
  ['your-work', { ClientWork: NONE }],
  [
    'your-other-income',
    {
      ClientOtherIncome: ['StatePension', 'PrivatePension'],
      ClientStatePension: { amount: '240', period: 'Weekly' },
      ClientPrivatePension: { amount: '400', period: 'Weekly' },
    },
  ],
  ['your-home', { ClientTenure: 'Owner', ClientPaysServiceCharges: 'No' }],
  ['council-tax', { ClientRatesLiable: 'Yes', ClientRatesCharge: { amount: '1040', period: 'Yearly' } }],
  ['savings', { ClientCapitalBand: 'UpTo5000', ClientOtherProperty: 'No' }],
  ['finish', {}],
];

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;

describeInChromium('each nation’s own payments by their own names, in Chromium', () => {
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

  it('asks a Scottish student carer of 19 whether her course is higher education, and pays a degree student Carer Support Payment', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await walkToResults(page, `${server.url}/survey`, SCOTTISH_STUDENT_CARER, async (current, question) => {
      // Ticking 'Yes, full-time' opens its note on Universal Credit for students.
      if (question === 'ClientNonAdvancedWithoutSupport') await closePopUp(current);
      if (question === 'ClientAdvancedCourse')
        expect(await current.locator('[data-question="ClientAdvancedCourse"]').textContent()).toContain(
          'Is your course higher education, such as an HNC, HND or degree?',
        );
    });
    const carer = page.locator('li[data-benefit-code="CARERS_ALLOWANCE"]').first();
    await carer.waitFor();
    expect(await carer.textContent()).toContain('Carer Support Payment');
    expect(await carer.textContent()).toContain('£86.45');
    await screenshot(page, 'scotland-student-carer-results');
    await page.close();
  }, 120_000);

  it('shows a Belfast social tenant with a spare bedroom the Welfare Supplementary Payment that makes the cut good', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await walkToResults(page, `${server.url}/survey`, BELFAST_LONE_PARENT);
    const payment = page.locator('li[data-benefit-code="WELFARE_SUPPLEMENTARY_PAYMENT"]').first();
    await payment.waitFor();
    expect(await payment.textContent()).toContain('Welfare Supplementary Payment');
    expect(await payment.textContent()).toContain('£56.00');
    const universalCredit = page.locator('li[data-benefit-code="UNIVERSAL_CREDIT"]').first();
    await universalCredit.locator('summary', { hasText: 'How we worked this out' }).click();
    expect(await universalCredit.textContent()).toContain('for 1 spare bedroom the housing element is cut by 14%, £56.00 a month');
    expect(await universalCredit.textContent()).toContain('In Northern Ireland, claim Universal Credit online through nidirect');
    // Her rates of £900 a year are met in full by Rate Rebate: Universal Credit is her only income.
    const rates = page.locator('li[data-benefit-code="RATE_REBATE"]').first();
    expect(await rates.textContent()).toContain('£75.00');
    await rates.locator('summary', { hasText: 'How to claim' }).click();
    expect(await rates.textContent()).toContain('Land & Property Services');
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'northern-ireland-belfast-results');
    await page.close();
  }, 150_000);

  it('shows a Belfast homeowner of 72 her help with rates: Housing Benefit, Rate Relief and Lone Pensioner Allowance', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Owning the home opens a pop-up about Support for Mortgage Interest, closed before the next question.
    await walkToResults(page, `${server.url}/survey`, BELFAST_PENSIONER, async (current, question) => {
      if (question === 'ClientPaysServiceCharges') await closePopUp(current);
    });
    const housingBenefit = page.locator('li[data-benefit-code="HOUSING_BENEFIT"]').first();
    await housingBenefit.waitFor();
    expect(await housingBenefit.textContent()).toContain('£7.20 per week');
    await housingBenefit.locator('summary', { hasText: 'How we worked this out' }).click();
    expect(await housingBenefit.textContent()).toContain('On your rates, 20% of that, £12.80, is taken from your eligible rates of £20.00');
    expect(await page.locator('li[data-benefit-code="RATE_RELIEF"]').first().textContent()).toContain('£5.12 per week');
    const allowance = page.locator('li[data-benefit-code="LONE_PENSIONER_ALLOWANCE"]').first();
    expect(await allowance.textContent()).toContain('£1.54 per week');
    await allowance.locator('summary', { hasText: 'How to claim' }).click();
    expect(await allowance.textContent()).toContain('Land & Property Services');
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'northern-ireland-pensioner-rates-results');
    await page.close();
  }, 150_000);

  it('asks a Belfast widow of 81 whether the daughter who lives with her is her carer, and gives her Lone Pensioner Allowance', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await walkToResults(page, `${server.url}/survey`, BELFAST_PENSIONER_WITH_CARER, async (current, question) => {
      if (question === 'ClientPaysServiceCharges') await closePopUp(current);
      if (question === 'NonDependantDisregarded1') {
        expect(await current.locator('[data-question="NonDependantDisregarded1"]').textContent()).toContain(
          'They live with you to care for you, for 35 hours a week or more',
        );
        await screenshot(current, 'northern-ireland-other-adult-carer-question');
      }
    });
    const allowance = page.locator('li[data-benefit-code="LONE_PENSIONER_ALLOWANCE"]').first();
    await allowance.waitFor();
    expect(await allowance.textContent()).toContain('£4.00 per week');
    await allowance.locator('summary', { hasText: 'How we worked this out' }).click();
    expect(await allowance.textContent()).toContain('Your live-in carer is not counted');
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'northern-ireland-pensioner-carer-results');
    await page.close();
  }, 150_000);
});
