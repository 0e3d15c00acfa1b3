import type { CaseloadAmounts, CaseloadProblem } from '../../../common/adviser/caseload.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import type { Figures } from '../../../engine/core/system-figures.js';
import { figuresOf, householdOf, type StoredAnswers } from '../calculations/household-of.js';
import type { CompiledSurvey, RuleEnvironment } from '../questionnaire/survey-flow.js';

export type ClientOutcome =
  | { problem: null; benefits: Map<string, CaseloadAmounts>; total: CaseloadAmounts }
  | { problem: CaseloadProblem; benefits?: undefined; total?: undefined };

export interface StoredCalculation extends StoredAnswers {
  /** yyyy-mm-dd: the 'before' figures are worked out on this day. */
  savedOn: string;
}

const ZERO = { weeklyPence: 0, monthlyPence: 0 };

/**
 * Before and after side by side: a benefit paid at only one of the dates is 0 at the other. A benefit whose amount is
 * shown at one date and not worked out at the other (not known, not 0) is marked so, and the totals leave it out at
 * both dates, so that the total's change is that of the benefits known at both.
 */
export function compareFigures(before: Figures, after: Figures): { benefits: Map<string, CaseloadAmounts>; total: CaseloadAmounts } {
  const amounts = (from: { weeklyPence: number; monthlyPence: number }, to: { weeklyPence: number; monthlyPence: number }) => ({
    beforeWeeklyPence: from.weeklyPence,
    beforeMonthlyPence: from.monthlyPence,
    afterWeeklyPence: to.weeklyPence,
    afterMonthlyPence: to.monthlyPence,
  });
  const benefits = new Map<string, CaseloadAmounts>();
  const total = amounts(before.total, after.total);
  for (const code of new Set([...before.benefits.keys(), ...after.benefits.keys()])) {
    const both = amounts(before.benefits.get(code) ?? ZERO, after.benefits.get(code) ?? ZERO);
    if (before.notShown.has(code) || after.notShown.has(code)) {
      total.beforeWeeklyPence -= both.beforeWeeklyPence;
      total.beforeMonthlyPence -= both.beforeMonthlyPence;
      total.afterWeeklyPence -= both.afterWeeklyPence;
      total.afterMonthlyPence -= both.afterMonthlyPence;
      benefits.set(code, { ...both, notKnown: true });
    } else benefits.set(code, both);
  }
  return { benefits, total };
}

/** One client: the household from the stored answers, then the figures on the day it was saved and on the run's date. */
export function recalculateClient(
  engine: Entitlements,
  survey: CompiledSurvey,
  calculation: StoredCalculation,
  environment: RuleEnvironment,
  atDate: string,
  atDateEngine: Entitlements = engine,
): ClientOutcome {
  const household = householdOf(survey, calculation, environment);
  if (typeof household === 'string') return { problem: household };
  // Before: what the client was shown when it was saved (with the last rates held, if saved after they ran out).
  const before = figuresOf(engine, household, calculation.savedOn, { asShown: true });
  // After: at the run's date, with a change set approved and not yet published when the run was asked to use one.
  const after = figuresOf(atDateEngine, household, atDate);
  if (before === 'rates-not-held' || after === 'rates-not-held') return { problem: 'rates-not-held' };
  return { problem: null, ...compareFigures(before, after) };
}
