import type { CaseloadAmounts, CaseloadProblem } from '../../../common/adviser/caseload.js';
import { QUESTION_NAMES, type Answers, type PostcodeAnswer } from '../../../common/survey/model.js';
import { CalculationOutOfRangeError, type Entitlements } from '../../../engine/core/entitlement-engine.js';
import type { Household } from '../../../engine/household.js';
import { figuresAt, type Figures } from '../../../engine/core/system-figures.js';
import { householdFromAnswers, HouseholdMappingError } from '../../../engine/household-mapping/household-mapping.js';
import { checkStoredAnswers } from '../results/answer-review.js';
import { withLhaAreaOfPostcode } from '../results/results.service.js';
import { surveyState, type CompiledSurvey, type RuleEnvironment } from '../survey/survey-flow.js';

export type ClientOutcome =
  | { problem: null; benefits: Map<string, CaseloadAmounts>; total: CaseloadAmounts }
  | { problem: CaseloadProblem; benefits?: undefined; total?: undefined };

export interface StoredCalculation {
  answers: Answers;
  completedPages: readonly string[];
  isFinished: boolean;
  /** yyyy-mm-dd: the 'before' figures are worked out on this day. */
  savedOn: string;
}

/**
 * The household of a stored calculation, read as the results page reads it (today's questions, the answers of shown
 * questions, the Local Housing Allowance area its postcode settles), or the reason it has no results.
 */
export function householdOfCalculation(
  survey: CompiledSurvey,
  calculation: StoredCalculation,
  environment: RuleEnvironment,
): Household | 'not-finished' | 'needs-answers' {
  if (!calculation.isFinished) return 'not-finished';
  const state = surveyState(survey, calculation.answers, environment);
  const check = checkStoredAnswers(state, calculation.answers, calculation.completedPages, environment);
  if (check.outOfDate.length > 0 || check.unanswered.length > 0) return 'needs-answers';
  try {
    return withLhaAreaOfPostcode(householdFromAnswers(state.effectiveAnswers, environment.today), environment.lhaAreaChoice);
  } catch (error) {
    if (error instanceof HouseholdMappingError) return 'needs-answers';
    throw error;
  }
}

const ZERO = { weeklyPence: 0, monthlyPence: 0 };

/** Before and after side by side: a benefit paid at only one of the dates is 0 at the other. */
export function compareFigures(before: Figures, after: Figures): { benefits: Map<string, CaseloadAmounts>; total: CaseloadAmounts } {
  const amounts = (from: { weeklyPence: number; monthlyPence: number }, to: { weeklyPence: number; monthlyPence: number }) => ({
    beforeWeeklyPence: from.weeklyPence,
    beforeMonthlyPence: from.monthlyPence,
    afterWeeklyPence: to.weeklyPence,
    afterMonthlyPence: to.monthlyPence,
  });
  const benefits = new Map<string, CaseloadAmounts>();
  for (const code of new Set([...before.benefits.keys(), ...after.benefits.keys()])) {
    benefits.set(code, amounts(before.benefits.get(code) ?? ZERO, after.benefits.get(code) ?? ZERO));
  }
  return { benefits, total: amounts(before.total, after.total) };
}

/** One client: the household from the stored answers, then the figures on the day it was saved and on the run's date. */
export function recalculateClient(
  engine: Entitlements,
  survey: CompiledSurvey,
  calculation: StoredCalculation,
  environment: RuleEnvironment,
  atDate: string,
): ClientOutcome {
  const household = householdOfCalculation(survey, calculation, environment);
  if (typeof household === 'string') return { problem: household };
  try {
    const before = figuresAt(engine, household, calculation.savedOn);
    const after = figuresAt(engine, household, atDate);
    return { problem: null, ...compareFigures(before, after) };
  } catch (error) {
    if (error instanceof CalculationOutOfRangeError) return { problem: 'rates-not-held' };
    throw error;
  }
}

/** A calculation's postcode answer, whose Local Housing Allowance area the lookup settles. */
export function postcodeOf(answers: Answers): PostcodeAnswer | undefined {
  return answers[QUESTION_NAMES.clientPostcode] as PostcodeAnswer | undefined;
}
