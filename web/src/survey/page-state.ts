import { evaluateRule, parseRule, referencedQuestions, type Condition } from '../../../common/rules/index';
import { cleanAnswerForDisplay, defaultAnswer, emptyAnswer, questionTypeName } from '../../../common/survey/answers';
import { isAnswered } from '../../../common/survey/validation';
import {
  PRIVACY_NOTICE_QUESTIONS,
  type AnswerValue,
  type Answers,
  type PageView,
  type QuestionView,
  type UkCountry,
} from '../../../common/survey/model';
import type { RuleEnvironment } from './rule-environment';

/**
 * The state of one questionnaire page in the browser: the answers, which questions are shown, the error of each,
 * and the notices. Pure functions only, so
 * every transition is tested without a browser.
 */
export interface SurveyPageState {
  /** The page's questions in page order. */
  questions: QuestionView[];
  /** The question names of each field group, in order. */
  groups: string[][];
  answers: Answers;
  shown: Record<string, boolean>;
  /** '' when the question is valid. */
  errors: Record<string, string>;
  /** Questions whose given answer sits behind 'You've already answered this question.' */
  privacyNotice: Record<string, boolean>;
  /**
   * Postcode questions whose postcode is real but known to no provider: the person picks the local authority, from
   * the nation of the postcode's area first when the server knew it (null: every UK council).
   */
  needsAuthority: Record<string, CouncilToChoose | undefined>;
  /**
   * Each question's show/hide rule as the server sent it, with earlier pages' answers worked in; the rule text is
   * parsed only when no tree came. Null when there is no rule or it does not parse.
   */
  rules: Record<string, Condition | null>;
}

/** Chained rules settle within three passes. */
const SHOW_HIDE_PASSES = 3;

function parseOrNull(text: string): Condition | null {
  if (!text.trim()) return null;
  try {
    return parseRule(text);
  } catch {
    // A rule that does not parse cannot be evaluated: its question stays as the server showed it.
    return null;
  }
}

/** The page as it loads: answers cleaned, the server's show flags, the privacy notices. */
export function createPageState(page: PageView, options: { isTest: boolean; answeredHere?: (name: string) => boolean }): SurveyPageState {
  const questions = page.fields.flatMap((group) => group.questions);
  const answers: Answers = {};
  const shown: Record<string, boolean> = {};
  const errors: Record<string, string> = {};
  const privacyNotice: Record<string, boolean> = {};
  const rules: Record<string, Condition | null> = {};
  for (const question of questions) {
    const value = cleanAnswerForDisplay(question, question.answer?.value ?? emptyAnswer(question));
    answers[question.name] = value;
    shown[question.name] = question.show;
    errors[question.name] = question.show ? question.error || '' : '';
    // Answers already given to these questions are personal: someone else at the screen sees only that they were
    // answered. Testers see everything, and so does the person who answered them in this tab (back to their page).
    privacyNotice[question.name] =
      !options.isTest &&
      PRIVACY_NOTICE_QUESTIONS.includes(question.name) &&
      isAnswered(question, value) &&
      !(options.answeredHere?.(question.name) ?? false);
    rules[question.name] = (question.parseShowHide as Condition | null) ?? parseOrNull(question.showHide ?? '');
  }
  return {
    questions,
    groups: page.fields.map((group) => group.questions.map((question) => question.name)),
    answers,
    shown,
    errors,
    privacyNotice,
    needsAuthority: {},
    rules,
  };
}

/** A question that takes its choices from the calculation is asked only when the server gave it some. */
function hasChoices(question: QuestionView): boolean {
  return question.optionsFrom === undefined || (question.options?.length ?? 0) > 0;
}

/** The answers the rules see: those of shown questions (a hidden question's answer does not count). */
function visibleAnswers(state: SurveyPageState, shown: Record<string, boolean>): Answers {
  const visible: Answers = {};
  for (const question of state.questions) if (shown[question.name]) visible[question.name] = state.answers[question.name];
  return visible;
}

/**
 * Whether the browser can evaluate this rule: it reads only this page's questions. A part the server could not
 * work out keeps its question as the server showed it.
 */
function isEvaluableHere(state: SurveyPageState, rule: Condition): boolean {
  const onPage = new Set(state.questions.map((question) => question.name));
  return referencedQuestions(rule).every((name) => onPage.has(name));
}

