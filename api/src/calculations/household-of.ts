import type { ResultMessage } from '../../../common/result/model.js';
import { QUESTION_NAMES, type Answers, type PostcodeAnswer } from '../../../common/survey/model.js';
import { CalculationOutOfRangeError, type Entitlements } from '../../../engine/core/entitlement-engine.js';
import { figuresAt, type Figures } from '../../../engine/core/system-figures.js';
import { householdFromAnswers, HouseholdMappingError } from '../../../engine/household-mapping/household-mapping.js';
import type { Household } from '../../../engine/household.js';
import type { LhaAreaChoice } from '../questionnaire/lha-area-choice.js';
import { surveyState, type CompiledSurvey, type RuleEnvironment, type SurveyState } from '../questionnaire/survey-flow.js';
import { checkStoredAnswers } from './answer-review.js';

/**
 * The one path from a saved calculation's answers to its household and figures. Results, the adviser area, caseload
 * runs, management information and the policy impact all read a stored calculation through here, so that a
 * household is the same wherever it is counted. Plain functions: the caseload's threads call them too.
 */

/** What a stored calculation holds that its household is read from. */
export interface StoredAnswers {
  answers: Answers;
  completedPages: readonly string[];
  /** The questionnaire was finished (the finish action with every page that applies answered). */
  isFinished: boolean;
}

/**
 * The household of a calculation's answers with today's questions, or why there is none: a stored answer that no
 * longer holds or now leads to an exit page ('out-of-date'), a question that now applies unanswered ('unanswered'),
 * or answers the household cannot be read from ('mapping', naming the question).
 */
export type HouseholdReading =
  | { ok: true; household: Household; state: SurveyState }
  | { ok: false; problem: 'out-of-date' | 'unanswered'; messages: ResultMessage[]; state: SurveyState }
  | { ok: false; problem: 'mapping'; error: HouseholdMappingError; state: SurveyState };

/** Reads the household of `answers` as the results page does: today's questions, the answers of shown questions. */
export function readHousehold(
  survey: CompiledSurvey,
  { answers, completedPages }: Pick<StoredAnswers, 'answers' | 'completedPages'>,
  environment: RuleEnvironment,
): HouseholdReading {
  const state = surveyState(survey, answers, environment);
  const check = checkStoredAnswers(state, answers, completedPages, environment);
  if (check.outOfDate.length > 0) return { ok: false, problem: 'out-of-date', messages: check.outOfDate, state };
  if (check.unanswered.length > 0) return { ok: false, problem: 'unanswered', messages: check.unanswered, state };
  try {
    const household = withLhaAreaOfPostcode(householdFromAnswers(state.effectiveAnswers, environment.today), environment.lhaAreaChoice);
    return { ok: true, household, state };
  } catch (error) {
    if (error instanceof HouseholdMappingError) return { ok: false, problem: 'mapping', error, state };
    throw error;
  }
}

/** The household of a stored calculation, or why it has no results: not finished, or answers it needs. */
export function householdOf(
  survey: CompiledSurvey,
  stored: StoredAnswers,
  environment: RuleEnvironment,
): Household | 'not-finished' | 'needs-answers' {
  if (!stored.isFinished) return 'not-finished';
  const reading = readHousehold(survey, stored, environment);
  return reading.ok ? reading.household : 'needs-answers';
}

/**
 * A household's figures on a date, or 'rates-not-held' when the date is outside the rates held. `asShown`: the figures
 * its results showed on that date, which after the last date the rates held cover were the last rates held.
 */
export function figuresOf(
  engine: Entitlements,
  household: Household,
  date: string,
  { asShown = false }: { asShown?: boolean } = {},
): Figures | 'rates-not-held' {
  try {
    return figuresAt(engine, household, date, asShown ? 'last-rates-held' : 'refuse');
  } catch (error) {
    if (error instanceof CalculationOutOfRangeError) return 'rates-not-held';
    throw error;
  }
}

/**
 * A private tenant whose postcode the operator's lookup places in an area (`npm run data:brma`) is not asked the
 * area: the household carries it, marked as coming from the postcode so the result says why it was used.
 */
export function withLhaAreaOfPostcode(household: Household, choice: LhaAreaChoice | null | undefined): Household {
  if (household.housing.tenure !== 'PRIVATE_RENT' || household.housing.brma || choice?.settled?.by !== 'POSTCODE') return household;
  return { ...household, housing: { ...household.housing, brma: choice.settled.area, brmaFrom: 'POSTCODE' } };
}

/** A calculation's postcode answer, whose Local Housing Allowance area the lookup settles. */
export function postcodeOf(answers: Answers): PostcodeAnswer | undefined {
  return answers[QUESTION_NAMES.clientPostcode] as PostcodeAnswer | undefined;
}
