import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseRule, RuleSyntaxError, type Condition } from '../../../common/rules/index.js';
import { COUNCIL_TAX_BAND_ANSWERS, COUNCIL_TAX_BAND_NOT_KNOWN, RETIRED_LOOKUP_OPTION } from '../../../common/survey/council-tax-band.js';
import { HOUSEHOLD_QUESTIONS } from '../../../engine/household-mapping/household-mapping.js';
import {
  CAPITAL_BAND_5001_TO_16000,
  HEADER_TYPES,
  OPTIONS_SOURCES,
  type OptionsSource,
  QUESTION_NAMES,
  QUESTION_TYPES,
  TENURES,
  type PageDefinition,
  type QuestionDefinition,
  type QuestionTypeName,
  type SurveyDefinition,
} from '../../../common/survey/model.js';

/**
 * The questionnaire's definitions (`definitions/survey/`): `survey.json` lists the pages in order, and
 * `pages/<name>.json` holds each page. Every field, rule and special question name is checked, and every problem
 * is reported at once, each naming its file and field. The server refuses to start with a broken definition, and
 * `npm run definitions:check` (also run by the unit tests) reports the same problems without a database.
 */

export const SURVEY_FILE = 'survey/survey.json';
export const PAGES_FOLDER = 'survey/pages';
/** The last page: always applies, and Next there finishes the questionnaire. */
export const FINISH_PAGE = 'finish';
/**
 * What a Council question may offer besides the bands: 'I don't know my band'. The address look-up is not an option
 * here: the question offers it itself, only where addresses are loaded for the postcode (and never in Scotland).
 */
export const COUNCIL_OPTIONS = [...COUNCIL_TAX_BAND_ANSWERS, COUNCIL_TAX_BAND_NOT_KNOWN] as const;
const CHILD_DOB_COUNT = 10;

/** Reading files under the definitions folder; tests give an in-memory one. */
export interface DefinitionFiles {
  /** The text of a file (path relative to the definitions folder), or null when there is none. */
  readText(path: string): string | null;
  /** The names of the files in a folder, or [] when there is no such folder. */
  list(folder: string): string[];
  /** How a file is named in messages. */
  shown(path: string): string;
}

export function definitionFilesIn(definitionsDir: string): DefinitionFiles {
  return {
    readText: (path) => {
      const file = join(definitionsDir, path);
      return existsSync(file) ? readFileSync(file, 'utf8') : null;
    },
    list: (folder) => {
      const dir = join(definitionsDir, folder);
      return existsSync(dir) ? readdirSync(dir).sort() : [];
    },
    shown: (path) => relative(process.cwd(), join(definitionsDir, path)),
  };
}

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

type Json = Record<string, unknown>;

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
const MONEY_PARTS = ['weekly', 'monthly', 'yearly', 'period'];
const POSTCODE_PARTS = ['country', 'authority', 'authorityCode', 'option'];

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const list = (items: readonly string[]) => items.join(', ');

interface PlacedQuestion {
  question: QuestionDefinition;
  /** 0-based index of its page in survey.json. */
  pageIndex: number;
  file: string;
}

interface PlacedRule {
  text: string;
  file: string;
  /** 'showHide' of the page, or '<Question>: showHide'. */
  field: string;
  pageIndex: number;
  /** The question the rule belongs to; none for a page rule. */
  question?: string;
}

/** Checks the definitions read through `files`; a pure function of their contents. */
export function checkSurveyDefinition(files: DefinitionFiles): SurveyDefinitionCheck {
  return new SurveyChecker(files).check();
}

class SurveyChecker {
  private readonly problems: string[] = [];
  /** By position in survey.json; a page that could not be read leaves a gap. */
  private readonly pages: (PageDefinition | undefined)[] = [];
  private readonly pageFiles: string[] = [];
  private pageNames: string[] = [];
  private readonly missing = new Set<string>();
  /** A file could not be read: checks across files would only repeat that as many missing questions. */
  private unreadable = false;
  private readonly questions = new Map<string, PlacedQuestion>();
  private readonly rules: PlacedRule[] = [];

