import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { BENEFIT_CODES } from '../calculation/engine/benefit.js';
import type { CalculationResult } from '../calculation/engine/entitlement-engine.js';
import type { Household } from '../calculation/household.js';
import { normaliseHousehold } from '../calculation/engine/normalise.js';
import { loadEntitlementEngine } from '../calculation/load.js';
import { checkBenefitGuide, eligibilityOf, resultBenefits, resultVariables, type BenefitGuide } from './from-calculation.js';
import { BENEFIT_TYPES } from './model.js';

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

  it('names a missing benefit, one the engine does not know, and an entry without a link', () => {
    const { CHILD_BENEFIT: _omitted, ...rest } = guide.benefits;
    expect(checkBenefitGuide({ benefits: { ...rest, TAX_CREDITS: { link: 'http://x', howToClaim: '' } } }, BENEFIT_CODES)).toEqual([
      'benefits.CHILD_BENEFIT is missing.',
      'benefits.TAX_CREDITS is not a benefit the engine works out.',
      'benefits.TAX_CREDITS needs an https link and howToClaim text.',
    ]);
  });
});

describe('the results page figures from the engine result', () => {
  let result: CalculationResult;
  it("lists a pensioner's Pension Credit and Housing Benefit as means-tested legacy benefits, in pounds", async () => {
    result = await engine.calculate(pensioner, DATE);
    const benefits = resultBenefits(result, guide, null);
    const pensionCredit = result.benefits.find((benefit) => benefit.code === 'PENSION_CREDIT')!;
    expect(pensionCredit.eligible).toBe(true);
    const shown = benefits.meansTested.find((benefit) => benefit.benefitCode === 'PENSION_CREDIT')!;
    expect(shown).toMatchObject({ benefitType: BENEFIT_TYPES.amount, weeklyPayment: pensionCredit.weeklyPence / 100, betterOffWeeklyPayment: pensionCredit.weeklyPence / 100 });
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
    const current = withBenefit(withBenefit(result, 'ATTENDANCE_ALLOWANCE', { eligible: true, amountShown: false }), 'WINTER_FUEL_PAYMENT', { eligible: false });
    const changed = withBenefit(current, 'WINTER_FUEL_PAYMENT', { eligible: true, amountShown: true, weeklyPence: 700, monthlyPence: 3033 });
    const comparison = { changed, message: { weekly: 'You would be £7.00 a week better off.', monthly: 'You would be £30.33 a month better off.' } } as Parameters<typeof resultBenefits>[2];
    const shown = resultBenefits(current, guide, comparison).nonMeansTested;
    expect(shown.find((benefit) => benefit.benefitCode === 'ATTENDANCE_ALLOWANCE')).toMatchObject({ benefitType: BENEFIT_TYPES.mayBeEntitled, betterOffBenefitType: BENEFIT_TYPES.mayBeEntitled, weeklyPayment: 0 });
    expect(shown.find((benefit) => benefit.benefitCode === 'WINTER_FUEL_PAYMENT')).toMatchObject({
      benefitType: BENEFIT_TYPES.onlyAfterChange,
      betterOffBenefitType: BENEFIT_TYPES.amount,
      weeklyPayment: 0,
      betterOffWeeklyPayment: 7,
      betterOffMonthlyPayment: 30.33,
    });
  });

  it('reads flags as True or False and money variables as pounds', () => {
    const variables = resultVariables({ ...result, variables: [{ name: 'WARM_HOMES_NETWORK_ELIGIBLE', weeklyPence: 100, monthlyPence: 100 }, { name: 'COUNCIL_TAX_CHARGE', weeklyPence: 3050, monthlyPence: 13217 }] });
    expect(variables).toEqual([
      { name: 'WARM_HOMES_NETWORK_ELIGIBLE', weeklyValue: 'True', monthlyValue: 'True' },
      { name: 'COUNCIL_TAX_CHARGE', weeklyValue: '30.50', monthlyValue: '132.17' },
    ]);
  });
});
