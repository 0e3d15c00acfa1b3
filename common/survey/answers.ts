/**
 * Answers by question type: reading an answer off the wire without trusting it, the clean-ups made when a
 * page loads, the default a question gets when it comes into view, and keeping a money answer's three figures in
 * step. Framework-free: the API reads request bodies with it and the web app keeps its page state with it.
 */
import {
  NONE_OF_THE_ABOVE,
  QUESTION_TYPES,
  UK_COUNTRIES,
  type AnswerValue,
  type MoneyAnswer,
  type PostcodeAnswer,
  type QuestionDefinition,
  type QuestionTypeName,
  type QuestionTypeNumber,
  type UkCountry,
} from './model.js';
import { councilAnswerProblem, councilAnswersOf } from './council-tax-band.js';
import { penceFrom, penceFromNumber } from '../money.js';
import { chosenFigurePence, emptyMoneyAnswer, figureKey, isAnswerPeriod, moneyAnswerFromPence } from './money-answer.js';

/**
 * A question as the definitions write it (type by name) or as the page response carries it (type by number). A
 * Council question carries the country of the postcode answer once it is known, which decides the bands it takes.
 */
export type SurveyQuestion = Omit<QuestionDefinition, 'questionType'> & {
  questionType: QuestionTypeName | QuestionTypeNumber;
  country?: UkCountry | '';
};

export { COUNCIL_TAX_BAND_ANSWERS } from './council-tax-band.js';

export const MAX_TEXT_ANSWER_LENGTH = 500;
/** The input mask gives exactly dd/mm/yyyy; anything longer cannot be a date. */
const MAX_DATE_ANSWER_LENGTH = 10;
/** The longest UK postcode is 8 characters with its space; room is left for stray spaces. */
const MAX_POSTCODE_LENGTH = 16;
const MAX_AUTHORITY_LENGTH = 200;
/** GSS codes of local authorities: a country letter and eight digits, e.g. E09000033. */
const AUTHORITY_CODE = /^[A-Z]\d{8}$/;
/** How much of an unexpected option value a message repeats. */
const MAX_ECHO_LENGTH = 60;

const POSTCODE_FIELDS = ['postcode', 'authority', 'authorityCode', 'country', 'latitude', 'longitude', 'option'] as const;
const MONEY_FIELDS = ['weekly', 'monthly', 'yearly', 'period'] as const;

export function questionTypeName(type: QuestionTypeName | QuestionTypeNumber): QuestionTypeName {
  if (typeof type === 'string') return type;
  const name = (Object.keys(QUESTION_TYPES) as QuestionTypeName[]).find((key) => QUESTION_TYPES[key] === type);
  if (!name) throw new Error(`Unknown question type number ${String(type)}.`);
  return name;
}

function optionValues(question: SurveyQuestion): string[] {
  return (question.options ?? []).map((option) => option.value);
}

export function emptyPostcodeAnswer(): PostcodeAnswer {
  return { postcode: '', authority: '', authorityCode: '', country: '', latitude: null, longitude: null, option: false };
}

/** The answer of a question nobody has answered: '' for text-like types, [] for Check, empty objects, null for Label. */
export function emptyAnswer(question: SurveyQuestion): AnswerValue {
  switch (questionTypeName(question.questionType)) {
    case 'Check':
      return [];
    case 'Postcode':
      return emptyPostcodeAnswer();
    case 'Money':
      return emptyMoneyAnswer();
    case 'Label':
      return null;
    default:
      return '';
  }
}

/**
 * What a hidden question gets when it becomes shown: an empty answer, except that
 * a Money question with a default starts at that default as a weekly figure, and a text-like question with a
 * default starts at it (a Radio or Select default only when it is one of the options). The definitions use
 * `default` for both (see `QuestionDefinition.default`); with no default it is empty text.
 */
export function defaultAnswer(question: SurveyQuestion): AnswerValue {
  const type = questionTypeName(question.questionType);
  const fallback = question.default;
  if (fallback === undefined || fallback === '') return emptyAnswer(question);
  if (type === 'Money') {
    const pence = penceFrom(fallback);
    return pence === null ? emptyMoneyAnswer() : moneyAnswerFromPence(pence, 'Weekly');
  }
  if (type === 'Radio' || type === 'Select') {
    return optionValues(question).includes(String(fallback)) ? String(fallback) : '';
  }
  if (type === 'Text' || type === 'Date' || type === 'Council') return String(fallback);
  return emptyAnswer(question);
}

/**
 * Clean-ups made as a page loads: a Check answer drops values that are no longer options, and a
 * Radio or Select answer no longer among the options is cleared. Other answers are returned unchanged.
 */
