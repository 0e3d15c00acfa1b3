// npm run bench:calculation: full household calculations (every benefit) per second on one core, and
// their latency, with the rulesets loaded once as the API loads them. The households are the property tests'
// seeded random ones, so every run does the same work. Writes bench/results/calculation.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { normaliseHousehold } from '../engine/core/normalise.js';
import { loadEntitlementEngine } from '../engine/load.js';
import { REPO_ROOT } from '../test/support/api-process.js';
import { randomHouseholds } from '../test/support/random-households.js';
import { describeMachine } from './machine.js';
import { summarise } from './statistics.js';

const TARGET_PER_SECOND = 2000;
const TARGET_P99_MS = 5;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const RESULTS_FILE = resolve(REPO_ROOT, 'bench/results/calculation.json');

const loadStarted = performance.now();
const engine = loadEntitlementEngine();
const loadMs = performance.now() - loadStarted;
const households = randomHouseholds(2000).map(({ household, date }) => ({ household: normaliseHousehold(household), date }));

/** Calculations one after another on this one thread for `seconds`; the latency of each. */
async function run(seconds: number): Promise<{ latencies: number[]; elapsedSeconds: number }> {
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  for (let index = 0; performance.now() < until; index = (index + 1) % households.length) {
    const { household, date } = households[index]!;
    const before = performance.now();
    await engine.calculate(household, date);
    latencies.push(performance.now() - before);
  }
  return { latencies, elapsedSeconds: (performance.now() - started) / 1000 };
}

await run(WARM_UP_SECONDS);
const { latencies, elapsedSeconds } = await run(SECONDS);
const latency = summarise(latencies);
const perSecond = Math.round(latencies.length / elapsedSeconds);
const report = {
  benchmark: 'full household calculation (every benefit), one core',
  date: new Date().toISOString(),
  machine: describeMachine('not used'),
  settings: {
    warmUpSeconds: WARM_UP_SECONDS,
    measuredSeconds: SECONDS,
    households: households.length,
    benefits: engine.calculators.map((calculator) => calculator.code),
  },
  results: { rulesetsLoadMs: Math.round(loadMs), calculations: latencies.length, calculationsPerSecond: perSecond, latencyMs: latency },
  target: { perSecond: TARGET_PER_SECOND, p99Ms: TARGET_P99_MS, met: perSecond >= TARGET_PER_SECOND && latency.p99Ms < TARGET_P99_MS },
};
mkdirSync(dirname(RESULTS_FILE), { recursive: true });
writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
console.log(
  [
    '',
    `Household calculations - ${report.date}`,
    `Machine       ${report.machine.cpuModel}, ${report.machine.cores} cores; Node ${report.machine.node}; one thread`,
    `Rulesets      ${report.settings.benefits.length} benefits, loaded once in ${report.results.rulesetsLoadMs} ms`,
    `Throughput    ${latencies.length} calculations in ${elapsedSeconds.toFixed(2)} s = ${perSecond} a second`,
    `Latency       p50 ${latency.p50Ms}  p95 ${latency.p95Ms}  p99 ${latency.p99Ms}  max ${latency.maxMs}  mean ${latency.meanMs} ms`,
    `Target        at least ${TARGET_PER_SECOND} a second and p99 under ${TARGET_P99_MS} ms: ${report.target.met ? 'met' : 'NOT met'}`,
    `bench: written to ${RESULTS_FILE.replace(`${REPO_ROOT}/`, '')}`,
  ].join('\n'),
);
