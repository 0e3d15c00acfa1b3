import { describe, expect, it } from '@jest/globals';
import {
  basisPointsOf,
  divideRounded,
  roundedQuotient,
  bothPeriods,
  convertPence,
  formatAmount,
  moneyIn,
  monthlyFromWeekly,
  penceFromPounds,
  poundsFromPence,
  scalePence,
  weeklyFromMonthly,
} from './money.js';

describe('money in whole pence', () => {
  it('reads pounds with up to 2 decimals as decimal text, never through a binary fraction', () => {
    expect(penceFromPounds(424.9)).toBe(42490);
    expect(penceFromPounds(0.07)).toBe(7);
    // 1.005 x 1000 is 1004.9999999999999 in binary floating point: refused rather than silently rounded.
    expect(() => penceFromPounds(1.005 * 1000)).toThrow('at most 2 decimals');
    expect(penceFromPounds(-3.5)).toBe(-350);
    expect(() => penceFromPounds(1.234)).toThrow('at most 2 decimals');
  });

  it('gives exactly what reading the number as decimal text gives, for whole pence, near misses and oddities', () => {
    const asText = (pounds: number): number | 'refused' => {
      const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(pounds));
      if (!match) return 'refused';
      const pence = Number(match[2]) * 100 + Number(((match[3] ?? '') + '00').slice(0, 2));
      return match[1] ? -pence : pence;
    };
    const read = (pounds: number) => {
      try {
        return penceFromPounds(pounds);
      } catch {
        return 'refused';
      }
    };
    const values = [0, -0, 0.1, 0.29, 1.005, 1e21, 123456789012345.67, Number.NaN, Number.POSITIVE_INFINITY, 1e-7, -0.01];
    for (let pence = -3000; pence < 300_000; pence += 7) values.push(pence / 100, pence / 100 + 0.001, (pence * 3) / 1000);
    expect(values.filter((pounds) => !Object.is(read(pounds), asText(pounds)))).toEqual([]);
    expect(Object.is(penceFromPounds(-0), 0)).toBe(true);
  });

  it('rounds half away from zero, once, at the penny', () => {
    expect(scalePence(1, 1, 2)).toBe(1);
    expect(scalePence(-1, 1, 2)).toBe(-1);
    expect(scalePence(3, 1, 3)).toBe(1);
    expect(basisPointsOf(12345, 5500)).toBe(6790); // 67.8975 -> 67.90
    expect(basisPointsOf(10001, 5000)).toBe(5001); // 50.005 -> 50.01
  });

  it('converts periods as the regulations do: x 52 / 12 and x 12 / 52', () => {
    expect(monthlyFromWeekly(2705)).toBe(11722); // 117.2166...
    expect(weeklyFromMonthly(42490)).toBe(9805); // 98.0538...
    expect(convertPence(120000, 'YEAR', 'MONTH')).toBe(10000);
    expect(convertPence(100000, 'YEAR', 'WEEK')).toBe(1923); // 19.2307...
    expect(moneyIn({ amount: 100, period: 'WEEK' }, 'MONTH')).toBe(43333);
    expect(moneyIn(null, 'MONTH')).toBe(0);
  });

  it('derives the second period from the rounded award, not from the unrounded figure', () => {
    expect(bothPeriods(42490, 'MONTH')).toEqual({ monthlyPence: 42490, weeklyPence: 9805 });
    expect(bothPeriods(2705, 'WEEK')).toEqual({ weeklyPence: 2705, monthlyPence: 11722 });
  });

  it('prints pounds for explanations and for the API', () => {
    expect(formatAmount(4110000)).toBe('£41,100.00');
    expect(formatAmount(5)).toBe('£0.05');
    expect(formatAmount(-12345)).toBe('-£123.45');
    expect(poundsFromPence(42490)).toBe(424.9);
    expect(poundsFromPence(11722)).toBe(117.22);
  });
});

describe('the one rounding rule', () => {
  it('divides exactly and rounds half away from zero, whatever the signs, never giving -0', () => {
    expect([roundedQuotient(5n, 2n), roundedQuotient(-5n, 2n), roundedQuotient(5n, -2n), roundedQuotient(-5n, -2n)]).toEqual([
      3n,
      -3n,
      -3n,
      3n,
    ]);
    expect([roundedQuotient(7n, 3n), roundedQuotient(-7n, 3n), roundedQuotient(8n, 3n), roundedQuotient(-8n, 3n)]).toEqual([
      2n,
      -2n,
      3n,
      -3n,
    ]);
    expect(Object.is(divideRounded(-25, 52), 0)).toBe(true);
  });

  it('is the same for a product beyond 2^53, where a double would no longer be exact', () => {
    expect(scalePence(Number.MAX_SAFE_INTEGER, 52, 12)).toBe(Number((BigInt(Number.MAX_SAFE_INTEGER) * 52n + 6n) / 12n));
  });
});
