/**
 * The questionnaire's validation rules, written once: the web app checks a page
 * before sending it and the API checks it again on arrival, with the same words. A question's label in a message
 * is its `validation` text, or its `text`, with any '?' removed. 'Today' is passed in, never read from the clock.
 */
import {
  CAPITAL_BAND_5001_TO_16000,
  QUESTION_NAMES,
  TENURES,
  type AnswerPeriod,
  type AnswerValue,
  type Answers,
  type MoneyAnswer,
  type PostcodeAnswer,
} from './model.js';
import { compareDecimalText, divideRounded, formatPounds, penceFromNumber, penceToText, readDecimalText } from '../money.js';
import { chosenFigurePence, RENT_MONTHLY_TO_WEEKLY_DIVISOR_HUNDREDTHS } from './money-answer.js';
import { ageOn, EARLIEST_BIRTH_DATE_EXCLUSIVE, isIsoDate, parseDayMonthYear, type IsoDate } from './dates.js';
import { addDays, addMonths } from '../dates/calendar.js';
import { emptyPostcodeAnswer, normaliseMoney, questionTypeName, type SurveyQuestion } from './answers.js';

export interface ValidationContext {
  /** Today's date in the UK, yyyy-mm-dd. */
  today: IsoDate;
  /** Every answer given so far, for the rules that read another question (tenure, capital band). */
  answers: Answers;
}

/** Adults flagged `isDate18` must be at least this old. */
export const MINIMUM_ADULT_AGE = 18;
/** A child must be under this age. */
export const CHILD_AGE_LIMIT = 20;
/** The amount a capital band of '£5,001 - £16,000' allows, in whole pounds. */
export const CAPITAL_BAND_RANGE = { fromPounds: 5001, toPounds: 16000 } as const;

export interface RentCap {
  weeklyPounds: number;
  /** Ends the 'too high' message: ' for social housing', or '' for the default cap. */
  forWhom: string;
}

/** Weekly rent caps by tenure; any other tenure, or none, has the default. */
const RENT_CAPS: Readonly<Record<string, RentCap>> = {
  [TENURES.socialRent]: { weeklyPounds: 500, forWhom: ' for social housing' },
  [TENURES.privateRent]: { weeklyPounds: 2000, forWhom: ' for private rental' },
  [TENURES.temporaryAccommodation]: { weeklyPounds: 2000, forWhom: ' for temporary accommodation' },
  [TENURES.supportedAccommodation]: { weeklyPounds: 2000, forWhom: ' for sheltered/supported accommodation' },
};
const DEFAULT_RENT_CAP: RentCap = { weeklyPounds: 2000, forWhom: '' };

export function rentCapFor(tenure: AnswerValue | undefined): RentCap {
  return (typeof tenure === 'string' && RENT_CAPS[tenure]) || DEFAULT_RENT_CAP;
}

/** The landing page's messages. */
export const LANDING_PAGE_MESSAGES = {
  missingReference: 'Please enter a valid reference.',
  missingPostcode: 'Please enter the postcode used for this calculation.',
} as const;

export const COUNTRY_REQUIRED_MESSAGE = 'Country is required.';
/** A postcode no look-up knows needs its council picked before the page is sent. */
export const CHOOSE_COUNCIL_MESSAGE = 'Please choose your council from the list.';
export const CHILD_TOO_OLD_MESSAGE =
  'The age of the child needs to be under 20. Please check your answer. If your child is 20 or over we will ask you about them later in the calculator.';

/** The label used in messages: the question's `validation` text, else its text, without any '?'. */
export function validationLabel(question: Pick<SurveyQuestion, 'validation' | 'text'>): string {
  return (question.validation || question.text).replaceAll('?', '').trim();
}

/** The message shown when the server's postcode check says the postcode is not valid, with its reason when it gave one. */
export function postcodeInvalidMessage(question: Pick<SurveyQuestion, 'validation' | 'text'>, reason: string | null = null): string {
  return reason ? `${validationLabel(question)} is invalid. ${reason}` : `${validationLabel(question)} is invalid.`;
}

/** The message for a value that is not a (non-negative) number, also used by the web app for untypable money. */
export function invalidValueMessage(question: Pick<SurveyQuestion, 'validation' | 'text'>): string {
  return `Please enter a valid value for ${validationLabel(question)}.`;
}

function isMoneyAnswerShape(value: AnswerValue | undefined): value is MoneyAnswer {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'period' in value;
}

function isPostcodeAnswerShape(value: AnswerValue | undefined): value is PostcodeAnswer {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'postcode' in value;
}

/**
 * Whether the question has an answer, as the 'required' rule reads it: a postcode or a rough-sleeping
 * country for Postcode, a weekly amount for Money, a choice for Check, non-blank text for the rest.
 */
