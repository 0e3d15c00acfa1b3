import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { loadSurveyDefinition } from '../../api/src/questionnaire/survey-definitions.js';
import { compileSurvey, surveyState, type CompiledPage, type RuleEnvironment } from '../../api/src/questionnaire/survey-flow.js';
import type { Adult, Child, Household, Housing } from '../../engine/household.js';
import { loadEntitlementEngine } from '../../engine/load.js';
import { ukToday } from '../../common/dates/uk-today.js';
import { addDays } from '../../common/dates/calendar.js';
import { valueOn, type DatedParameter } from '../../common/parameters/dated-parameter.js';
import { householdFromAnswers } from '../../engine/household-mapping/household-mapping.js';
import type { Answers, PostcodeAnswer } from '../../common/survey/model.js';
import { lhaAreaChoice } from '../../api/src/questionnaire/lha-area-choice.js';
import { REPO_ROOT, type ApiProcess } from '../support/api-process.js';
import { describeInChromium, screenshot } from '../support/chromium.js';
import { singleRenterTyped } from '../support/households.js';
import {
  closePopUp,
  errorSummary,
  fillQuestion,
  pageTitle,
  pressBack,
  pressNext,
  question,
  waitForTextOf,
  type QuestionValue,
} from '../support/survey-driver.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import type { TestDatabase } from '../support/test-database.js';

/**
 * The acceptance walkthroughs of the questionnaire and its results: thirteen households answer every
 * page they are shown by typing and clicking, and finish. The server then holds a finished calculation whose answers
 * give the household each one is, and the results page shows the figures the engine works out for that household,
 * in either period. The answers are those of the household fixtures in engine/household-mapping/household-mapping.spec.ts.
 */

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const SESSION_PATH = /^\/survey\/(\d+)\/([0-9a-f-]{36})$/;
const PRIVACY_NOTICE = "You've already answered this question.";
/** A walkthrough takes 5 to 11 seconds; a press of Next that shows errors rests the buttons 3 seconds. */
const WALK_TIMEOUT_MS = 60_000;

const ENGINE = loadEntitlementEngine();
const SURVEY = compileSurvey(loadSurveyDefinition(join(REPO_ROOT, 'definitions')));
const NATIONAL_LIVING_WAGE = JSON.parse(
  readFileSync(join(REPO_ROOT, 'rulesets/parameters/gov/hmrc/minimum_wage/national_living_wage.json'), 'utf8'),
) as DatedParameter;

/** The page name, and the answers of the questions shown there, in page order (typed as the driver takes them). */
type PageAnswers = [page: string, answers: Record<string, QuestionValue>];

/** What householdFromAnswers must give: the whole of each listed part, or of each adult and child the parts named. */
interface KeyFacts {
  country: Household['country'];
  localAuthority: string;
  adults: Partial<Adult>[];
  children: Partial<Child>[];
  housing: Partial<Housing>;
  capital: number;
  childcareCosts: Household['childcareCosts'];
  expectingBaby?: Household['expectingBaby'];
  benefitsClaimed?: Household['benefitsClaimed'];
  universalCreditDeductions?: Household['universalCreditDeductions'];
}

interface HouseholdWalk {
  /** Names the screenshots: households-<slug>-<page>.png. */
  slug: string;
  /** Every page the household is shown, in order, ending with 'finish'. Pages not listed must not be shown. */
  pages: PageAnswers[];
  expected: KeyFacts;
  viewport?: { width: number; height: number };
  /** Full-page screenshots of every page, answered, just before Next. */
  screenshots?: boolean;
  /** Extra steps on a page once it is answered, before Next. */
  detours?: Record<string, (page: Page) => Promise<void>>;
  /** Extra checks of the results page once its figures are checked. */
  onResults?: (page: Page) => Promise<void>;
}

const NONE = ['None of the above'];

/**
 * The last pages of a household in a council flat in Manchester at a weekly rent with no service charges, in council
 * tax band A, with savings under 5,000: the home, the council tax, the savings and the finish.
 */
function socialRentBandAToTheEnd(weeklyRent: string, bedrooms: string): PageAnswers[] {
  return [
    [
      'your-home',
      {
        ClientTenure: 'SocialRent',
        ClientRent: { amount: weeklyRent, period: 'Weekly' },
        ClientPaysServiceCharges: 'No',
        ClientBedrooms: bedrooms,
      },
    ],
    ['council-tax', { ClientCouncilTaxLiable: 'Yes', ClientCouncilTaxBand: 'Band A' }],
    ['savings', { ClientCapitalBand: 'UpTo5000', ClientOtherProperty: 'No' }],
    ['finish', {}],
  ];
}

/** Opens Universal Credit's 'How we worked this out' on the results page and gives its sentences' block. */
async function universalCreditReasons(page: Page) {
  return benefitReasons(page, 'UNIVERSAL_CREDIT');
}

async function benefitReasons(page: Page, code: string) {
  const benefit = page.locator(`li.benefit[data-benefit-code="${code}"]`);
  await benefit.getByText('How we worked this out').click();
  return benefit.locator('details.benefit__details').first();
}

/* ---- The households, page by page ---- */

/** A day 10 weeks from today in the UK: a due date in the Sure Start Maternity Grant's claim window (11 weeks before). */
const DUE_IN_TEN_WEEKS = addDays(ukToday(), 70);
const ukTyped = (iso: string) => iso.split('-').reverse().join('/');

const singlePrivateRenterWorkingPartTime: HouseholdWalk = {
  slug: 'single-renter',
  pages: singleRenterTyped(),
  expected: {
    country: 'ENGLAND',
    localAuthority: 'E08000003',
    adults: [{ dateOfBirth: '1990-03-14', earnings: { amount: 850, period: 'MONTH', basis: 'NET' }, hoursPerWeek: 16, student: false }],
    children: [],
    housing: {
      tenure: 'PRIVATE_RENT',
      rent: { amount: 650, period: 'MONTH' },
      serviceCharges: null,
      bedrooms: 1,
      councilTax: { band: 'B', annualCharge: null, liable: true },
    },
    capital: 0,
    childcareCosts: null,
  },
  detours: {
    'about-you': async (page) => {
      // Someone under 16 is stopped, told why in the error summary, and carries on once the date is put right.
      await fillQuestion(page, 'ClientDob', '14/03/2012');
      expect(await pressNext(page)).toBe('errors');
      expect(await errorSummary(page)).toEqual(['Your date of birth must be over 16']);
      expect(await question(page, 'ClientDob').locator('.question__error').textContent()).toBe('Error: Your date of birth must be over 16');
      await screenshot(page, 'households-single-renter-about-you-errors');
      // Digits only: the mask puts the slashes in.
      await fillQuestion(page, 'ClientDob', '14031990');
      expect(await page.locator('#q-ClientDob').inputValue()).toBe('14/03/1990');
    },
    'right-to-claim': async (page) => {
      // Back twice to the postcode, then Next twice: every answer is still there, the private ones too, in place and
      // ready to change: they were typed in this tab (the notice is for a calculation opened afresh).
      await pressBack(page);
      await expectTitle(page, 'You and your partner');
      expect(await page.getByText(PRIVACY_NOTICE).count()).toBe(0);
      expect(await page.locator('#q-ClientDob').inputValue()).toBe('14/03/1990');
      expect(await question(page, 'ClientHasPartner').locator('input[value="No"]').isChecked()).toBe(true);
      await pressBack(page);
      await expectTitle(page, 'Where you live');
      expect(await page.getByText(PRIVACY_NOTICE).count()).toBe(0);
      expect((await page.locator('input#q-ClientPostcode').inputValue()).toUpperCase().replace(/\s/g, '')).toBe('M11AD');
      await screenshot(page, 'households-single-renter-where-you-live-after-back');
      expect(await pressNext(page)).toBe('moved');
      await expectTitle(page, 'You and your partner');
      expect(await pressNext(page)).toBe('moved');
      await expectTitle(page, 'Your right to claim benefits');
      expect(await question(page, 'ClientImmigrationStatus').locator('input[value="BritishOrIrish"]').isChecked()).toBe(true);
    },
  },
};

