/**
 * The compiled rules against json-rules-engine (the reference evaluator) over a few hundred seeded random households,
 * in the unit tier (test/support/differential.ts says what is compared). The same over 10,000 households, with the
 * check that most rules are reached, is the `properties` tier (test/properties/differential.properties.spec.ts).
 */
import { describe, expect, it } from '@jest/globals';
import { EXTRA_HELP_DIR, loadEntitlementEngine, readFilesUnder } from '../load.js';
import { LoadedExtraHelp } from '../extra-help/extra-help.js';
import { runDifferential } from '../../test/support/differential.js';

const HOUSEHOLDS = 100;

describe(`the compiled rules against json-rules-engine over ${HOUSEHOLDS} random households`, () => {
  it('give the same rules held (events, params, order), amounts, parameters cited, sentences and extra help', async () => {
    const engine = loadEntitlementEngine();
    const extraHelp = LoadedExtraHelp.fromFiles(readFilesUnder(EXTRA_HELP_DIR));
    const report = await runDifferential(engine, extraHelp, HOUSEHOLDS);
    expect(report.mismatches).toEqual([]);
    expect(report.mismatchCount).toBe(0);
    expect(report.ruleRuns).toBe((HOUSEHOLDS - report.refusedAlike) * (engine.calculators.length + 1));
  });
});
