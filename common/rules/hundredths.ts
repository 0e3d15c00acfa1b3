/**
 * Numbers and money in the rule language are integer hundredths (pence for money), never binary floats:
 * 12.21 is 1221. Products and quotients are worked exactly (BigInt) and rounded half away from zero.
 */
import { roundedQuotient } from '../money.js';

/**
 * Reads decimal text such as `12`, `-3.5` or `123.45` as hundredths, working on the digits rather than a float.
 * More than 2 decimal places round half away from zero at the penny. Null for anything else (including
 * exponent forms like `1e+21` and values too large to hold exactly).
 */
export function parseHundredths(text: string): number | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, decimals = ''] = match;
  let value = BigInt(whole) * 100n + BigInt((decimals + '00').slice(0, 2));
  if (decimals.length > 2 && Number(decimals[2]) >= 5) value += 1n;
  return toSafeNumber(sign ? -value : value);
}

/** Hundredths from a number held in an answer (a MoneyAnswer's pounds): the decimal text of its shortest form. */
export function numberToHundredths(value: number): number | null {
  return Number.isFinite(value) ? parseHundredths(String(value)) : null;
}

function toSafeNumber(value: bigint): number | null {
  const result = Number(value);
  return Number.isSafeInteger(result) ? result : null;
}

/** a x b, both in hundredths, to the nearest hundredth; null when too large to hold exactly. */
export function multiplyHundredths(a: number, b: number): number | null {
  return toSafeNumber(roundedQuotient(BigInt(a) * BigInt(b), 100n));
}

/** a / b, both in hundredths, to the nearest hundredth; null when too large. The caller rules out b = 0. */
export function divideHundredths(a: number, b: number): number | null {
  return toSafeNumber(roundedQuotient(BigInt(a) * 100n, BigInt(b)));
}
