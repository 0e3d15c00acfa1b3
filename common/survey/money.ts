/**
 * Money in the questionnaire (spec 000 §4 'Money question', §5 'ClientRent', §9): amounts typed or sent as pounds
 * become integer pence by reading their decimal text, never by multiplying a binary float, and every conversion
 * between weekly, monthly and yearly figures is worked in integer pence with one rounding, half away from zero.
 * Framework-free: the web app and the API both use it, so they always agree to the penny.
 */
import type { MoneyAnswer, MoneyPeriod } from './model.js';

export const MONEY_PERIODS: readonly MoneyPeriod[] = ['Weekly', 'Monthly', 'Yearly'];

/** The largest amount a money figure may hold, £999,999,999.99: x52 of it stays an exact integer in a double. */
export const MAX_MONEY_PENCE = 99_999_999_999;
const MAX_POUND_DIGITS = 9;

/** Rent typed monthly is turned into a weekly figure by dividing by 4.33 (spec 000 §5, §9), held as hundredths. */
export const RENT_MONTHLY_TO_WEEKLY_DIVISOR_HUNDREDTHS = 433;

/**
 * How each period's figure becomes another's (spec 000 §4): multiply by the first number, divide by the second.
 * Weekly to monthly is x52/12, not x4.33: the 4.33 divisor belongs to the rent cap alone.
 */
const CONVERSIONS: Record<MoneyPeriod, Record<MoneyPeriod, readonly [number, number]>> = {
  Weekly: { Weekly: [1, 1], Monthly: [52, 12], Yearly: [52, 1] },
  Monthly: { Weekly: [12, 52], Monthly: [1, 1], Yearly: [12, 1] },
  Yearly: { Weekly: [1, 52], Monthly: [1, 12], Yearly: [1, 1] },
};

// A sign, an optional pound sign, whole pounds (plain or grouped in threes by commas) and optional decimals.
const DECIMAL_TEXT = /^(-)?£?(?:(\d+)|(\d{1,3}(?:,\d{3})+))?(?:\.(\d+))?$/;

/**
 * Reads a number as people type it ('1000', '1,000.50', '£12.5', '.75', '-3') into plain decimal text
 * ('1000', '1000.50', '12.5', '0.75', '-3'), or null when it is not a number. Keeps every decimal typed, so callers
 * decide how many they allow.
 */
export function readDecimalText(text: string): string | null {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) return null;
  const [, sign, plain, grouped, decimals] = match;
  const whole = plain ?? grouped?.replaceAll(',', '');
  if (whole === undefined && decimals === undefined) return null;
  const digits = (whole ?? '0').replace(/^0+(?=\d)/, '');
  const isZero = /^0*$/.test(digits + (decimals ?? ''));
  return `${sign && !isZero ? '-' : ''}${digits}${decimals === undefined ? '' : `.${decimals}`}`;
}

/** Compares two decimal texts from `readDecimalText` exactly: -1, 0 or 1. */
export function compareDecimalText(a: string, b: string): -1 | 0 | 1 {
  const [aUnits, bUnits] = toCommonScale(a, b);
  return aUnits < bUnits ? -1 : aUnits > bUnits ? 1 : 0;
}

function toCommonScale(a: string, b: string): [bigint, bigint] {
  const scale = Math.max(decimalsOf(a), decimalsOf(b));
  const units = (text: string) => BigInt(text.replace('.', '') + '0'.repeat(scale - decimalsOf(text)));
  return [units(a), units(b)];
}

function decimalsOf(text: string): number {
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}

/**
 * Pence from typed text such as '230.77', '£1,000' or '0.5'; null when it is not an amount in pounds with at most
 * 2 decimal places, or is beyond `MAX_MONEY_PENCE`. Negative amounts are read (validation then refuses them).
 */
export function parsePence(text: string): number | null {
  const decimal = readDecimalText(text);
  if (decimal === null) return null;
  const negative = decimal.startsWith('-');
  const [pounds, decimals = ''] = (negative ? decimal.slice(1) : decimal).split('.');
  if (decimals.length > 2 || pounds.length > MAX_POUND_DIGITS) return null;
  const pence = Number(pounds) * 100 + Number(decimals.padEnd(2, '0'));
  return negative ? -pence : pence;
}

/**
 * Pence from a JSON number of pounds. The number's shortest decimal text is read, so 0.29 is 29p (where
 * 0.29 * 100 is 28.999...), and a figure such as 0.1 + 0.2 (0.30000000000000004) is refused, not silently rounded.
 */
