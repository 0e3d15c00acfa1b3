// npm run bench:batch: batch calculations (`npm run calc -- --batch`'s worker pool, scripts/batch/run-batch.ts) in
// households a second on one worker thread and on every core, amounts only (the batch's default: no sentences, no
// extra help), each through the API's own checks and JSON, over the same seeded random households, with the
// rulesets already loaded in each worker. The target (issue 18): every core close to (at least 1.8 times) one.
// Also the time to scan a 16 MB body of tiny objects, the shape that held the event loop for 10 s before issue 28,
// as the batch route's worker thread scans it (api/src/calculation/household-list.ts): target under 2 s.
// Writes bench/results/batch.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { loadEntitlementEngine } from '../engine/load.js';
import { validateCalculationRequest } from '../engine/validate-request.js';
import { REPO_ROOT } from '../test/support/api-process.js';
import { randomHouseholds } from '../test/support/random-households.js';
import { BatchPool, runBatch } from '../scripts/batch/run-batch.js';
import type { BatchItem } from '../scripts/batch/batch-worker.js';
import { describeMachine } from './machine.js';
import { findHouseholds } from '../api/src/calculation/household-list.js';

const HOUSEHOLDS = Number(process.env.BENCH_BATCH_HOUSEHOLDS ?? 50_000);
/** "Close to twice": all cores at least this many times one. */
const TARGET_SCALING = 1.8;
const RESULTS_FILE = resolve(REPO_ROOT, 'bench/results/batch.json');
const TODAY = '2026-11-21';
const TARGET_SCAN_MS = 2000;

// Only households the API accepts (the random ones sometimes name a BRMA of another nation), so that every one is
// worked out in full, as a caseload would be.
const engine = loadEntitlementEngine();
const items: BatchItem[] = randomHouseholds(Math.ceil(HOUSEHOLDS * 1.3), 100_000)
  .map(({ date, household }) => ({ date, household }))
  .filter((request) => validateCalculationRequest(request, TODAY, (name) => engine.lha.areaNamed(name)).valid)
  .slice(0, HOUSEHOLDS)
  .map((request, index) => ({ line: index + 1, text: JSON.stringify(request) }));

interface Run {
  workers: number;
  seconds: number;
  perSecond: number;
  refused: number;
  /** CPU time of the workers per household: the same on one worker and on many when the pool adds no cost of its own. */
  cpuMsPerHousehold: number;
  /** The share of the wall time the workers were on a CPU: below 1 a worker, they waited for a core (other processes). */
  cpuShare: number;
  /** CPU time of the main thread per household (sending chunks, taking answers, putting them in order): taken from the workers' cores. */
  mainThreadCpuMsPerHousehold: number;
  /** The machine's load average over the last minute, at the end of the run. */
  loadAverage: number;
}

async function householdsPerSecond(workers: number): Promise<Run> {
  const pool = await BatchPool.start(workers);
  try {
    // A short warm-up so that each worker's code is compiled before the clock starts.
    await runBatch(pool, { items: items.slice(0, 200 * workers), output: 'jsonl', today: TODAY, explanations: false, write: () => {} });
    const mainCpuBefore = process.threadCpuUsage();
    const { seconds, refused, workerCpuSeconds } = await runBatch(pool, {
      items,
      output: 'jsonl',
      today: TODAY,
      explanations: false,
      write: () => {},
    });
    const mainCpu = process.threadCpuUsage(mainCpuBefore);
    return {
      workers,
      seconds: Math.round(seconds * 100) / 100,
      perSecond: Math.round(items.length / seconds),
      refused: refused.length,
      cpuMsPerHousehold: Math.round((workerCpuSeconds / items.length) * 1e5) / 100,
      cpuShare: Math.round((workerCpuSeconds / seconds / workers) * 100) / 100,
      mainThreadCpuMsPerHousehold: Math.round(((mainCpu.user + mainCpu.system) / 1000 / items.length) * 1000) / 1000,
      loadAverage: Math.round(loadavg()[0]! * 10) / 10,
    };
  } finally {
    await pool.destroy();
  }
}

/** The slowest of three scans of the 16 MB body of tiny objects, which must be refused as too many households. */
function bodyScanMs(): { ms: number; refused: string } {
  const bytes = new TextEncoder().encode(`[${'{},'.repeat(5_600_000)}{}]`);
  let slowest = 0;
  let refused = '';
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const list = findHouseholds(bytes, { maxHouseholds: 10_000, maxDepth: 64, maxHouseholdBytes: 100 * 1024 });
    slowest = Math.max(slowest, performance.now() - started);
    refused = list.ok ? 'not refused' : list.refusal.code;
  }
  return { ms: Math.round(slowest), refused };
}

const scan = bodyScanMs();
const cores = availableParallelism();
const one = await householdsPerSecond(1);
const all = await householdsPerSecond(cores);
const scaling = Math.round((all.perSecond / one.perSecond) * 100) / 100;
const report = {
  benchmark: 'batch calculations (npm run calc -- --batch), one worker and every core',
  date: new Date().toISOString(),
  machine: describeMachine('not used'),
  settings: {
    households: items.length,
    chunkSize: 100,
    chunksQueuedPerWorker: 2,
    output: 'jsonl (UTF-8 bytes moved from the workers, then dropped)',
  },
  results: { oneWorker: one, allCores: all, scaling },
  bodyScan: { bytes: 16_800_004, slowestOfThreeMs: scan.ms, answer: scan.refused },
  target: {
    scaling: TARGET_SCALING,
    met: scaling >= TARGET_SCALING,
    bodyScanMs: TARGET_SCAN_MS,
    bodyScanMet: scan.ms < TARGET_SCAN_MS && scan.refused === 'TOO_MANY_HOUSEHOLDS',
  },
};
mkdirSync(dirname(RESULTS_FILE), { recursive: true });
writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
console.log(
  [
    '',
    `Batch calculations - ${report.date}`,
    `Machine       ${report.machine.cpuModel}, ${report.machine.cores} cores; Node ${report.machine.node}`,
    `Households    ${items.length.toLocaleString('en-GB')} random households, every one worked out in full (JSONL answers)`,
    `One worker    ${one.perSecond.toLocaleString('en-GB')} a second (${one.seconds} s); ${one.cpuMsPerHousehold} ms CPU a household, on a core ${Math.round(one.cpuShare * 100)}% of the time; main thread ${one.mainThreadCpuMsPerHousehold} ms; load average ${one.loadAverage}`,
    `${`${cores} workers`.padEnd(14)}${all.perSecond.toLocaleString('en-GB')} a second (${all.seconds} s): ${scaling} times one; ${all.cpuMsPerHousehold} ms CPU a household, each on a core ${Math.round(all.cpuShare * 100)}% of the time; main thread ${all.mainThreadCpuMsPerHousehold} ms; load average ${all.loadAverage}`,
    `Target        every core at least ${TARGET_SCALING} times one worker: ${report.target.met ? 'met' : 'NOT met'}`,
    `Body scan     16 MB of tiny objects scanned in ${scan.ms} ms (slowest of 3), answered ${scan.refused}; target under ${TARGET_SCAN_MS} ms: ${report.target.bodyScanMet ? 'met' : 'NOT met'}`,
    `bench: written to ${RESULTS_FILE.replace(`${REPO_ROOT}/`, '')}`,
  ].join('\n'),
);
