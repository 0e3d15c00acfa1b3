import type { Money, MoneyPeriod } from './household.js';

/**
 * Money inside the engine is whole pence (a safe integer), never a binary fraction of a pound. Conversions between
 * periods are exact rational arithmetic (BigInt), rounded once, half away from zero, to the penny.
 *
 * Where rounding happens (the documented points):
 * - a household's figure is converted to the period its benefit is assessed over (a month for Universal Credit, a
 *   week for Housing Benefit, Council Tax Reduction and Pension Credit) once, when the facts are derived;
 * - a percentage (a taper, 85% of childcare, a size-criteria cut) is rounded to the penny where it is taken;
 * - an award is worked out in its own period, and the other period is derived from the rounded award
 *   (Universal Credit: weekly = monthly x 12 / 52; the weekly benefits: monthly = weekly x 52 / 12).
 */
export type Pence = number;

const WEEKS_IN_YEAR = 52n;
const MONTHS_IN_YEAR = 12n;

/** n / d rounded half away from zero. */
function divideRounded(n: bigint, d: bigint): bigint {
  const quotient = n / d;
  const remainder = n % d;
  const twiceRemainder = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twiceRemainder < (d < 0n ? -d : d)) return quotient;
  return n < 0n !== d < 0n ? quotient - 1n : quotient + 1n;
}

/** pence x numerator / denominator, rounded half away from zero to the penny. */
export function scalePence(pence: Pence, numerator: number | bigint, denominator: number | bigint): Pence {
  if (BigInt(denominator) === 0n) throw new RangeError('Cannot divide money by zero.');
  return Number(divideRounded(BigInt(pence) * BigInt(numerator), BigInt(denominator)));
}

/** A share of an amount given in basis points (100% = 10000), to the nearest penny. */
export function basisPointsOf(pence: Pence, basisPoints: number): Pence {
  return scalePence(pence, basisPoints, 10000);
}

/** Whole pence from pounds given with at most 2 decimals (a JSON number such as 424.9); read as decimal text. */
export function penceFromPounds(pounds: number): Pence {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(pounds));
  if (!match) throw new RangeError(`${pounds} is not an amount in pounds with at most 2 decimals.`);
  const [, sign, whole, decimals = ''] = match;
  const pence = Number(whole) * 100 + Number((decimals + '00').slice(0, 2));
  return sign ? -pence : pence;
}

/** Pounds as a JSON number (exactly the penny figure: 42490 -> 424.9). */
export function poundsFromPence(pence: Pence): number {
  return Number((pence / 100).toFixed(2));
}

/** £1,234.56, as explanations print money. */
export function formatPounds(pence: Pence): string {
  const sign = pence < 0 ? '-' : '';
  const absolute = Math.abs(pence);
  const pounds = Math.floor(absolute / 100).toLocaleString('en-GB');
  return `${sign}£${pounds}.${String(absolute % 100).padStart(2, '0')}`;
}

export const monthlyFromWeekly = (weekly: Pence): Pence => scalePence(weekly, WEEKS_IN_YEAR, MONTHS_IN_YEAR);
export const weeklyFromMonthly = (monthly: Pence): Pence => scalePence(monthly, MONTHS_IN_YEAR, WEEKS_IN_YEAR);

const PER_YEAR: Record<MoneyPeriod, bigint> = { WEEK: WEEKS_IN_YEAR, MONTH: MONTHS_IN_YEAR, YEAR: 1n };

/** An amount of pence over one period as the same rate over another (e.g. £100 a week is £433.33 a month). */
export function convertPence(pence: Pence, from: MoneyPeriod, to: MoneyPeriod): Pence {
  return from === to ? pence : scalePence(pence, PER_YEAR[from], PER_YEAR[to]);
}

/** A household's Money in whole pence over `period`. */
export function moneyIn(money: Money | null | undefined, period: MoneyPeriod): Pence {
  return money ? convertPence(penceFromPounds(money.amount), money.period, period) : 0;
}

/** Monthly and weekly pence of an award worked out in `assessedOver`; the other figure comes from the rounded one. */
export function bothPeriods(pence: Pence, assessedOver: 'WEEK' | 'MONTH'): { weeklyPence: Pence; monthlyPence: Pence } {
  return assessedOver === 'MONTH'
    ? { monthlyPence: pence, weeklyPence: weeklyFromMonthly(pence) }
    : { weeklyPence: pence, monthlyPence: monthlyFromWeekly(pence) };
}

export const sumPence = (amounts: readonly Pence[]): Pence => amounts.reduce((total, amount) => total + amount, 0);