/** She stays at home caring for their disabled daughter; he works full time. */
const coupleWithThreeChildrenOneDisabledInSocialHousing: HouseholdWalk = {
  slug: 'couple-three-children',
  viewport: PHONE,
  screenshots: true,
  pages: [
    ['where-you-live', { ClientPostcode: 'EN5 1AA' }],
    ['about-you', { ClientDob: '02/07/1988', ClientHasPartner: 'Yes', PartnerDob: '19/11/1985' }],
    ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish', PartnerImmigrationStatus: 'SettledStatus' }],
    ['who-lives-with-you', { ChildCount: '3', NonDependantCount: '0' }],
    [
      'children',
      {
        ChildDob1: '10/05/2009',
        ChildSex1: 'Male',
        ChildDisability1: 'None',
        // Shown once the date of birth says the child is 16 or over.
        ChildEducation1: 'Yes',
        ChildDob2: '23/01/2016',
        ChildSex2: 'Female',
        ChildDisability2: 'HigherRate',
        ChildDob3: '08/08/2022',
        ChildSex3: 'Male',
        ChildDisability3: 'None',
      },
    ],
    // 'Are you terminally ill?' may be left unanswered.
    ['your-health', { ClientDisabilityBenefits: NONE, ClientWorkCapability: 'NotAssessed' }],
    ['partner-health', { PartnerDisabilityBenefits: NONE, PartnerWorkCapability: 'NotAssessed' }],
    ['caring', { ClientIsCarer: 'Yes', ClientCaringHours: '50', ClientCaredForBenefit: 'Yes', PartnerIsCarer: 'No' }],
    ['your-work', { ClientWork: NONE }],
    [
      'partner-work',
      {
        PartnerWork: ['Employed'],
        PartnerWorkHours: '37.5',
        PartnerEarnings: { amount: '2450', period: 'Monthly' },
        PartnerEarningsBasis: 'BeforeTax',
      },
    ],
    ['childcare', { ClientPaysChildcare: 'No' }],
    ['your-other-income', { ClientOtherIncome: ['CarersAllowance'], ClientCarersAllowance: { amount: '86.45', period: 'Weekly' } }],
    ['partner-other-income', { PartnerOtherIncome: NONE }],
    ['studying', { ClientStudent: 'No', PartnerStudent: 'No' }],
    [
      'your-home',
      {
        ClientTenure: 'SocialRent',
        ClientRent: { amount: '142.60', period: 'Weekly' },
        ClientPaysServiceCharges: 'Yes',
        ClientServiceCharges: { amount: '11.25', period: 'Weekly' },
        ClientBedrooms: '3',
      },
    ],
    ['council-tax', { ClientCouncilTaxLiable: 'Yes', ClientCouncilTaxBand: 'Band C' }],
    ['savings', { ClientCapitalBand: '£5,001 - £16,000', ClientCurrentCapital: '7250', ClientOtherProperty: 'No' }],
    ['finish', {}],
  ],
  expected: {
    country: 'ENGLAND',
    localAuthority: 'E09000003',
    adults: [
      {
        dateOfBirth: '1988-07-02',
        earnings: null,
        otherIncome: [{ type: 'CARERS_ALLOWANCE', amount: 86.45, period: 'WEEK' }],
        caring: { hoursPerWeek: 50, caredForGetsQualifyingBenefit: true },
      },
      { dateOfBirth: '1985-11-19', earnings: { amount: 2450, period: 'MONTH', basis: 'GROSS' }, hoursPerWeek: 37.5, otherIncome: [] },
    ],
    children: [
      { dateOfBirth: '2009-05-10', sex: 'MALE', disability: 'NONE', inNonAdvancedEducation: true },
      { dateOfBirth: '2016-01-23', sex: 'FEMALE', disability: 'HIGHER', inNonAdvancedEducation: false },
      { dateOfBirth: '2022-08-08', sex: 'MALE', disability: 'NONE', inNonAdvancedEducation: false },
    ],
    housing: {
      tenure: 'SOCIAL_RENT',
      rent: { amount: 142.6, period: 'WEEK' },
      serviceCharges: { amount: 11.25, period: 'WEEK' },
      bedrooms: 3,
      councilTax: { band: 'C', annualCharge: null, liable: true },
    },
    capital: 7250,
    childcareCosts: null,
  },
};

/**
 * She is British; he works, on a visa that says 'no public funds'. She claims Universal Credit as a single person:
 * the single rate and their son's element, with his earnings counted (UC Regs 2013 regs 3(3)(e), 22(3), 36(3)).
 */
const mixedStatusCouple: HouseholdWalk = {
  slug: 'mixed-status-couple',
  pages: [
    ['where-you-live', { ClientPostcode: 'm1 1ad' }],
    ['about-you', { ClientDob: '21/09/1994', ClientHasPartner: 'Yes', PartnerDob: '02/02/1992' }],
    // His status opens a pop-up: she can carry on, and claims as a single person.
    ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish', PartnerImmigrationStatus: 'NoRecourseToPublicFunds' }],
    ['who-lives-with-you', { ChildCount: '1', NonDependantCount: '0' }],
    ['children', { ChildDob1: '15/06/2022', ChildDisability1: 'None' }],
    ['your-health', { ClientDisabilityBenefits: NONE, ClientWorkCapability: 'NotAssessed', ClientTerminallyIll: 'No' }],
    ['partner-health', { PartnerDisabilityBenefits: NONE, PartnerWorkCapability: 'NotAssessed', PartnerTerminallyIll: 'No' }],
    ['caring', { ClientIsCarer: 'No', PartnerIsCarer: 'No' }],
    // The benefit cap's grace period: asked of people under State Pension age, and may be left out.
    ['your-work', { ClientWork: NONE, BenefitCapRecentlyStoppedWork: 'Yes', BenefitCapEarnedEnoughBefore: 'No' }],
    [
      'partner-work',
      {
        PartnerWork: ['Employed'],
        PartnerWorkHours: '30',
        PartnerEarnings: { amount: '1100', period: 'Monthly' },
        PartnerEarningsBasis: 'TakeHome',
      },
    ],
    ['childcare', { ClientPaysChildcare: 'No' }],
    ['your-other-income', { ClientOtherIncome: NONE }],
    ['partner-other-income', { PartnerOtherIncome: NONE }],
    ['studying', { ClientStudent: 'No', PartnerStudent: 'No' }],
    [
      'your-home',
      {
        ClientTenure: 'PrivateRent',
        ClientRent: { amount: '850', period: 'Monthly' },
        ClientPaysServiceCharges: 'No',
        ClientBedrooms: '2',
        ClientLhaArea: 'Central Greater Manchester',
      },
    ],
    ['council-tax', { ClientCouncilTaxLiable: 'Yes', ClientCouncilTaxBand: 'Band A' }],
    ['savings', { ClientCapitalBand: 'UpTo5000', ClientOtherProperty: 'No' }],
    ['finish', {}],
  ],
  expected: {
    country: 'ENGLAND',
    localAuthority: 'E08000003',
    adults: [
      { dateOfBirth: '1994-09-21', earnings: null },
      {
        dateOfBirth: '1992-02-02',
        earnings: { amount: 1100, period: 'MONTH', basis: 'NET' },
        hoursPerWeek: 30,
        subjectToImmigrationControl: true,
      },
    ],
    children: [{ dateOfBirth: '2022-06-15', disability: 'NONE', inNonAdvancedEducation: false }],
    housing: { tenure: 'PRIVATE_RENT', rent: { amount: 850, period: 'MONTH' }, serviceCharges: null, bedrooms: 2 },
    capital: 0,
    childcareCosts: null,
  },
  detours: {
    'your-work': (page) => screenshot(page, 'households-mixed-status-couple-your-work'),
  },
  onResults: async (page) => {
    const reasons = await universalCreditReasons(page);
    await expect(reasons.textContent()).resolves.toContain('you claim Universal Credit as a single person');
    await expect(reasons.textContent()).resolves.toContain('The standard allowance for a single person aged 25 or over');
    await reasons.scrollIntoViewIfNeeded();
    await screenshot(page, 'households-mixed-status-couple-reasons');
  },
};

/**
 * Her partner is on remand, expected home within 6 months: she claims Universal Credit as a single person for herself
 * and their daughter (UC Regs 2013 reg 3(3)(c)).
 */
