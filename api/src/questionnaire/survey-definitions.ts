import type { PageDefinition, SurveyDefinition } from '../../../common/survey/model.js';
import type { SourceFiles } from '../../../engine/source-files.js';
import { SurveyCheckState } from './definitions/check-state.js';
import { checkPageFilesAreListed, checkPageOrder, checkRules } from './definitions/cross-references.js';
import { definitionFilesIn, type DefinitionFiles } from './definitions/files.js';
import { checkHouseholdQuestions, checkSpecialQuestions } from './definitions/household-contract.js';
import { readPage, readSurveyFile } from './definitions/shape.js';

export { FINISH_PAGE } from './definitions/cross-references.js';
export { definitionFilesIn, PAGES_FOLDER, SURVEY_FILE, type DefinitionFiles } from './definitions/files.js';
export { COUNCIL_OPTIONS } from './definitions/shape.js';

/**
 * The questionnaire's definitions (`definitions/survey/`): `survey.json` lists the pages in order, and
 * `pages/<name>.json` holds each page. Every field, rule and special question name is checked, and every problem
 * is reported at once, each naming its file and field. The server refuses to start with a broken definition, and
 * `npm run definitions:check` (also run by the unit tests) reports the same problems without a database.
 * The checks are in `definitions/`: the files (`files.ts`), the shape of each file (`shape.ts`), the checks across
 * files (`cross-references.ts`) and the questions the code reads by name (`household-contract.ts`).
 */

export interface SurveyDefinitionCheck {
  /** The definition, when there are no problems. */
  survey: SurveyDefinition | null;
  /** One plain-English message per problem, each starting with the file it is in. */
  problems: string[];
  counts: { pages: number; questions: number; rules: number };
}

export class SurveyDefinitionError extends Error {
  override name = 'SurveyDefinitionError';
  constructor(readonly problems: readonly string[]) {
    super(`The questionnaire definitions have ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.join('\n')}`);
  }
}

/** Reads and checks `survey.json` and every page. @throws SurveyDefinitionError listing every problem. */
export function loadSurveyDefinition(definitionsDir: string): SurveyDefinition {
  const check = checkSurveyDefinition(definitionFilesIn(definitionsDir));
  if (!check.survey) throw new SurveyDefinitionError(check.problems);
  return check.survey;
}

/** What `npm run definitions:check` prints: every problem, or one line saying all is well. */
export function definitionsCheckReport(check: SurveyDefinitionCheck): { ok: boolean; lines: string[] } {
  if (check.problems.length) return { ok: false, lines: check.problems };
  const { pages, questions, rules } = check.counts;
  return { ok: true, lines: [`${pages} pages, ${questions} questions, ${rules} rules: all good`] };
}

/** Checks the definitions read through `files`; a pure function of their contents. */
export function checkSurveyDefinition(files: DefinitionFiles): SurveyDefinitionCheck {
  const state = new SurveyCheckState(files);
  state.pageNames = readSurveyFile(state);
  state.pageNames.forEach((name, index) => readPage(state, name, index));
  checkPageFilesAreListed(state, state.pageNames);
  checkRules(state);
  checkPageOrder(state);
  if (!state.unreadable) {
    checkSpecialQuestions(state);
    checkHouseholdQuestions(state);
  }
  const counts = {
    pages: state.pageNames.length,
    questions: state.questions.size,
    rules: state.rules.length,
  };
  const survey = state.problems.length ? null : { pages: state.pages as PageDefinition[] };
  return { survey, problems: state.problems, counts };
}

/** The questionnaire's definitions read through `files` (a change set may change a page). */
export function definitionFilesOf(files: SourceFiles): DefinitionFiles {
  return {
    readText: (path) => files.read(`definitions/${path}`),
    list: (folder) => files.list(`definitions/${folder}`).filter((path) => !path.includes('/')),
    shown: (path) => `definitions/${path}`,
  };
}

/** Every problem the questionnaire's check finds in `files`, each naming its file. */
export function surveyProblemsOf(files: SourceFiles): string[] {
  return checkSurveyDefinition(definitionFilesOf(files)).problems;
}
