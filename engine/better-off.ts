import type { CalculateOptions, Entitlements } from './core/entitlement-engine.js';
import type { CalculationResult } from './core/calculation-result.js';
import type { Explanations } from './core/explanations.js';
import type { Earnings, Household, Money } from './household.js';
import { type Pence } from '../common/money.js';

/**
 * The better-off calculation (survey action 5; the result's better-off fields): the household as it is
 * against the household with one or more circumstances changed, for both systems, and a message saying how much
 * better or worse off the household would be each week and each month. 'Better off' compares the household's whole
 * income: take-home pay, other income and the benefits of the system it belongs to.
 */

export interface CircumstanceChange {
  /** Whose work changes: 0 the claimant, 1 the partner. */
  adult?: 0 | 1;
  /** Starts work: hours a week at a gross hourly rate in pounds (paid before tax; the engine works out take-home pay). */
  startWork?: { hoursPerWeek: number; hourlyPay: number };
  /** New pay, as the person gives it. */
  earnings?: Earnings;
  /** New hours a week at the same job. */
  hoursPerWeek?: number;
  /** Moves to a new rent. */
  rent?: Money;
}

export interface SystemComparison {
  currentPence: { weekly: Pence; monthly: Pence };
  changedPence: { weekly: Pence; monthly: Pence };
  /** Changed less current; positive is better off. */
  differencePence: { weekly: Pence; monthly: Pence };
}

export interface BetterOffComparison {
  current: CalculationResult;
  changed: CalculationResult;
  /** Benefits alone, for each system's total. */
  benefits: Record<'UNIVERSAL_CREDIT' | 'LEGACY_AND_PENSION_AGE', SystemComparison>;
  /** The whole income (take-home pay, other income and the benefits of the household's own system). */
  income: SystemComparison;
  message: { weekly: string; monthly: string };
}

export class CircumstanceChangeError extends Error {
  override name = 'CircumstanceChangeError';
}

/** The household with the changes made; the household given is not altered. */
export function applyChanges(household: Household, changes: readonly CircumstanceChange[]): Household {
  const changed: Household = structuredClone(household);
  for (const change of changes) {
    const index = change.adult ?? 0;
    const adult = changed.adults[index];
    if (!adult) throw new CircumstanceChangeError(`There is no ${index === 0 ? 'claimant' : 'partner'} to change.`);
    if (change.startWork) {
      const { hoursPerWeek, hourlyPay } = change.startWork;
      adult.earnings = { amount: Math.round(hoursPerWeek * hourlyPay * 100) / 100, period: 'WEEK', basis: 'GROSS' };
      adult.hoursPerWeek = hoursPerWeek;
    }
    if (change.earnings) adult.earnings = change.earnings;
    if (change.hoursPerWeek !== undefined) adult.hoursPerWeek = change.hoursPerWeek;
    if (change.rent) changed.housing.rent = change.rent;
  }
  return changed;
}

function compare(
  current: { weeklyPence: Pence; monthlyPence: Pence },
  changed: { weeklyPence: Pence; monthlyPence: Pence },
): SystemComparison {
  return {
    currentPence: { weekly: current.weeklyPence, monthly: current.monthlyPence },
    changedPence: { weekly: changed.weeklyPence, monthly: changed.monthlyPence },
    differencePence: { weekly: changed.weeklyPence - current.weeklyPence, monthly: changed.monthlyPence - current.monthlyPence },
  };
}

/** The household's whole income in its own system: take-home pay and other income plus that system's benefits. */
function incomeOf(result: CalculationResult): { weeklyPence: Pence; monthlyPence: Pence } {
  const benefits = result.totals[result.system === 'PENSION_AGE' ? 'LEGACY_AND_PENSION_AGE' : 'UNIVERSAL_CREDIT'];
  return {
    weeklyPence: benefits.weeklyPence + result.income.weeklyPence,
    monthlyPence: benefits.monthlyPence + result.income.monthlyPence,
  };
}

export async function betterOff(
  engine: Entitlements,
  sentences: Explanations,
  household: Household,
  changes: readonly CircumstanceChange[],
  date: string,
  options?: CalculateOptions,
): Promise<BetterOffComparison> {
  if (changes.length === 0) throw new CircumstanceChangeError('Say what would change: work, hours, pay or rent.');
  const [current, changed] = await Promise.all([
    engine.calculate(household, date, options),
    engine.calculate(applyChanges(household, changes), date, options),
  ]);
  const income = compare(incomeOf(current), incomeOf(changed));
  const say = (period: 'weekly' | 'monthly') => {
    const difference = income.differencePence[period];
    const every = period === 'weekly' ? 'week' : 'month';
    if (difference === 0) return sentences.say('no-difference', { every });
    return sentences.say(difference > 0 ? 'better-off' : 'worse-off', { amount: Math.abs(difference), every });
  };
  return {
    current,
    changed,
    benefits: {
      UNIVERSAL_CREDIT: compare(current.totals.UNIVERSAL_CREDIT, changed.totals.UNIVERSAL_CREDIT),
      LEGACY_AND_PENSION_AGE: compare(current.totals.LEGACY_AND_PENSION_AGE, changed.totals.LEGACY_AND_PENSION_AGE),
    },
    income,
    message: { weekly: say('weekly'), monthly: say('monthly') },
  };
}
