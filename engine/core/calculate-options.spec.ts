import { describe, expect, it } from '@jest/globals';
import { randomHouseholds } from '../../test/support/random-households.js';
import { loadEntitlementEngine } from '../load.js';
import { normaliseHousehold } from './normalise.js';

const engine = loadEntitlementEngine();
const households = randomHouseholds(200, 7_001).map(({ household, date }) => ({ household: normaliseHousehold(household), date }));

describe('calculate options: only the work the answer needs', () => {
  it('give the same amounts, rules and parameters without explanations or extra help, with no sentences and no extra help', () => {
    for (const { household, date } of households) {
      const full = engine.calculateSync(household, date);
      const amounts = engine.calculateSync(household, date, { explanations: false, extraHelp: false });
      expect(amounts.benefits).toEqual(full.benefits.map((benefit) => ({ ...benefit, explanation: [] })));
      expect(amounts.totals).toEqual(full.totals);
      expect(amounts.benefits.every((benefit) => benefit.explanation.length === 0)).toBe(true);
      expect(amounts.extraHelp).toEqual([]);
      expect(amounts.variables.map((variable) => variable.name)).not.toContain('WARM_HOMES_NETWORK_ELIGIBLE');
      expect(full.variables.map((variable) => variable.name)).toContain('WARM_HOMES_NETWORK_ELIGIBLE');
    }
    // The sentences are really written by default (so the test above would fail if they were always left out).
    expect(
      households.some(({ household, date }) => engine.calculateSync(household, date).benefits.some((b) => b.explanation.length > 0)),
    ).toBe(true);
  });

  it('give the same result synchronously and asynchronously, and each option on its own', async () => {
    for (const { household, date } of households.slice(0, 50)) {
      expect(engine.calculateSync(household, date)).toEqual(await engine.calculate(household, date));
      const noSentences = engine.calculateSync(household, date, { explanations: false });
      const noExtraHelp = engine.calculateSync(household, date, { extraHelp: false });
      expect(noSentences.extraHelp).toEqual((await engine.calculate(household, date)).extraHelp);
      expect(noExtraHelp.benefits).toEqual((await engine.calculate(household, date)).benefits);
    }
  });
});
