/**
 * Properties over 10,000 random valid households (seeded: a failure names the seed to make it again): the engine
 * never throws, never gives NaN or a negative award, keeps weekly and monthly figures consistent, and more money
 * never raises what a means test gives.
 */
import { describe, expect, it } from '@jest/globals';
import { randomHouseholds, type RandomHousehold } from '../../../test/support/random-households.js';
import { loadEntitlementEngine } from '../load.js';
import { monthlyFromWeekly, weeklyFromMonthly } from '../money.js';
import type { BenefitOutcome } from './benefit.js';
import type { CalculationResult } from './entitlement-engine.js';
import { normaliseHousehold, type HouseholdInput } from './normalise.js';

const HOUSEHOLDS = 10_000;
const engine = loadEntitlementEngine();
const calculate = ({ household, date }: { household: HouseholdInput; date: string }) => engine.calculate(normaliseHousehold(household), date);

function problemsWith(outcome: BenefitOutcome): string[] {
  const problems: string[] = [];
  const figures = [outcome.weeklyPence, outcome.monthlyPence, ...[...outcome.elements, ...outcome.deductions].flatMap((line) => [line.weeklyPence, line.monthlyPence])];
  if (figures.some((figure) => !Number.isSafeInteger(figure))) problems.push(`${outcome.code}: a figure that is not whole pence`);
  if (outcome.weeklyPence < 0 || outcome.monthlyPence < 0) problems.push(`${outcome.code}: a negative award`);
  if (!outcome.eligible && (outcome.weeklyPence !== 0 || outcome.monthlyPence !== 0)) problems.push(`${outcome.code}: an amount without eligibility`);
  const consistent = outcome.weeklyPence === weeklyFromMonthly(outcome.monthlyPence) || outcome.monthlyPence === monthlyFromWeekly(outcome.weeklyPence);
  if (!consistent) problems.push(`${outcome.code}: weekly ${outcome.weeklyPence} and monthly ${outcome.monthlyPence} do not agree`);
  if (outcome.explanation.length === 0) problems.push(`${outcome.code}: no explanation`);
  return problems;
}

const award = (result: CalculationResult, code: BenefitOutcome['code']) => result.benefits.find((benefit) => benefit.code === code)?.monthlyPence ?? 0;
const capApplies = (result: CalculationResult) => result.variables.some((variable) => variable.name === 'BENEFIT_CAP_APPLIES' && variable.monthlyPence > 0);

/**
 * The same household with the claimant, already in paid work, earning more; null when the claimant does not work
 * (starting work is a change of circumstances, not more earnings: it can open the childcare costs element).
 */
function earningMore({ household, date, seed }: RandomHousehold, extra: number): RandomHousehold | null {
  const [claimant, ...others] = household.adults;
  const earnings = claimant!.earnings;
  if (!earnings) return null;
  const raised = { ...earnings, amount: Math.round((earnings.amount + extra) * 100) / 100 };
  return { seed, date, household: { ...household, adults: [{ ...claimant, earnings: raised }, ...others] } };
}

function withMoreCapital({ household, date, seed }: RandomHousehold, extra: number): RandomHousehold {
  return { seed, date, household: { ...household, capital: Math.round(((household.capital ?? 0) + extra) * 100) / 100 } };
}

describe(`properties of the engine over ${HOUSEHOLDS.toLocaleString('en-GB')} random households`, () => {
  const households = randomHouseholds(HOUSEHOLDS);

  it('never throws, and gives whole, non-negative, consistent figures with an explanation', async () => {
    const problems: string[] = [];
    for (const random of households) {
      try {
        const result = await calculate(random);
        for (const outcome of result.benefits) problems.push(...problemsWith(outcome).map((problem) => `seed ${random.seed}: ${problem}`));
      } catch (error) {
        problems.push(`seed ${random.seed}: ${(error as Error).message}`);
      }
      if (problems.length > 20) break;
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('more net earnings never raise Universal Credit (outside the benefit cap, which the law lifts for earners)', async () => {
    const problems: string[] = [];
    let compared = 0;
    for (const random of households.slice(0, 3000)) {
      const raised = earningMore(random, 150);
      if (!raised) continue;
      compared += 1;
      const before = await calculate(random);
      const after = await calculate(raised);
      if (capApplies(before) || capApplies(after)) continue;
      if (award(after, 'UNIVERSAL_CREDIT') > award(before, 'UNIVERSAL_CREDIT')) problems.push(`seed ${random.seed}: ${award(before, 'UNIVERSAL_CREDIT')} -> ${award(after, 'UNIVERSAL_CREDIT')}`);
    }
    expect(problems).toEqual([]);
    expect(compared).toBeGreaterThan(1000);
  }, 300_000);

  it('more capital never raises any means-tested award', async () => {
    const problems: string[] = [];
    for (const random of households.slice(0, 3000)) {
      const before = await calculate(random);
      const after = await calculate(withMoreCapital(random, 2500));
      for (const outcome of before.benefits.filter((benefit) => benefit.meansTested)) {
        if (award(after, outcome.code) > outcome.monthlyPence) problems.push(`seed ${random.seed}: ${outcome.code} ${outcome.monthlyPence} -> ${award(after, outcome.code)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('generates households the engine sees as varied: every system, tenure and country', async () => {
    const seen = new Set<string>();
    for (const random of households.slice(0, 500)) {
      const result = await calculate(random);
      seen.add(result.system);
      seen.add(random.household.housing.tenure);
      seen.add(random.household.country);
    }
    expect([...seen].sort()).toEqual(
      expect.arrayContaining(['UNIVERSAL_CREDIT', 'PENSION_AGE', 'PRIVATE_RENT', 'SOCIAL_RENT', 'OWNER_OCCUPIER', 'ENGLAND', 'SCOTLAND', 'WALES', 'NORTHERN_IRELAND']),
    );
  });
});

