import { readCaseFiles, runCases } from '../engine/cases.js';
import { loadEntitlementEngine, RULESETS_DIR } from '../load.js';
import { childBenefit } from './child-benefit.js';
import { newStyleEsa } from './new-style-esa.js';

describe('new-style-esa', () => {
  it('meets every hand-worked case', async () => {
    const engine = loadEntitlementEngine(RULESETS_DIR, [childBenefit, newStyleEsa]);
    const { total, failures } = await runCases(engine, readCaseFiles(RULESETS_DIR, ['new-style-esa']));
    expect(total).toBeGreaterThanOrEqual(3);
    expect(failures).toEqual([]);
  });
});
