import { defaultAnswer } from '../../../common/survey/answers';
import { BETTER_OFF_PARTNER } from '../../../common/result/model';
import {
  QUESTION_TYPES,
  type PageDefinition,
  type PageView,
  type QuestionDefinition,
  type QuestionView,
} from '../../../common/survey/model';
import { createPageState, reevaluateShowHide, type SurveyPageState } from '../survey/page-state';
import type { RuleEnvironment } from '../survey/rule-environment';
import betterOffDefinition from '../../../definitions/better-off/better-off.json' with { type: 'json' };

/**
 * The better-off questions (`definitions/better-off/better-off.json`), in the questionnaire's own format, as the
 * survey form reads a page. The file is bundled with the form: it is small, and the server checks the answers
 * against the same file, so both always ask the same questions.
 */
export const BETTER_OFF_PAGE = betterOffDefinition as PageDefinition;

function questionView(definition: QuestionDefinition): QuestionView {
  const { questionType, ...rest } = definition;
  return {
    ...rest,
    questionType: QUESTION_TYPES[questionType],
    answer: { value: defaultAnswer(definition) },
    showHide: definition.showHide ?? '',
    originalShowHide: definition.showHide ?? '',
    // Every rule reads only this page's questions, so the browser parses and evaluates them itself.
    parseShowHide: null,
    show: !definition.showHide?.trim(),
    valid: true,
    error: '',
  };
}

/**
 * The questions as this household sees them: without a partner, 'Whose work would change?' does not offer the
 * partner's (the server refuses it too).
 */
export function forHousehold(definition: PageDefinition, { hasPartner }: { hasPartner: boolean }): PageDefinition {
  if (hasPartner) return definition;
  const withoutPartner = (question: QuestionDefinition): QuestionDefinition =>
    question.name === BETTER_OFF_PARTNER.question && question.options
      ? { ...question, options: question.options.filter((option) => option.value !== BETTER_OFF_PARTNER.value) }
      : question;
  return { ...definition, fields: definition.fields.map((group) => ({ ...group, questions: group.questions.map(withoutPartner) })) };
}

export function betterOffPageView(definition: PageDefinition = BETTER_OFF_PAGE): PageView {
  return {
    name: definition.name,
    title: definition.title,
    text: definition.text ?? '',
    headerType: definition.headerType,
    progress: 100,
    isExitPage: false,
    showHide: '',
    fields: definition.fields.map((group) => ({ show: true, questions: group.questions.map(questionView) })),
  };
}

/** The form as it opens for the household: no answers, and each question shown or hidden by its rule. */
export function initialBetterOffState(
  environment: RuleEnvironment,
  household: { hasPartner: boolean },
  definition: PageDefinition = BETTER_OFF_PAGE,
): SurveyPageState {
  return reevaluateShowHide(createPageState(betterOffPageView(forHousehold(definition, household)), { isTest: false }), environment);
}
