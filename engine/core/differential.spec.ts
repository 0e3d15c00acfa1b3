/**
 * The differential test: the compiled rules against json-rules-engine (the reference evaluator) over 10,000 seeded
 * random households (test/support/differential.ts says what is compared). `npm run bench:differential` runs 100,000.
 */
import { describe, expect, it } from '@jest/globals';
import { EXTRA_HELP_DIR, loadEntitlementEngine, readFilesUnder } from '../load.js';
import { LoadedExtraHelp } from '../extra-help/extra-help.js';
import { runDifferential, type DifferentialReport } from '../../test/support/differential.js';

const HOUSEHOLDS = Number(process.env.DIFFERENTIAL_HOUSEHOLDS ?? 10_000);
/** Rules no random household reaches, each for a reason the generator cannot sensibly vary (see docs/performance.md). */
const MOST = 0.9;

describe(`the compiled rules against json-rules-engine over ${HOUSEHOLDS.toLocaleString('en-GB')} random households`, () => {
  let report: DifferentialReport;

  it('give the same rules held (events, params, order), amounts, parameters cited, sentences and extra help', async () => {
    const engine = loadEntitlementEngine();
    const extraHelp = LoadedExtraHelp.fromFiles(readFilesUnder(EXTRA_HELP_DIR));
    report = await runDifferential(engine, extraHelp, HOUSEHOLDS);
    expect(report.households).toBe(HOUSEHOLDS);
    expect(report.mismatches).toEqual([]);
    expect(report.mismatchCount).toBe(0);
    // Every benefit's rules for every household, and the extra help's.
    expect(report.ruleRuns).toBe((HOUSEHOLDS - report.refusedAlike) * (engine.calculators.length + 1));
  }, 1_800_000);

  it('cover most rules: each counted as held at least once or never', () => {
    const held = report.rules.filter((rule) => rule.held > 0);
    const never = report.rules.filter((rule) => rule.held === 0).map((rule) => rule.rule);
    console.log(
      `differential: ${held.length} of ${report.rules.length} rules held for at least one household; never: ${never.join(', ') || 'none'}`,
    );
    expect(held.length / report.rules.length).toBeGreaterThanOrEqual(MOST);
  });
});
