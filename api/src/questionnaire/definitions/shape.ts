import { COUNCIL_TAX_BAND_ANSWERS, COUNCIL_TAX_BAND_NOT_KNOWN, RETIRED_LOOKUP_OPTION } from '../../../../common/survey/council-tax-band.js';
import type { PageDefinition, QuestionDefinition, QuestionTypeName } from '../../../../common/survey/model.js';
import { Contract } from '../../../../engine/schemas/json-schema.js';
import { isObject, isText, list, type Json, type SurveyCheckState } from './check-state.js';
import { PAGES_FOLDER, SURVEY_FILE } from './files.js';

/**
 * The shape of `survey.json` and of each page and question, written once as JSON Schema
 * (`definitions/schemas/survey.schema.json`, `survey-page.schema.json`): the fields each may have, their types, and
 * the rules that one question's own fields follow (a Label is never required, options only for the types that have
 * them...). The code adds only what relates values to each other. Each question read is recorded in the state,
 * with every showHide rule, for the checks across files.
 */

/**
 * What a Council question may offer besides the bands: 'I don't know my band'. The address look-up is not an option
 * here: the question offers it itself, only where addresses are loaded for the postcode (and never in Scotland).
 */
export const COUNCIL_OPTIONS = [...COUNCIL_TAX_BAND_ANSWERS, COUNCIL_TAX_BAND_NOT_KNOWN] as const;

/** The shape of survey.json and of a page (with its questions): JSON Schemas (definitions/schemas/), checked with ajv. */
const knownFields = (allowed: readonly string[]) => `is not a known field (allowed: ${list(allowed)}).`;
const SURVEY_CONTRACT = Contract.named('survey.schema.json', knownFields);
const PAGE_CONTRACT = Contract.named('survey-page.schema.json', knownFields);
/** A name the rule language can read: no dots (a dot picks a part of an answer) or spaces (as in the page schema). */
const QUESTION_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

type Found = { segments: (string | number)[]; message: string };

/**
 * The schema's problems and the code's, one per field, each as `<file>: <path> <message>`; a problem inside a
 * question that has a readable name is told by that name (`ClientDob: helpText must be text.`), not by its place.
 */
function report(state: SurveyCheckState, file: string, contract: Contract, json: unknown, more: Found[]): number {
  const found = contract.problemsWith(json, more);
  for (const { path, message } of found) state.problem(file, byQuestionName(json, path, message));
  return found.length;
}

