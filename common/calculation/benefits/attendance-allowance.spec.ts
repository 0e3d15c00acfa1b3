import { readCaseFiles, runCases } from '../engine/cases.js';
import { loadEntitlementEngine, RULESETS_DIR } from '../load.js';
import { attendanceAllowance } from './attendance-allowance.js';
import { childBenefit } from './child-benefit.js';

describe('attendance-allowance', () => {
  it('meets every hand-worked case', async () => {
    const engine = loadEntitlementEngine(RULESETS_DIR, [childBenefit, attendanceAllowance]);
    const { total, failures } = await runCases(engine, readCaseFiles(RULESETS_DIR, ['attendance-allowance']));
    expect(total).toBeGreaterThanOrEqual(3);
    expect(failures).toEqual([]);
  });
});
