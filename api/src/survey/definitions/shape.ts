import { COUNCIL_TAX_BAND_ANSWERS, COUNCIL_TAX_BAND_NOT_KNOWN, RETIRED_LOOKUP_OPTION } from '../../../../common/survey/council-tax-band.js';
import {
  HEADER_TYPES,
  OPTIONS_SOURCES,
  type OptionsSource,
  QUESTION_NAMES,
  QUESTION_TYPES,
  type PageDefinition,
  type QuestionDefinition,
  type QuestionTypeName,
} from '../../../../common/survey/model.js';
import { isObject, isText, list, type Json, type SurveyCheckState } from './check-state.js';
import { PAGES_FOLDER, SURVEY_FILE } from './files.js';

/**
 * The shape of `survey.json` and of each page and question: the fields each may have, their types, and the rules
 * that one question's own fields follow (a Label is never required, options only for the types that have them...).
 * Each question read is recorded in the state, with every showHide rule, for the checks across files.
 */

/**
 * What a Council question may offer besides the bands: 'I don't know my band'. The address look-up is not an option
 * here: the question offers it itself, only where addresses are loaded for the postcode (and never in Scotland).
 */
export const COUNCIL_OPTIONS = [...COUNCIL_TAX_BAND_ANSWERS, COUNCIL_TAX_BAND_NOT_KNOWN] as const;

const PAGE_KEYS = ['name', 'title', 'text', 'headerType', 'showHide', 'isExitPage', 'fields'] as const;
const FIELD_KEYS = ['questions'] as const;
const OPTION_KEYS = ['value', 'text', 'popUp', 'icon'] as const;
const QUESTION_TEXT_KEYS = ['subtext', 'noteText', 'helpText', 'toolTip', 'validation', 'pattern', 'prefix', 'showHide'] as const;
const QUESTION_FLAG_KEYS = ['autoOpenHelpText', 'required', 'isNumeric', 'isDate18'] as const;
const QUESTION_KEYS = [
  'name',
  'questionType',
  'text',
  ...QUESTION_TEXT_KEYS,
  ...QUESTION_FLAG_KEYS,
  'options',
  'default',
  'minValue',
  'maxValue',
  'postcodePage',
  'optionsFrom',
] as const;
const TYPES_WITH_OPTIONS: readonly QuestionTypeName[] = ['Radio', 'Select', 'Check', 'Council'];
const TYPES_WITH_LIMITS: readonly QuestionTypeName[] = ['Text', 'Money'];
const TYPES_WITH_PATTERN: readonly QuestionTypeName[] = ['Text', 'Postcode'];
/** A name the rule language can read: no dots (a dot picks a part of an answer) or spaces. */
const QUESTION_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const PAGE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;



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

function unknownKeys(state: SurveyCheckState, file: string, where: string, object: Json, allowed: readonly string[]): void {
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) state.problem(file, `${where}${where ? ' ' : ''}has an unknown field '${key}' (allowed: ${list(allowed)}).`);
  }
}

export function readSurveyFile(state: SurveyCheckState): string[] {
  const file = state.files.shown(SURVEY_FILE);
  const json = readJson(state, SURVEY_FILE);
  if (json === undefined) return [];
  if (!isObject(json)) {
    state.unreadable = true;
    state.problem(file, 'must be a JSON object with a "pages" list.');
    return [];
  }
  unknownKeys(state, file, '', json, ['pages']);
  if (!Array.isArray(json.pages) || json.pages.length === 0) {
    state.unreadable = true;
    state.problem(file, 'pages must be a list of page names.');
    return [];
  }
  const names: string[] = [];
  json.pages.forEach((name, index) => {
    if (typeof name !== 'string' || !PAGE_NAME.test(name)) {
      state.problem(file, `pages[${index}] must be a page name in lower case with hyphens, such as "about-you".`);
    } else if (names.includes(name)) {
      state.problem(file, `pages[${index}] "${name}" is listed twice.`);
    } else {
      names.push(name);
    }
  });
  return names;
}