export function isAnswered(question: SurveyQuestion, value: AnswerValue | undefined): boolean {
  switch (questionTypeName(question.questionType)) {
    case 'Label':
      return false;
    case 'Postcode': {
      const postcode = isPostcodeAnswerShape(value) ? value : emptyPostcodeAnswer();
      return postcode.option ? postcode.country !== '' : postcode.postcode.trim() !== '';
    }
    case 'Money':
      return isMoneyAnswerShape(value) && normaliseMoney(value).weekly !== null;
    case 'Check':
      return Array.isArray(value) && value.length > 0;
    default:
      return typeof value === 'string' && value.trim() !== '';
  }
}

/**
 * The message for one shown question's answer, or '' when it is valid. Hidden questions are not
 * validated (see `validatePage`). A money answer of zero with no period is valid; callers store it through
 * `normaliseMoney`, which makes it weekly.
 */
export function validateAnswer(question: SurveyQuestion, value: AnswerValue | undefined, context: ValidationContext): string {
  if (!isIsoDate(context.today)) throw new Error('The validation context needs today as a real date, yyyy-mm-dd.');
  const type = questionTypeName(question.questionType);
  if (type === 'Label') return '';
  const label = validationLabel(question);

  if (type === 'Postcode' && isPostcodeAnswerShape(value) && value.option && value.country === '') {
    // Ticking 'I am homeless and sleeping rough' swaps the postcode for the country, which must then be given.
    return COUNTRY_REQUIRED_MESSAGE;
  }
  if (!isAnswered(question, value)) {
    // A money figure that is there but unreadable (more than 2 decimals) is a wrong value, not a missing one.
    if (type === 'Money' && isMoneyAnswerShape(value) && hasUnreadableFigure(value)) return invalidValueMessage(question);
    return question.required ? `${label} is required.` : '';
  }

  switch (type) {
    case 'Date':
      return validateDate(question, value as string, label, context);
    case 'Money':
      return validateMoney(question, normaliseMoney(value as MoneyAnswer), label, context);
    case 'Text':
      return validateText(question, (value as string).trim(), label, context);
    default:
      return '';
  }
}

function hasUnreadableFigure(answer: MoneyAnswer): boolean {
  return [answer.weekly, answer.monthly, answer.yearly].some((figure) => figure !== null && penceFromNumber(figure) === null);
}

function validateDate(question: SurveyQuestion, text: string, label: string, context: ValidationContext): string {
  const date = parseDayMonthYear(text);
  if (date === null) return `${label} is an invalid date.`;
  if (question.dueDate) {
    // A pregnancy lasts at most about 42 weeks; a baby due more than 6 months ago is a child of the household now.
    if (date > addDays(context.today, 42 * 7)) return `${label} must be no more than 42 weeks from today.`;
    if (date < addMonths(context.today, -6))
      return `${label} is more than 6 months ago: if the baby has been born, add them as a child instead.`;
    return '';
  }
  // 'Before now': a date typed is the start of that day, so today itself is before now and a child
  // born today can be entered. 'After 1 Jan 1900' is strict, so 01/01/1900 is refused.
  if (date > context.today || date <= EARLIEST_BIRTH_DATE_EXCLUSIVE) return `${label} is an invalid birth date.`;
  const age = ageOn(date, context.today);
  if (question.isDate18 && age < MINIMUM_ADULT_AGE) return `${label} must be over 18`;
  if (question.minimumAge !== undefined && age < question.minimumAge) return `${label} must be over ${question.minimumAge}`;
  if (question.name.startsWith(QUESTION_NAMES.childDobPrefix) && age >= CHILD_AGE_LIMIT) return CHILD_TOO_OLD_MESSAGE;
  return '';
}

function validateMoney(question: SurveyQuestion, answer: MoneyAnswer, label: string, context: ValidationContext): string {
  if (answer.period === '') return `Please select weekly, monthly or yearly for ${label}.`;
  const chosen = chosenFigurePence(answer);
  const weekly = answer.weekly === null ? null : penceFromNumber(answer.weekly);
  // Money is never negative, whether or not the question is flagged isNumeric.
  if (chosen === null || weekly === null || chosen < 0) return invalidValueMessage(question);
  const limitMessage = checkLimits(question, penceToText(weekly), label, true);
  if (limitMessage) return limitMessage;
  if (question.name === QUESTION_NAMES.rent) {
    const rentMessage = checkRentCap(answer.period, chosen, label, context.answers[QUESTION_NAMES.tenure]);
    if (rentMessage) return rentMessage;
  }
  return checkCapitalBand(question, penceToText(weekly), label, context);
}