export function cleanAnswerForDisplay(question: SurveyQuestion, value: AnswerValue): AnswerValue {
  const type = questionTypeName(question.questionType);
  const options = optionValues(question);
  if (type === 'Check') {
    return Array.isArray(value) ? value.filter((choice) => options.includes(choice)) : [];
  }
  if (type === 'Radio' || type === 'Select') {
    return typeof value === 'string' && options.includes(value) ? value : '';
  }
  // A band the nation does not have (band I outside Wales) or the retired 'Lookup' is asked again.
  if (type === 'Council') {
    return typeof value === 'string' && councilAnswersOf(question.options, question.country).includes(value) ? value : '';
  }
  return value;
}

/**
 * Brings a money answer into the one shape web and server both keep: a zero figure with no period
 * becomes weekly, and the three figures are worked again from the chosen period's figure, so a figure that was
 * converted elsewhere cannot drift. An answer with no period keeps its figure as the weekly one (validation asks
 * for a period). A chosen figure that is not pounds with at most 2 decimals is left as it is, for validation to refuse.
 */
export function normaliseMoney(answer: MoneyAnswer): MoneyAnswer {
  if (answer.period !== '' && answer[figureKey(answer.period)] === null) return emptyMoneyAnswer(answer.period);
  if (answer.period === '' && answer.weekly === null) return emptyMoneyAnswer();
  const pence = chosenFigurePence(answer);
  return pence === null ? answer : moneyAnswerFromPence(pence, answer.period);
}

export type ReadAnswerResult = { ok: true; value: AnswerValue } | { ok: false; message: string };

function refuse(question: SurveyQuestion, problem: string): ReadAnswerResult {
  return { ok: false, message: `${question.name}: ${problem}` };
}