function byQuestionName(json: unknown, path: string, message: string): string {
  const match = /^fields\[(\d+)\]\.questions\[(\d+)\]([.[])/.exec(path);
  if (!match || !isObject(json) || !Array.isArray(json.fields)) return message;
  const group = json.fields[Number(match[1])] as unknown;
  const question = isObject(group) && Array.isArray(group.questions) ? (group.questions[Number(match[2])] as unknown) : undefined;
  const name = isObject(question) ? question.name : undefined;
  if (typeof name !== 'string' || !QUESTION_NAME.test(name)) return message;
  const inside = message.slice(match[0].length - (match[3] === '.' ? 0 : 1));
  return `${name}: ${inside}`;
}

function readJson(state: SurveyCheckState, path: string): unknown {
  const shown = state.files.shown(path);
  const text = state.files.readText(path);
  if (text === null) {
    state.unreadable = true;
    state.problem(shown, 'is missing.');
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    state.unreadable = true;
    state.problem(shown, `is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
    return undefined;
  }
}

export function readSurveyFile(state: SurveyCheckState): string[] {
  const file = state.files.shown(SURVEY_FILE);
  const json = readJson(state, SURVEY_FILE);
  if (json === undefined) return [];
  const pages = isObject(json) && Array.isArray(json.pages) ? (json.pages as unknown[]) : [];
  // Only what the schema cannot say is checked here: a page listed twice.
  const more: Found[] = [];
  const names: string[] = [];
  pages.forEach((name, index) => {
    if (typeof name !== 'string') return;
    if (names.includes(name)) more.push({ segments: ['pages', index], message: `"${name}" is listed twice.` });
    else names.push(name);
  });
  report(state, file, SURVEY_CONTRACT, json, more);
  if (pages.length === 0) {
    state.unreadable = true;
    return [];
  }
  return names.filter((name) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name));
}

export function readPage(state: SurveyCheckState, name: string, pageIndex: number): void {
  const path = `${PAGES_FOLDER}/${name}.json`;
  const file = state.files.shown(path);
  state.pageFiles[pageIndex] = file;
  const json = readJson(state, path);
  if (json === undefined) return;
  const more: Found[] = !isObject(json) || json.name === name ? [] : [{ segments: ['name'], message: `must be "${name}", the file's name.` }];
  report(state, file, PAGE_CONTRACT, json, more);
  if (!isObject(json)) {
    state.unreadable = true;
    return;
  }
  if (typeof json.showHide === 'string' && json.showHide.trim()) state.rules.push({ text: json.showHide, file, field: 'showHide', pageIndex });
  const questions: QuestionDefinition[] = [];
  const groups = Array.isArray(json.fields) ? (json.fields as unknown[]) : [];
  for (const group of groups) {
    if (!isObject(group) || !Array.isArray(group.questions)) continue;
    for (const question of group.questions) {
      const checked = readQuestion(state, question, file, pageIndex);
      if (checked) questions.push(checked);
    }
  }
  if (json.isExitPage === true) {
    for (const question of questions) {
      if (question.required === true) state.problem(file, `${question.name}: an exit page has no Next button, so its questions cannot be required.`);
    }
  }
  state.pages[pageIndex] = json as unknown as PageDefinition;
}

/**
 * Records a question the page schema has checked the shape of, and checks what relates its values to each other or
 * to the rest of the survey: a name used once in the whole survey, minValue not above maxValue, a pattern that
 * compiles, option values used once (a Council question's the bands), a default that is one of them.
 */
export function readQuestion(state: SurveyCheckState, json: unknown, file: string, pageIndex: number): QuestionDefinition | null {
  if (!isObject(json) || typeof json.name !== 'string' || !QUESTION_NAME.test(json.name)) return null; // the schema says why
  const name = json.name;
  const at = name;
  const earlier = state.questions.get(name);
  if (earlier) {
    state.problem(file, `${at}: the name is already used by a question in ${earlier.file}; question names must be unique in the whole survey.`);
    return null;
  }
  const type = json.questionType as QuestionTypeName;
  if (typeof json.minValue === 'number' && typeof json.maxValue === 'number' && json.minValue > json.maxValue) {
    state.problem(file, `${at}: minValue must not be more than maxValue.`);
  }
  if (typeof json.pattern === 'string') {
    try {
      new RegExp(json.pattern);
    } catch {
      state.problem(file, `${at}: pattern is not a valid regular expression.`);
    }
  }
  const optionValues = readOptions(state, json, type, at, file);
  if ((type === 'Radio' || type === 'Select') && (typeof json.default === 'string' || typeof json.default === 'number')) {
    if (!optionValues.includes(String(json.default))) state.problem(file, `${at}: default must be one of its option values.`);
  }
  if (typeof json.showHide === 'string' && json.showHide.trim()) {
    state.rules.push({ text: json.showHide, file, field: `${at}: showHide`, pageIndex, question: name });
  }
  const question = json as unknown as QuestionDefinition;
  state.questions.set(name, { question, pageIndex, file });
  return question;
}

function readOptions(state: SurveyCheckState, json: Json, type: QuestionTypeName, at: string, file: string): string[] {
  if (!Array.isArray(json.options)) return [];
  const values: string[] = [];
  json.options.forEach((option: unknown, index) => {
    if (!isObject(option) || !isText(option.value)) return;
    if (values.includes(option.value)) state.problem(file, `${at}: options[${index}].value "${option.value}" is used twice.`);
    values.push(option.value);
  });
  if (type === 'Council') {
    const allowed: readonly string[] = COUNCIL_OPTIONS;
    values.forEach((value, index) => {
      if (value === RETIRED_LOOKUP_OPTION) {
        state.problem(
          file,
          `${at}: options[${index}] "${RETIRED_LOOKUP_OPTION}" is not needed: the question offers 'Look this up for me' itself where addresses are loaded for the postcode, and stores the band found.`,
        );
      } else if (!allowed.includes(value)) state.problem(file, `${at}: options[${index}].value must be one of ${list(allowed)}.`);
    });
  }
  return values;
}