export function readPage(state: SurveyCheckState, name: string, pageIndex: number): void {
  const path = `${PAGES_FOLDER}/${name}.json`;
  const file = state.files.shown(path);
  state.pageFiles[pageIndex] = file;
  const json = readJson(state, path);
  if (json === undefined) return;
  if (!isObject(json)) {
    state.unreadable = true;
    state.problem(file, 'must be a JSON object (a page).');
    return;
  }
  unknownKeys(state, file, '', json, PAGE_KEYS);
  if (json.name !== name) state.problem(file, `name must be "${name}", the file's name.`);
  if (!isText(json.title)) state.problem(file, 'title must be non-empty text.');
  if (json.text !== undefined && typeof json.text !== 'string') state.problem(file, 'text must be text.');
  if (!HEADER_TYPES.includes(json.headerType as never)) state.problem(file, `headerType must be one of ${list(HEADER_TYPES)}.`);
  if (json.isExitPage !== undefined && typeof json.isExitPage !== 'boolean') state.problem(file, 'isExitPage must be true or false.');
  if (json.showHide !== undefined) {
    if (typeof json.showHide !== 'string') state.problem(file, 'showHide must be text (a rule).');
    else if (json.showHide.trim()) state.rules.push({ text: json.showHide, file, field: 'showHide', pageIndex });
  }
  const questions: QuestionDefinition[] = [];
  if (!Array.isArray(json.fields) || json.fields.length === 0) {
    state.problem(file, 'fields must be a list of field groups, each with its questions.');
  } else {
    json.fields.forEach((group, groupIndex) => {
      const where = `fields[${groupIndex}]`;
      if (!isObject(group)) return state.problem(file, `${where} must be an object with a "questions" list.`);
      unknownKeys(state, file, where, group, FIELD_KEYS);
      if (!Array.isArray(group.questions) || group.questions.length === 0) {
        return state.problem(file, `${where}.questions must be a non-empty list of questions.`);
      }
      group.questions.forEach((question, questionIndex) => {
        const checked = readQuestion(state, question, `${where}.questions[${questionIndex}]`, file, pageIndex);
        if (checked) questions.push(checked);
      });
    });
  }
  if (json.isExitPage === true) {
    for (const question of questions) {
      if (question.required) state.problem(file, `${question.name}: an exit page has no Next button, so its questions cannot be required.`);
    }
  }
  state.pages[pageIndex] = json as unknown as PageDefinition;
}

