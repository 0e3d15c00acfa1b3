import { parseRule, ruleEvaluatorFor, type Condition, type RuleOutcome } from '../../../common/rules/index.js';
import type { Answers, PageDefinition, QuestionDefinition, SurveyDefinition } from '../../../common/survey/model.js';
import { hasChoices, type LhaAreaChoice } from './lha-area-choice.js';

/**
 * Which pages and questions apply to a household, worked out from its answers. Pure: the
 * survey service feeds it stored answers and saves what it decides.
 */

/**
 * What a rule needs besides the answers: the UK date, and the National Living Wage in force on it; and, for the
 * questions whose choices depend on the calculation, the Local Housing Allowance areas its home could be in.
 */
export interface RuleEnvironment {
  today: string;
  nationalLivingWageHourlyPence: number;
  lhaAreaChoice?: LhaAreaChoice | null;
}

export interface CompiledQuestion {
  definition: QuestionDefinition;
  rule: Condition | null;
}

export interface CompiledPage {
  /** 1-based position in the survey: the page number of URLs and requests. */
  number: number;
  definition: PageDefinition;
  rule: Condition | null;
  questions: CompiledQuestion[];
  /** Whether any of its questions has a show/hide rule. */
  hasRules: boolean;
}

export interface CompiledSurvey {
  pages: CompiledPage[];
  questionPage: Map<string, CompiledPage>;
}

/** Parses every rule once. The definitions check (`npm run definitions:check`) has already proved they parse. */
export function compileSurvey(survey: SurveyDefinition): CompiledSurvey {
  const ruleOf = (text: string | undefined) => (text?.trim() ? parseRule(text) : null);
  const pages = survey.pages.map((definition, index) => {
    const questions = definition.fields.flatMap((group) =>
      group.questions.map((question) => ({ definition: question, rule: ruleOf(question.showHide) })),
    );
    return { number: index + 1, definition, rule: ruleOf(definition.showHide), questions, hasRules: questions.some(({ rule }) => rule) };
  });
  const questionPage = new Map<string, CompiledPage>();
  for (const page of pages) for (const question of page.questions) questionPage.set(question.definition.name, page);
  return { pages, questionPage };
}

/** How many times show/hide is re-evaluated so that rules depending on other shown questions settle. */
const SHOW_HIDE_PASSES = 3;

/**
 * Which questions of a page are shown, given the answers of earlier pages and the page's own answers. A rule
 * that cannot be evaluated leaves its question as it was (shown, the first time), as in the browser.
 */
export function shownQuestions(
  page: CompiledPage,
  earlierAnswers: Answers,
  pageAnswers: Answers,
  environment: RuleEnvironment,
): Set<string> {
  return shownQuestionsIn(page, { ...earlierAnswers }, pageAnswers, environment);
}

/**
 * shownQuestions working in `visible`, a fresh object of the caller's holding the earlier pages' answers, instead of
 * a copy of them (copying every answer so far is most of what a page's show/hide costs): it leaves them with the
 * page's shown answers added, which are all the page's own rules and checks may read.
 */
export function shownQuestionsIn(page: CompiledPage, visible: Answers, pageAnswers: Answers, environment: RuleEnvironment): Set<string> {
  return settleShown(page, visible, pageAnswers, environment, ruleEvaluatorFor({ ...environment, answers: visible }));
}

/**
 * shownQuestionsIn with the evaluator given, which must read `visible`: the walk of the pages passes one reading its
 * own answers so far, so that nothing is copied or made again a page. No earlier page has a question of this page's
 * (each question is on one page), so only the page's own answers are touched.
 */
