import { readCaseFiles, runCases } from '../engine/cases.js';
import { loadEntitlementEngine, RULESETS_DIR } from '../load.js';
import { pip } from './pip.js';
import { childBenefit } from './child-benefit.js';

describe('pip', () => {
  it('meets every hand-worked case', async () => {
    const engine = loadEntitlementEngine(RULESETS_DIR, [childBenefit, pip]);
    const { total, failures } = await runCases(engine, readCaseFiles(RULESETS_DIR, ['pip']));
    expect(total).toBeGreaterThanOrEqual(3);
    expect(failures).toEqual([]);
  });
});
