import { describe, expect, it } from '@jest/globals';
import type { BenefitCode, BenefitOutcome, CalculationInput } from '../core/benefit.js';
import { normaliseHousehold, type HouseholdInput } from '../core/normalise.js';
import { ParameterReader } from '../core/parameters.js';
import { deriveFacts } from '../facts.js';
import { loadBenefit, loadEntitlementEngine, RULESETS_DIR } from '../load.js';
import { bothPeriods } from '../../common/money.js';
import { housingBenefit } from './housing-benefit.js';
import { pensionCredit } from './pension-credit.js';

const engine = loadEntitlementEngine(RULESETS_DIR, [pensionCredit, housingBenefit]);
const loaded = loadBenefit(housingBenefit, engine.parameters);

/** Universal Credit as the engine would pass it on, built here so these tests do not depend on its calculator. */
function universalCredit(monthlyPence: number): BenefitOutcome {
  return {
    code: 'UNIVERSAL_CREDIT',
    name: 'Universal Credit',
    system: 'UNIVERSAL_CREDIT',
    meansTested: true,
    eligible: monthlyPence > 0,
    amountShown: true,
    ...bothPeriods(monthlyPence, 'MONTH'),
    elements: [],
    deductions: [],
    explanation: [],
    rules: [],
    parameters: [],
    variables: [],
  };
}

async function housingBenefitWith(household: HouseholdInput, earlier: [BenefitCode, BenefitOutcome][], date = '2026-11-21') {
  const parameters = new ParameterReader(engine.parameters, date);
  const input: CalculationInput = {
    date,
    facts: deriveFacts(normaliseHousehold(household), date),
    parameters,
    lha: engine.lha,
    councilTax: engine.councilTax,
    explanations: loaded.explanations,
    nationalName: null,
    earlier: new Map(earlier),
  };
  const fired = await loaded.ruleset.run(loaded.calculator.facts.evaluate(input), parameters);
  return { fired, outcome: loaded.calculator.calculate(input, fired), used: parameters.used };
}

const supportedAccommodation: HouseholdInput = {
  country: 'ENGLAND',
  adults: [{ age: 30 }],
  nonDependants: [{ age: 40, grossIncome: { amount: 300, period: 'WEEK' }, exempt: false }],
  housing: { tenure: 'SUPPORTED_ACCOMMODATION', rent: { amount: 250, period: 'WEEK' }, serviceCharges: { amount: 20, period: 'WEEK' } },
};

describe('Housing Benefit', () => {
  it('pays working-age supported accommodation in full, less non-dependant deductions, when Universal Credit is paid', async () => {
    const { fired, outcome } = await housingBenefitWith(supportedAccommodation, [['UNIVERSAL_CREDIT', universalCredit(42490)]]);
    expect(fired.has('passport', 'UNIVERSAL_CREDIT')).toBe(true);
    // Rent 250.00 + service charges 20.00 = 270.00; non-dependant on 300.00 a week (279.00-364.99 band): 64.35.
    expect(outcome.weeklyPence).toBe(27000 - 6435);
    // 205.65 x 52 / 12 = 891.15 a month.
    expect(outcome.monthlyPence).toBe(89115);
  });

  it('counts working-age Housing Benefit in the Universal Credit total', async () => {
    const { outcome } = await housingBenefitWith(supportedAccommodation, [['UNIVERSAL_CREDIT', universalCredit(42490)]]);
    expect(outcome.system).toBe('UNIVERSAL_CREDIT');
    expect(outcome.eligible).toBe(true);
    expect(outcome.amountShown).toBe(true);
  });

  it('does not show an amount for working-age supported accommodation when Universal Credit is not paid', async () => {
    const { outcome } = await housingBenefitWith(supportedAccommodation, [['UNIVERSAL_CREDIT', universalCredit(0)]]);
    expect(outcome).toMatchObject({ eligible: true, amountShown: false, weeklyPence: 0, system: 'UNIVERSAL_CREDIT' });
  });

  it('treats a missing Pension Credit outcome as no guarantee credit (means-tested)', async () => {
    const { fired } = await housingBenefitWith(
      {
        country: 'ENGLAND',
        adults: [{ dateOfBirth: '1955-06-01' }],
        housing: { tenure: 'SOCIAL_RENT', rent: { amount: 100, period: 'WEEK' } },
      },
      [],
    );
    expect(fired.has('passport')).toBe(false);
    expect(fired.has('eligible')).toBe(true);
  });

  it('takes the non-dependant deduction from the scale: the band their income reaches, cited as that bracket', async () => {
    const { outcome, used } = await housingBenefitWith(supportedAccommodation, [['UNIVERSAL_CREDIT', universalCredit(42490)]]);
    // £300 a week on 21 November 2026 reaches band 2 (from £279.00) but not band 3 (from £365.00).
    expect(outcome.deductions.find((line) => line.code === 'NON_DEPENDANT_1')).toMatchObject({
      name: 'Non-dependant deduction (band 2)',
      weeklyPence: 6435,
    });
    expect(used.find((read) => read.name.startsWith('gov/dwp/housing_benefit/non_dependant_deductions'))).toMatchObject({
      name: 'gov/dwp/housing_benefit/non_dependant_deductions[2]',
      label: 'Non-dependant deduction: from £279.00 a week',
      value: 6435,
      from: '2026-04-01',
    });
  });

  it('takes no deduction for a non-dependant under 18, the age the parameter sets, and the lowest for one not working', async () => {
    const under18 = {
      ...supportedAccommodation,
      nonDependants: [{ age: 17, grossIncome: { amount: 300, period: 'WEEK' as const }, exempt: false }],
    };
    const { outcome: young, used } = await housingBenefitWith(under18, [['UNIVERSAL_CREDIT', universalCredit(42490)]]);
    expect(young.weeklyPence).toBe(27000);
    expect(used.find((read) => read.name === 'gov/dwp/housing_benefit/non_dependant_minimum_age')?.value).toBe(18);
    const notWorking = {
      ...supportedAccommodation,
      nonDependants: [{ age: 40, grossIncome: { amount: 300, period: 'WEEK' as const }, exempt: false, inRemunerativeWork: false }],
    };
    const { outcome } = await housingBenefitWith(notWorking, [['UNIVERSAL_CREDIT', universalCredit(42490)]]);
    expect(outcome.deductions.find((line) => line.code === 'NON_DEPENDANT_1')).toMatchObject({
      name: 'Non-dependant deduction (lowest)',
      weeklyPence: 2040,
    });
  });
});
