import type { QuestionView } from '../../../common/survey/model';
import type { SurveyPageState } from './page-state';
import type { RuleEnvironment } from './rule-environment';

/** What every question field needs from the page, handed down through rjsf's `formContext`. */
export interface SurveyFormContext {
  state: SurveyPageState;
  session: string | null;
  /** The visit's query string, kept on every link. */
  search: string;
  isTest: boolean;
  environment: RuleEnvironment;
  /** 'Change your answer' on the privacy notice. */
  changePrivateAnswer(name: string): void;
  /** Shows the 'Important information about your answer' dialog. */
  showPopUp(message: string): void;
  /** The Postcode question that has just gone on to ask for the council (its box takes focus), or null. */
  councilJustAsked: string | null;
}

/** The id of a question's main control; the error summary links to it. */
export function inputId(name: string): string {
  return `q-${name}`;
}

export function errorId(name: string): string {
  return `q-${name}-error`;
}

export function findQuestion(context: SurveyFormContext, name: string): QuestionView | undefined {
  return context.state.questions.find((question) => question.name === name);
}