function echo(value: string): string {
  return value.length > MAX_ECHO_LENGTH ? `${value.slice(0, MAX_ECHO_LENGTH)}...` : value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The problem with an object's fields (missing or unexpected), or '' when it has exactly these. */
function fieldProblem(value: Record<string, unknown>, fields: readonly string[]): string {
  const missing = fields.find((field) => !Object.hasOwn(value, field));
  if (missing) return `the answer is missing '${missing}'.`;
  const extra = Object.keys(value).find((key) => !fields.includes(key));
  return extra ? `the answer has an unexpected field '${echo(extra)}'.` : '';
}

/**
 * Reads one answer from a request body, trusting nothing: the value must have the
 * shape of its question's type. Only the shape is judged here; whether an answer is given, a real date, a valid
 * postcode or within limits is `validation.ts`'s work, with its messages for the person. An absent or null
 * answer is the type's empty answer. Messages name the question and what is wrong, and repeat an option value but
 * never a date, postcode or typed text, which may be personal.
 *
 * Money figures must be JSON numbers (or null) with at most 2 decimal places: numeric strings are refused, as the
 * web app sends numbers and a second spelling would be a second thing to test. The figures are then worked again
 * from the chosen period's figure (`normaliseMoney`), so the server never keeps figures it did not work out itself.
 */
export function readAnswer(question: SurveyQuestion, raw: unknown): ReadAnswerResult {
  const type = questionTypeName(question.questionType);
  if (type === 'Label') {
    if (raw === undefined || raw === null) return { ok: true, value: null };
    return refuse(question, 'a Label question takes no answer.');
  }
  if (raw === undefined || raw === null) return { ok: true, value: emptyAnswer(question) };
  switch (type) {
    case 'Radio':
    case 'Select':
      return readOption(question, raw, optionValues(question));
    case 'Council':
      return readCouncilBand(question, raw);
    case 'Text':
      return readText(question, raw, MAX_TEXT_ANSWER_LENGTH);
    case 'Date':
      return readText(question, raw, MAX_DATE_ANSWER_LENGTH);
    case 'Check':
      return readChoices(question, raw);
    case 'Postcode':
      return readPostcode(question, raw);
    case 'Money':
      return readMoney(question, raw);
  }
}

function readOption(question: SurveyQuestion, raw: unknown, options: readonly string[]): ReadAnswerResult {
  if (typeof raw !== 'string') return refuse(question, 'the answer must be text.');
  if (raw !== '' && !options.includes(raw)) return refuse(question, `'${echo(raw)}' is not one of the options.`);
  return { ok: true, value: raw };
}

/**
 * A Council answer: one of the bands of the nation of the postcode (`question.country`; all of A to I when it is not
 * known) or one of the question's other options, with a message naming the nation's bands otherwise.
 */
function readCouncilBand(question: SurveyQuestion, raw: unknown): ReadAnswerResult {
  if (typeof raw !== 'string') return refuse(question, 'the answer must be text.');
  const problem = councilAnswerProblem(raw, question.options, question.country);
  if (problem) return refuse(question, problem);
  return readOption(question, raw, councilAnswersOf(question.options, question.country));
}

function readText(question: SurveyQuestion, raw: unknown, maxLength: number): ReadAnswerResult {
  if (typeof raw !== 'string') return refuse(question, 'the answer must be text.');
  if (raw.length > maxLength) return refuse(question, `the answer is longer than ${maxLength} characters.`);
  return { ok: true, value: raw };
}

function readChoices(question: SurveyQuestion, raw: unknown): ReadAnswerResult {
  if (!Array.isArray(raw)) return refuse(question, 'the answer must be a list of chosen options.');
  const options = optionValues(question);
  const seen = new Set<string>();
  for (const choice of raw as unknown[]) {
    if (typeof choice !== 'string') return refuse(question, 'each chosen option must be text.');
    if (!options.includes(choice)) return refuse(question, `'${echo(choice)}' is not one of the options.`);
    if (seen.has(choice)) return refuse(question, `'${echo(choice)}' is chosen more than once.`);
    seen.add(choice);
  }
  if (seen.has(NONE_OF_THE_ABOVE) && seen.size > 1) {
    return refuse(question, `'${NONE_OF_THE_ABOVE}' cannot be chosen with other options.`);
  }
  return { ok: true, value: [...seen] };
}

function readPostcode(question: SurveyQuestion, raw: unknown): ReadAnswerResult {
  if (!isPlainObject(raw)) return refuse(question, 'the answer must be a postcode answer object.');
  const problem = fieldProblem(raw, POSTCODE_FIELDS);
  if (problem) return refuse(question, problem);
  const { postcode, authority, authorityCode, country, latitude, longitude, option } = raw;
  if (typeof postcode !== 'string' || postcode.length > MAX_POSTCODE_LENGTH) {
    return refuse(question, `'postcode' must be text of at most ${MAX_POSTCODE_LENGTH} characters.`);
  }
  if (typeof authority !== 'string' || authority.length > MAX_AUTHORITY_LENGTH) {
    return refuse(question, `'authority' must be text of at most ${MAX_AUTHORITY_LENGTH} characters.`);
  }
  if (typeof authorityCode !== 'string' || (authorityCode !== '' && !AUTHORITY_CODE.test(authorityCode))) {
    return refuse(question, "'authorityCode' must be empty or a local authority code such as E09000033.");
  }
  if (country !== '' && !(UK_COUNTRIES as readonly unknown[]).includes(country)) {
    return refuse(question, `'country' must be empty or one of ${UK_COUNTRIES.join(', ')}.`);
  }
  if (!isCoordinate(latitude, 90)) return refuse(question, "'latitude' must be a number from -90 to 90, or null.");
  if (!isCoordinate(longitude, 180)) return refuse(question, "'longitude' must be a number from -180 to 180, or null.");
  if (typeof option !== 'boolean') return refuse(question, "'option' must be true or false.");
  return {
    ok: true,
    value: { postcode, authority, authorityCode, country: country as PostcodeAnswer['country'], latitude, longitude, option },
  };
}

function isCoordinate(value: unknown, limit: number): value is number | null {
  return value === null || (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit);
}

function readMoney(question: SurveyQuestion, raw: unknown): ReadAnswerResult {
  if (!isPlainObject(raw)) return refuse(question, 'the answer must be a money answer object.');
  const problem = fieldProblem(raw, MONEY_FIELDS);
  if (problem) return refuse(question, problem);
  for (const field of ['weekly', 'monthly', 'yearly'] as const) {
    const figure = raw[field];
    if (figure !== null && (typeof figure !== 'number' || penceFromNumber(figure) === null)) {
      return refuse(question, `'${field}' must be an amount in pounds with at most 2 decimal places, or null.`);
    }
  }
  const period = raw.period;
  if (period !== '' && !isAnswerPeriod(period)) return refuse(question, "'period' must be Weekly, Monthly, Yearly or empty.");
  const answer = raw as unknown as MoneyAnswer;
  const hasFigure = answer.weekly !== null || answer.monthly !== null || answer.yearly !== null;
  if (period !== '' && answer[figureKey(period)] === null && hasFigure) {
    return refuse(question, `'${figureKey(period)}' is missing for the ${period} period.`);
  }
  if (period === '' && answer.weekly === null && hasFigure) {
    return refuse(question, "'weekly' is missing when no period is chosen.");
  }
  return { ok: true, value: normaliseMoney({ weekly: answer.weekly, monthly: answer.monthly, yearly: answer.yearly, period }) };
}