const partnerInPrison: HouseholdWalk = {
  slug: 'partner-in-prison',
  pages: [
    ['where-you-live', { ClientPostcode: 'm1 1ad' }],
    [
      'about-you',
      { ClientDob: '03/04/1996', ClientHasPartner: 'Yes', PartnerDob: '11/11/1993', PartnerAwayFromHome: 'Prison', PartnerAwayLong: 'No' },
    ],
    ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish', PartnerImmigrationStatus: 'BritishOrIrish' }],
    ['who-lives-with-you', { ChildCount: '1', NonDependantCount: '0' }],
    ['children', { ChildDob1: '20/01/2020', ChildDisability1: 'None' }],
    ['your-health', { ClientDisabilityBenefits: NONE, ClientWorkCapability: 'NotAssessed', ClientTerminallyIll: 'No' }],
    ['partner-health', { PartnerDisabilityBenefits: NONE, PartnerWorkCapability: 'NotAssessed', PartnerTerminallyIll: 'No' }],
    ['caring', { ClientIsCarer: 'No', PartnerIsCarer: 'No' }],
    [
      'your-work',
      {
        ClientWork: ['Employed'],
        ClientWorkHours: '12',
        ClientEarnings: { amount: '520', period: 'Monthly' },
        ClientEarningsBasis: 'TakeHome',
      },
    ],
    ['partner-work', { PartnerWork: NONE }],
    ['childcare', { ClientPaysChildcare: 'No' }],
    ['your-other-income', { ClientOtherIncome: NONE }],
    ['partner-other-income', { PartnerOtherIncome: NONE }],
    ['studying', { ClientStudent: 'No', PartnerStudent: 'No' }],
    ...socialRentBandAToTheEnd('105', '2'),
  ],
  expected: {
    country: 'ENGLAND',
    localAuthority: 'E08000003',
    adults: [
      { dateOfBirth: '1996-04-03', earnings: { amount: 520, period: 'MONTH', basis: 'NET' }, hoursPerWeek: 12 },
      { dateOfBirth: '1993-11-11', earnings: null, awayFromHome: { reason: 'PRISON', moreThanSixMonths: false } },
    ],
    children: [{ dateOfBirth: '2020-01-20', disability: 'NONE', inNonAdvancedEducation: false }],
    housing: { tenure: 'SOCIAL_RENT', rent: { amount: 105, period: 'WEEK' }, serviceCharges: null, bedrooms: 2 },
    capital: 0,
    childcareCosts: null,
  },
  detours: {
    'about-you': (page) => screenshot(page, 'households-partner-in-prison-about-you'),
  },
  onResults: async (page) => {
    const reasons = await universalCreditReasons(page);
    await expect(reasons.textContent()).resolves.toContain('Your partner is in prison, so you claim Universal Credit as a single person');
    await expect(reasons.textContent()).resolves.toContain('The standard allowance for a single person aged 25 or over');
  },
};

/**
 * The pages and the household of a person living alone in a council flat in Manchester, with no income, who is away
 * from home: only the about-you answers (their date of birth and where they are) and the adult they make differ.
 */
function singleAwayInCouncilFlat(
  aboutYou: Record<string, QuestionValue>,
  adult: Partial<Adult>,
): Pick<HouseholdWalk, 'pages' | 'expected'> {
  return {
    pages: [
      ['where-you-live', { ClientPostcode: 'm1 1ad' }],
      ['about-you', { ClientHasPartner: 'No', ...aboutYou }],
      ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish' }],
      ['who-lives-with-you', { ChildCount: '0', NonDependantCount: '0' }],
      ['your-health', { ClientDisabilityBenefits: NONE, ClientWorkCapability: 'NotAssessed', ClientTerminallyIll: 'No' }],
      ['caring', { ClientIsCarer: 'No' }],
      ['your-work', { ClientWork: NONE }],
      ['your-other-income', { ClientOtherIncome: NONE }],
      ['studying', { ClientStudent: 'No' }],
      ...socialRentBandAToTheEnd('95', '1'),
    ],
    expected: {
      country: 'ENGLAND',
      localAuthority: 'E08000003',
      adults: [{ earnings: null, ...adult }],
      children: [],
      housing: { tenure: 'SOCIAL_RENT', rent: { amount: 95, period: 'WEEK' }, serviceCharges: null, bedrooms: 1 },
      capital: 0,
      childcareCosts: null,
    },
  };
}

/**
 * He lives alone in a council flat and has been in hospital since the spring, expected to stay more than 6 months: he
 * is treated as not living at home, so Universal Credit has nothing for his rent (UC Regs 2013 sch 3 para 9(1)).
 */
const singleInHospital: HouseholdWalk = {
  slug: 'single-in-hospital',
  ...singleAwayInCouncilFlat(
    { ClientDob: '12/09/1980', ClientAwayFromHome: 'Hospital', ClientAwayLong: 'Yes', ClientAwayYear: 'No' },
    { dateOfBirth: '1980-09-12', awayFromHome: { reason: 'HOSPITAL', moreThanSixMonths: true } },
  ),
  detours: {
    'about-you': (page) => screenshot(page, 'households-single-in-hospital-about-you'),
  },
  onResults: async (page) => {
    const reasons = await universalCreditReasons(page);
    await expect(reasons.textContent()).resolves.toContain('Universal Credit has no amount for your rent while you are away');
    await reasons.scrollIntoViewIfNeeded();
    await screenshot(page, 'households-single-in-hospital-reasons');
  },
};

/**
 * She lived alone in a council flat and has moved into a care home for good: the flat is no longer her home, so
 * Universal Credit has nothing for its rent (UC Regs 2013 sch 3 para 9(1)) and there is no Council Tax Reduction for
 * it; left empty, it is exempt from council tax (Council Tax (Exempt Dwellings) Order 1992 class E).
 */
const singleInCareHomeForGood: HouseholdWalk = {
  slug: 'single-in-care-home-for-good',
  ...singleAwayInCouncilFlat(
    { ClientDob: '03/02/1968', ClientAwayFromHome: 'CareHome', ClientAwayLong: 'Yes', ClientAwayYear: 'Yes', ClientCareHomeFees: 'No' },
    { dateOfBirth: '1968-02-03', awayFromHome: { reason: 'CARE_HOME', moreThanSixMonths: true, moreThanFiftyTwoWeeks: true } },
  ),
  detours: {
    'about-you': (page) => screenshot(page, 'households-single-in-care-home-for-good-about-you'),
  },
  onResults: async (page) => {
    // No Council Tax Reduction is offered for a home that is no longer hers, and the results say why.
    await expectNoCouncilTaxReductionForTheHomeLeft(page);
    const reasons = await universalCreditReasons(page);
    await expect(reasons.textContent()).resolves.toContain('Universal Credit has no amount for your rent while you are away');
    await screenshot(page, 'households-single-in-care-home-for-good-results');
  },
};

/**
 * She is 82, gets Attendance Allowance at the higher rate, and has moved into a care home for good, paying the fees
 * from her savings of 20,000: her Attendance Allowance carries on (AA Regs 1991 reg 8(6)), so Pension Credit keeps the
 * severe disability addition; the flat she left is no longer hers, so there is no Housing Benefit or Council Tax
 * Reduction for it (HB (SPC) Regs 2006 reg 7(16) and (17)); and in a care home with Pension Credit, no Winter Fuel
 * Payment. The case is worked by hand in rulesets/housing-benefit/cases/claimant-away-from-home.json.
 */
