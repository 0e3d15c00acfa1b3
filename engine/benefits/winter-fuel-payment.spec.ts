import { describe, expect, it } from '@jest/globals';
import { qualifyingWeekEnds } from './winter-fuel-payment.js';

describe('Winter Fuel Payment', () => {
  it('finds the qualifying week of the winter of the tax year asked: the week from the third Monday in September', () => {
    expect(qualifyingWeekEnds('2025-11-21')).toBe('2025-09-21');
    expect(qualifyingWeekEnds('2026-04-05')).toBe('2025-09-21');
    expect(qualifyingWeekEnds('2026-04-06')).toBe('2026-09-27');
    expect(qualifyingWeekEnds('2027-03-31')).toBe('2026-09-27');
  });
});
