/**
 * Money, for the questionnaire, the engine and the results alike (framework-free: the web app and the API import
 * it, so they agree to the penny). Money is whole pence (a safe integer), never a binary fraction of a pound;
 * pounds exist only at the edges: text people type, JSON numbers of the public contracts, and sentences.
 *
 * The one rounding rule: an amount is divided exactly (integer arithmetic, BigInt where a product could pass
 * 2^53) and rounded once, half away from zero, to the penny (`roundedQuotient`). Everything here rounds by it:
 * converting a figure between periods (week, month, year: x52/12, x12/52, x52, /52, x12, /12), a share or a
 * percentage (`scalePence`, `basisPointsOf`), rent's weekly equivalent (/4.33), the rule language's hundredths.
 *
 * Where the engine rounds (the documented points):
 * - a household's figure is converted to the period its benefit is assessed over (a month for Universal Credit, a
 *   week for Housing Benefit, Council Tax Reduction and Pension Credit) once, when the facts are derived;
 * - a percentage (a taper, 85% of childcare, a size-criteria cut) is rounded to the penny where it is taken;
 * - an award is worked out in its own period, and the other period is derived from the rounded award
 *   (Universal Credit: weekly = monthly x 12 / 52; the weekly benefits: monthly = weekly x 52 / 12).
 * The questionnaire works each of a money answer's three figures from the figure typed, never from another
 * converted one, so there too there is one rounding (`./survey/money-answer.ts`).
 */

export type Pence = number;

/** The periods an amount is paid or earned over; the calculation contract's spelling (its OpenAPI `MoneyPeriod`). */
export const MONEY_PERIODS = ['WEEK', 'MONTH', 'YEAR'] as const;
export type MoneyPeriod = (typeof MONEY_PERIODS)[number];

/** The largest amount a money answer may hold, £999,999,999.99: x52 of it stays an exact integer in a double. */
export const MAX_MONEY_PENCE = 99_999_999_999;
const MAX_POUND_DIGITS = 9;

const WEEKS_IN_YEAR = 52n;
const MONTHS_IN_YEAR = 12n;
const PER_YEAR: Record<MoneyPeriod, bigint> = { WEEK: WEEKS_IN_YEAR, MONTH: MONTHS_IN_YEAR, YEAR: 1n };

/** The rounding rule: n / d, exactly, rounded half away from zero. d must not be 0. */
export function roundedQuotient(n: bigint, d: bigint): bigint {
  const quotient = n / d;
  const remainder = n % d;
  const twiceRemainder = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twiceRemainder < (d < 0n ? -d : d)) return quotient;
  return n < 0n !== d < 0n ? quotient - 1n : quotient + 1n;
}

/** Integer division by the rounding rule, for whole numbers: 26 / 52 is 1, 25 / 52 is 0, -26 / 52 is -1 (never -0). */
export function divideRounded(numerator: number, denominator: number): number {
  return Number(roundedQuotient(BigInt(numerator), BigInt(denominator)));
}

/** pence x numerator / denominator, rounded half away from zero to the penny. */
export function scalePence(pence: Pence, numerator: number | bigint, denominator: number | bigint): Pence {
  if (BigInt(denominator) === 0n) throw new RangeError('Cannot divide money by zero.');
  return Number(roundedQuotient(BigInt(pence) * BigInt(numerator), BigInt(denominator)));
}

/** A share of an amount given in basis points (100% = 10000), to the nearest penny. */
export function basisPointsOf(pence: Pence, basisPoints: number): Pence {
  return scalePence(pence, basisPoints, 10000);
}

/** An amount of pence over one period as the same rate over another (e.g. £100 a week is £433.33 a month). */
export function convertPence(pence: Pence, from: MoneyPeriod, to: MoneyPeriod): Pence {
  return from === to ? pence : scalePence(pence, PER_YEAR[from], PER_YEAR[to]);
}

