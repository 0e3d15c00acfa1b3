import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { BENEFIT_CODES } from '../../../engine/core/benefit.js';
import type { CalculationResult } from '../../../engine/core/calculation-result.js';
import type { Household } from '../../../engine/household.js';
import { normaliseHousehold } from '../../../engine/core/normalise.js';
import { loadEntitlementEngine } from '../../../engine/load.js';
import {
  checkBenefitGuide,
  councilTaxReductionNotAwardedOf,
  eligibilityOf,
  housingAllowanceOf,
  resultBenefits,
  resultVariables,
  type BenefitGuide,
} from './from-calculation.js';
import { BENEFIT_TYPES, type ResultBenefits } from '../../../common/result/model.js';
import { benefitsOfSystem, systemBenefitProblems } from './systems.js';
import { applyChanges } from '../../../engine/better-off.js';
import { randomHouseholds } from '../../../test/support/random-households.js';
import { toContractResponse } from '../../../engine/core/entitlement-engine.js';
import { toXml } from './xml.js';

const DATE = '2026-11-23';
const engine = loadEntitlementEngine();
const guide = JSON.parse(readFileSync('definitions/results/benefits.json', 'utf8')) as BenefitGuide;

/** A single pensioner on the State Pension alone, renting from the council. */
const pensioner: Household = normaliseHousehold({
  country: 'ENGLAND',
  adults: [{ dateOfBirth: '1955-06-01', otherIncome: [{ type: 'STATE_PENSION', amount: 180, period: 'WEEK' }] }],
  housing: { tenure: 'SOCIAL_RENT', rent: { amount: 120, period: 'WEEK' } },
});

describe('the benefit guide (definitions/results/benefits.json)', () => {
  it('covers every benefit the engine works out with an https link and how to claim', () => {
    expect(checkBenefitGuide(guide, BENEFIT_CODES)).toEqual([]);
  });

  it('refuses a broken copy, naming each field: the schema for the shape, the code for the benefit codes', () => {
    const { CHILD_BENEFIT: _omitted, ...rest } = guide.benefits;
    const broken = {
      ...guide,
      benefits: {
        ...rest,
        PIP: { ...guide.benefits.PIP, nations: { SCOTLAND: { link: 'https://www.mygov.scot/adult-disability-payment' } } },
        TAX_CREDITS: { link: 'http://www.gov.uk/tax-credits', howToClaim: ' ', howToApply: 'by post' },
      },
    };
    expect(checkBenefitGuide(broken, BENEFIT_CODES)).toEqual([
      'benefits.CHILD_BENEFIT is missing.',
      'benefits.PIP.nations.SCOTLAND.howToClaim is required.',
      'benefits.TAX_CREDITS is not a benefit the engine works out.',
      'benefits.TAX_CREDITS.link must be a web address starting https://.',
      'benefits.TAX_CREDITS.howToClaim must be a non-empty text.',
      'benefits.TAX_CREDITS.howToApply is not a known field (allowed: link, howToClaim, needsRightToReside, nations).',
    ]);
  });

  it('refuses a file without its map of benefits', () => {
    expect(checkBenefitGuide({ description: 'How to claim', benefits: [] }, BENEFIT_CODES)).toEqual([
      'benefits must map each benefit code to its link and howToClaim.',
    ]);
  });
});

