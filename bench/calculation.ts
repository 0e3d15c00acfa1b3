// npm run bench:calculation: household calculations per second on one core, and their latency, with the rulesets
// loaded (and compiled) once as the API loads them, in two modes: (a) the full calculation with explanation sentences
// and extra help, as the results page and the API ask for it, and (b) amounts only
// (`calculateSync(household, date, { explanations: false, extraHelp: false })`), as a batch run asks for it. The
// households are the property tests' seeded random ones, so every run does the same work. Writes
// bench/results/calculation.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CalculateOptions } from '../engine/core/entitlement-engine.js';
import { normaliseHousehold } from '../engine/core/normalise.js';
import { loadEntitlementEngine } from '../engine/load.js';
import { REPO_ROOT } from '../test/support/api-process.js';
import { randomHouseholds } from '../test/support/random-households.js';
import { describeMachine } from './machine.js';
import { summarise } from './statistics.js';

const TARGET_FULL_PER_SECOND = 2000;
const TARGET_FULL_P99_MS = 2;
const TARGET_AMOUNTS_PER_SECOND = 20_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const RESULTS_FILE = resolve(REPO_ROOT, 'bench/results/calculation.json');

const loadStarted = performance.now();
const engine = loadEntitlementEngine();
const loadMs = performance.now() - loadStarted;
const households = randomHouseholds(2000).map(({ household, date }) => ({ household: normaliseHousehold(household), date }));

/** Calculations one after another on this one thread for `seconds`; the latency of each. */
function run(seconds: number, options: CalculateOptions): { latencies: number[]; elapsedSeconds: number; cpuSeconds: number } {
  const latencies: number[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  for (let index = 0; performance.now() < until; index = (index + 1) % households.length) {
    const { household, date } = households[index]!;
    const before = performance.now();
    engine.calculateSync(household, date, options);
    latencies.push(performance.now() - before);
  }
  const cpu = process.cpuUsage(cpuBefore);
  return { latencies, elapsedSeconds: (performance.now() - started) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

function measure(options: CalculateOptions) {
  run(WARM_UP_SECONDS, options);
  const { latencies, elapsedSeconds, cpuSeconds } = run(SECONDS, options);
  return {
    calculations: latencies.length,
    elapsedSeconds: Number(elapsedSeconds.toFixed(2)),
    calculationsPerSecond: Math.round(latencies.length / elapsedSeconds),
    // The same per second of this process's CPU: less moved by other work on a shared machine (the target reads the above).
    calculationsPerCpuSecond: Math.round(latencies.length / cpuSeconds),
    latencyMs: summarise(latencies),
  };
}

const full = measure({ explanations: true, extraHelp: true });
const amounts = measure({ explanations: false, extraHelp: false });
const report = {
  benchmark: 'household calculations (every benefit), one core: full, and amounts only',
  date: new Date().toISOString(),
  machine: describeMachine('not used'),
  settings: {
    warmUpSeconds: WARM_UP_SECONDS,
    measuredSeconds: SECONDS,
    households: households.length,
    benefits: engine.calculators.map((calculator) => calculator.code),
  },
  results: {
    rulesetsLoadMs: Math.round(loadMs),
    // The full calculation, kept under the names bench:summary has always read.
    calculations: full.calculations,
    calculationsPerSecond: full.calculationsPerSecond,
    latencyMs: full.latencyMs,
    full,
    amountsOnly: amounts,
  },
  target: {
    perSecond: TARGET_FULL_PER_SECOND,
    p99Ms: TARGET_FULL_P99_MS,
    met: full.calculationsPerSecond >= TARGET_FULL_PER_SECOND && full.latencyMs.p99Ms < TARGET_FULL_P99_MS,
    amountsOnlyPerSecond: TARGET_AMOUNTS_PER_SECOND,
    amountsOnlyMet: amounts.calculationsPerSecond >= TARGET_AMOUNTS_PER_SECOND,
  },
};
mkdirSync(dirname(RESULTS_FILE), { recursive: true });
writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
const line = (figures: typeof full) =>
  `${figures.calculations} in ${figures.elapsedSeconds} s = ${figures.calculationsPerSecond} a second (${figures.calculationsPerCpuSecond} a CPU second); p50 ${figures.latencyMs.p50Ms}  p95 ${figures.latencyMs.p95Ms}  p99 ${figures.latencyMs.p99Ms}  max ${figures.latencyMs.maxMs} ms`;
console.log(
  [
    '',
    `Household calculations - ${report.date}`,
    `Machine       ${report.machine.cpuModel}, ${report.machine.cores} cores; Node ${report.machine.node}; one thread`,
    `Rulesets      ${report.settings.benefits.length} benefits, loaded and compiled once in ${report.results.rulesetsLoadMs} ms`,
    `Full          ${line(full)}`,
    `              target at least ${TARGET_FULL_PER_SECOND} a second and p99 under ${TARGET_FULL_P99_MS} ms: ${report.target.met ? 'met' : 'NOT met'}`,
    `Amounts only  ${line(amounts)}`,
    `              target at least ${TARGET_AMOUNTS_PER_SECOND} a second: ${report.target.amountsOnlyMet ? 'met' : 'NOT met'}`,
    `bench: written to ${RESULTS_FILE.replace(`${REPO_ROOT}/`, '')}`,
  ].join('\n'),
);
