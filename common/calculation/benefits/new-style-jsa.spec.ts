import { readCaseFiles, runCases } from '../engine/cases.js';
import { loadEntitlementEngine, RULESETS_DIR } from '../load.js';
import { childBenefit } from './child-benefit.js';
import { newStyleJsa } from './new-style-jsa.js';

describe('new-style-jsa', () => {
  it('meets every hand-worked case', async () => {
    const engine = loadEntitlementEngine(RULESETS_DIR, [childBenefit, newStyleJsa]);
    const { total, failures } = await runCases(engine, readCaseFiles(RULESETS_DIR, ['new-style-jsa']));
    expect(total).toBeGreaterThanOrEqual(3);
    expect(failures).toEqual([]);
  });
});
