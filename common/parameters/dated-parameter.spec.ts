import { describe, expect, it } from '@jest/globals';
import { bracketFor, ParameterNotInForceError, valueOn, type DatedParameter } from './dated-parameter.js';

const minimumWageRates = { title: 'National minimum wage rates', url: 'https://www.gov.uk/national-minimum-wage-rates' };
const livingWage: DatedParameter = {
  description: 'National Living Wage',
  label: 'National Living Wage',
  unit: 'pence an hour',
  period: 'hour',
  legislation: { title: 'National Minimum Wage Regulations 2015', url: 'https://www.legislation.gov.uk/uksi/2015/621/regulation/4' },
  values: [
    { from: '2026-04-01', value: 1271, source: minimumWageRates },
    { from: '2025-04-01', value: 1221, source: minimumWageRates },
  ],
};

describe('valueOn', () => {
  it('takes the value in force on the date, whatever order the file lists them in', () => {
    expect(valueOn('nlw', livingWage, '2026-03-31')).toBe(1221);
    expect(valueOn('nlw', livingWage, '2026-04-01')).toBe(1271);
    expect(valueOn('nlw', livingWage, '2030-01-01')).toBe(1271);
  });

  it('refuses a date before the first value rather than guessing', () => {
    expect(() => valueOn('nlw', livingWage, '2025-03-31')).toThrow(ParameterNotInForceError);
    expect(() => valueOn('nlw', livingWage, '2025-03-31')).toThrow('No value of nlw is in force on 2025-03-31.');
  });
});

describe('bracketFor: the bracket of a scale a figure falls in', () => {
  const ladder = [
    { threshold: 0, amount: 2040 },
    { threshold: 19200, amount: 4685 },
    { threshold: 60500, amount: 13145 },
  ];

  it('counts each threshold from itself, and the top bracket has no ceiling', () => {
    expect(bracketFor(ladder, 19199)).toEqual({ bracket: ladder[0], index: 0 });
    expect(bracketFor(ladder, 19200)).toEqual({ bracket: ladder[1], index: 1 });
    expect(bracketFor(ladder, 10_000_000)).toEqual({ bracket: ladder[2], index: 2 });
  });

  it('finds none below the lowest threshold', () => {
    expect(bracketFor(ladder.slice(1), 100)).toBeUndefined();
  });
});