export function penceFromNumber(pounds: number): number | null {
  if (!Number.isFinite(pounds)) return null;
  const text = String(pounds);
  return /e/i.test(text) ? null : parsePence(text);
}

/** Pence from pounds as a JSON number or as text; null for anything else. */
export function penceFrom(pounds: unknown): number | null {
  if (typeof pounds === 'number') return penceFromNumber(pounds);
  if (typeof pounds === 'string') return parsePence(pounds);
  return null;
}

/** Pounds as the JSON number a MoneyAnswer holds: the double nearest to the 2-decimal amount (23077 -> 230.77). */
export function poundsFromPence(pence: number): number {
  return pence / 100;
}

/** Plain 2-decimal text of an amount of pence, worked on the integer: 23077 -> '230.77', -5 -> '-0.05'. */
export function penceToText(pence: number): string {
  const size = Math.abs(pence);
  const pounds = Math.trunc(size / 100);
  return `${pence < 0 ? '-' : ''}${pounds}.${String(size - pounds * 100).padStart(2, '0')}`;
}

/** Integer division rounded half away from zero, exact for integers within Number.MAX_SAFE_INTEGER. */
export function divideRounded(numerator: number, denominator: number): number {
  const size = Math.abs(numerator);
  const remainder = size % denominator;
  const quotient = (size - remainder) / denominator + (remainder * 2 >= denominator ? 1 : 0);
  // 0 - quotient, not -quotient, so a negative amount that rounds to nothing is 0, not -0.
  return numerator < 0 ? 0 - quotient : quotient;
}

/** One period's figure as another's (spec 000 §4), to the penny, rounded once. */
export function convertPence(pence: number, from: MoneyPeriod, to: MoneyPeriod): number {
  const [multiplier, divisor] = CONVERSIONS[from][to];
  return divideRounded(pence * multiplier, divisor);
}

export function isMoneyPeriod(value: unknown): value is MoneyPeriod {
  return value === 'Weekly' || value === 'Monthly' || value === 'Yearly';
}

/** The MoneyAnswer field that holds a period's figure. */
export function figureKey(period: MoneyPeriod): 'weekly' | 'monthly' | 'yearly' {
  return period === 'Weekly' ? 'weekly' : period === 'Monthly' ? 'monthly' : 'yearly';
}

export function emptyMoneyAnswer(period: MoneyPeriod | '' = ''): MoneyAnswer {
  return { weekly: null, monthly: null, yearly: null, period };
}

/**
 * A MoneyAnswer from an amount in pence. With a period, all three figures are worked from that period's amount
 * (never from another converted figure, so there is one rounding). Without one, the amount is held as the weekly
 * figure, as spec 000 §5 reads it; a zero amount then counts as weekly (spec 000 §5 'Money').
 */
export function moneyAnswerFromPence(pence: number, period: MoneyPeriod | ''): MoneyAnswer {
  if (period === '') {
    if (pence === 0) return moneyAnswerFromPence(0, 'Weekly');
    return { weekly: poundsFromPence(pence), monthly: null, yearly: null, period: '' };
  }
  return {
    weekly: poundsFromPence(convertPence(pence, period, 'Weekly')),
    monthly: poundsFromPence(convertPence(pence, period, 'Monthly')),
    yearly: poundsFromPence(convertPence(pence, period, 'Yearly')),
    period,
  };
}

/**
 * What a money question holds after the person types an amount and picks (or has not yet picked) a period.
 * Blank text gives an empty answer that keeps the period; text that is not an amount with at most 2 decimal places
 * gives null, and the web app shows 'Please enter a valid value for {label}.' (`validation.ts`) against it.
 */
export function moneyAnswerFrom(amountText: string, period: MoneyPeriod | ''): MoneyAnswer | null {
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
 * Rent's weekly equivalent (spec 000 §5 'ClientRent'): a monthly rent divided by 4.33, a yearly rent by 52, to the
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

/**
 * Pounds for people to read: '£500' when whole, '£230.77' otherwise, '-£5' when negative. Messages of
 * spec 000 §5 write amounts without thousands separators ('£16000'); `{ separators: true }` gives '£16,000'.
 */
export function formatPounds(pence: number, options: { separators?: boolean } = {}): string {
  const text = penceToText(Math.abs(pence));
  const [pounds, decimals] = text.split('.');
  const whole = options.separators ? pounds.replace(/\B(?=(\d{3})+$)/g, ',') : pounds;
  return `${pence < 0 ? '-' : ''}£${whole}${decimals === '00' ? '' : `.${decimals}`}`;
}