function settleShown(
  page: CompiledPage,
  visible: Answers,
  pageAnswers: Answers,
  environment: RuleEnvironment,
  evaluate: (condition: Condition) => RuleOutcome,
): Set<string> {
  // A question with nothing to choose in this calculation (its area settled from the address) is not asked.
  const shown = new Map(
    page.questions.map((question) => [question.definition.name, hasChoices(question.definition, environment.lhaAreaChoice)]),
  );
  const showAnswers = () => {
    for (const [name, isShown] of shown) {
      if (isShown && name in pageAnswers) visible[name] = pageAnswers[name];
      else if (name in visible) delete visible[name];
    }
  };
  // A pass sees only what the one before it decided, so a pass that changes nothing ends the settling: the passes
  // left would decide the same again.
  for (let pass = 0; pass < SHOW_HIDE_PASSES && page.hasRules; pass += 1) {
    showAnswers();
    let changed = false;
    for (const question of page.questions) {
      if (!question.rule || !hasChoices(question.definition, environment.lhaAreaChoice)) continue;
      const outcome = evaluate(question.rule);
      if (outcome.ok && shown.get(question.definition.name) !== outcome.value) {
        shown.set(question.definition.name, outcome.value);
        changed = true;
      }
    }
    if (!changed) break;
  }
  showAnswers();
  return new Set([...shown].filter(([, isShown]) => isShown).map(([name]) => name));
}

export interface PageState {
  page: CompiledPage;
  applies: boolean;
  /** Whether the page applies and has answers: only such a page adds to the answers the pages after it see. */
  answered: boolean;
  /**
   * The questions shown. For a page without answers they are worked out when first asked for (the page shown next,
   * the answers review), not on every walk: most pages after the one posted have no answers yet.
   */
  readonly shown: Set<string>;
}

export interface SurveyState {
  pages: PageState[];
  /** Pages that apply, in order; an exit page that applies is the last of them. */
  applicable: CompiledPage[];
  /** The answers of shown questions on pages that apply: all the calculation may use. */
  effectiveAnswers: Answers;
}

function pageApplies(page: CompiledPage, evaluate: (condition: Condition) => RuleOutcome): boolean {
  if (!page.rule) return true;
  const outcome = evaluate(page.rule);
  // A page whose rule cannot be evaluated is asked rather than skipped: asking too much loses nothing.
  return outcome.ok ? outcome.value : true;
}

/**
 * Walks the pages in order. A page applies when its rule holds on the answers given so far; its shown answers
 * then count for later pages. Nothing after an exit page that applies can be reached. `throughPage` stops the walk
 * after that page, for questions about it and the pages before it (whether it is open, what came before).
 */
export function surveyState(survey: CompiledSurvey, answers: Answers, environment: RuleEnvironment, throughPage = Infinity): SurveyState {
  return walkPages(survey, answers, environment, throughPage, { pages: [], applicable: [], effectiveAnswers: {} });
}

/**
 * surveyState for answers that differ from those `earlier` was worked out from only on page `fromPage` and later,
 * with the same environment: the pages before `fromPage` are taken from `earlier` instead of being worked out
 * again, since whether a page applies and which of its questions are shown depend only on its own answers and
 * those of the pages before it. `earlier` must reach at least the page before `fromPage`.
 */
export function surveyStateFrom(
  survey: CompiledSurvey,
  earlier: SurveyState,
  fromPage: number,
  answers: Answers,
  environment: RuleEnvironment,
): SurveyState {
  const pages = earlier.pages.filter((state) => state.page.number < fromPage);
  if (pages.length !== fromPage - 1) throw new Error(`The earlier survey state stops before page ${fromPage - 1}.`);
  const effectiveAnswers: Answers = {};
  // Not destructured: a page without answers works its shown questions out only when they are read.
  for (const state of pages) {
    if (!state.answered) continue;
    for (const name of state.shown) if (name in earlier.effectiveAnswers) effectiveAnswers[name] = earlier.effectiveAnswers[name];
  }
  const applicable = earlier.applicable.filter((page) => page.number < fromPage);
  return walkPages(survey, answers, environment, Infinity, { pages, applicable, effectiveAnswers });
}

