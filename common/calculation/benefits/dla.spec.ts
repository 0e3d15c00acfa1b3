import { readCaseFiles, runCases } from '../engine/cases.js';
import { loadEntitlementEngine, RULESETS_DIR } from '../load.js';
import { dla } from './dla.js';
import { childBenefit } from './child-benefit.js';

describe('dla', () => {
  it('meets every hand-worked case', async () => {
    const engine = loadEntitlementEngine(RULESETS_DIR, [childBenefit, dla]);
    const { total, failures } = await runCases(engine, readCaseFiles(RULESETS_DIR, ['dla']));
    expect(total).toBeGreaterThanOrEqual(3);
    expect(failures).toEqual([]);
  });
});
