/**
 * A generic reader of the questionnaire's answers by question name: text, options, dates, numbers, money and
 * amounts of capital, each checked; `required...` throws a HouseholdMappingError when a needed answer is missing.
 */
import type { Money } from '../household.js';
import { parseDayMonthYear } from '../../common/survey/dates.js';
import type { AnswerPeriod, AnswerValue, Answers, MoneyAnswer, PostcodeAnswer } from '../../common/survey/model.js';
import { parsePence, penceFromNumber, readDecimalText } from '../../common/money.js';
import { figureKey, MONEY_PERIOD_OF_ANSWER } from '../../common/survey/money-answer.js';

/** An answer the household needs is missing or unreadable. The message names the question, never the answer. */
export class HouseholdMappingError extends Error {
  override name = 'HouseholdMappingError';
  constructor(
    readonly question: string,
    readonly problem: string,
  ) {
    super(`${question}: ${problem}`);
  }
}

function isMoneyAnswer(value: AnswerValue | undefined): value is MoneyAnswer {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'weekly' in value;
}

function isPostcodeAnswer(value: AnswerValue | undefined): value is PostcodeAnswer {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'postcode' in value;
}

/** Reads answers by question name; `required...` throws when a needed answer is missing. */
export class AnswerReader {
  constructor(private readonly answers: Answers) {}

  private get(name: string): AnswerValue | undefined {
    return Object.hasOwn(this.answers, name) ? this.answers[name] : undefined;
  }

  text(name: string): string | null {
    const value = this.get(name);
    return typeof value === 'string' && value.trim() !== '' ? value : null;
  }

  requiredText(name: string): string {
    const value = this.text(name);
    if (value === null) throw new HouseholdMappingError(name, 'is not answered.');
    return value;
  }

  is(name: string, value: string): boolean {
    return this.get(name) === value;
  }

  choices(name: string): string[] {
    const value = this.get(name);
    return Array.isArray(value) ? value : [];
  }

  /** A chosen option read through a table; a value outside it is a definitions mistake, so it throws. */
  chosen<T>(name: string, table: Readonly<Record<string, T>>): T | null {
    const value = this.text(name);
    if (value === null) return null;
    if (!Object.hasOwn(table, value)) throw new HouseholdMappingError(name, 'has an answer the household mapping does not know.');
    return table[value];
  }

  requiredChosen<T>(name: string, table: Readonly<Record<string, T>>): T {
    const value = this.chosen(name, table);
    if (value === null) throw new HouseholdMappingError(name, 'is not answered.');
    return value;
  }

  /** A Date answer (dd/mm/yyyy) as ISO yyyy-mm-dd. */
  requiredDate(name: string): string {
    const iso = parseDayMonthYear(this.requiredText(name));
    if (iso === null) throw new HouseholdMappingError(name, 'is not a dd/mm/yyyy date.');
    return iso;
  }

  /** A number typed as text (isNumeric): hours, an age. */
  requiredNumber(name: string): number {
    const decimal = readDecimalText(this.requiredText(name));
    if (decimal === null || decimal.startsWith('-')) throw new HouseholdMappingError(name, 'is not a number.');
    return Number(decimal);
  }

  /** An amount of capital typed as pounds ('12,500', '£800.50'), or given as a Money answer, in pence. */
  pence(name: string): number | null {
    const value = this.get(name);
    if (value === undefined || value === null || value === '') return null;
    const pence = isMoneyAnswer(value) ? chosenPence(value, name) : typeof value === 'string' ? parsePence(value) : null;
    if (pence === null || pence < 0) throw new HouseholdMappingError(name, 'is not an amount in pounds.');
    return pence;
  }

  requiredPence(name: string): number {
    const pence = this.pence(name);
    if (pence === null) throw new HouseholdMappingError(name, 'is not answered.');
    return pence;
  }

  /** A Money answer as the contract's Money: the figure of the period the person chose. */
  money(name: string): Money | null {
    const value = this.get(name);
    if (value === undefined || value === null) return null;
    if (!isMoneyAnswer(value)) throw new HouseholdMappingError(name, 'is not a money answer.');
    // A zero typed with no period is accepted as weekly.
    const period: AnswerPeriod = value.period === '' ? 'Weekly' : value.period;
    const amount = value[figureKey(period)];
    if (amount === null) return null;
    if (penceFromNumber(amount) === null || amount < 0) throw new HouseholdMappingError(name, 'is not an amount in pounds and pence.');
    return { amount, period: MONEY_PERIOD_OF_ANSWER[period] };
  }

  requiredMoney(name: string): Money {
    const money = this.money(name);
    if (money === null) throw new HouseholdMappingError(name, 'is not answered.');
    return money;
  }

  /** A Money answer's yearly figure in pounds (for a yearly charge). */
  yearly(name: string): number {
    const value = this.get(name);
    if (!isMoneyAnswer(value) || value.yearly === null) throw new HouseholdMappingError(name, 'is not answered.');
    return value.yearly;
  }

  requiredPostcode(name: string): PostcodeAnswer {
    const value = this.get(name);
    if (!isPostcodeAnswer(value)) throw new HouseholdMappingError(name, 'is not answered.');
    return value;
  }
}

function chosenPence(answer: MoneyAnswer, name: string): number {
  const figure = answer[figureKey(answer.period === '' ? 'Weekly' : answer.period)];
  const pence = figure === null ? null : penceFromNumber(figure);
  if (pence === null) throw new HouseholdMappingError(name, 'is not an amount in pounds and pence.');
  return pence;
}
