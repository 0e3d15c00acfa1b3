import { answersShown } from './answers-shown.js';
import type { AnswerCategory, ResultMessage } from '../../../common/result/model.js';
import { readAnswer } from '../../../common/survey/answers.js';
import type { Answers } from '../../../common/survey/model.js';
import { validateAnswer } from '../../../common/survey/validation.js';
import { answersOf, shownQuestions, type CompiledPage, type RuleEnvironment, type SurveyState } from '../questionnaire/survey-flow.js';
import { askedQuestion, countryOf } from '../questionnaire/asked-question.js';

/**
 * The stored answers read again with today's definitions, before any figure is shown, each time the results
 * page loads. When policy staff change a question (new options, a new limit) an answer given before may no longer
 * hold: the result is then out of date, and each message names the question and its page so the person can
 * change it. A question that now applies and was never answered makes the result unanswered.
 */
export interface AnswerCheck {
  outOfDate: ResultMessage[];
  unanswered: ResultMessage[];
}

function questionMessage(page: CompiledPage, name: string, message: string): ResultMessage {
  return { message, pageNumber: page.number, questionName: name };
}

export function checkStoredAnswers(
  state: SurveyState,
  answers: Answers,
  completedPages: readonly string[],
  environment: RuleEnvironment,
): AnswerCheck {
  const { today } = environment;
  const outOfDate: ResultMessage[] = [];
  const unanswered: ResultMessage[] = [];
  for (const page of state.applicable) {
    if (page.definition.isExitPage) {
      // The answers now lead to a page that ends the questionnaire: the person needs to see it.
      outOfDate.push(
        questionMessage(
          page,
          page.questions[0]?.definition.name ?? '',
          `With the questions as they are now, your answers lead to '${page.definition.title}'. Please check your answers on that page.`,
        ),
      );
      continue;
    }
    const shown = state.pages[page.number - 1].shown;
    const seen = completedPages.includes(page.definition.name);
    for (const question of page.questions) {
      // As this calculation asks it: the Local Housing Allowance areas of its home, the bands of its nation.
      const definition = askedQuestion(question.definition, environment, countryOf(answers));
      if (!shown.has(definition.name) || definition.questionType === 'Label') continue;
      const stored = answers[definition.name];
      if (stored === undefined) {
        const message = validateAnswer(definition, null, { answers: state.effectiveAnswers, today });
        if (message)
          unanswered.push(
            questionMessage(
              page,
              definition.name,
              `${definition.text} ${seen ? 'This question is new since you answered. ' : ''}${message}`,
            ),
          );
        continue;
      }
      const read = readAnswer(definition, stored);
      const message = read.ok ? validateAnswer(definition, read.value, { answers: state.effectiveAnswers, today }) : read.message;
      if (message) outOfDate.push(questionMessage(page, definition.name, `${definition.text} ${message}`));
    }
  }
  return { outOfDate, unanswered };
}

export interface CategoryOptions {
  mask: boolean;
  today: string;
  /** 'Edit answer' links to the survey (off where the questionnaire cannot be changed). */
  showEdit: boolean;
}

/** 'See what you told us': one category per page that applies, with the answers of its shown questions. */
export function answerCategories(state: SurveyState, answers: Answers, options: CategoryOptions): AnswerCategory[] {
  return state.applicable
    .filter((page) => !page.definition.isExitPage)
    .map((page) => pageCategory(page, state.pages[page.number - 1].shown, answersOf(page, answers), { ...options, isBetterOff: false }))
    .filter((category) => category.questions.length > 0);
}

/** A page's answered, shown questions as a category. */
export function pageCategory(
  page: CompiledPage,
  shown: ReadonlySet<string>,
  pageAnswers: Answers,
  options: CategoryOptions & { isBetterOff: boolean },
): AnswerCategory {
  return {
    name: page.definition.name,
    text: page.definition.title,
    isBetterOff: options.isBetterOff,
    questions: page.questions
      .filter(({ definition }) => shown.has(definition.name))
      .map(({ definition }) => ({
        text: definition.text,
        name: definition.name,
        pageNumber: page.number,
        showEdit: options.showEdit,
        answers: answersShown(definition, pageAnswers[definition.name], options),
      }))
      .filter((question) => question.answers.length > 0),
  };
}

/** The better-off answers as a highlighted category, when there are any. */
export function betterOffCategory(
  page: CompiledPage,
  answers: Answers,
  environment: RuleEnvironment,
  options: CategoryOptions,
): AnswerCategory | null {
  const pageAnswers = answersOf(page, answers);
  if (Object.keys(pageAnswers).length === 0) return null;
  const category = pageCategory(page, shownQuestions(page, {}, pageAnswers, environment), pageAnswers, {
    ...options,
    showEdit: false,
    isBetterOff: true,
  });
  return category.questions.length > 0 ? category : null;
}
