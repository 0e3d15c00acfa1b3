import { defaultAnswer } from '../../../common/survey/answers';
import { QUESTION_TYPES, type PageDefinition, type PageView, type QuestionDefinition, type QuestionView } from '../../../common/survey/model';
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

/** The form as it opens: no answers, and each question shown or hidden by its rule. */
export function initialBetterOffState(environment: RuleEnvironment, definition: PageDefinition = BETTER_OFF_PAGE): SurveyPageState {
  return reevaluateShowHide(createPageState(betterOffPageView(definition), { isTest: false }), environment);
}