const pensionerInCareHomePayingHerOwnFees: HouseholdWalk = {
  slug: 'pensioner-in-care-home-self-funding',
  pages: [
    ['where-you-live', { ClientPostcode: 'm1 1ad' }],
    [
      'about-you',
      {
        ClientDob: '10/03/1944',
        ClientHasPartner: 'No',
        ClientInHospitalOrCareHome: 'CareHome',
        ClientAwayYear: 'Yes',
        ClientCareHomeFees: 'Yes',
      },
    ],
    ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish' }],
    ['who-lives-with-you', { ChildCount: '0', NonDependantCount: '0' }],
    [
      'your-health',
      { ClientDisabilityBenefits: ['AttendanceAllowance'], ClientAttendanceAllowanceRate: 'Higher', ClientTerminallyIll: 'No' },
    ],
    ['caring', { ClientIsCarer: 'No' }],
    ['your-work', { ClientWork: NONE }],
    ['your-other-income', { ClientOtherIncome: ['StatePension'], ClientStatePension: { amount: '200', period: 'Weekly' } }],
    [
      'your-home',
      { ClientTenure: 'SocialRent', ClientRent: { amount: '110', period: 'Weekly' }, ClientPaysServiceCharges: 'No', ClientBedrooms: '1' },
    ],
    ['council-tax', { ClientCouncilTaxLiable: 'Yes', ClientCouncilTaxBand: 'Band B' }],
    ['savings', { ClientCapitalBand: 'Over16000', ClientCurrentCapital: '20000', ClientOtherProperty: 'No' }],
    ['finish', {}],
  ],
  expected: {
    country: 'ENGLAND',
    localAuthority: 'E08000003',
    adults: [
      {
        dateOfBirth: '1944-03-10',
        otherIncome: [{ type: 'STATE_PENSION', amount: 200, period: 'WEEK' }],
        benefitsReceived: [{ type: 'ATTENDANCE_ALLOWANCE', rate: 'HIGHER' }],
        awayFromHome: { reason: 'CARE_HOME', moreThanSixMonths: true, moreThanFiftyTwoWeeks: true, paysOwnCareHomeFees: true },
      },
    ],
    children: [],
    housing: { tenure: 'SOCIAL_RENT', rent: { amount: 110, period: 'WEEK' }, serviceCharges: null, bedrooms: 1 },
    capital: 20000,
    childcareCosts: null,
  },
  detours: {
    'about-you': (page) => screenshot(page, 'households-pensioner-in-care-home-self-funding-about-you'),
  },
  onResults: async (page) => {
    // 238.00 + 86.05 - (200.00 + 20.00 from her savings) = 104.05, and savings credit 7.16: 111.21 a week, 481.91 a month.
    const pensionCredit = page.locator('li.benefit[data-benefit-code="PENSION_CREDIT"]');
    await expect(pensionCredit.locator('.benefit__amount').textContent()).resolves.toContain('£481.91');
    const reasons = await benefitReasons(page, 'PENSION_CREDIT');
    await expect(reasons.textContent()).resolves.toMatch(/severe disability/i);
    // Neither the rent nor the council tax of the flat she left is hers to get help with, nor a Winter Fuel Payment.
    for (const code of ['HOUSING_BENEFIT', 'WINTER_FUEL_PAYMENT'])
      await expect(page.locator(`li.benefit[data-benefit-code="${code}"]`).count()).resolves.toBe(0);
    await expectNoCouncilTaxReductionForTheHomeLeft(page);
    await reasons.scrollIntoViewIfNeeded();
    await screenshot(page, 'households-pensioner-in-care-home-self-funding-results');
  },
};

/**
 * She lives alone, got Universal Credit with help for her rent, and has been remanded in custody: for her first 6
 * months inside, Universal Credit pays towards her rent and nothing else (UC Regs 2013 reg 19(2) and (3)).
 */
const singleOnRemand: HouseholdWalk = {
  slug: 'single-on-remand',
  pages: [
    ['where-you-live', { ClientPostcode: 'm1 1ad' }],
    ['about-you', { ClientDob: '05/05/1998', ClientHasPartner: 'No', ClientAwayFromHome: 'Prison', ClientAwayLong: 'No' }],
    ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish' }],
    ['who-lives-with-you', { ChildCount: '0', NonDependantCount: '0' }],
    ['your-health', { ClientDisabilityBenefits: NONE, ClientWorkCapability: 'NotAssessed', ClientTerminallyIll: 'No' }],
    ['caring', { ClientIsCarer: 'No' }],
    ['your-work', { ClientWork: NONE }],
    ['your-other-income', { ClientOtherIncome: NONE, BenefitsAlreadyGet: ['UniversalCredit'], UcDeductions: 'No' }],
    ['studying', { ClientStudent: 'No' }],
    ...socialRentBandAToTheEnd('92', '1'),
  ],
  expected: {
    country: 'ENGLAND',
    localAuthority: 'E08000003',
    adults: [{ dateOfBirth: '1998-05-05', earnings: null, awayFromHome: { reason: 'PRISON', moreThanSixMonths: false } }],
    children: [],
    housing: { tenure: 'SOCIAL_RENT', rent: { amount: 92, period: 'WEEK' }, serviceCharges: null, bedrooms: 1 },
    capital: 0,
    childcareCosts: null,
    benefitsClaimed: ['UNIVERSAL_CREDIT'],
  },
  onResults: async (page) => {
    // 92.00 a week is 92 x 52 / 12 = 398.67 a month, the housing costs element alone.
    const universalCredit = page.locator('li.benefit[data-benefit-code="UNIVERSAL_CREDIT"]');
    await expect(universalCredit.locator('.benefit__amount').textContent()).resolves.toContain('£398.67');
    const reasons = await universalCreditReasons(page);
    await expect(reasons.textContent()).resolves.toContain('there is no standard allowance while you are in prison');
    await reasons.scrollIntoViewIfNeeded();
    await screenshot(page, 'households-single-on-remand-reasons');
  },
};

/**
 * The pages of a couple both over State Pension age in a Manchester council flat at 95 a week (Band A), neither working,
 * caring nor disabled, with no one else at home and savings under 5,000: the about-you answers, the partner's status
 * and their incomes as given.
 */
function pensionerCouplePages(answers: {
  aboutYou: Record<string, QuestionValue>;
  partnerStatus: string;
  yourIncome: Record<string, QuestionValue>;
  partnerIncome: Record<string, QuestionValue>;
}): PageAnswers[] {
  return [
    ['where-you-live', { ClientPostcode: 'm1 1ad' }],
    ['about-you', answers.aboutYou],
    ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish', PartnerImmigrationStatus: answers.partnerStatus }],
    ['who-lives-with-you', { ChildCount: '0', NonDependantCount: '0' }],
    ['your-health', { ClientDisabilityBenefits: NONE, ClientTerminallyIll: 'No' }],
    ['partner-health', { PartnerDisabilityBenefits: NONE, PartnerTerminallyIll: 'No' }],
    ['caring', { ClientIsCarer: 'No', PartnerIsCarer: 'No' }],
    ['your-work', { ClientWork: NONE }],
    ['partner-work', { PartnerWork: NONE }],
    ['your-other-income', answers.yourIncome],
    ['partner-other-income', answers.partnerIncome],
    ...socialRentBandAToTheEnd('95', '2'),
  ];
}

/**
 * She is 76 and her husband, 78, has moved into a care home for good: he is no longer a member of her household (SPC
 * Regs 2002 reg 5(1)(b)), so she gets Pension Credit as a single person on her own State Pension, and with no other
 * adult at home, the single person discount on her council tax.
 */
const pensionerWhosePartnerIsInACareHome: HouseholdWalk = {
  slug: 'pensioner-partner-in-care-home',
  pages: pensionerCouplePages({
    aboutYou: {
      ClientDob: '01/06/1950',
      ClientHasPartner: 'Yes',
      PartnerDob: '10/02/1948',
      PartnerAwayFromHome: 'CareHome',
      PartnerAwayYear: 'Yes',
    },
    partnerStatus: 'BritishOrIrish',
    yourIncome: { ClientOtherIncome: ['StatePension'], ClientStatePension: { amount: '180', period: 'Weekly' } },
    partnerIncome: { PartnerOtherIncome: ['StatePension'], PartnerStatePension: { amount: '240', period: 'Weekly' } },
  }),
  expected: {
    country: 'ENGLAND',
    localAuthority: 'E08000003',
    adults: [
      { dateOfBirth: '1950-06-01', otherIncome: [{ type: 'STATE_PENSION', amount: 180, period: 'WEEK' }] },
      {
        dateOfBirth: '1948-02-10',
        otherIncome: [{ type: 'STATE_PENSION', amount: 240, period: 'WEEK' }],
        awayFromHome: { reason: 'CARE_HOME', moreThanSixMonths: true, moreThanFiftyTwoWeeks: true },
      },
    ],
    children: [],
    housing: { tenure: 'SOCIAL_RENT', rent: { amount: 95, period: 'WEEK' }, serviceCharges: null, bedrooms: 2 },
    capital: 0,
    childcareCosts: null,
  },
  detours: {
    'about-you': (page) => screenshot(page, 'households-pensioner-partner-in-care-home-about-you'),
  },
  onResults: async (page) => {
    // The single minimum guarantee 238.00 less her State Pension 180.00 = 58.00 a week: 58 x 52 / 12 = 251.33 a month.
    const pensionCredit = page.locator('li.benefit[data-benefit-code="PENSION_CREDIT"]');
    await expect(pensionCredit.locator('.benefit__amount').textContent()).resolves.toContain('£251.33');
    const reasons = await benefitReasons(page, 'PENSION_CREDIT');
    await expect(reasons.textContent()).resolves.toContain('for benefits you are treated as single');
    await expect(reasons.textContent()).resolves.toContain('The standard minimum guarantee for a single person');
    await reasons.scrollIntoViewIfNeeded();
    await screenshot(page, 'households-pensioner-partner-in-care-home-reasons');
  },
};

