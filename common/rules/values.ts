/**
 * What the parts of a rule stand for while it is evaluated, and how answers become those values
 * (common/rules/README.md, 'What a question name stands for'). Error messages never quote an answer, so they
 * can never carry personal data into a log.
 */
import type { AnswerValue, Answers, MoneyAnswer, PostcodeAnswer } from '../survey/model.js';
import { numberToHundredths, parseHundredths } from './hundredths.js';
import { parseUkDate, toDayNumber } from '../dates/calendar.js';
import { readDecimalText } from '../money.js';

export type Value =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  /** Numbers and money in hundredths (pence). */
  | { kind: 'number'; hundredths: number }
  /** Days since 1 January 1970. */
  | { kind: 'date'; day: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'list'; items: string[] };

/** A rule that cannot be evaluated; the message is plain English for the testing mode. */
export class RuleEvaluationError extends Error {
  override name = 'RuleEvaluationError';
}

export const EMPTY: Value = { kind: 'empty' };

export const KIND_NAMES: Record<Value['kind'], string> = {
  empty: 'an unanswered question',
  text: 'text',
  number: 'a number',
  date: 'a date',
  boolean: 'true or false',
  list: 'a Check answer',
};

function isMoneyAnswer(answer: object): answer is MoneyAnswer {
  return 'weekly' in answer;
}

function isPostcodeAnswer(answer: object): answer is PostcodeAnswer {
  return 'postcode' in answer;
}

/** Text, or empty when blank. */
export function textValue(value: string | null | undefined): Value {
  return typeof value === 'string' && value.trim() !== '' ? { kind: 'text', text: value } : EMPTY;
}

function money(pounds: number | null): Value {
  if (pounds === null) return EMPTY;
  const hundredths = numberToHundredths(pounds);
  if (hundredths === null) throw new RuleEvaluationError('A money answer is not a number the rules can read.');
  return { kind: 'number', hundredths };
}

/** The value of `name` or `name.part` in the answers; an unanswered question (or blank text) is empty. */
export function answerValue(answers: Answers, name: string, part?: string): Value {
  const answer: AnswerValue | undefined = Object.hasOwn(answers, name) ? answers[name] : undefined;
  if (answer === undefined || answer === null) return EMPTY;
  const noSuchPart = () => new RuleEvaluationError(`'${name}' has no part '${part}'.`);
  if (typeof answer === 'string') {
    if (part) throw noSuchPart();
    return textValue(answer);
  }
  if (Array.isArray(answer)) {
    if (part) throw noSuchPart();
    return answer.length ? { kind: 'list', items: answer } : EMPTY;
  }
  if (isMoneyAnswer(answer)) {
    const choice = part ?? 'weekly';
    if (choice === 'weekly' || choice === 'monthly' || choice === 'yearly') return money(answer[choice]);
    if (choice === 'period') return textValue(answer.period);
    throw noSuchPart();
  }
  if (isPostcodeAnswer(answer)) {
    if (part === undefined) return textValue(answer.postcode);
    if (part === 'country' || part === 'authority' || part === 'authorityCode') return textValue(answer[part]);
    if (part === 'option') return { kind: 'boolean', value: answer.option };
    throw noSuchPart();
  }
  throw new RuleEvaluationError(`The rules cannot read the answer to '${name}'.`);
}

/** A number from text ('compared with a number it is read as a number'); null when the text is not one. */
export function textAsNumber(value: string): Value | null {
  // Read as validation reads a typed number ('120,000', '£5,001'), so a rule sees the answer the person gave.
  const decimal = readDecimalText(value);
  const hundredths = decimal === null ? null : parseHundredths(decimal);
  return hundredths === null ? null : { kind: 'number', hundredths };
}

/** A date from a Date answer's strict dd/mm/yyyy text; null when the text is not one. */
export function textAsDate(value: string): Value | null {
  const date = parseUkDate(value);
  return date ? { kind: 'date', day: toDayNumber(date) } : null;
}

/** A value used in arithmetic: an unanswered question counts as 0; text must read as a number. */
export function asHundredths(value: Value, what: string): number {
  if (value.kind === 'empty') return 0;
  if (value.kind === 'number') return value.hundredths;
  if (value.kind === 'text') {
    const number = textAsNumber(value.text);
    if (number?.kind === 'number') return number.hundredths;
    throw new RuleEvaluationError(`${what} needs numbers or money, but was given text that is not a number.`);
  }
  throw new RuleEvaluationError(`${what} needs numbers or money, not ${KIND_NAMES[value.kind]}.`);
}

/** A date given to a function: a date literal or a Date answer; null when unanswered. */
export function asDay(value: Value, what: string): number | null {
  if (value.kind === 'empty') return null;
  if (value.kind === 'date') return value.day;
  if (value.kind === 'text') {
    const date = textAsDate(value.text);
    if (date?.kind === 'date') return date.day;
    throw new RuleEvaluationError(`${what} needs a date, but was given text that is not a dd/mm/yyyy date.`);
  }
  throw new RuleEvaluationError(`${what} needs a date, not ${KIND_NAMES[value.kind]}.`);
}