export function readQuestion(state: SurveyCheckState, json: unknown, where: string, file: string, pageIndex: number): QuestionDefinition | null {
  if (!isObject(json)) {
    state.problem(file, `${where} must be an object (a question).`);
    return null;
  }
  const name = json.name;
  if (typeof name !== 'string' || !QUESTION_NAME.test(name)) {
    state.problem(file, `${where}.name must be a question name of letters and digits, starting with a letter, such as "ClientDob".`);
    return null;
  }
  const at = name;
  const earlier = state.questions.get(name);
  if (earlier) {
    state.problem(file, `${at}: the name is already used by a question in ${earlier.file}; question names must be unique in the whole survey.`);
    return null;
  }
  unknownKeys(state, file, `${at}:`, json, QUESTION_KEYS);

  const type = json.questionType as QuestionTypeName;
  if (!Object.hasOwn(QUESTION_TYPES, type)) {
    state.problem(file, `${at}: questionType must be one of ${list(Object.keys(QUESTION_TYPES))}.`);
  }
  if (!isText(json.text)) state.problem(file, `${at}: text must be non-empty text.`);
  for (const key of QUESTION_TEXT_KEYS) {
    if (json[key] !== undefined && typeof json[key] !== 'string') state.problem(file, `${at}: ${key} must be text.`);
  }
  for (const key of QUESTION_FLAG_KEYS) {
    if (json[key] !== undefined && typeof json[key] !== 'boolean') state.problem(file, `${at}: ${key} must be true or false.`);
  }
  for (const key of ['minValue', 'maxValue'] as const) {
    if (json[key] === undefined) continue;
    if (typeof json[key] !== 'number' || !Number.isFinite(json[key])) state.problem(file, `${at}: ${key} must be a number.`);
    else if (!TYPES_WITH_LIMITS.includes(type)) state.problem(file, `${at}: ${key} is only for Text and Money questions.`);
  }
  if (typeof json.minValue === 'number' && typeof json.maxValue === 'number' && json.minValue > json.maxValue) {
    state.problem(file, `${at}: minValue must not be more than maxValue.`);
  }
  if (json.isNumeric === true && type !== 'Text') state.problem(file, `${at}: isNumeric is only for Text questions.`);
  if (json.isDate18 === true && type !== 'Date') state.problem(file, `${at}: isDate18 is only for Date questions.`);
  if (typeof json.pattern === 'string') {
    if (!TYPES_WITH_PATTERN.includes(type)) state.problem(file, `${at}: pattern is only for Text and Postcode questions.`);
    try {
      new RegExp(json.pattern);
    } catch {
      state.problem(file, `${at}: pattern is not a valid regular expression.`);
    }
  }
  if ((json.toolTip !== undefined || json.autoOpenHelpText === true) && !isText(json.helpText)) {
    state.problem(file, `${at}: toolTip and autoOpenHelpText open the help text, so helpText is needed too.`);
  }
  if (type === 'Label' && json.required === true) state.problem(file, `${at}: a Label has no answer, so it cannot be required.`);
  if (json.postcodePage !== undefined && type !== 'Council') state.problem(file, `${at}: postcodePage is only for Council questions.`);
  if (type === 'Council' && (!Number.isInteger(json.postcodePage) || (json.postcodePage as number) < 1)) {
    state.problem(file, `${at}: postcodePage must be the number of the page that asks ${QUESTION_NAMES.clientPostcode}.`);
  }
  if (json.optionsFrom !== undefined) {
    if (!OPTIONS_SOURCES.includes(json.optionsFrom as OptionsSource)) state.problem(file, `${at}: optionsFrom must be one of ${list(OPTIONS_SOURCES)}.`);
    if (type !== 'Radio') state.problem(file, `${at}: optionsFrom is only for Radio questions (the choices can be many, and the page lets people search them).`);
  }
  const optionValues = readOptions(state, json, type, at, file);
  if (json.default !== undefined) {
    if (typeof json.default !== 'string' && typeof json.default !== 'number') {
      state.problem(file, `${at}: default must be text or a number.`);
    } else if ((type === 'Radio' || type === 'Select') && !optionValues.includes(String(json.default))) {
      state.problem(file, `${at}: default must be one of its option values.`);
    } else if (type === 'Money' && (typeof json.default !== 'number' || json.default < 0)) {
      state.problem(file, `${at}: default of a Money question must be a weekly amount in pounds.`);
    }
  }
  if (typeof json.showHide === 'string' && json.showHide.trim()) {
    state.rules.push({ text: json.showHide, file, field: `${at}: showHide`, pageIndex, question: name });
  }
  const question = json as unknown as QuestionDefinition;
  state.questions.set(name, { question, pageIndex, file });
  return question;
}

function readOptions(state: SurveyCheckState, json: Json, type: QuestionTypeName, at: string, file: string): string[] {
  if (!TYPES_WITH_OPTIONS.includes(type)) {
    if (json.options !== undefined) state.problem(file, `${at}: options are only for Radio, Select, Check and Council questions.`);
    return [];
  }
  if (!Array.isArray(json.options) || json.options.length === 0) {
    state.problem(file, `${at}: options must be a non-empty list of { "value", "text" }.`);
    return [];
  }
  const values: string[] = [];
  json.options.forEach((option, index) => {
    const where = `${at}: options[${index}]`;
    if (!isObject(option)) return state.problem(file, `${where} must be an object with a value and a text.`);
    unknownKeys(state, file, where, option, OPTION_KEYS);
    if (!isText(option.value)) return state.problem(file, `${where}.value must be non-empty text.`);
    if (!isText(option.text)) state.problem(file, `${where}.text must be non-empty text.`);
    for (const key of ['popUp', 'icon'] as const) {
      if (option[key] !== undefined && !isText(option[key])) state.problem(file, `${where}.${key} must be non-empty text.`);
    }
    if (values.includes(option.value)) state.problem(file, `${where}.value "${option.value}" is used twice.`);
    values.push(option.value);
  });
  if (type === 'Council') {
    const allowed: readonly string[] = COUNCIL_OPTIONS;
    values.forEach((value, index) => {
      if (value === RETIRED_LOOKUP_OPTION) {
        state.problem(file, `${at}: options[${index}] "${RETIRED_LOOKUP_OPTION}" is not needed: the question offers 'Look this up for me' itself where addresses are loaded for the postcode, and stores the band found.`);
      } else if (!allowed.includes(value)) state.problem(file, `${at}: options[${index}].value must be one of ${list(allowed)}.`);
    });
  }
  return values;
}