function walkPages(
  survey: CompiledSurvey,
  answers: Answers,
  environment: RuleEnvironment,
  throughPage: number,
  start: SurveyState,
): SurveyState {
  const state: SurveyState = {
    pages: [...start.pages],
    applicable: [...start.applicable],
    effectiveAnswers: { ...start.effectiveAnswers },
  };
  const { pages, applicable, effectiveAnswers } = state;
  let exited = applicable.some((page) => page.definition.isExitPage === true);
  // Every rule of the walk reads the answers so far, which each page that applies adds its shown answers to.
  const evaluate = ruleEvaluatorFor({ ...environment, answers: effectiveAnswers });
  for (const page of survey.pages.slice(pages.length)) {
    if (page.number > throughPage) break;
    const applies = !exited && pageApplies(page, evaluate);
    if (!applies) {
      pages.push({ page, applies, answered: false, shown: new Set() });
      continue;
    }
    const pageAnswers = answersOf(page, answers);
    if (Object.keys(pageAnswers).length > 0) {
      pages.push({ page, applies, answered: true, shown: settleShown(page, effectiveAnswers, pageAnswers, environment, evaluate) });
    } else {
      // Nothing to add to the answers so far, whichever questions are shown; those before it are answersBefore.
      pages.push(unansweredPage(page, state, environment));
    }
    applicable.push(page);
    exited = page.definition.isExitPage === true;
  }
  return state;
}

/** A page that applies without answers: its shown questions are worked out on the answers before it when asked for. */
function unansweredPage(page: CompiledPage, state: SurveyState, environment: RuleEnvironment): PageState {
  let shown: Set<string> | undefined;
  return {
    page,
    applies: true,
    answered: false,
    get shown() {
      shown ??= shownQuestionsIn(page, answersBefore(state, page.number), {}, environment);
      return shown;
    },
  };
}

/** The answers given to one page's questions. */
export function answersOf(page: CompiledPage, answers: Answers): Answers {
  const own: Answers = {};
  for (const question of page.questions) {
    const name = question.definition.name;
    if (name in answers) own[name] = answers[name];
  }
  return own;
}

/** The answers that came before a page: the shown answers of applicable pages earlier in the survey. */
export function answersBefore(state: SurveyState, pageNumber: number): Answers {
  const before: Answers = {};
  for (const pageState of state.pages) {
    if (pageState.page.number >= pageNumber) break;
    if (!pageState.answered) continue;
    for (const name of pageState.shown) if (name in state.effectiveAnswers) before[name] = state.effectiveAnswers[name];
  }
  return before;
}

/**
 * The first applicable page not yet passed with Next: where a returning visitor carries on, and the furthest page
 * that can be opened. Every applicable page passed means the last one.
 */
export function resumePage(state: SurveyState, completedPages: readonly string[]): CompiledPage {
  const completed = new Set(completedPages);
  return state.applicable.find((page) => !completed.has(page.definition.name)) ?? state.applicable[state.applicable.length - 1];
}

/** A page can be opened or answered when it applies and comes no later than the resume page. */
export function isOpen(state: SurveyState, completedPages: readonly string[], pageNumber: number): boolean {
  const page = state.applicable.find((candidate) => candidate.number === pageNumber);
  return page !== undefined && page.number <= resumePage(state, completedPages).number;
}

export function nextApplicablePage(state: SurveyState, pageNumber: number): CompiledPage | null {
  return state.applicable.find((page) => page.number > pageNumber) ?? null;
}

export function previousApplicablePage(state: SurveyState, pageNumber: number): CompiledPage | null {
  return state.applicable.filter((page) => page.number < pageNumber).at(-1) ?? null;
}

/** Per cent of the way through the pages that apply: 0 on the first, 100 on the last. */
export function progressOf(state: SurveyState, pageNumber: number): number {
  const index = state.applicable.findIndex((page) => page.number === pageNumber);
  if (index < 0) return 0;
  const steps = state.applicable.length - 1;
  return steps === 0 ? 100 : Math.round((index * 100) / steps);
}
