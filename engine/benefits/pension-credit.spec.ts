import { describe, expect, it } from '@jest/globals';
import { normaliseHousehold } from '../core/normalise.js';
import { loadEntitlementEngine, RULESETS_DIR } from '../load.js';
import { pensionCredit } from './pension-credit.js';
import { tariffIncome } from '../facts/capital.js';

const engine = loadEntitlementEngine(RULESETS_DIR, [pensionCredit]);

describe('Pension Credit', () => {
  it('counts deemed income for each 500 or part of 500 above the amount ignored', () => {
    expect(tariffIncome(1_000_000, 1_000_000, 50_000, 100)).toBe(0);
    expect(tariffIncome(1_000_001, 1_000_000, 50_000, 100)).toBe(100);
    expect(tariffIncome(1_050_000, 1_000_000, 50_000, 100)).toBe(100);
    expect(tariffIncome(1_050_001, 1_000_000, 50_000, 100)).toBe(200);
  });

  it('rounds 60% of qualifying income half away from zero to the penny', async () => {
    // 60% x (208.10 - 208.07) = 0.018, which rounds to 0.02; guarantee credit 238.00 - 208.10 = 29.90.
    const household = normaliseHousehold({
      country: 'ENGLAND',
      adults: [{ dateOfBirth: '1948-05-01', otherIncome: [{ type: 'STATE_PENSION', amount: 208.1, period: 'WEEK' }] }],
      housing: { tenure: 'SOCIAL_RENT' },
    });
    const outcome = (await engine.calculate(household, '2026-11-21')).benefits.find((benefit) => benefit.code === 'PENSION_CREDIT')!;
    expect(outcome.elements.find((line) => line.code === 'SAVINGS_CREDIT')?.weeklyPence).toBe(2);
    expect(outcome.weeklyPence).toBe(2990 + 2);
  });

  it('cites every rate it used', async () => {
    const household = normaliseHousehold({
      country: 'ENGLAND',
      adults: [{ dateOfBirth: '1955-06-01' }],
      capital: 12000,
      housing: { tenure: 'SOCIAL_RENT' },
    });
    const outcome = (await engine.calculate(household, '2026-11-21')).benefits[0]!;
    expect(outcome.parameters.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining([
        'gov/dwp/pension_credit/guarantee_credit/standard_minimum_guarantee/single',
        'gov/dwp/pension_credit/income/capital/disregard',
      ]),
    );
  });
});