describe('the results page figures from the engine result', () => {
  // The pensioner's result, worked out before the tests that read it (not by the first of them, so each stands alone).
  let result: CalculationResult;
  beforeAll(async () => {
    result = await engine.calculate(pensioner, DATE);
  });

  it("lists a pensioner's Pension Credit and Housing Benefit as means-tested legacy benefits, in pounds", () => {
    const benefits = resultBenefits(result, guide, null);
    const pensionCredit = result.benefits.find((benefit) => benefit.code === 'PENSION_CREDIT')!;
    expect(pensionCredit.eligible).toBe(true);
    const shown = benefits.meansTested.find((benefit) => benefit.benefitCode === 'PENSION_CREDIT')!;
    expect(shown).toMatchObject({
      benefitType: BENEFIT_TYPES.amount,
      weeklyPayment: pensionCredit.weeklyPence / 100,
      betterOffWeeklyPayment: pensionCredit.weeklyPence / 100,
    });
    expect(shown.howToClaim.message).toMatch(/0800 99 1234/);
    expect(benefits.universalCredit.some((benefit) => benefit.benefitCode === 'UNIVERSAL_CREDIT')).toBe(false);
    expect(benefits.lbWeekly).toBe(result.totals.LEGACY_AND_PENSION_AGE.weeklyPence / 100);
    expect(benefits.betterOffMessageWeekly).toBe('');
    expect(eligibilityOf([result])).toEqual({ isEligibleForLb: true, isEligibleForUc: false });
  });

  it('shows a benefit whose amount needs an assessment as type 7, and one awarded only after the change as type 4', () => {
    const withBenefit = (from: CalculationResult, code: string, change: object): CalculationResult => ({
      ...from,
      benefits: from.benefits.map((benefit) => (benefit.code === code ? { ...benefit, ...change } : benefit)),
    });
    const current = withBenefit(
      withBenefit(result, 'ATTENDANCE_ALLOWANCE', { eligible: true, amountShown: false }),
      'WINTER_FUEL_PAYMENT',
      { eligible: false },
    );
    const changed = withBenefit(current, 'WINTER_FUEL_PAYMENT', {
      eligible: true,
      amountShown: true,
      weeklyPence: 700,
      monthlyPence: 3033,
    });
    const comparison = {
      changed,
      message: { weekly: 'You would be £7.00 a week better off.', monthly: 'You would be £30.33 a month better off.' },
    } as Parameters<typeof resultBenefits>[2];
    const shown = resultBenefits(current, guide, comparison).nonMeansTested;
    expect(shown.find((benefit) => benefit.benefitCode === 'ATTENDANCE_ALLOWANCE')).toMatchObject({
      benefitType: BENEFIT_TYPES.mayBeEntitled,
      betterOffBenefitType: BENEFIT_TYPES.mayBeEntitled,
      weeklyPayment: 0,
    });
    expect(shown.find((benefit) => benefit.benefitCode === 'WINTER_FUEL_PAYMENT')).toMatchObject({
      benefitType: BENEFIT_TYPES.onlyAfterChange,
      betterOffBenefitType: BENEFIT_TYPES.amount,
      weeklyPayment: 0,
      betterOffWeeklyPayment: 7,
      betterOffMonthlyPayment: 30.33,
    });
  });

  it('reads flags as True or False and money variables as pounds', () => {
    const variables = resultVariables({
      ...result,
      variables: [
        { name: 'WARM_HOMES_NETWORK_ELIGIBLE', weeklyPence: 100, monthlyPence: 100 },
        { name: 'COUNCIL_TAX_CHARGE', weeklyPence: 3050, monthlyPence: 13217 },
      ],
    });
    expect(variables).toEqual([
      { name: 'WARM_HOMES_NETWORK_ELIGIBLE', weeklyValue: 'True', monthlyValue: 'True' },
      { name: 'COUNCIL_TAX_CHARGE', weeklyValue: '30.50', monthlyValue: '132.17' },
    ]);
  });
});

/** A lone parent of working age, not working, renting from the council in Manchester: Universal Credit, Child Benefit and Council Tax Reduction. */
const loneParentInManchester: Household = normaliseHousehold({
  country: 'ENGLAND',
  localAuthority: 'E08000003',
  adults: [{ dateOfBirth: '1990-05-01' }],
  children: [{ dateOfBirth: '2019-03-02' }],
  housing: { tenure: 'SOCIAL_RENT', rent: { amount: 500, period: 'MONTH' }, bedrooms: 2, councilTax: { band: 'B', liable: true } },
});