function validateText(question: SurveyQuestion, text: string, label: string, context: ValidationContext): string {
  const number = readDecimalText(text);
  if (question.isNumeric && (number === null || number.startsWith('-'))) return invalidValueMessage(question);
  if (number !== null) {
    const limitMessage = checkLimits(question, number, label, false);
    if (limitMessage) return limitMessage;
  }
  return checkCapitalBand(question, number, label, context);
}

/**
 * maxValue and minValue; money compares its weekly figure. The original compared minValue against
 * the maximum, a bug; here the minimum is compared against minValue, as its message says.
 */
function checkLimits(question: SurveyQuestion, number: string, label: string, isMoney: boolean): string {
  const limit = (value: number) => (isMoney ? `£${formatLimitPounds(value)} per week` : String(value));
  if (question.maxValue !== undefined && compareWithLimit(number, question.maxValue) > 0) {
    return `The value entered for '${label}' is too high (maximum: ${limit(question.maxValue)}).`;
  }
  if (question.minValue !== undefined && compareWithLimit(number, question.minValue) < 0) {
    return `The value entered for '${label}' is too low (minimum: ${limit(question.minValue)}).`;
  }
  return '';
}

function compareWithLimit(number: string, limit: number): number {
  const limitText = readDecimalText(String(limit));
  // A limit too large or small for plain decimal text (1e21) is compared as a number: it is never near an answer.
  return limitText === null ? Math.sign(Number(number) - limit) : compareDecimalText(number, limitText);
}

function formatLimitPounds(pounds: number): string {
  const pence = penceFromNumber(pounds);
  return pence === null ? String(pounds) : formatPounds(pence).slice(1);
}

/**
 * The rent cap, checked exactly in the period the person chose, without rounding the
 * weekly equivalent first: monthly rent over cap x 4.33, yearly rent over cap x 52, weekly rent over the cap. So for
 * social housing £2,165 a month is allowed and £2,165.01 is not.
 */
function checkRentCap(period: AnswerPeriod, chosenPence: number, label: string, tenure: AnswerValue | undefined): string {
  const cap = rentCapFor(tenure);
  const capPence = cap.weeklyPounds * 100;
  const caps: Record<AnswerPeriod, { exceeded: boolean; pounds: number; per: string }> = {
    Weekly: { exceeded: chosenPence > capPence, pounds: cap.weeklyPounds, per: 'week' },
    Monthly: {
      exceeded: chosenPence * 100 > capPence * RENT_MONTHLY_TO_WEEKLY_DIVISOR_HUNDREDTHS,
      // 'The monthly maximum is the limit x 4.33, rounded': whole pounds (2165, 8660).
      pounds: divideRounded(cap.weeklyPounds * RENT_MONTHLY_TO_WEEKLY_DIVISOR_HUNDREDTHS, 100),
      per: 'month',
    },
    Yearly: { exceeded: chosenPence > capPence * 52, pounds: cap.weeklyPounds * 52, per: 'year' },
  };
  const { exceeded, pounds, per } = caps[period];
  if (!exceeded) return '';
  return `The value entered for '${label}' is too high (the maximum amount you can enter is ${formatPounds(pounds * 100)} per ${per}${cap.forWhom}).`;
}

/** ClientCurrentCapital must lie within the band chosen at ClientCapitalBand. */
function checkCapitalBand(question: SurveyQuestion, number: string | null, label: string, context: ValidationContext): string {
  if (question.name !== QUESTION_NAMES.capital) return '';
  if (context.answers[QUESTION_NAMES.capitalBand] !== CAPITAL_BAND_5001_TO_16000) return '';
  const { fromPounds, toPounds } = CAPITAL_BAND_RANGE;
  const inBand =
    number !== null && compareDecimalText(number, String(fromPounds)) >= 0 && compareDecimalText(number, String(toPounds)) <= 0;
  return inBand ? '' : `Please enter a value between £${fromPounds} and £${toPounds} for '${label}', based on your selected option.`;
}

/** A question on a page: shown unless `show` is false (the page response's flag, worked out by the show/hide rules). */
export type PageQuestion = SurveyQuestion & { show?: boolean };

/**
 * Checks every shown question of a page and returns the messages of those that fail,
 * keyed by question name; an empty object means the page is valid. Hidden questions are valid and have no error.
 * Rules that read another question see this page's answers over `context.answers` (earlier pages).
 */
export function validatePage(
  questions: readonly PageQuestion[],
  answers: Answers,
  context: { today: IsoDate; answers?: Answers },
): Record<string, string> {
  const allAnswers: Answers = { ...context.answers, ...answers };
  const errors: Record<string, string> = {};
  for (const question of questions) {
    if (question.show === false) continue;
    const message = validateAnswer(question, answers[question.name] ?? null, { today: context.today, answers: allAnswers });
    if (message) errors[question.name] = message;
  }
  return errors;
}