  constructor(private readonly files: DefinitionFiles) {}

  private problem(file: string, message: string): void {
    this.problems.push(`${file}: ${message}`);
  }

  check(): SurveyDefinitionCheck {
    this.pageNames = this.readSurveyFile();
    this.pageNames.forEach((name, index) => this.readPage(name, index));
    this.checkPageFilesAreListed(this.pageNames);
    this.checkRules();
    this.checkPageOrder();
    if (!this.unreadable) {
      this.checkSpecialQuestions();
      this.checkHouseholdQuestions();
    }
    const counts = {
      pages: this.pageNames.length,
      questions: this.questions.size,
      rules: this.rules.length,
    };
    const survey = this.problems.length ? null : { pages: this.pages as PageDefinition[] };
    return { survey, problems: this.problems, counts };
  }

  private readJson(path: string): unknown {
    const shown = this.files.shown(path);
    const text = this.files.readText(path);
    if (text === null) {
      this.unreadable = true;
      this.problem(shown, 'is missing.');
      return undefined;
    }
    try {
      return JSON.parse(text);
    } catch (error) {
      this.unreadable = true;
      this.problem(shown, `is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
      return undefined;
    }
  }

  private unknownKeys(file: string, where: string, object: Json, allowed: readonly string[]): void {
    for (const key of Object.keys(object)) {
      if (!allowed.includes(key)) this.problem(file, `${where}${where ? ' ' : ''}has an unknown field '${key}' (allowed: ${list(allowed)}).`);
    }
  }

  /* ---- survey.json ---- */

  private readSurveyFile(): string[] {
    const file = this.files.shown(SURVEY_FILE);
    const json = this.readJson(SURVEY_FILE);
    if (json === undefined) return [];
    if (!isObject(json)) {
      this.unreadable = true;
      this.problem(file, 'must be a JSON object with a "pages" list.');
      return [];
    }
    this.unknownKeys(file, '', json, ['pages']);
    if (!Array.isArray(json.pages) || json.pages.length === 0) {
      this.unreadable = true;
      this.problem(file, 'pages must be a list of page names.');
      return [];
    }
    const names: string[] = [];
    json.pages.forEach((name, index) => {
      if (typeof name !== 'string' || !PAGE_NAME.test(name)) {
        this.problem(file, `pages[${index}] must be a page name in lower case with hyphens, such as "about-you".`);
      } else if (names.includes(name)) {
        this.problem(file, `pages[${index}] "${name}" is listed twice.`);
      } else {
        names.push(name);
      }
    });
    return names;
  }

  private checkPageFilesAreListed(pageNames: string[]): void {
    for (const fileName of this.files.list(PAGES_FOLDER)) {
      if (!fileName.endsWith('.json')) continue;
      if (!pageNames.includes(fileName.slice(0, -'.json'.length))) {
        this.problem(this.files.shown(`${PAGES_FOLDER}/${fileName}`), `is not listed in ${SURVEY_FILE}, so it would never be shown.`);
      }
    }
  }

  /* ---- pages ---- */

  private readPage(name: string, pageIndex: number): void {
    const path = `${PAGES_FOLDER}/${name}.json`;
    const file = this.files.shown(path);
    this.pageFiles[pageIndex] = file;
    const json = this.readJson(path);
    if (json === undefined) return;
    if (!isObject(json)) {
      this.unreadable = true;
      this.problem(file, 'must be a JSON object (a page).');
      return;
    }
    this.unknownKeys(file, '', json, PAGE_KEYS);
    if (json.name !== name) this.problem(file, `name must be "${name}", the file's name.`);
    if (!isText(json.title)) this.problem(file, 'title must be non-empty text.');
    if (json.text !== undefined && typeof json.text !== 'string') this.problem(file, 'text must be text.');
    if (!HEADER_TYPES.includes(json.headerType as never)) this.problem(file, `headerType must be one of ${list(HEADER_TYPES)}.`);
    if (json.isExitPage !== undefined && typeof json.isExitPage !== 'boolean') this.problem(file, 'isExitPage must be true or false.');
    if (json.showHide !== undefined) {
      if (typeof json.showHide !== 'string') this.problem(file, 'showHide must be text (a rule).');
      else if (json.showHide.trim()) this.rules.push({ text: json.showHide, file, field: 'showHide', pageIndex });
    }
    const questions: QuestionDefinition[] = [];
    if (!Array.isArray(json.fields) || json.fields.length === 0) {
      this.problem(file, 'fields must be a list of field groups, each with its questions.');
    } else {
      json.fields.forEach((group, groupIndex) => {
        const where = `fields[${groupIndex}]`;
        if (!isObject(group)) return this.problem(file, `${where} must be an object with a "questions" list.`);
        this.unknownKeys(file, where, group, FIELD_KEYS);
        if (!Array.isArray(group.questions) || group.questions.length === 0) {
          return this.problem(file, `${where}.questions must be a non-empty list of questions.`);
        }
        group.questions.forEach((question, questionIndex) => {
          const checked = this.readQuestion(question, `${where}.questions[${questionIndex}]`, file, pageIndex);
          if (checked) questions.push(checked);
        });
      });
    }
    if (json.isExitPage === true) {
      for (const question of questions) {
        if (question.required) this.problem(file, `${question.name}: an exit page has no Next button, so its questions cannot be required.`);
      }
    }
    this.pages[pageIndex] = json as unknown as PageDefinition;
  }

  /* ---- questions ---- */

  private readQuestion(json: unknown, where: string, file: string, pageIndex: number): QuestionDefinition | null {
    if (!isObject(json)) {
      this.problem(file, `${where} must be an object (a question).`);
      return null;
    }
    const name = json.name;
    if (typeof name !== 'string' || !QUESTION_NAME.test(name)) {
      this.problem(file, `${where}.name must be a question name of letters and digits, starting with a letter, such as "ClientDob".`);
      return null;
    }
    const at = name;
    const earlier = this.questions.get(name);
    if (earlier) {
      this.problem(file, `${at}: the name is already used by a question in ${earlier.file}; question names must be unique in the whole survey.`);
      return null;
    }
    this.unknownKeys(file, `${at}:`, json, QUESTION_KEYS);

    const type = json.questionType as QuestionTypeName;
    if (!Object.hasOwn(QUESTION_TYPES, type)) {
      this.problem(file, `${at}: questionType must be one of ${list(Object.keys(QUESTION_TYPES))}.`);
    }
    if (!isText(json.text)) this.problem(file, `${at}: text must be non-empty text.`);
    for (const key of QUESTION_TEXT_KEYS) {
      if (json[key] !== undefined && typeof json[key] !== 'string') this.problem(file, `${at}: ${key} must be text.`);
    }
    for (const key of QUESTION_FLAG_KEYS) {
      if (json[key] !== undefined && typeof json[key] !== 'boolean') this.problem(file, `${at}: ${key} must be true or false.`);
    }
    for (const key of ['minValue', 'maxValue'] as const) {
      if (json[key] === undefined) continue;
      if (typeof json[key] !== 'number' || !Number.isFinite(json[key])) this.problem(file, `${at}: ${key} must be a number.`);
      else if (!TYPES_WITH_LIMITS.includes(type)) this.problem(file, `${at}: ${key} is only for Text and Money questions.`);
    }
    if (typeof json.minValue === 'number' && typeof json.maxValue === 'number' && json.minValue > json.maxValue) {
      this.problem(file, `${at}: minValue must not be more than maxValue.`);
    }
    if (json.isNumeric === true && type !== 'Text') this.problem(file, `${at}: isNumeric is only for Text questions.`);
    if (json.isDate18 === true && type !== 'Date') this.problem(file, `${at}: isDate18 is only for Date questions.`);
    if (typeof json.pattern === 'string') {
      if (!TYPES_WITH_PATTERN.includes(type)) this.problem(file, `${at}: pattern is only for Text and Postcode questions.`);
      try {
        new RegExp(json.pattern);
      } catch {
        this.problem(file, `${at}: pattern is not a valid regular expression.`);
      }
    }
    if ((json.toolTip !== undefined || json.autoOpenHelpText === true) && !isText(json.helpText)) {
      this.problem(file, `${at}: toolTip and autoOpenHelpText open the help text, so helpText is needed too.`);
    }
    if (type === 'Label' && json.required === true) this.problem(file, `${at}: a Label has no answer, so it cannot be required.`);
    if (json.postcodePage !== undefined && type !== 'Council') this.problem(file, `${at}: postcodePage is only for Council questions.`);
    if (type === 'Council' && (!Number.isInteger(json.postcodePage) || (json.postcodePage as number) < 1)) {
      this.problem(file, `${at}: postcodePage must be the number of the page that asks ${QUESTION_NAMES.clientPostcode}.`);
    }
    if (json.optionsFrom !== undefined) {
      if (!OPTIONS_SOURCES.includes(json.optionsFrom as OptionsSource)) this.problem(file, `${at}: optionsFrom must be one of ${list(OPTIONS_SOURCES)}.`);
      if (type !== 'Radio') this.problem(file, `${at}: optionsFrom is only for Radio questions (the choices can be many, and the page lets people search them).`);
    }
    const optionValues = this.readOptions(json, type, at, file);
    if (json.default !== undefined) {
      if (typeof json.default !== 'string' && typeof json.default !== 'number') {
        this.problem(file, `${at}: default must be text or a number.`);
      } else if ((type === 'Radio' || type === 'Select') && !optionValues.includes(String(json.default))) {
        this.problem(file, `${at}: default must be one of its option values.`);
      } else if (type === 'Money' && (typeof json.default !== 'number' || json.default < 0)) {
        this.problem(file, `${at}: default of a Money question must be a weekly amount in pounds.`);
      }
    }
    if (typeof json.showHide === 'string' && json.showHide.trim()) {
      this.rules.push({ text: json.showHide, file, field: `${at}: showHide`, pageIndex, question: name });
    }
    const question = json as unknown as QuestionDefinition;
    this.questions.set(name, { question, pageIndex, file });
    return question;
  }

  private readOptions(json: Json, type: QuestionTypeName, at: string, file: string): string[] {
    if (!TYPES_WITH_OPTIONS.includes(type)) {
      if (json.options !== undefined) this.problem(file, `${at}: options are only for Radio, Select, Check and Council questions.`);
      return [];
    }
    if (!Array.isArray(json.options) || json.options.length === 0) {
      this.problem(file, `${at}: options must be a non-empty list of { "value", "text" }.`);
      return [];
    }
    const values: string[] = [];
    json.options.forEach((option, index) => {
      const where = `${at}: options[${index}]`;
      if (!isObject(option)) return this.problem(file, `${where} must be an object with a value and a text.`);
      this.unknownKeys(file, where, option, OPTION_KEYS);
      if (!isText(option.value)) return this.problem(file, `${where}.value must be non-empty text.`);
      if (!isText(option.text)) this.problem(file, `${where}.text must be non-empty text.`);
      for (const key of ['popUp', 'icon'] as const) {
        if (option[key] !== undefined && !isText(option[key])) this.problem(file, `${where}.${key} must be non-empty text.`);
      }
      if (values.includes(option.value)) this.problem(file, `${where}.value "${option.value}" is used twice.`);
      values.push(option.value);
    });
    if (type === 'Council') {
      const allowed: readonly string[] = COUNCIL_OPTIONS;
      values.forEach((value, index) => {
        if (value === RETIRED_LOOKUP_OPTION) {
          this.problem(file, `${at}: options[${index}] "${RETIRED_LOOKUP_OPTION}" is not needed: the question offers 'Look this up for me' itself where addresses are loaded for the postcode, and stores the band found.`);
        } else if (!allowed.includes(value)) this.problem(file, `${at}: options[${index}].value must be one of ${list(allowed)}.`);
      });
    }
    return values;
  }

  /* ---- rules ---- */

  private checkRules(): void {
    for (const rule of this.rules) {
      let condition: Condition;
      try {
        condition = parseRule(rule.text);
      } catch (error) {
        const reason = error instanceof RuleSyntaxError ? error.message : String(error);
        this.problem(rule.file, `${rule.field} does not parse: ${reason}.`);
        continue;
      }
      if (!this.unreadable) this.checkRuleReferences(rule, condition);
    }
  }

  /** Every answer a rule reads must be asked before it is evaluated, and be read the way its type allows. */
  private checkRuleReferences(rule: PlacedRule, condition: Condition): void {
    const reported = new Set<string>();
    const report = (message: string) => {
      if (reported.has(message)) return;
      reported.add(message);
      this.problem(rule.file, `${rule.field} ${message}`);
    };
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (!isObject(node)) return;
      if (typeof node.fact === 'string') this.checkReference(rule, node, report);
      for (const key of ['all', 'any', 'not', 'value', 'left', 'right', 'args']) if (key in node) visit(node[key]);
    };
    visit(condition);
  }

  private checkReference(rule: PlacedRule, node: Json, report: (message: string) => void): void {
    const name = node.fact as string;
    const placed = this.questions.get(name);
    if (!placed) return report(`names "${name}", which is not a question in the survey.`);
    const { question, pageIndex } = placed;
    const where = this.pageNames[pageIndex];
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

  /* ---- order of pages ---- */

  private checkPageOrder(): void {
    if (!this.pageNames.length) return;
    const first = this.pages[0];
    if (first?.showHide?.trim()) this.problem(this.pageFiles[0], 'the first page starts every calculation, so it must not have a showHide rule.');
    const lastIndex = this.pageNames.length - 1;
    const last = this.pages[lastIndex];
    if (this.pageNames[lastIndex] !== FINISH_PAGE) {
      this.problem(this.files.shown(SURVEY_FILE), `the last page must be "${FINISH_PAGE}", where Next shows the results.`);
    } else if (last) {
      const file = this.pageFiles[lastIndex];
      if (last.showHide?.trim()) this.problem(file, 'the finish page must always apply, so it must not have a showHide rule.');
      if (last.isExitPage) this.problem(file, 'the finish page leads to the results, so it cannot be an exit page.');
      if (last.headerType !== 'Results') this.problem(file, 'headerType of the finish page must be Results.');
    }
    this.pages.forEach((page, index) => {
      if (page?.isExitPage && !page.showHide?.trim()) {
        this.problem(this.pageFiles[index], 'an exit page needs a showHide rule saying who it is for; without one it would end every calculation.');
      }
    });
  }

  /* ---- special names (common/survey/model.ts QUESTION_NAMES) and the household mapping's questions ---- */

  private expectQuestion(name: string, types: readonly QuestionTypeName[], why: string): QuestionDefinition | null {
    const placed = this.questions.get(name);
    if (!placed) {
      // Reported once, though both the special names and the household mapping may expect it.
      if (!this.missing.has(name)) this.problem(this.files.shown(SURVEY_FILE), `no question is named "${name}" (${why}).`);
      this.missing.add(name);
      return null;
    }
    if (!types.includes(placed.question.questionType)) {
      this.problem(placed.file, `${name}: questionType must be ${types.join(' or ')} (${why}).`);
      return null;
    }
    return placed.question;
  }

  private checkSpecialQuestions(): void {
    const special = 'a special name in common/survey/model.ts';
    const postcode = this.expectQuestion(QUESTION_NAMES.clientPostcode, ['Postcode'], special);
    this.expectQuestion(QUESTION_NAMES.clientDob, ['Date'], special);
    this.expectQuestion(QUESTION_NAMES.partnerDob, ['Date'], special);
    for (let n = 1; n <= CHILD_DOB_COUNT; n += 1) this.expectQuestion(`${QUESTION_NAMES.childDobPrefix}${n}`, ['Date'], special);
    for (const [name, { file }] of this.questions) {
      const suffix = name.slice(QUESTION_NAMES.childDobPrefix.length);
      if (name.startsWith(QUESTION_NAMES.childDobPrefix) && !/^(?:[1-9]|10)$/.test(suffix)) {
        this.problem(file, `${name}: names starting ${QUESTION_NAMES.childDobPrefix} are the children's dates of birth, ${QUESTION_NAMES.childDobPrefix}1 to ${QUESTION_NAMES.childDobPrefix}${CHILD_DOB_COUNT}.`);
      }
    }
    const tenure = this.expectQuestion(QUESTION_NAMES.tenure, ['Radio', 'Select'], special);
    if (tenure) this.expectExactOptions(tenure, Object.values(TENURES), 'the TENURES of common/survey/model.ts');
    this.expectQuestion(QUESTION_NAMES.rent, ['Money'], special);
    const band = this.expectQuestion(QUESTION_NAMES.capitalBand, ['Radio', 'Select'], special);
    if (band && !(band.options ?? []).some((option) => option.value === CAPITAL_BAND_5001_TO_16000)) {
      this.problem(this.questions.get(band.name)!.file, `${band.name}: one option's value must be '${CAPITAL_BAND_5001_TO_16000}' (spec 000 §5).`);
    }
    const capital = this.expectQuestion(QUESTION_NAMES.capital, ['Money', 'Text'], special);
    if (capital?.questionType === 'Text' && capital.isNumeric !== true) {
      this.problem(this.questions.get(capital.name)!.file, `${capital.name}: a Text question for an amount must be isNumeric.`);
    }
    const council = this.expectQuestion(QUESTION_NAMES.councilTaxBand, ['Council'], special);
    if (council && postcode && council.postcodePage !== undefined) {
      const postcodePage = this.questions.get(postcode.name)!.pageIndex + 1;
      if (council.postcodePage !== postcodePage) {
        this.problem(this.questions.get(council.name)!.file, `${council.name}: postcodePage must be ${postcodePage}, the page that asks ${postcode.name}.`);
      }
    }
    // Any other Council question must point at the postcode page too.
    for (const [name, { question, file }] of this.questions) {
      if (name === QUESTION_NAMES.councilTaxBand || question.questionType !== 'Council' || !postcode) continue;
      const postcodePage = this.questions.get(postcode.name)!.pageIndex + 1;
      if (question.postcodePage !== undefined && question.postcodePage !== postcodePage) {
        this.problem(file, `${name}: postcodePage must be ${postcodePage}, the page that asks ${postcode.name}.`);
      }
    }
    // The bands offered are the nation's, and the look-up needs the postcode saved: a Council question comes later.
    const postcodeIndex = postcode ? this.questions.get(postcode.name)!.pageIndex : -1;
    for (const [name, { question, file, pageIndex }] of this.questions) {
      if (question.questionType === 'Council' && postcode && pageIndex <= postcodeIndex) {
        this.problem(file, `${name}: a Council question must be on a page after the one that asks ${postcode.name}, whose country decides the bands offered.`);
      }
    }
  }

  private expectExactOptions(question: QuestionDefinition, expected: readonly string[], what: string): void {
    const values = (question.options ?? []).map((option) => option.value);
    const missing = expected.filter((value) => !values.includes(value));
    const extra = values.filter((value) => !expected.includes(value));
    if (missing.length || extra.length) {
      const file = this.questions.get(question.name)!.file;
      this.problem(file, `${question.name}: option values must be exactly ${list(expected)} (${what})${missing.length ? `; missing ${list(missing)}` : ''}${extra.length ? `; not known: ${list(extra)}` : ''}.`);
    }
  }

  private checkHouseholdQuestions(): void {
    const why = 'the household mapping in engine/household-mapping/household-mapping.ts reads it';
    for (const [name, expected] of Object.entries(HOUSEHOLD_QUESTIONS)) {
      const question = this.expectQuestion(name, expected.types, why);
      if (!question) continue;
      const file = this.questions.get(name)!.file;
      if (expected.numeric && question.questionType === 'Text' && question.isNumeric !== true) {
        this.problem(file, `${name}: must be isNumeric (${why} as a number).`);
      }
      if (!expected.values) continue;
      if (expected.exactly) {
        this.expectExactOptions(question, expected.values, why);
        continue;
      }
      const values = (question.options ?? []).map((option) => option.value);
      const missing = expected.values.filter((value) => !values.includes(value));
      if (missing.length) this.problem(file, `${name}: options must include ${list(missing)} (${why}).`);
    }
  }
}