/**
 * They are both over State Pension age; his permission to stay says 'no public funds'. Pension Credit leaves him out of
 * her household (SPC Regs 2002 reg 5(1)(h)): she gets it as a single person on her own State Pension, which passports
 * Housing Benefit on their rent, with its warning about public funds.
 */
const pensionerCoupleOneWithNoPublicFunds: HouseholdWalk = {
  slug: 'pensioner-mixed-status-couple',
  pages: pensionerCouplePages({
    aboutYou: { ClientDob: '14/03/1956', ClientHasPartner: 'Yes', PartnerDob: '30/11/1954', PartnerAwayFromHome: 'No' },
    partnerStatus: 'NoRecourseToPublicFunds',
    yourIncome: { ClientOtherIncome: ['StatePension'], ClientStatePension: { amount: '200', period: 'Weekly' } },
    partnerIncome: { PartnerOtherIncome: ['PrivatePension'], PartnerPrivatePension: { amount: '100', period: 'Weekly' } },
  }),
  expected: {
    country: 'ENGLAND',
    localAuthority: 'E08000003',
    adults: [
      { dateOfBirth: '1956-03-14', otherIncome: [{ type: 'STATE_PENSION', amount: 200, period: 'WEEK' }] },
      {
        dateOfBirth: '1954-11-30',
        otherIncome: [{ type: 'PRIVATE_PENSION', amount: 100, period: 'WEEK' }],
        subjectToImmigrationControl: true,
      },
    ],
    children: [],
    housing: { tenure: 'SOCIAL_RENT', rent: { amount: 95, period: 'WEEK' }, serviceCharges: null, bedrooms: 2 },
    capital: 0,
    childcareCosts: null,
  },
  onResults: async (page) => {
    // The single minimum guarantee 238.00 less her State Pension 200.00 = 38.00 a week: 38 x 52 / 12 = 164.67 a month.
    const pensionCredit = page.locator('li.benefit[data-benefit-code="PENSION_CREDIT"]');
    await expect(pensionCredit.locator('.benefit__amount').textContent()).resolves.toContain('£164.67');
    const reasons = await benefitReasons(page, 'PENSION_CREDIT');
    await expect(reasons.textContent()).resolves.toContain('Pension Credit treats them as not part of your household');
    await reasons.scrollIntoViewIfNeeded();
    await screenshot(page, 'households-pensioner-mixed-status-couple-reasons');
  },
};

/**
 * She is 76; her husband, 50, may not claim public funds and works. He cannot be in a Universal Credit claim with her
 * (UC Regs 2013 reg 3(3)(e)), and she, over State Pension age, cannot claim it alone, so she gets Pension Credit and
 * pension-age Housing Benefit as a single person, on her own income: his earnings count for neither (SPC Regs 2002
 * reg 5(1)(h), (4) and (5); SI 2019/37 art 7). Worked by hand in rulesets/pension-credit/cases/mixed-age-partner-not-counted.json.
 */
const mixedAgeCoupleOneWithNoPublicFunds: HouseholdWalk = {
  slug: 'mixed-age-mixed-status-couple',
  pages: [
    ['where-you-live', { ClientPostcode: 'm1 1ad' }],
    ['about-you', { ClientDob: '01/03/1950', ClientHasPartner: 'Yes', PartnerDob: '15/06/1976', PartnerAwayFromHome: 'No' }],
    ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish', PartnerImmigrationStatus: 'NoRecourseToPublicFunds' }],
    ['who-lives-with-you', { ChildCount: '0', NonDependantCount: '0' }],
    ['your-health', { ClientDisabilityBenefits: NONE, ClientTerminallyIll: 'No' }],
    ['partner-health', { PartnerDisabilityBenefits: NONE, PartnerWorkCapability: 'NotAssessed', PartnerTerminallyIll: 'No' }],
    ['caring', { ClientIsCarer: 'No', PartnerIsCarer: 'No' }],
    ['your-work', { ClientWork: NONE }],
    [
      'partner-work',
      {
        PartnerWork: ['Employed'],
        PartnerWorkHours: '30',
        PartnerEarnings: { amount: '1500', period: 'Monthly' },
        PartnerEarningsBasis: 'TakeHome',
      },
    ],
    ['your-other-income', { ClientOtherIncome: ['StatePension'], ClientStatePension: { amount: '240', period: 'Weekly' } }],
    ['partner-other-income', { PartnerOtherIncome: NONE }],
    ['studying', { PartnerStudent: 'No' }],
    ...socialRentBandAToTheEnd('95.50', '1'),
  ],
  expected: {
    country: 'ENGLAND',
    localAuthority: 'E08000003',
    adults: [
      { dateOfBirth: '1950-03-01', otherIncome: [{ type: 'STATE_PENSION', amount: 240, period: 'WEEK' }] },
      {
        dateOfBirth: '1976-06-15',
        earnings: { amount: 1500, period: 'MONTH', basis: 'NET' },
        hoursPerWeek: 30,
        subjectToImmigrationControl: true,
      },
    ],
    children: [],
    housing: { tenure: 'SOCIAL_RENT', rent: { amount: 95.5, period: 'WEEK' }, serviceCharges: null, bedrooms: 1 },
    capital: 0,
    childcareCosts: null,
  },
  onResults: async (page) => {
    // Savings credit 17.16 a week (74.36 a month); Housing Benefit on her income alone, 94.75 a week (410.58 a month).
    const pensionCredit = page.locator('li.benefit[data-benefit-code="PENSION_CREDIT"]');
    await expect(pensionCredit.locator('.benefit__amount').textContent()).resolves.toContain('£74.36');
    const housingBenefit = page.locator('li.benefit[data-benefit-code="HOUSING_BENEFIT"]');
    await expect(housingBenefit.locator('.benefit__amount').textContent()).resolves.toContain('£410.58');
    await expect(page.locator('li.benefit[data-benefit-code="UNIVERSAL_CREDIT"]').count()).resolves.toBe(0);
    const reasons = await benefitReasons(page, 'PENSION_CREDIT');
    await expect(reasons.textContent()).resolves.toContain('Pension Credit treats them as not part of your household');
    await reasons.scrollIntoViewIfNeeded();
    await screenshot(page, 'households-mixed-age-mixed-status-couple-reasons');
  },
};

/** He is 17 and estranged from his parents, renting a room: he may claim Universal Credit (UC Regs 2013 reg 8(1)(g)). */
const estrangedSeventeenYearOld: HouseholdWalk = {
  slug: 'estranged-17-year-old',
  viewport: PHONE,
  pages: [
    ['where-you-live', { ClientPostcode: 'm1 1ad' }],
    // Asked only of someone under 18.
    ['about-you', { ClientDob: '01/06/2009', ClientYoungPerson: ['WithoutParentalSupport'], ClientHasPartner: 'No' }],
    ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish' }],
    ['who-lives-with-you', { ChildCount: '0', NonDependantCount: '0' }],
    ['your-health', { ClientDisabilityBenefits: NONE, ClientWorkCapability: 'NotAssessed', ClientTerminallyIll: 'No' }],
    ['caring', { ClientIsCarer: 'No' }],
    ['your-work', { ClientWork: NONE }],
    ['your-other-income', { ClientOtherIncome: NONE }],
    ['studying', { ClientStudent: 'No' }],
    [
      'your-home',
      {
        ClientTenure: 'PrivateRent',
        ClientRent: { amount: '400', period: 'Monthly' },
        ClientPaysServiceCharges: 'No',
        ClientBedrooms: '1',
        ClientLhaArea: 'Central Greater Manchester',
      },
    ],
    ['council-tax', { ClientCouncilTaxLiable: 'No' }],
    ['savings', { ClientCapitalBand: 'UpTo5000', ClientOtherProperty: 'No' }],
    ['finish', {}],
  ],
  expected: {
    country: 'ENGLAND',
    localAuthority: 'E08000003',
    adults: [
      {
        dateOfBirth: '2009-06-01',
        earnings: null,
        under18: { withoutParentalSupport: true, pregnantOrRecentBirth: false, careLeaver: false },
      },
    ],
    children: [],
    housing: { tenure: 'PRIVATE_RENT', rent: { amount: 400, period: 'MONTH' }, serviceCharges: null, bedrooms: 1 },
    capital: 0,
    childcareCosts: null,
  },
  detours: {
    'about-you': (page) => screenshot(page, 'households-estranged-17-year-old-about-you'),
    // Single, under 35 and renting privately: asked about the shared accommodation rate's exceptions.
    'your-home': (page) => screenshot(page, 'households-estranged-17-year-old-your-home'),
  },
  onResults: async (page) => {
    const reasons = await universalCreditReasons(page);
    await expect(reasons.textContent()).resolves.toContain('The standard allowance for a single person under 25');
    await expect(reasons.textContent()).resolves.toContain('shared accommodation rate');
  },
};