export const monthlyFromWeekly = (weekly: Pence): Pence => convertPence(weekly, 'WEEK', 'MONTH');
export const weeklyFromMonthly = (monthly: Pence): Pence => convertPence(monthly, 'MONTH', 'WEEK');

/** A household's money ({ amount in pounds, period }) in whole pence over `period`; none is 0. */
export function moneyIn(money: { amount: number; period: MoneyPeriod } | null | undefined, period: MoneyPeriod): Pence {
  return money ? convertPence(penceFromPounds(money.amount), money.period, period) : 0;
}

/** Monthly and weekly pence of an award worked out in `assessedOver`; the other figure comes from the rounded one. */
export function bothPeriods(pence: Pence, assessedOver: 'WEEK' | 'MONTH'): { weeklyPence: Pence; monthlyPence: Pence } {
  return assessedOver === 'MONTH'
    ? { monthlyPence: pence, weeklyPence: weeklyFromMonthly(pence) }
    : { weeklyPence: pence, monthlyPence: monthlyFromWeekly(pence) };
}

export const sumPence = (amounts: readonly Pence[]): Pence => amounts.reduce((total, amount) => total + amount, 0);

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
 * Pence from a JSON number of pounds in an answer. The number's shortest decimal text is read, so 0.29 is 29p (where
 * 0.29 * 100 is 28.999...), and a figure such as 0.1 + 0.2 (0.30000000000000004) is refused (null), not rounded.
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

/**
 * Whole pence from a calculation request's pounds (a JSON number such as 424.9, at most 2 decimals, already
 * validated), read as decimal text; throws on anything else. Unlike `penceFromNumber` it has no upper limit.
 */
export function penceFromPounds(pounds: number): Pence {
  // The common case without text: a number that is a whole number of pence is exactly pence / 100 (below 2^53 pence).
  const rounded = Math.round(pounds * 100);
  if (rounded / 100 === pounds && Math.abs(rounded) < Number.MAX_SAFE_INTEGER) return rounded + 0; // + 0: never -0
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(pounds));
  if (!match) throw new RangeError(`${pounds} is not an amount in pounds with at most 2 decimals.`);
  const [, sign, whole, decimals = ''] = match;
  const pence = Number(whole) * 100 + Number((decimals + '00').slice(0, 2));
  return sign ? -pence : pence;
}

/** Pounds as a JSON number: exactly the penny figure (42490 -> 424.9, 23077 -> 230.77). */
export function poundsFromPence(pence: Pence): number {
  return Number((pence / 100).toFixed(2));
}

/** Plain 2-decimal text of an amount of pence, worked on the integer: 23077 -> '230.77', -5 -> '-0.05'. */
export function penceToText(pence: number): string {
  const size = Math.abs(pence);
  const pounds = Math.trunc(size / 100);
  return `${pence < 0 ? '-' : ''}${pounds}.${String(size - pounds * 100).padStart(2, '0')}`;
}

/**
 * Pounds in the questionnaire's messages: '£500' when whole, '£230.77' otherwise, '-£5' when negative. The questionnaire's
 * messages write amounts without thousands separators ('£16000'); `{ separators: true }` gives '£16,000'.
 */
export function formatPounds(pence: number, options: { separators?: boolean } = {}): string {
  const text = penceToText(Math.abs(pence));
  const [pounds, decimals] = text.split('.');
  const whole = options.separators ? pounds.replace(/\B(?=(\d{3})+$)/g, ',') : pounds;
  return `${pence < 0 ? '-' : ''}£${whole}${decimals === '00' ? '' : `.${decimals}`}`;
}

/** Pounds and pence as results and explanations print an amount: always with pence and separators, '£1,234.56', '£5.00'. */
export function formatAmount(pence: Pence): string {
  const sign = pence < 0 ? '-' : '';
  const absolute = Math.abs(pence);
  const pounds = Math.floor(absolute / 100).toLocaleString('en-GB');
  return `${sign}£${pounds}.${String(absolute % 100).padStart(2, '0')}`;
}
