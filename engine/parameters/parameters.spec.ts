/**
 * rules:parameters - loads every file under rulesets/parameters/ with the engine's own loader, so `npm test`
 * fails on a broken, unsourced or out-of-date file, and checks the April boundaries against the law's dates.
 * (A test, so it may read files with Node; the loader itself stays framework-free.)
 */
import { describe, expect, it } from '@jest/globals';
import { resolve } from 'node:path';
import { ParameterNotInForceError, valueOn, type DatedParameter } from '../../common/parameters/dated-parameter.js';
import { readFilesUnder } from '../load.js';
import { checkParameterFiles, describeProblem, loadParameterSet, type ParameterSet } from './parameter-set.js';

const PARAMETERS_DIR = resolve('rulesets/parameters');

const files = readFilesUnder(PARAMETERS_DIR);
let loaded: ParameterSet | undefined;
/** Loaded inside each test, so a broken file fails the tests by name rather than the whole suite. */
const held = (): ParameterSet => (loaded ??= loadParameterSet(files));

describe('rules:parameters: every file in rulesets/parameters', () => {
  it('is a valid parameter file with a source for every value and a value for the last year held', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(checkParameterFiles(files).map(describeProblem)).toEqual([]);
  });
});

describe("the rates held, on each side of the law's April dates", () => {
  const UC = 'gov/dwp/universal_credit';

  it('Universal Credit changes for assessment periods starting on or after 13 April 2026', () => {
    const single25 = `${UC}/standard_allowance/single_25_or_over`;
    expect(held().amountOn(single25, '2025-04-07')).toBe(40014);
    expect(held().amountOn(single25, '2026-04-12')).toBe(40014);
    expect(held().amountOn(single25, '2026-04-13')).toBe(42490);
    expect(held().amountOn(`${UC}/elements/child/first_child_higher_rate`, '2026-04-12')).toBe(33900);
    expect(held().amountOn(`${UC}/elements/child/first_child_higher_rate`, '2026-04-13')).toBe(35188);
    expect(held().amountOn(`${UC}/means_test/work_allowance/lower`, '2026-04-12')).toBe(41100);
    expect(held().amountOn(`${UC}/means_test/work_allowance/lower`, '2026-04-13')).toBe(42700);
  });

  it('2025/26 Universal Credit starts on 7 April 2025; an earlier date has no rates, not 2025/26 ones', () => {
    const single25 = `${UC}/standard_allowance/single_25_or_over`;
    expect(() => held().amountOn(single25, '2025-04-06')).toThrow(ParameterNotInForceError);
    expect(() => held().amountOn(single25, '2025-04-06')).toThrow(
      `No value of ${single25} is in force on 2025-04-06: its first value takes effect on 2025-04-07.`,
    );
  });

  it('the LCWRA element: one rate before April 2026, then a new-award rate beside the protected rate', () => {
    expect(held().amountOn(`${UC}/elements/lcwra/protected_rate`, '2026-04-12')).toBe(42327);
    expect(held().amountOn(`${UC}/elements/lcwra/protected_rate`, '2026-04-13')).toBe(42980);
    expect(() => held().amountOn(`${UC}/elements/lcwra/new_award_rate`, '2026-04-12')).toThrow(ParameterNotInForceError);
    expect(held().amountOn(`${UC}/elements/lcwra/new_award_rate`, '2026-04-13')).toBe(21726);
  });

  it('the two-child limit is 2 until 5 April 2026 and no limit from 6 April 2026', () => {
    expect(held().limitOn(`${UC}/elements/child/child_element_limit`, '2025-04-07')).toBe(2);
    expect(held().limitOn(`${UC}/elements/child/child_element_limit`, '2026-04-05')).toBe(2);
    expect(held().limitOn(`${UC}/elements/child/child_element_limit`, '2026-04-06')).toBeNull();
  });

  it('fractions are basis points and capital is in pence', () => {
    expect(held().amountOn(`${UC}/means_test/taper`, '2026-04-13')).toBe(5500);
    expect(held().amountOn(`${UC}/elements/childcare/percentage`, '2026-04-13')).toBe(8500);
    expect(held().amountOn(`${UC}/means_test/capital/lower_limit`, '2026-04-13')).toBe(600_000);
    expect(held().amountOn(`${UC}/means_test/capital/upper_limit`, '2026-04-13')).toBe(1_600_000);
    expect(held().amountOn(`${UC}/means_test/capital/tariff_income/amount`, '2026-04-13')).toBe(435);
    expect(held().amountOn(`${UC}/means_test/capital/tariff_income/step`, '2026-04-13')).toBe(25_000);
  });

  it('Child Benefit changes on Monday 6 April 2026', () => {
    expect(held().amountOn('gov/hmrc/child_benefit/amount/eldest', '2026-04-05')).toBe(2605);
    expect(held().amountOn('gov/hmrc/child_benefit/amount/eldest', '2026-04-06')).toBe(2705);
    expect(held().amountOn('gov/hmrc/child_benefit/amount/other_children', '2026-04-05')).toBe(1725);
    expect(held().amountOn('gov/hmrc/child_benefit/amount/other_children', '2026-04-06')).toBe(1790);
  });

  it("Pension Credit uses DWP's 2025/26 standard minimum guarantee, and changes on 6 April 2026", () => {
    const single = 'gov/dwp/pension_credit/guarantee_credit/standard_minimum_guarantee/single';
    expect(held().amountOn(single, '2026-04-05')).toBe(22710);
    expect(held().amountOn(single, '2026-04-06')).toBe(23800);
    expect(held().amountOn('gov/dwp/pension_credit/guarantee_credit/standard_minimum_guarantee/couple', '2026-04-05')).toBe(34660);
  });

  it('the benefit cap is unchanged across April 2026', () => {
    const londonFamilies = 'gov/dwp/benefit_cap/universal_credit_monthly/greater_london/couple_or_children';
    expect(held().amountOn(londonFamilies, '2026-04-12')).toBe(211025);
    expect(held().amountOn(londonFamilies, '2026-04-13')).toBe(211025);
    expect(held().amountOn('gov/dwp/benefit_cap/universal_credit_monthly/outside_greater_london/single_no_children', '2026-04-13')).toBe(
      122942,
    );
  });

  it('nothing is answered after the rates held, even for a figure that has not changed in years', () => {
    expect(held().ratesHeldUntil).toBe('2027-03-31');
    expect(() => held().amountOn(`${UC}/means_test/taper`, '2027-04-01')).toThrow(
      `No value of ${UC}/means_test/taper is in force on 2027-04-01: the rates held run to 2027-03-31.`,
    );
  });

  it("the questionnaire's National Living Wage still reads with valueOn", () => {
    const file = files.find((candidate) => candidate.path === 'gov/hmrc/minimum_wage/national_living_wage.json')!;
    const livingWage = JSON.parse(file.text) as DatedParameter;
    expect(valueOn('national_living_wage', livingWage, '2026-03-31')).toBe(1221);
    expect(valueOn('national_living_wage', livingWage, '2026-04-01')).toBe(1271);
    expect(held().amountOn('gov/hmrc/minimum_wage/national_living_wage', '2026-04-01')).toBe(1271);
  });
});
