// npm run bench:differential: the compiled rules against json-rules-engine (the reference evaluator) over 100,000
// seeded random households (npm test runs the same over 10,000: test/properties/differential.properties.spec.ts). Every rule
// outcome, amount, parameter cited, sentence and extra-help item must be identical. Writes
// bench/results/differential.json; exits 1 on any mismatch.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LoadedExtraHelp } from '../engine/extra-help/extra-help.js';
import { EXTRA_HELP_DIR, loadEntitlementEngine, readFilesUnder } from '../engine/load.js';
import { REPO_ROOT } from '../test/support/api-process.js';
import { runDifferential } from '../test/support/differential.js';
import { describeMachine } from './machine.js';

const HOUSEHOLDS = Number(process.env.DIFFERENTIAL_HOUSEHOLDS ?? 100_000);
const RESULTS_FILE = resolve(REPO_ROOT, 'bench/results/differential.json');

const engine = loadEntitlementEngine();
const extraHelp = LoadedExtraHelp.fromFiles(readFilesUnder(EXTRA_HELP_DIR));
const started = performance.now();
const onTerminal = process.stdout.isTTY;
const report = await runDifferential(engine, extraHelp, HOUSEHOLDS, {
  onProgress: (done) => {
    if (onTerminal && done % 1000 === 0)
      process.stdout.write(`\rdifferential: ${done.toLocaleString('en-GB')} of ${HOUSEHOLDS.toLocaleString('en-GB')}`);
  },
});
if (onTerminal) process.stdout.write('\n');
const seconds = (performance.now() - started) / 1000;
const never = report.rules.filter((rule) => rule.held === 0).map((rule) => rule.rule);
const output = {
  benchmark: 'compiled rules against json-rules-engine, seeded random households',
  date: new Date().toISOString(),
  machine: describeMachine('not used'),
  results: {
    households: report.households,
    refusedAlike: report.refusedAlike,
    ruleRuns: report.ruleRuns,
    mismatchCount: report.mismatchCount,
    mismatches: report.mismatches,
    rulesHeldAtLeastOnce: report.rules.length - never.length,
    rules: report.rules.length,
    rulesNeverHeld: never,
    seconds: Math.round(seconds),
  },
  target: { mismatches: 0, met: report.mismatchCount === 0 },
};
mkdirSync(dirname(RESULTS_FILE), { recursive: true });
writeFileSync(RESULTS_FILE, `${JSON.stringify(output, null, 2)}\n`);
console.log(
  [
    '',
    `Differential test - ${output.date}`,
    `Households    ${report.households.toLocaleString('en-GB')} (${report.refusedAlike} refused alike), ${report.ruleRuns.toLocaleString('en-GB')} rule runs compared, in ${Math.round(seconds)} s`,
    `Coverage      ${output.results.rulesHeldAtLeastOnce} of ${report.rules.length} rules held at least once; never: ${never.join(', ') || 'none'}`,
    `Mismatches    ${report.mismatchCount}: ${output.target.met ? 'identical' : 'NOT identical (see bench/results/differential.json)'}`,
  ].join('\n'),
);
if (!output.target.met) process.exitCode = 1;