/**
 * Works out show/hide again, three times so chained rules settle. A rule that fails keeps its question's current
 * show. A question that was hidden and is now shown gets its default answer; a hidden one has no error.
 */
export function reevaluateShowHide(state: SurveyPageState, environment: RuleEnvironment): SurveyPageState {
  let current = state;
  for (let pass = 0; pass < SHOW_HIDE_PASSES; pass += 1) {
    const shown = { ...current.shown };
    const visible = visibleAnswers(current, current.shown);
    for (const question of current.questions) {
      const rule = current.rules[question.name];
      if (!rule || !isEvaluableHere(current, rule)) continue;
      const outcome = evaluateRule(rule, { ...environment, answers: visible });
      if (outcome.ok) shown[question.name] = outcome.value && hasChoices(question);
    }
    // Defaults go in as questions appear, so a rule that reads a default settles in the next pass.
    const answers = { ...current.answers };
    for (const question of current.questions) {
      if (shown[question.name] && !current.shown[question.name]) answers[question.name] = defaultAnswer(question);
    }
    current = { ...current, shown, answers };
  }
  const errors = { ...current.errors };
  for (const question of current.questions) if (!current.shown[question.name]) errors[question.name] = '';
  return { ...current, errors };
}

/** Answering clears the question's error and marks it valid, then show/hide is worked out again. */
export function answerQuestion(state: SurveyPageState, name: string, value: AnswerValue, environment: RuleEnvironment): SurveyPageState {
  const answered: SurveyPageState = {
    ...state,
    answers: { ...state.answers, [name]: value },
    errors: { ...state.errors, [name]: '' },
    // Once the person edits, the notice never returns for this page.
    privacyNotice: { ...state.privacyNotice, [name]: false },
  };
  return reevaluateShowHide(answered, environment);
}

/** The personal questions this page shows answered in the open (not behind the notice): the person has seen them. */
export function answeredInTheOpen(state: SurveyPageState): string[] {
  return state.questions
    .filter(
      (question) =>
        PRIVACY_NOTICE_QUESTIONS.includes(question.name) &&
        state.shown[question.name] &&
        !state.privacyNotice[question.name] &&
        isAnswered(question, state.answers[question.name]),
    )
    .map((question) => question.name);
}

/** 'Change your answer' on the privacy notice clears the answer. */
export function changePrivateAnswer(state: SurveyPageState, name: string, environment: RuleEnvironment): SurveyPageState {
  const question = state.questions.find((candidate) => candidate.name === name);
  if (!question) return state;
  return answerQuestion(state, name, emptyAnswer(question), environment);
}

/** Sets every question's error ('' for none). An answer with an error comes out from behind its privacy notice. */
export function withErrors(state: SurveyPageState, errors: Record<string, string>): SurveyPageState {
  const next = { ...state.errors };
  const privacyNotice = { ...state.privacyNotice };
  for (const question of state.questions) {
    next[question.name] = errors[question.name] ?? '';
    if (next[question.name]) privacyNotice[question.name] = false;
  }
  return { ...state, errors: next, privacyNotice };
}

export interface CouncilToChoose {
  nation: UkCountry | null;
}

/** Asks for the council of a postcode no provider knows (or stops asking, with undefined). */
export function setNeedsAuthority(state: SurveyPageState, name: string, council: CouncilToChoose | undefined): SurveyPageState {
  return { ...state, needsAuthority: { ...state.needsAuthority, [name]: council } };
}

/** The questions as `validatePage` reads them: each with its current show flag. */
export function questionsWithShow(state: SurveyPageState): (QuestionView & { show: boolean })[] {
  return state.questions.map((question) => ({ ...question, show: state.shown[question.name] }));
}

/** What Next and Back send: the answers of the shown questions, keyed by name (Labels have none). */
export function answersToSend(state: SurveyPageState): Answers {
  const answers: Answers = {};
  for (const question of state.questions) {
    if (!state.shown[question.name] || questionTypeName(question.questionType) === 'Label') continue;
    answers[question.name] = state.answers[question.name];
  }
  return answers;
}

/** The errors to list in the summary, in page order. */
export function errorList(state: SurveyPageState): { name: string; message: string }[] {
  return state.questions
    .filter((question) => state.shown[question.name] && state.errors[question.name])
    .map((question) => ({ name: question.name, message: state.errors[question.name] }));
}