/** A couple of mixed ages (she is 36, he is past State Pension age) with a child: Universal Credit, with Winter Fuel Payment for him. */
const mixedAgeCoupleWithAChild: Household = normaliseHousehold({
  country: 'ENGLAND',
  localAuthority: 'E08000003',
  adults: [
    { dateOfBirth: '1990-05-01' },
    { dateOfBirth: '1955-02-10', otherIncome: [{ type: 'STATE_PENSION', amount: 120, period: 'WEEK' }] },
  ],
  children: [{ dateOfBirth: '2019-03-02' }],
  housing: { tenure: 'SOCIAL_RENT', rent: { amount: 520, period: 'MONTH' }, bedrooms: 2, councilTax: { band: 'B', liable: true } },
});

const codes = (list: { benefitCode: string }[]) => list.map((benefit) => benefit.benefitCode);

describe("each system's benefits: listed once, under the right heading, adding up to the system's total", () => {
  let loneParent: ResultBenefits;
  beforeAll(async () => {
    loneParent = resultBenefits(await engine.calculate(loneParentInManchester, DATE), guide, null);
  });

  it("lists a lone parent's Universal Credit and Council Tax Reduction as the Universal Credit system's, and Child Benefit once, as not means-tested", async () => {
    const benefits = loneParent;
    expect(codes(benefits.universalCredit)).toEqual(['UNIVERSAL_CREDIT', 'COUNCIL_TAX_REDUCTION']);
    // New Style JSA depends on her National Insurance record: she may be entitled, with no amount.
    expect(codes(benefits.nonMeansTested)).toEqual(['CHILD_BENEFIT', 'NEW_STYLE_JSA']);
    expect(codes(benefitsOfSystem(benefits, 'uc'))).toEqual([
      'UNIVERSAL_CREDIT',
      'COUNCIL_TAX_REDUCTION',
      'CHILD_BENEFIT',
      'NEW_STYLE_JSA',
    ]);
    expect(systemBenefitProblems(benefits)).toEqual([]);
  });

  it('lists the Winter Fuel Payment of a mixed-age couple as not means-tested, not as a Universal Credit benefit', async () => {
    const result = await engine.calculate(mixedAgeCoupleWithAChild, DATE);
    const winterFuel = result.benefits.find((benefit) => benefit.code === 'WINTER_FUEL_PAYMENT')!;
    expect(winterFuel.eligible).toBe(true);
    const benefits = resultBenefits(result, guide, null);
    expect(codes(benefits.universalCredit)).toEqual(['UNIVERSAL_CREDIT', 'COUNCIL_TAX_REDUCTION']);
    expect(codes(benefits.nonMeansTested)).toEqual(expect.arrayContaining(['CHILD_BENEFIT', 'WINTER_FUEL_PAYMENT']));
    expect(systemBenefitProblems(benefits)).toEqual([]);
  });

  it('lists a lump sum apart, in no other list and in no total: twins expected by a lone parent of a 7-year-old, and a funeral whose costs are not known', async () => {
    const household = normaliseHousehold({
      ...loneParentInManchester,
      expectingBaby: { dueDate: '2027-02-20', babies: 2 },
      funeral: { relationship: 'CLOSE_FRIEND' },
    });
    const result = await engine.calculate(household, DATE);
    const benefits = resultBenefits(result, guide, null);
    expect(benefits.oneOff.map((payment) => [payment.benefitCode, payment.amountShown, payment.amount])).toEqual([
      ['SURE_START_MATERNITY_GRANT', true, 500],
      ['FUNERAL_EXPENSES_PAYMENT', false, 0],
    ]);
    expect(benefits.oneOff[0]!.parts).toEqual([{ name: 'Due 20 February 2027: 1 grant', amount: 500 }]);
    const listed = [...benefits.meansTested, ...benefits.nonMeansTested, ...benefits.universalCredit].map((benefit) => benefit.benefitCode);
    expect(listed).not.toContain('SURE_START_MATERNITY_GRANT');
    expect(listed).not.toContain('FUNERAL_EXPENSES_PAYMENT');
    // The same totals as without the grants: a lump sum is never part of a weekly or monthly total.
    const without = resultBenefits(await engine.calculate(normaliseHousehold(loneParentInManchester), DATE), guide, null);
    expect([benefits.ucMonthly, benefits.ucWeekly]).toEqual([without.ucMonthly, without.ucWeekly]);
    expect(systemBenefitProblems(benefits)).toEqual([]);
  });

  it('marks what she already gets apart from what she could claim, and gives what Universal Credit pays after her debts', async () => {
    const household = normaliseHousehold({
      ...loneParentInManchester,
      benefitsClaimed: ['UNIVERSAL_CREDIT'],
      universalCreditDeductions: [{ type: 'ADVANCE', amount: 40 }],
    });
    const benefits = resultBenefits(await engine.calculate(household, DATE), guide, null);
    const universalCredit = benefits.universalCredit.find((benefit) => benefit.benefitCode === 'UNIVERSAL_CREDIT')!;
    expect(universalCredit.claimStatus).toBe('ALREADY_GET');
    expect(benefits.universalCredit.find((benefit) => benefit.benefitCode === 'COUNCIL_TAX_REDUCTION')!.claimStatus).toBe('COULD_CLAIM');
    expect(universalCredit.paidAfterDeductions).toEqual({
      weeklyPayment: expect.any(Number),
      monthlyPayment: Math.round((universalCredit.monthlyPayment - 40) * 100) / 100,
      lines: [{ name: 'Repaying a Universal Credit advance', weeklyPayment: 9.23, monthlyPayment: 40 }],
    });
    // Without benefitsClaimed nothing is marked, and without debts no paid figure.
    const plain = resultBenefits(await engine.calculate(loneParentInManchester, DATE), guide, null).universalCredit[0]!;
    expect([plain.claimStatus, plain.paidAfterDeductions]).toEqual([undefined, undefined]);
  });

  it('adds up after a change too (she starts work), for both systems, a week and a month', async () => {
    const current = await engine.calculate(loneParentInManchester, DATE);
    const changed = await engine.calculate(
      applyChanges(loneParentInManchester, [{ adult: 0, earnings: { amount: 1100, period: 'MONTH', basis: 'NET' }, hoursPerWeek: 20 }]),
      DATE,
    );
    const comparison = { changed, message: { weekly: '', monthly: '' } } as Parameters<typeof resultBenefits>[2];
    expect(systemBenefitProblems(resultBenefits(current, guide, comparison))).toEqual([]);
  });

  it('adds up for 60 random households (seeded: a failure names the seed)', async () => {
    const problems: string[] = [];
    for (const { seed, date, household } of randomHouseholds(60, 1600)) {
      const result = await engine.calculate(normaliseHousehold(household), date);
      problems.push(...systemBenefitProblems(resultBenefits(result, guide, null)).map((problem) => `seed ${seed}: ${problem}`));
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('names a benefit listed twice and rows that do not add up to the total', () => {
    const benefits: ResultBenefits = { ...structuredClone(loneParent), ucWeekly: 1 };
    benefits.universalCredit = [...benefits.universalCredit, benefits.nonMeansTested[0]!];
    const problems = systemBenefitProblems(benefits);
    expect(problems).toContain(`uc: ${benefits.nonMeansTested[0]!.benefitCode} is listed more than once.`);
    expect(problems.some((problem) => problem.startsWith('ucWeekly: the rows add up to'))).toBe(true);
  });
});

describe("test mode's rule display (the testing panel's result XML)", () => {
  it('lists the rules that held from the compiled rules, the same as json-rules-engine lists them', async () => {
    const compiled = await engine.calculate(pensioner, DATE);
    const reference = await engine.calculateReference(pensioner, DATE);
    const xml = toXml('result', toContractResponse(compiled));
    expect(xml).toBe(toXml('result', toContractResponse(reference)));
    const pensionCredit = compiled.benefits.find((benefit) => benefit.code === 'PENSION_CREDIT')!;
    expect(pensionCredit.rules.length).toBeGreaterThan(0);
    for (const rule of pensionCredit.rules) expect(xml).toContain(rule.name);
  });
});

describe('what the results say about rent and council tax (issue 32 point 2)', () => {
  /** A lone parent of one child, working full time, renting a 2-bedroom flat privately in Leeds for £1,100 a month. */
  const loneParentInLeeds = (monthlyPay: number, rent = 1100): Household =>
    normaliseHousehold({
      country: 'ENGLAND',
      localAuthority: 'E08000035',
      adults: [{ dateOfBirth: '1990-05-01', earnings: { amount: monthlyPay, period: 'MONTH', basis: 'NET' }, hoursPerWeek: 37 }],
      children: [{ dateOfBirth: '2019-03-02' }],
      housing: {
        tenure: 'PRIVATE_RENT',
        rent: { amount: rent, period: 'MONTH' },
        bedrooms: 2,
        councilTax: { band: 'B', annualCharge: null, liable: true },
      },
      capital: 500,
    });

  it("gives the rent above Leeds's Local Housing Allowance as the shortfall, and who can help with it", async () => {
    const allowance = housingAllowanceOf(await engine.calculate(loneParentInLeeds(1200), DATE));
    // 2 bedrooms in Leeds: £775.00 a month (rulesets/local-housing-allowance/rates.json); rent £1,100.00.
    expect(allowance).toMatchObject({
      area: 'Leeds',
      rate: 775,
      period: 'month',
      rent: 1100,
      shortfall: 325,
      shortfallHelp: {
        from: 'Leeds council',
        scheme: expect.stringMatching(/^a Housing Payment from its Crisis and Resilience Fund/),
        link: 'https://www.gov.uk/find-local-council',
      },
    });
    expect((await engine.calculate(loneParentInLeeds(1200, 700), DATE)).localHousingAllowance?.rentPence).toBe(70000);
    expect(housingAllowanceOf(await engine.calculate(loneParentInLeeds(1200, 700), DATE))?.shortfall).toBe(0);
  });

  it('says no shortfall when no help with rent is awarded: with earnings too high for Universal Credit', async () => {
    const result = await engine.calculate(loneParentInLeeds(6000), DATE);
    expect(result.benefits.find((benefit) => benefit.code === 'UNIVERSAL_CREDIT')?.eligible).toBe(false);
    expect(housingAllowanceOf(result)).toMatchObject({ rent: 1100, shortfall: 0 });
  });

  it('says why there is no Council Tax Reduction for someone who pays council tax, and nothing when some is awarded', async () => {
    const tooMuch = councilTaxReductionNotAwardedOf(await engine.calculate(loneParentInLeeds(2600), DATE), guide);
    expect(tooMuch).toMatchObject({
      benefitCode: 'COUNCIL_TAX_REDUCTION',
      benefitName: 'Council Tax Reduction',
      reason: 'Your income is too high for Council Tax Reduction.',
      link: guide.benefits.COUNCIL_TAX_REDUCTION.link,
    });
    expect(tooMuch!.messages.at(-1)).toEqual({ name: `COUNCIL_TAX_REDUCTION-${tooMuch!.messages.length}`, message: tooMuch!.reason });
    expect(councilTaxReductionNotAwardedOf(await engine.calculate(loneParentInLeeds(300), DATE), guide)).toBeNull();
    const notLiable = loneParentInLeeds(2600);
    notLiable.housing.councilTax = { ...notLiable.housing.councilTax!, liable: false };
    expect(councilTaxReductionNotAwardedOf(await engine.calculate(notLiable, DATE), guide)).toBeNull();
  });
});