/**
 * A young woman on her own in a council flat, not working, expecting her first baby in 10 weeks: Universal Credit
 * makes her family one that may get the Sure Start Maternity Grant, a lump sum of £500 shown apart from the
 * monthly figures and never in their total (SI 2005/3061 regs 5 and 5A).
 */
const expectingFirstBaby: HouseholdWalk = {
  slug: 'expecting-first-baby',
  viewport: PHONE,
  pages: [
    ['where-you-live', { ClientPostcode: 'm1 1ad' }],
    ['about-you', { ClientDob: '14/02/2002', ClientHasPartner: 'No' }],
    ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish' }],
    [
      'who-lives-with-you',
      { ChildCount: '0', NonDependantCount: '0', ExpectingBaby: 'Yes', BabyDueDate: ukTyped(DUE_IN_TEN_WEEKS), BabiesExpected: '1' },
    ],
    ['your-health', { ClientDisabilityBenefits: NONE, ClientWorkCapability: 'NotAssessed', ClientTerminallyIll: 'No' }],
    ['caring', { ClientIsCarer: 'No' }],
    ['your-work', { ClientWork: NONE }],
    [
      'your-other-income',
      {
        ClientOtherIncome: NONE,
        // She already gets Universal Credit, and repays her advance from it.
        BenefitsAlreadyGet: ['UniversalCredit'],
        UcDeductions: 'Yes',
        UcDeductionTypes: ['Advance'],
        UcDeductionAdvance: { amount: '90', period: 'Monthly' },
      },
    ],
    ['studying', { ClientStudent: 'No' }],
    ...socialRentBandAToTheEnd('98.50', '1'),
  ],
  expected: {
    country: 'ENGLAND',
    localAuthority: 'E08000003',
    adults: [{ dateOfBirth: '2002-02-14', earnings: null }],
    children: [],
    housing: { tenure: 'SOCIAL_RENT', rent: { amount: 98.5, period: 'WEEK' }, serviceCharges: null, bedrooms: 1 },
    capital: 0,
    childcareCosts: null,
    expectingBaby: { dueDate: DUE_IN_TEN_WEEKS, babies: 1 },
    benefitsClaimed: ['UNIVERSAL_CREDIT'],
    universalCreditDeductions: [{ type: 'ADVANCE', amount: 90 }],
  },
  detours: {
    'who-lives-with-you': (page) => screenshot(page, 'households-expecting-first-baby-who-lives-with-you'),
    'your-other-income': (page) => screenshot(page, 'households-expecting-first-baby-your-other-income'),
  },
  onResults: async (page) => {
    // Universal Credit she already gets, with what is paid after her advance: at most 15% of her standard allowance (under 25), so £50.79 of the £90.
    const universalCredit = page.locator('li.benefit[data-benefit-code="UNIVERSAL_CREDIT"]');
    await expect(universalCredit.locator('.benefit__claim').textContent()).resolves.toBe('You already get this');
    await expect(universalCredit.locator('.benefit__paid').textContent()).resolves.toContain(
      'Repaying a Universal Credit advance: £50.79 per month',
    );
    await expect(page.locator('li.benefit[data-benefit-code="COUNCIL_TAX_REDUCTION"] .benefit__claim').textContent()).resolves.toBe(
      'You could claim this',
    );
    await screenshot(page, 'households-expecting-first-baby-paid-after-debts');
    const oneOff = page.locator('section[aria-labelledby="one-off-payments-title"]');
    await expect(oneOff.locator('h2').textContent()).resolves.toBe('One-off payments you could get');
    const grant = oneOff.locator('li.benefit[data-benefit-code="SURE_START_MATERNITY_GRANT"]');
    await expect(grant.locator('.benefit__amount').textContent()).resolves.toBe('£500.00 once');
    await grant.getByText('How we worked this out').click();
    await expect(grant.locator('details.benefit__details').first().textContent()).resolves.toContain(
      'because your household gets Universal Credit',
    );
    await screenshot(page, 'households-expecting-first-baby-one-off');
  },
};

/**
 * A lone parent at university: responsible for a child, she may claim Universal Credit as a full-time student, and her
 * maintenance loan counts over the 9 months of the course year before the summer (UC Regs 2013 regs 14, 68 and 71).
 */
const studentParent: HouseholdWalk = {
  slug: 'student-parent',
  pages: [
    ['where-you-live', { ClientPostcode: 'm1 1ad' }],
    ['about-you', { ClientDob: '12/09/2001', ClientHasPartner: 'No' }],
    ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish' }],
    ['who-lives-with-you', { ChildCount: '1', NonDependantCount: '0' }],
    ['children', { ChildDob1: '05/02/2021', ChildDisability1: 'None' }],
    ['your-health', { ClientDisabilityBenefits: NONE, ClientWorkCapability: 'NotAssessed', ClientTerminallyIll: 'No' }],
    ['caring', { ClientIsCarer: 'No' }],
    ['your-work', { ClientWork: NONE }],

    ['your-other-income', { ClientOtherIncome: NONE }],
    ['studying', { ClientStudent: 'FullTime', ClientStudentIncome: { amount: '5400', period: 'Yearly' }, ClientStudentIncomeMonths: '9' }],
    ...socialRentBandAToTheEnd('98', '2'),
  ],
  expected: {
    country: 'ENGLAND',
    localAuthority: 'E08000003',
    adults: [
      {
        dateOfBirth: '2001-09-12',
        student: true,
        otherIncome: [{ type: 'STUDENT_INCOME', amount: 5400, period: 'YEAR', assessmentPeriods: 9 }],
      },
    ],
    children: [{ dateOfBirth: '2021-02-05', disability: 'NONE', inNonAdvancedEducation: false }],
    housing: { tenure: 'SOCIAL_RENT', rent: { amount: 98, period: 'WEEK' }, serviceCharges: null, bedrooms: 2 },
    capital: 0,
    childcareCosts: null,
  },
  detours: {
    studying: (page) => screenshot(page, 'households-student-parent-studying'),
  },
  onResults: async (page) => {
    const reasons = await universalCreditReasons(page);
    await expect(reasons.textContent()).resolves.toContain('are divided over the 9 months of it in which they count');
    await expect(reasons.textContent()).resolves.toContain('£600.00 a month');
  },
};

