// npm run bench:policy-impact: the policy workbench's impact of a draft (issue 19) over its reproducible sample of
// 10,000 generated households, on one core, with no server or database: the published rules loaded from rulesets/ and
// a draft loaded from a temporary copy of rulesets/ with a few rates uprated by 4 % (the copy's JSON rewritten), then
// `sampleImpact` (making the households, both calculations of each, the tally) timed several times. The first run is
// the cold one the workbench's first impact run of a process pays. BENCH_IMPACT_HOUSEHOLDS and BENCH_IMPACT_RUNS
// change the count and the repeats. Writes bench/results/policy-impact.json.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadEntitlementEngine, RULESETS_DIR } from '../engine/load.js';
import { sampleImpact } from '../engine/policy/impact.js';
import { REPO_ROOT } from '../test/support/api-process.js';
import { describeMachine } from './machine.js';
import { positiveNumberFromEnvironment } from './server.js';

const RESULTS_FILE = resolve(REPO_ROOT, 'bench/results/policy-impact.json');
const HOUSEHOLDS = Math.round(positiveNumberFromEnvironment('BENCH_IMPACT_HOUSEHOLDS', 10_000));
const RUNS = Math.round(positiveNumberFromEnvironment('BENCH_IMPACT_RUNS', 5));
const TARGET_SECONDS = 10;
/** A date in the 2026/27 rates, which the uprated values below change. */
const DATE = '2026-06-01';
const SEED = 1;
const UPRATING = 1.04;
/** Rates most households read one of: Universal Credit's standard allowances and child element, Child Benefit, Pension Credit. */
const UPRATED = [
  'gov/dwp/universal_credit/standard_allowance/single_under_25',
  'gov/dwp/universal_credit/standard_allowance/single_25_or_over',
  'gov/dwp/universal_credit/standard_allowance/couple_both_under_25',
  'gov/dwp/universal_credit/standard_allowance/couple_one_or_both_25_or_over',
  'gov/dwp/universal_credit/elements/child/standard_rate',
  'gov/hmrc/child_benefit/amount/eldest',
  'gov/hmrc/child_benefit/amount/other_children',
  'gov/dwp/pension_credit/guarantee_credit/standard_minimum_guarantee/single',
  'gov/dwp/pension_credit/guarantee_credit/standard_minimum_guarantee/couple',
];

/** A copy of rulesets/ with the UPRATED parameters' values raised, as a change set's draft would hold them. */
function draftRulesets(): string {
  const directory = mkdtempSync(join(tmpdir(), 'bench-policy-impact-'));
  cpSync(RULESETS_DIR, directory, { recursive: true });
  for (const parameter of UPRATED) {
    const file = join(directory, 'parameters', `${parameter}.json`);
    const json = JSON.parse(readFileSync(file, 'utf8')) as { values: { value: number }[] };
    for (const value of json.values) value.value = Math.round(value.value * UPRATING);
    writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  }
  return directory;
}

const loadStarted = performance.now();
const published = loadEntitlementEngine();
const publishedLoadMs = performance.now() - loadStarted;
const directory = draftRulesets();
let draftLoadMs: number;
const runs: { seconds: number; cpuSeconds: number }[] = [];
let report: ReturnType<typeof sampleImpact>;
try {
  const draftStarted = performance.now();
  const draft = loadEntitlementEngine(directory);
  draftLoadMs = performance.now() - draftStarted;
  let last: ReturnType<typeof sampleImpact> | null = null;
  for (let run = 0; run < RUNS; run++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const result = sampleImpact(published, draft, DATE, { count: HOUSEHOLDS, seed: SEED, examples: 10 });
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    runs.push({ seconds: Math.round(seconds * 1000) / 1000, cpuSeconds: Math.round((cpu.user + cpu.system) / 1000) / 1000 });
    // The same sample and rules give the same answer every time.
    if (last && JSON.stringify(last) !== JSON.stringify(result)) throw new Error(`Run ${run + 1} gave another answer than the run before.`);
    last = result;
    console.log(`bench: run ${run + 1} of ${RUNS}: ${seconds.toFixed(2)} s`);
  }
  report = last!;
} finally {
  rmSync(directory, { recursive: true, force: true });
}

const sorted = runs.map((run) => run.seconds).sort((a, b) => a - b);
const slowest = sorted[sorted.length - 1]!;
const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
const output = {
  benchmark: `policy impact of a draft over ${HOUSEHOLDS.toLocaleString('en-GB')} generated households, one core`,
  date: new Date().toISOString(),
  machine: describeMachine('not used'),
  settings: {
    households: HOUSEHOLDS,
    runs: RUNS,
    date: DATE,
    seed: SEED,
    uprated: UPRATED,
    uprating: UPRATING,
    engineCallsPerHousehold: 2,
  },
  results: {
    publishedLoadMs: Math.round(publishedLoadMs),
    draftLoadMs: Math.round(draftLoadMs!),
    runs,
    firstSeconds: runs[0]!.seconds,
    medianSeconds: median,
    slowestSeconds: slowest,
    householdsPerSecond: Math.round(HOUSEHOLDS / median),
    households: report.households,
    notWorkedOut: report.notWorkedOut,
    changed: report.changed,
    gainers: report.gainers,
    losers: report.losers,
    totalYearlyChangePence: report.totalYearlyChangePence,
    benefits: report.benefits,
    examples: report.examples,
  },
  // Every run, the cold first one included, must be under the target.
  target: { seconds: TARGET_SECONDS, met: slowest < TARGET_SECONDS && report.notWorkedOut === 0 },
};
mkdirSync(dirname(RESULTS_FILE), { recursive: true });
writeFileSync(RESULTS_FILE, `${JSON.stringify(output, null, 2)}\n`);
const pounds = (pence: number) => `£${Math.round(pence / 100).toLocaleString('en-GB')}`;
console.log(
  [
    '',
    `Policy impact - ${output.date}`,
    `Machine       ${output.machine.cpuModel}, ${output.machine.cores} cores; Node ${output.machine.node}; one thread`,
    `Rules         published loaded in ${output.results.publishedLoadMs} ms, the draft (${UPRATED.length} rates uprated by ${Math.round((UPRATING - 1) * 100)} %) in ${output.results.draftLoadMs} ms`,
    `Households    ${report.households.toLocaleString('en-GB')} from seed ${SEED} at ${DATE}: ${report.changed.toLocaleString('en-GB')} changed (${report.gainers.toLocaleString('en-GB')} gain, ${report.losers.toLocaleString('en-GB')} lose), ${report.notWorkedOut} not worked out, ${pounds(report.totalYearlyChangePence)} a year more`,
    `Runs          ${runs.map((run) => `${run.seconds.toFixed(2)} s (CPU ${run.cpuSeconds.toFixed(2)} s)`).join(', ')}: median ${median.toFixed(2)} s (${output.results.householdsPerSecond.toLocaleString('en-GB')} households a second), slowest ${slowest.toFixed(2)} s`,
    `Target        under ${TARGET_SECONDS} s: ${output.target.met ? 'met' : 'NOT met'}`,
    `bench: written to ${RESULTS_FILE.replace(`${REPO_ROOT}/`, '')}`,
  ].join('\n'),
);
