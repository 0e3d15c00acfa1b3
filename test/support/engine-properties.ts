/**
 * The engine's properties over seeded random households, checked in plain Node and printed as JSON: Jest's module
 * sandbox runs the promise-heavy rules engine several times slower, so the property suite
 * (test/support/engine-properties-spec.ts) runs this file as a child process and asserts on what it prints. Each problem names the seed that makes its
 * household again (`randomHousehold(seed)`).
 *
 *   node --import ./scripts/register-typescript.mjs test/support/engine-properties.ts [households]
 */
import type { BenefitOutcome } from '../../engine/core/benefit.js';
import type { CalculationResult } from '../../engine/core/calculation-result.js';
import { normaliseHousehold, type HouseholdInput } from '../../engine/core/normalise.js';
import { loadEntitlementEngine } from '../../engine/load.js';
import { monthlyFromWeekly, weeklyFromMonthly } from '../../common/money.js';
import { randomHouseholds, type RandomHousehold } from './random-households.js';

export interface PropertyReport {
  households: number;
  /** Exceptions, NaN or fractional pence, negative awards, amounts without eligibility, weekly and monthly that disagree, no explanation. */
  invariantProblems: string[];
  /** Households whose claimant already works and was given more pay, outside the benefit cap. */
  earningsCompared: number;
  earningsProblems: string[];
  capitalCompared: number;
  capitalProblems: string[];
  /** Systems, tenures and countries the households covered. */
  seen: string[];
}

const EXTRA_EARNINGS = 150;
const EXTRA_CAPITAL = 2500;
const MOST_PROBLEMS = 20;

function problemsWith(outcome: BenefitOutcome): string[] {
  const problems: string[] = [];
  const figures = [
    outcome.weeklyPence,
    outcome.monthlyPence,
    ...[...outcome.elements, ...outcome.deductions].flatMap((line) => [line.weeklyPence, line.monthlyPence]),
  ];
  if (figures.some((figure) => !Number.isSafeInteger(figure))) problems.push(`${outcome.code}: a figure that is not whole pence`);
  if (outcome.weeklyPence < 0 || outcome.monthlyPence < 0) problems.push(`${outcome.code}: a negative award`);
  if (!outcome.eligible && (outcome.weeklyPence !== 0 || outcome.monthlyPence !== 0))
    problems.push(`${outcome.code}: an amount without eligibility`);
  const consistent =
    outcome.weeklyPence === weeklyFromMonthly(outcome.monthlyPence) || outcome.monthlyPence === monthlyFromWeekly(outcome.weeklyPence);
  if (!consistent) problems.push(`${outcome.code}: weekly ${outcome.weeklyPence} and monthly ${outcome.monthlyPence} do not agree`);
  if (outcome.explanation.length === 0) problems.push(`${outcome.code}: no explanation`);
  return problems;
}

const award = (result: CalculationResult, code: BenefitOutcome['code']) =>
  result.benefits.find((benefit) => benefit.code === code)?.monthlyPence ?? 0;
/**
 * What capital must never raise: each means-tested award, except that for Pension Credit only the guarantee credit
 * is compared. The savings credit rewards savings by design (deemed income from capital is qualifying income, SPCA
 * 2002 s3), so more capital can rightly raise it.
 */
const capitalTested = (result: CalculationResult, code: BenefitOutcome['code']) =>
  code === 'PENSION_CREDIT'
    ? (result.variables.find((variable) => variable.name === 'PENSION_CREDIT_GUARANTEE')?.monthlyPence ?? 0)
    : award(result, code);
const capApplies = (result: CalculationResult) =>
  result.variables.some((variable) => variable.name === 'BENEFIT_CAP_APPLIES' && variable.monthlyPence > 0);

/**
 * The same household with the claimant, already in paid work, earning more; null when the claimant does not work
 * (starting work is a change of circumstances, not more earnings: it can open the childcare costs element).
 */
function earningMore({ household }: RandomHousehold): HouseholdInput | null {
  const [claimant, ...others] = household.adults;
  const earnings = claimant!.earnings;
  if (!earnings) return null;
  return {
    ...household,
    adults: [{ ...claimant, earnings: { ...earnings, amount: Math.round((earnings.amount + EXTRA_EARNINGS) * 100) / 100 } }, ...others],
  };
}

const withMoreCapital = ({ household }: RandomHousehold): HouseholdInput => ({
  ...household,
  capital: Math.round(((household.capital ?? 0) + EXTRA_CAPITAL) * 100) / 100,
});

async function checkEngineProperties(count: number): Promise<PropertyReport> {
  const engine = loadEntitlementEngine();
  const calculate = (household: HouseholdInput, date: string) => engine.calculate(normaliseHousehold(household), date);
  const report: PropertyReport = {
    households: 0,
    invariantProblems: [],
    earningsCompared: 0,
    earningsProblems: [],
    capitalCompared: 0,
    capitalProblems: [],
    seen: [],
  };
  const seen = new Set<string>();
  const note = (list: string[], problem: string) => list.length < MOST_PROBLEMS && list.push(problem);
  for (const random of randomHouseholds(count, 1, { rare: true })) {
    const { seed, date, household } = random;
    report.households += 1;
    let before: CalculationResult;
    try {
      before = await calculate(household, date);
    } catch (error) {
      note(report.invariantProblems, `seed ${seed}: ${(error as Error).message}`);
      continue;
    }
    for (const outcome of before.benefits)
      for (const problem of problemsWith(outcome)) note(report.invariantProblems, `seed ${seed}: ${problem}`);
    for (const kind of [before.system, household.housing.tenure, household.country]) seen.add(kind);

    const raised = earningMore(random);
    if (raised) {
      const after = await calculate(raised, date);
      // The benefit cap is lifted for earners above its threshold, so more pay can rightly raise a capped award.
      if (!capApplies(before) && !capApplies(after)) {
        report.earningsCompared += 1;
        if (award(after, 'UNIVERSAL_CREDIT') > award(before, 'UNIVERSAL_CREDIT')) {
          note(
            report.earningsProblems,
            `seed ${seed}: Universal Credit ${award(before, 'UNIVERSAL_CREDIT')} -> ${award(after, 'UNIVERSAL_CREDIT')}`,
          );
        }
      }
    }

    const richer = await calculate(withMoreCapital(random), date);
    report.capitalCompared += 1;
    for (const { code } of before.benefits.filter((benefit) => benefit.meansTested)) {
      const [was, is] = [capitalTested(before, code), capitalTested(richer, code)];
      if (is > was) note(report.capitalProblems, `seed ${seed}: ${code} ${was} -> ${is}`);
    }
  }
  report.seen = [...seen].sort();
  return report;
}

process.stdout.write(JSON.stringify(await checkEngineProperties(Number(process.argv[2] ?? 10_000))));