/** He cares for her; she gets Attendance Allowance. Past State Pension age: no work capability, no studying. */
const pensionerCoupleWhoOwnTheirHome: HouseholdWalk = {
  slug: 'pensioner-couple',
  pages: [
    ['where-you-live', { ClientPostcode: 'CF10 1AA' }],
    ['about-you', { ClientDob: '01/06/1950', ClientHasPartner: 'Yes', PartnerDob: '10/02/1953' }],
    ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish', PartnerImmigrationStatus: 'BritishOrIrish' }],
    ['who-lives-with-you', { ChildCount: '0', NonDependantCount: '0' }],
    ['your-health', { ClientDisabilityBenefits: NONE, ClientTerminallyIll: 'No' }],
    [
      'partner-health',
      { PartnerDisabilityBenefits: ['AttendanceAllowance'], PartnerAttendanceAllowanceRate: 'Lower', PartnerTerminallyIll: 'No' },
    ],
    ['caring', { ClientIsCarer: 'Yes', ClientCaringHours: '40', ClientCaredForBenefit: 'Yes', PartnerIsCarer: 'No' }],
    ['your-work', { ClientWork: NONE }],
    ['partner-work', { PartnerWork: NONE }],
    [
      'your-other-income',
      {
        ClientOtherIncome: ['StatePension', 'PrivatePension'],
        ClientStatePension: { amount: '176.45', period: 'Weekly' },
        ClientPrivatePension: { amount: '310', period: 'Monthly' },
      },
    ],
    ['partner-other-income', { PartnerOtherIncome: ['StatePension'], PartnerStatePension: { amount: '169.50', period: 'Weekly' } }],
    // Owning the home opens a pop-up about Support for Mortgage Interest.
    ['your-home', { ClientTenure: 'Owner', ClientPaysServiceCharges: 'No' }],
    ['council-tax', { ClientCouncilTaxLiable: 'Yes', ClientCouncilTaxBand: 'Band D' }],
    // More than £16,000 opens a pop-up; at pension age the figure is asked.
    ['savings', { ClientCapitalBand: 'Over16000', ClientCurrentCapital: '18500', ClientOtherProperty: 'No' }],
    ['finish', {}],
  ],
  expected: {
    country: 'WALES',
    localAuthority: 'W06000015',
    adults: [
      {
        dateOfBirth: '1950-06-01',
        otherIncome: [
          { type: 'STATE_PENSION', amount: 176.45, period: 'WEEK' },
          { type: 'PRIVATE_PENSION', amount: 310, period: 'MONTH' },
        ],
        caring: { hoursPerWeek: 40, caredForGetsQualifyingBenefit: true },
      },
      {
        dateOfBirth: '1953-02-10',
        otherIncome: [{ type: 'STATE_PENSION', amount: 169.5, period: 'WEEK' }],
        benefitsReceived: [{ type: 'ATTENDANCE_ALLOWANCE', rate: 'LOWER' }],
      },
    ],
    children: [],
    housing: {
      tenure: 'OWNER_OCCUPIER',
      rent: null,
      serviceCharges: null,
      bedrooms: null,
      councilTax: { band: 'D', annualCharge: null, liable: true },
    },
    capital: 18500,
    childcareCosts: null,
  },
};

const selfEmployedLoneParentInScotland: HouseholdWalk = {
  slug: 'lone-parent-scotland',
  pages: [
    ['where-you-live', { ClientPostcode: 'AB10 1AB' }],
    ['about-you', { ClientDob: '30/09/1991', ClientHasPartner: 'No' }],
    // Pre-settled status opens a pop-up.
    ['right-to-claim', { ClientImmigrationStatus: 'PreSettledStatus' }],
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
    ['your-health', { ClientDisabilityBenefits: NONE, ClientWorkCapability: 'NotAssessed' }],
    ['caring', { ClientIsCarer: 'No' }],
    [
      'your-work',
      {
        ClientWork: ['SelfEmployed'],
        ClientWorkHours: '25',
        ClientSelfEmployedProfit: { amount: '900', period: 'Monthly' },
        ClientStartUpPeriod: 'No',
      },
    ],
    ['childcare', { ClientPaysChildcare: 'Yes', ClientChildcareCosts: { amount: '210', period: 'Monthly' } }],
    ['your-other-income', { ClientOtherIncome: ['ChildMaintenance'], ClientChildMaintenance: { amount: '150', period: 'Monthly' } }],
    ['studying', { ClientStudent: 'No' }],
    [
      'your-home',
      {
        ClientTenure: 'PrivateRent',
        ClientRent: { amount: '750', period: 'Monthly' },
        ClientPaysServiceCharges: 'No',
        ClientBedrooms: '2',
      },
    ],
    // In Scotland the band cannot be looked up from the address, so only the bands are offered.
    ['council-tax', { ClientCouncilTaxLiable: 'Yes', ClientCouncilTaxBand: 'Band B' }],
    ['savings', { ClientCapitalBand: 'UpTo5000', ClientOtherProperty: 'No' }],
    ['finish', {}],
  ],
  expected: {
    country: 'SCOTLAND',
    localAuthority: 'S12000033',
    adults: [
      {
        dateOfBirth: '1991-09-30',
        earnings: null,
        hoursPerWeek: 25,
        selfEmployment: { profit: { amount: 900, period: 'MONTH' }, startUpPeriod: false },
        otherIncome: [{ type: 'CHILD_MAINTENANCE', amount: 150, period: 'MONTH' }],
      },
    ],
    children: [
      { dateOfBirth: '2015-04-12', sex: 'FEMALE', disability: 'NONE' },
      { dateOfBirth: '2019-02-03', sex: 'FEMALE', disability: 'NONE' },
    ],
    housing: {
      tenure: 'PRIVATE_RENT',
      rent: { amount: 750, period: 'MONTH' },
      bedrooms: 2,
      councilTax: { band: 'B', annualCharge: null, liable: true },
    },
    capital: 0,
    childcareCosts: { amount: 210, period: 'MONTH' },
  },
};

/* ---- The walker ---- */

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;

/** Waits for the page's h1 to read `title` (the address can change a moment before the new page is drawn). */
async function expectTitle(page: Page, title: string): Promise<void> {
  await waitForTextOf(page, 'h1', title, 10_000).catch(() => undefined);
  expect(await pageTitle(page)).toBe(title);
}

/**
 * Fails at once, naming the page and question, when a question the household must answer is not shown with the
 * answers given so far (rather than waiting for it until the test times out).
 */
async function expectShown(page: Page, surveyPage: CompiledPage, name: string): Promise<void> {
  const shown = await question(page, name)
    .waitFor({ timeout: 3000 })
    .then(
      () => true,
      () => false,
    );
  expect([surveyPage.definition.name, name, shown ? 'shown' : 'not shown']).toEqual([surveyPage.definition.name, name, 'shown']);
}

function surveyPage(name: string): CompiledPage {
  const page = SURVEY.pages.find((candidate) => candidate.definition.name === name);
  if (!page) throw new Error(`There is no survey page called ${name}.`);
  return page;
}

/** The pop-up message of the option chosen, from the definitions, or null when it has none. */
function popUpOf(page: CompiledPage, name: string, value: QuestionValue): string | null {
  if (typeof value !== 'string') return null;
  const definition = page.questions.find((candidate) => candidate.definition.name === name)?.definition;
  return definition?.options?.find((option) => option.value === value)?.popUp ?? null;
}

/** Answers every page of the household as a person would, presses Next on the last, and returns the calculation's id. */
async function walk(household: HouseholdWalk): Promise<string> {
  const context = await browser.newContext({ viewport: household.viewport ?? DESKTOP });
  const page = await context.newPage();
  try {
    expect((await page.goto(`${server.url}/survey`))?.status()).toBe(200);
    let session = '';
    for (const [index, [name, answers]] of household.pages.entries()) {
      const compiled = surveyPage(name);
      await expectTitle(page, compiled.definition.title);
      const path = new URL(page.url()).pathname;
      if (index === 0) {
        expect(path).toBe('/survey');
      } else {
        session ||= SESSION_PATH.exec(path)?.[2] ?? '';
        expect(path).toBe(`/survey/${compiled.number}/${session}`);
      }

      for (const [questionName, value] of Object.entries(answers)) {
        await expectShown(page, compiled, questionName);
        await fillQuestion(page, questionName, value);
        const popUp = popUpOf(compiled, questionName, value);
        if (popUp) expect(await closePopUp(page)).toBe(popUp);
      }
      await household.detours?.[name]?.(page);
      if (household.screenshots) await screenshot(page, `households-${household.slug}-${name}`);

      if (index < household.pages.length - 1) {
        const outcome = await pressNext(page);
        // The page's name and any errors shown make a failure say where the walk stopped and why.
        expect([name, outcome, outcome === 'errors' ? await errorSummary(page) : []]).toEqual([name, 'moved', []]);
      }
    }

    // Next on the last page finishes the questionnaire (action 4) and leaves for the results.
    expect(household.pages.at(-1)?.[0]).toBe('finish');
    const finishing = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/data/survey',
    );
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    expect((await finishing).postDataJSON()).toMatchObject({ session, page: surveyPage('finish').number, action: 4 });
    await page.waitForURL(`${server.url}/result/${session}`);
    await checkResultsShown(page, session, household.slug);
    await household.onResults?.(page);
    return session;
  } finally {
    await context.close();
  }
}

