import { describe, expect, it } from '@jest/globals';
import { readCaseFiles, runCases } from '../engine/cases.js';
import { loadEntitlementEngine, RULESETS_DIR } from '../load.js';
import { qualifyingWeekEnds, winterFuelPayment } from './winter-fuel-payment.js';

describe('Winter Fuel Payment', () => {
  it('finds the qualifying week of the winter of the tax year asked: the week from the third Monday in September', () => {
    expect(qualifyingWeekEnds('2025-11-21')).toBe('2025-09-21');
    expect(qualifyingWeekEnds('2026-04-05')).toBe('2025-09-21');
    expect(qualifyingWeekEnds('2026-04-06')).toBe('2026-09-27');
    expect(qualifyingWeekEnds('2027-03-31')).toBe('2026-09-27');
  });

  it('passes its hand-worked cases', async () => {
    const engine = loadEntitlementEngine(RULESETS_DIR, [winterFuelPayment]);
    const { total, failures } = await runCases(engine, readCaseFiles(RULESETS_DIR, ['winter-fuel-payment']));
    expect(failures).toEqual([]);
    expect(total).toBeGreaterThanOrEqual(6);
  });
});
