import type { AnswerValue, QuestionView } from '../../../../common/survey/model';
import type { SurveyFormContext } from '../form-context';

/** What each question type's control gets from the field that wraps it. */
export interface ControlProps<V extends AnswerValue = AnswerValue> {
  question: QuestionView;
  value: V;
  onAnswer(value: AnswerValue): void;
  /** The id of the main control (the error summary links to it). */
  id: string;
  /** For controls that are not inside a fieldset: the ids of the subtext, note and error. */
  describedBy: string | undefined;
  invalid: boolean;
  context: SurveyFormContext;
}

/**
 * Whether typed text may stand, given the question's pattern (a pattern blocks non-matching typing).
 * Clearing the field is always allowed. A pattern that is not a regular expression blocks nothing.
 */
export function isTypingAllowed(pattern: string | undefined, text: string): boolean {
  if (!pattern || text === '') return true;
  try {
    return new RegExp(pattern).test(text);
  } catch {
    return true;
  }
}