/** What the server kept: whether the calculation is finished, the pages that apply, and the household its answers give. */
async function storedCalculation(session: string) {
  const [row] = await database.query<{ finished_at: Date | null }>('SELECT finished_at FROM calculation_sessions WHERE id = $1', [session]);
  const [{ answers }] = await database.query<{ answers: Answers }>('SELECT answers FROM calculation_sessions WHERE id = $1', [session]);
  const today = ukToday();
  // As the server works it out: with the Local Housing Allowance areas the home could be in (no postcode lookup is loaded here).
  const environment: RuleEnvironment = {
    today,
    nationalLivingWageHourlyPence: valueOn('national_living_wage', NATIONAL_LIVING_WAGE, today),
    lhaAreaChoice: lhaAreaChoice(ENGINE.lha, answers.ClientPostcode as PostcodeAnswer | undefined, null),
  };
  // Only answers of shown questions on pages that apply reach the calculation.
  const state = surveyState(SURVEY, answers, environment);
  return {
    finishedAt: row?.finished_at ?? null,
    pages: state.applicable.map((page) => page.definition.name),
    household: householdFromAnswers(state.effectiveAnswers, today),
  };
}

const pounds = (pence: number) => `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Council Tax Reduction is listed as nothing for someone who has moved into a hospital or care home, saying why. */
async function expectNoCouncilTaxReductionForTheHomeLeft(page: Page): Promise<void> {
  const reduction = page.locator('li.benefit[data-benefit-code="COUNCIL_TAX_REDUCTION"]');
  await expect(reduction.locator('.benefit__amount').textContent()).resolves.toBe('Nothing');
  await expect(reduction.locator('.benefit__reason').textContent()).resolves.toMatch(
    /^Now that your home is the hospital or care home, you do not pay council tax on your old home/,
  );
}

/** Each benefit the results page lists, with the amount it shows (or why it shows none). */
function benefitsShown(page: Page): Promise<{ code: string; amount: string }[]> {
  return page.locator('li.benefit').evaluateAll((items) =>
    items.map((item) => ({
      code: item.getAttribute('data-benefit-code') ?? '',
      amount: item.querySelector('.benefit__amount')?.textContent?.trim() ?? '',
    })),
  );
}

/**
 * The results page lists the benefits the engine awards the stored household, each with the engine's amount in the
 * period shown; where the page offers the choice, monthly shows the engine's monthly figures.
 */
async function checkResultsShown(page: Page, session: string, slug: string): Promise<void> {
  await waitForTextOf(page, '#result-section-title', 'Your results', 15_000);
  const { household } = await storedCalculation(session);
  const today = ukToday();
  const expected = await ENGINE.calculate(household, today);
  const expectedText = (code: string, period: 'week' | 'month') => {
    const benefit = expected.benefits.find((candidate) => candidate.code === code);
    // Someone who pays council tax hears about Council Tax Reduction even when it is nothing (issue 32 point 2).
    if (!benefit?.eligible)
      return code === 'COUNCIL_TAX_REDUCTION' && expected.facts.councilTax?.liable ? 'Nothing' : 'not awarded by the engine';
    if (!benefit.amountShown) return 'You may be entitled';
    // A payment made once shows its lump sum, never a weekly or monthly figure.
    if (benefit.lumpSumPence !== undefined) return `${pounds(benefit.lumpSumPence)} once`;
    const pence = period === 'week' ? benefit.weeklyPence : benefit.monthlyPence;
    // An award of nothing: Carer's Allowance's underlying entitlement beside a State Pension as high.
    if (pence === 0) return 'Not paid, but worth claiming';
    return `${pounds(pence)} per ${period}`;
  };
  const check = async (period?: 'week' | 'month') => {
    const shown = await benefitsShown(page);
    expect(shown.length).toBeGreaterThan(0);
    for (const { code, amount } of shown) {
      const shownPeriod = period ?? (amount.endsWith('per month') ? 'month' : 'week');
      expect({ code, amount }).toEqual({ code, amount: expectedText(code, shownPeriod) });
    }
  };
  await check();
  await screenshot(page, `households-${slug}-results`);
  const monthly = page.getByRole('radio', { name: 'Monthly' });
  if ((await monthly.count()) > 0) {
    await monthly.check();
    await check('month');
  }
}

async function walkAndCheck(household: HouseholdWalk): Promise<void> {
  const session = await walk(household);
  const stored = await storedCalculation(session);
  expect(stored.finishedAt).toBeInstanceOf(Date);
  expect(stored.pages).toEqual(household.pages.map(([name]) => name));
  expect(stored.household).toMatchObject(household.expected);
  expect(stored.household.nonDependants).toEqual([]);
}

describeInChromium('thirteen households fill the whole questionnaire in Chromium', () => {
  beforeAll(async () => {
    ({ database, server, browser } = await startBrowserSuite());
  }, 120_000);

  afterAll(() => stopBrowserSuite({ database, server, browser }));

  it(
    'a single private renter working part time, who corrects a date of birth and goes back to the postcode',
    () => walkAndCheck(singlePrivateRenterWorkingPartTime),
    WALK_TIMEOUT_MS,
  );

  it(
    'a couple with three children (one disabled) in social housing, on a phone',
    () => walkAndCheck(coupleWithThreeChildrenOneDisabledInSocialHousing),
    WALK_TIMEOUT_MS,
  );

  it('a pensioner couple who own their home, in Wales', () => walkAndCheck(pensionerCoupleWhoOwnTheirHome), WALK_TIMEOUT_MS);

  it('a self-employed lone parent in Scotland', () => walkAndCheck(selfEmployedLoneParentInScotland), WALK_TIMEOUT_MS);

  it(
    'a couple of whom one has no recourse to public funds: she claims Universal Credit as a single person',
    () => walkAndCheck(mixedStatusCouple),
    WALK_TIMEOUT_MS,
  );

  it(
    'a young woman expecting her first baby: the Sure Start Maternity Grant as a lump sum, apart from the monthly figures',
    () => walkAndCheck(expectingFirstBaby),
    WALK_TIMEOUT_MS,
  );

  it(
    'a mother whose partner is on remand: she claims Universal Credit as a single person',
    () => walkAndCheck(partnerInPrison),
    WALK_TIMEOUT_MS,
  );

  it(
    'a man living alone who will be in hospital more than 6 months: nothing for his rent while he is away',
    () => walkAndCheck(singleInHospital),
    WALK_TIMEOUT_MS,
  );

  it(
    'a woman who has moved into a care home for good: no Council Tax Reduction for the flat she left, nor rent from Universal Credit',
    () => walkAndCheck(singleInCareHomeForGood),
    WALK_TIMEOUT_MS,
  );

  it(
    'a woman of 82 in a care home for good, paying her own fees: Pension Credit with her Attendance Allowance, nothing for the flat she left',
    () => walkAndCheck(pensionerInCareHomePayingHerOwnFees),
    WALK_TIMEOUT_MS,
  );

  it(
    'a woman living alone, remanded in custody: Universal Credit for her rent and nothing else',
    () => walkAndCheck(singleOnRemand),
    WALK_TIMEOUT_MS,
  );

  it(
    'a pensioner whose husband has moved into a care home for good: Pension Credit for her as a single person',
    () => walkAndCheck(pensionerWhosePartnerIsInACareHome),
    WALK_TIMEOUT_MS,
  );

  it(
    'a pensioner couple of whom one has no public funds: Pension Credit for her as a single person',
    () => walkAndCheck(pensionerCoupleOneWithNoPublicFunds),
    WALK_TIMEOUT_MS,
  );

  it(
    'a pensioner whose younger husband may not claim public funds: Pension Credit and Housing Benefit for her alone',
    () => walkAndCheck(mixedAgeCoupleOneWithNoPublicFunds),
    WALK_TIMEOUT_MS,
  );

  it('a 17-year-old estranged from his parents, on a phone', () => walkAndCheck(estrangedSeventeenYearOld), WALK_TIMEOUT_MS);

  it(
    'a lone parent at university, whose loan counts over the 9 months before the summer',
    () => walkAndCheck(studentParent),
    WALK_TIMEOUT_MS,
  );
});
