/**
 * Money answers of the questionnaire: a MoneyAnswer holds an
 * amount as weekly, monthly and yearly pounds, kept in step. The amounts, the periods and the one rounding rule are
 * `../money.ts`'s; this file holds what is particular to an answer (its period's spelling, its three figures, rent's
 * weekly equivalent). Framework-free: the web app and the API both use it, so they always agree to the penny.
 */
import { convertPence, divideRounded, parsePence, penceFromNumber, poundsFromPence, type MoneyPeriod } from '../money.js';
import type { AnswerPeriod, MoneyAnswer } from './model.js';

export const ANSWER_PERIODS: readonly AnswerPeriod[] = ['Weekly', 'Monthly', 'Yearly'];

/** The period an answer's period stands for. */
export const MONEY_PERIOD_OF_ANSWER: Readonly<Record<AnswerPeriod, MoneyPeriod>> = { Weekly: 'WEEK', Monthly: 'MONTH', Yearly: 'YEAR' };

/** Rent typed monthly is turned into a weekly figure by dividing by 4.33, held as hundredths. */
export const RENT_MONTHLY_TO_WEEKLY_DIVISOR_HUNDREDTHS = 433;

export function isAnswerPeriod(value: unknown): value is AnswerPeriod {
  return value === 'Weekly' || value === 'Monthly' || value === 'Yearly';
}

/** The MoneyAnswer field that holds a period's figure. */
export function figureKey(period: AnswerPeriod): 'weekly' | 'monthly' | 'yearly' {
  return period === 'Weekly' ? 'weekly' : period === 'Monthly' ? 'monthly' : 'yearly';
}

export function emptyMoneyAnswer(period: AnswerPeriod | '' = ''): MoneyAnswer {
  return { weekly: null, monthly: null, yearly: null, period };
}

/**
 * A MoneyAnswer from an amount in pence. With a period, all three figures are worked from that period's amount
 * (never from another converted figure, so there is one rounding). Without one, the amount is held as the weekly
 * figure, as the questionnaire's checks read it; a zero amount then counts as weekly.
 */
export function moneyAnswerFromPence(pence: number, period: AnswerPeriod | ''): MoneyAnswer {
  if (period === '') {
    if (pence === 0) return moneyAnswerFromPence(0, 'Weekly');
    return { weekly: poundsFromPence(pence), monthly: null, yearly: null, period: '' };
  }
  return {
    weekly: poundsFromPence(convertPence(pence, MONEY_PERIOD_OF_ANSWER[period], 'WEEK')),
    monthly: poundsFromPence(convertPence(pence, MONEY_PERIOD_OF_ANSWER[period], 'MONTH')),
    yearly: poundsFromPence(convertPence(pence, MONEY_PERIOD_OF_ANSWER[period], 'YEAR')),
    period,
  };
}

/**
 * What a money question holds after the person types an amount and picks (or has not yet picked) a period.
 * Blank text gives an empty answer that keeps the period; text that is not an amount with at most 2 decimal places
 * gives null, and the web app shows 'Please enter a valid value for {label}.' (`validation.ts`) against it.
 */
export function moneyAnswerFrom(amountText: string, period: AnswerPeriod | ''): MoneyAnswer | null {
  if (amountText.trim() === '') return emptyMoneyAnswer(period);
  const pence = parsePence(amountText);
  return pence === null ? null : moneyAnswerFromPence(pence, period);
}

/** The pence of the figure the person typed: the chosen period's figure, or the weekly one when none is chosen. */
export function chosenFigurePence(answer: MoneyAnswer): number | null {
  const figure = answer.period === '' ? answer.weekly : answer[figureKey(answer.period)];
  return figure === null ? null : penceFromNumber(figure);
}

/**
 * Rent's weekly equivalent: a monthly rent divided by 4.33, a yearly rent by 52, to the
 * penny (half away from zero). Null when the answer holds no amount. The rent cap itself is checked exactly, without
 * this rounding (see `validation.ts`), so that £2,165.01 a month is over a £500 weekly cap.
 */
export function rentWeeklyEquivalentPence(answer: MoneyAnswer): number | null {
  const pence = chosenFigurePence(answer);
  if (pence === null) return null;
  if (answer.period === 'Monthly') return divideRounded(pence * 100, RENT_MONTHLY_TO_WEEKLY_DIVISOR_HUNDREDTHS);
  if (answer.period === 'Yearly') return divideRounded(pence, 52);
  return pence;
}
