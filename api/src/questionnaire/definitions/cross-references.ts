import { parseRule, RuleSyntaxError, type Condition } from '../../../../common/rules/index.js';
import { isObject, list, type Json, type PlacedRule, type SurveyCheckState } from './check-state.js';
import { PAGES_FOLDER, SURVEY_FILE } from './files.js';

/**
 * The checks across files: every page file is listed in survey.json, every rule parses and reads only answers
 * asked before it, in the way their type allows, and the pages are in an order a calculation can follow.
 */

/** The last page: always applies, and Next there finishes the questionnaire. */
export const FINISH_PAGE = 'finish';
const MONEY_PARTS = ['weekly', 'monthly', 'yearly', 'period'];
const POSTCODE_PARTS = ['country', 'authority', 'authorityCode', 'option'];

export function checkPageFilesAreListed(state: SurveyCheckState, pageNames: string[]): void {
  for (const fileName of state.files.list(PAGES_FOLDER)) {
    if (!fileName.endsWith('.json')) continue;
    if (!pageNames.includes(fileName.slice(0, -'.json'.length))) {
      state.problem(state.files.shown(`${PAGES_FOLDER}/${fileName}`), `is not listed in ${SURVEY_FILE}, so it would never be shown.`);
    }
  }
}

export function checkRules(state: SurveyCheckState): void {
  for (const rule of state.rules) {
    let condition: Condition;
    try {
      condition = parseRule(rule.text);
    } catch (error) {
      const reason = error instanceof RuleSyntaxError ? error.message : String(error);
      state.problem(rule.file, `${rule.field} does not parse: ${reason}.`);
      continue;
    }
    if (!state.unreadable) checkRuleReferences(state, rule, condition);
  }
}

/** Every answer a rule reads must be asked before it is evaluated, and be read the way its type allows. */
function checkRuleReferences(state: SurveyCheckState, rule: PlacedRule, condition: Condition): void {
  const reported = new Set<string>();
  const report = (message: string) => {
    if (reported.has(message)) return;
    reported.add(message);
    state.problem(rule.file, `${rule.field} ${message}`);
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    if (typeof node.fact === 'string') checkReference(state, rule, node, report);
    for (const key of ['all', 'any', 'not', 'value', 'left', 'right', 'args']) if (key in node) visit(node[key]);
  };
  visit(condition);
}

function checkReference(state: SurveyCheckState, rule: PlacedRule, node: Json, report: (message: string) => void): void {
  const name = node.fact as string;
  const placed = state.questions.get(name);
  if (!placed) return report(`names "${name}", which is not a question in the survey.`);
  const { question, pageIndex } = placed;
  const where = state.pageNames[pageIndex];
  if (rule.question === undefined && pageIndex >= rule.pageIndex) {
    return report(`names "${name}", which is asked on page "${where}": a page's rule can only read answers from earlier pages.`);
  }
  if (pageIndex > rule.pageIndex) return report(`names "${name}", which is asked later, on page "${where}".`);
  if (name === rule.question) return report(`names its own question "${name}".`);
  if (question.questionType === 'Label') return report(`names "${name}", a Label, which has no answer.`);
  const path = node.path as string | undefined;
  if (path && MONEY_PARTS.includes(path) && question.questionType !== 'Money') report(`reads "${name}.${path}", but only a Money answer has that part.`);
  if (path && POSTCODE_PARTS.includes(path) && question.questionType !== 'Postcode') report(`reads "${name}.${path}", but only a Postcode answer has that part.`);
  const operator = node.operator;
  if (operator === 'contains' && question.questionType !== 'Check') report(`uses 'has' on "${name}", which is not a Check question.`);
  // A comparison with a value the question cannot have is always a typo ('yes' for 'Yes').
  const options = (question.options ?? []).map((option) => option.value);
  if (
    !path &&
    options.length &&
    (operator === 'equal' || operator === 'notEqual' || operator === 'contains') &&
    typeof node.value === 'string' &&
    node.value !== '' &&
    !options.includes(node.value)
  ) {
    report(`compares "${name}" with '${node.value}', which is not one of its option values (${list(options)}).`);
  }
}

export function checkPageOrder(state: SurveyCheckState): void {
  if (!state.pageNames.length) return;
  const first = state.pages[0];
  if (first?.showHide?.trim()) state.problem(state.pageFiles[0], 'the first page starts every calculation, so it must not have a showHide rule.');
  const lastIndex = state.pageNames.length - 1;
  const last = state.pages[lastIndex];
  if (state.pageNames[lastIndex] !== FINISH_PAGE) {
    state.problem(state.files.shown(SURVEY_FILE), `the last page must be "${FINISH_PAGE}", where Next shows the results.`);
  } else if (last) {
    const file = state.pageFiles[lastIndex];
    if (last.showHide?.trim()) state.problem(file, 'the finish page must always apply, so it must not have a showHide rule.');
    if (last.isExitPage) state.problem(file, 'the finish page leads to the results, so it cannot be an exit page.');
    if (last.headerType !== 'Results') state.problem(file, 'headerType of the finish page must be Results.');
  }
  state.pages.forEach((page, index) => {
    if (page?.isExitPage && !page.showHide?.trim()) {
      state.problem(state.pageFiles[index], 'an exit page needs a showHide rule saying who it is for; without one it would end every calculation.');
    }
  });
}
