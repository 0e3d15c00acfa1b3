/**
 * The `properties` tier's differential test: the compiled rules against json-rules-engine (the reference evaluator)
 * over seeded random households (test/support/differential.ts says what is compared): 3,000 in `npm test` (so CI,
 * about a minute on a 2-core machine: json-rules-engine copies every rule's conditions on every run), 10,000 in `npm run bench:properties`. The unit tier runs the same comparison over 100
 * (engine/core/differential.spec.ts), and `npm run bench:differential` over 100,000.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { EXTRA_HELP_DIR, loadEntitlementEngine, readFilesUnder } from '../../engine/load.js';
import { LoadedExtraHelp } from '../../engine/extra-help/extra-help.js';
import { runDifferential, type DifferentialReport } from '../support/differential.js';

const HOUSEHOLDS = Number(process.env.DIFFERENTIAL_HOUSEHOLDS ?? 3_000);
/** Rules no random household reaches, each for a reason the generator cannot sensibly vary (see docs/performance.md). */
const MOST = 0.9;

describe(`the compiled rules against json-rules-engine over ${HOUSEHOLDS.toLocaleString('en-GB')} random households`, () => {
  const engine = loadEntitlementEngine();
  let report: DifferentialReport;

  // Both checks read the one run, made before either (not by the first check, so each stands alone).
  beforeAll(async () => {
    const extraHelp = LoadedExtraHelp.fromFiles(readFilesUnder(EXTRA_HELP_DIR));
    report = await runDifferential(engine, extraHelp, HOUSEHOLDS);
  }, 1_800_000);

  it('give the same rules held (events, params, order), amounts, parameters cited, sentences and extra help', () => {
    expect(report.households).toBe(HOUSEHOLDS);
    expect(report.mismatches).toEqual([]);
    expect(report.mismatchCount).toBe(0);
    // Every benefit's rules for every household, and the extra help's.
    expect(report.ruleRuns).toBe((HOUSEHOLDS - report.refusedAlike) * (engine.calculators.length + 1));
  });

  it('cover most rules: each counted as held at least once or never', () => {
    const held = report.rules.filter((rule) => rule.held > 0);
    const never = report.rules.filter((rule) => rule.held === 0).map((rule) => rule.rule);
    console.log(
      `differential: ${held.length} of ${report.rules.length} rules held for at least one household; never: ${never.join(', ') || 'none'}`,
    );
    expect(held.length / report.rules.length).toBeGreaterThanOrEqual(MOST);
  });
});
