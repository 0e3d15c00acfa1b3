// npm run bench:summary, the last step of `npm run bench`: the performance budget (docs/performance.md) as one table,
// read from what each bench wrote to bench/results/: each measure's target, its latest figure, whether it is met,
// and when and where it was measured. docs/performance.md's 'The budget' table is this one, copied after a quiet run.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPO_ROOT } from '../test/support/api-process.js';
import type { Machine } from './machine.js';

interface Percentiles {
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

interface BenchFile {
  date?: string;
  measuredAt?: string;
  machine: Machine;
  results: Record<string, unknown>;
}

interface Line {
  measure: string;
  target: string;
  latest: string;
  /** null where no target is set. */
  met: boolean | null;
  measuredAt: string;
}

const RESULTS = resolve(REPO_ROOT, 'bench/results');
const KB = 1024;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value).toLocaleString('en-GB')} ms`;

function read<T>(name: string): (T & BenchFile) | null {
  const path = resolve(RESULTS, `${name}.json`);
  if (!existsSync(path)) return null;
  return JSON.parse(readFileSync(path, 'utf8')) as T & BenchFile;
}

const when = (file: BenchFile) => (file.date ?? file.measuredAt ?? '').replace(/\.\d+Z$/, 'Z');
const lines: Line[] = [];
const missing: string[] = [];

const bundle = read<{ results: Record<string, { firstLoadGzipBytes: number; apexchartsFetched: boolean }> }>('bundle');
if (bundle) {
  const target = 150 * KB;
  for (const page of ['landing', 'survey'] as const) {
    const bytes = bundle.results[page].firstLoadGzipBytes;
    lines.push({
      measure: `First-load JavaScript, ${page} page`,
      target: 'under 150 KB gzipped',
      latest: kb(bytes),
      met: bytes < target,
      measuredAt: when(bundle),
    });
  }
  const chartPages = Object.entries(bundle.results)
    .filter(([, page]) => page.apexchartsFetched)
    .map(([name]) => name);
  lines.push({
    measure: 'Chart library (apexcharts)',
    target: 'compare page only',
    latest: chartPages.join(', ') || 'nowhere',
    met: chartPages.join() === 'compare',
    measuredAt: when(bundle),
  });
} else missing.push('bundle');

// Lighthouse's mobile run (bench/lighthouse.ts): a line per page, each against all three targets.
const lighthouse = read<{
  results: Record<string, { performance: number; lcpMs: number; cls: number; totalBytes: number; unusedJavaScriptBytes: number }>;
  target: { performance: number; lcpMs: number; cls: number };
}>('lighthouse');
if (lighthouse) {
  const { target } = lighthouse;
  for (const [page, run] of Object.entries(lighthouse.results)) {
    lines.push({
      measure: `Lighthouse mobile, ${page} page`,
      target: `performance at least ${target.performance}, LCP under ${target.lcpMs / 1000} s, CLS under ${target.cls}`,
      latest: `performance ${run.performance}, LCP ${(run.lcpMs / 1000).toFixed(1)} s, CLS ${run.cls.toFixed(3)}; ${Math.round(run.totalBytes / KB)} KiB, ${Math.round(run.unusedJavaScriptBytes / KB)} KiB JS unused`,
      met: run.performance >= target.performance && run.lcpMs < target.lcpMs && run.cls < target.cls,
      measuredAt: when(lighthouse),
    });
  }
} else missing.push('lighthouse');

const pdf = read<{ results: { latencyMs: Percentiles; sizeBytes: { weekly: number; monthly: number } } }>('pdf');
if (pdf) {
  const size = Math.max(pdf.results.sizeBytes.weekly, pdf.results.sizeBytes.monthly);
  lines.push({
    measure: 'Results PDF size (typical result)',
    target: 'under 400 KB',
    latest: kb(size),
    met: size < 400 * KB,
    measuredAt: when(pdf),
  });
  lines.push({
    measure: 'Results PDF time',
    target: 'p95 under 100 ms',
    latest: `p95 ${pdf.results.latencyMs.p95Ms} ms`,
    met: pdf.results.latencyMs.p95Ms < 100,
    measuredAt: when(pdf),
  });
} else missing.push('pdf');

const load = read<{
  results: {
    questionnairesPerSecond: number;
    serverErrors: number;
    networkErrors: number;
    perCall: Record<string, { latencyMs: Percentiles }>;
    database: { lost: number; answersChecked: number };
  };
}>('load');
if (load) {
  const { perCall, database } = load.results;
  const p95 = Object.entries(perCall)
    .map(([call, figures]) => `${call} ${ms(figures.latencyMs.p95Ms)}`)
    .join(', ');
  lines.push({
    measure: 'API p95 per call, 200 visitors without pause, 2 processes',
    target: 'none set; no 5xx, nothing lost',
    latest: `${p95}; ${load.results.questionnairesPerSecond} questionnaires/s; ${load.results.serverErrors} × 5xx; ${database.lost} of ${database.answersChecked.toLocaleString('en-GB')} answers lost`,
    met: load.results.serverErrors === 0 && load.results.networkErrors === 0 && database.lost === 0,
    measuredAt: when(load),
  });
} else missing.push('load');

interface Target {
  measured: number;
  met: boolean;
}
const survey = read<{
  results: {
    survey: { latencyMs: Percentiles; requestsPerSecond: number };
    bare: { latencyMs: Percentiles; requestsPerSecond: number };
    paced: { latencyMs: Percentiles; requestsPerSecond: number } | null;
  };
  targets: {
    p95Ratio: Target & { atMost: number };
    throughputRatio: Target & { atLeast: number };
    pacedP95Ms: (Target & { under: number }) | null;
  };
}>('survey-post');
// A file from before the survey POST was measured beside the bare insert route has no targets: measure again.
if (survey?.targets) {
  const { results, targets } = survey;
  lines.push({
    measure: 'Survey POST p95 ÷ bare insert p95, 50 visitors',
    target: `at most ${targets.p95Ratio.atMost}x`,
    latest: `${targets.p95Ratio.measured}x (${ms(results.survey.latencyMs.p95Ms)} against ${ms(results.bare.latencyMs.p95Ms)})`,
    met: targets.p95Ratio.met,
    measuredAt: when(survey),
  });
  lines.push({
    measure: 'Survey POST throughput ÷ bare insert, 50 visitors',
    target: `at least ${targets.throughputRatio.atLeast}x`,
    latest: `${targets.throughputRatio.measured}x (${results.survey.requestsPerSecond} against ${results.bare.requestsPerSecond} requests/s)`,
    met: targets.throughputRatio.met,
    measuredAt: when(survey),
  });
  if (targets.pacedP95Ms && results.paced) {
    lines.push({
      measure: 'Survey POST p95, 50 paced visitors',
      target: `under ${targets.pacedP95Ms.under} ms`,
      latest: `p95 ${results.paced.latencyMs.p95Ms} ms, ${results.paced.requestsPerSecond} requests/s`,
      met: targets.pacedP95Ms.met,
      measuredAt: when(survey),
    });
  } else missing.push('survey-post (paced visitors)');
} else missing.push('survey-post');

const engine = read<{
  results: {
    calculationsPerSecond: number;
    latencyMs: Percentiles;
    amountsOnly?: { calculationsPerSecond: number; latencyMs: Percentiles };
  };
  target: { perSecond: number; p99Ms: number; amountsOnlyPerSecond?: number };
}>('calculation');
if (engine) {
  const { calculationsPerSecond, latencyMs, amountsOnly } = engine.results;
  lines.push({
    measure: 'Full calculation (explanations, extra help), one core',
    target: `at least ${engine.target.perSecond.toLocaleString('en-GB')} a second, p99 under ${engine.target.p99Ms} ms`,
    latest: `${calculationsPerSecond.toLocaleString('en-GB')} a second, p99 ${latencyMs.p99Ms} ms`,
    met: calculationsPerSecond >= engine.target.perSecond && latencyMs.p99Ms < engine.target.p99Ms,
    measuredAt: when(engine),
  });
  if (amountsOnly && engine.target.amountsOnlyPerSecond) {
    lines.push({
      measure: 'Amounts only (batch), one core',
      target: `at least ${engine.target.amountsOnlyPerSecond.toLocaleString('en-GB')} a second`,
      latest: `${amountsOnly.calculationsPerSecond.toLocaleString('en-GB')} a second, p99 ${amountsOnly.latencyMs.p99Ms} ms`,
      met: amountsOnly.calculationsPerSecond >= engine.target.amountsOnlyPerSecond,
      measuredAt: when(engine),
    });
  } else missing.push('calculation (amounts only: run npm run bench:calculation again)');
} else missing.push('calculation');

// Batch calculations (npm run bench:batch): one worker against every core.
const batch = read<{
  results: { oneWorker: { perSecond: number; workers: number }; allCores: { perSecond: number; workers: number }; scaling: number };
  target: { scaling: number };
}>('batch');
if (batch) {
  const { oneWorker, allCores, scaling } = batch.results;
  lines.push({
    measure: 'Batch calculations, one worker',
    target: 'reported (amounts-only target: bench:calculation)',
    latest: `${oneWorker.perSecond.toLocaleString('en-GB')} households a second`,
    met: null,
    measuredAt: when(batch),
  });
  lines.push({
    measure: `Batch calculations, ${allCores.workers} workers (every core)`,
    target: `at least ${batch.target.scaling} times one worker`,
    latest: `${allCores.perSecond.toLocaleString('en-GB')} households a second, ${scaling} times one`,
    met: scaling >= batch.target.scaling,
    measuredAt: when(batch),
  });
} else missing.push('batch');

const differential = read<{ results: { households: number; mismatchCount: number; rulesHeldAtLeastOnce: number; rules: number } }>(
  'differential',
);
if (differential) {
  const { households, mismatchCount, rulesHeldAtLeastOnce, rules } = differential.results;
  lines.push({
    measure: 'Compiled rules against json-rules-engine (differential)',
    target: 'identical for 100,000 random households',
    latest: `${households.toLocaleString('en-GB')} households, ${mismatchCount} mismatches, ${rulesHeldAtLeastOnce} of ${rules} rules held`,
    met: mismatchCount === 0 && households >= 100_000,
    measuredAt: when(differential),
  });
} else missing.push('differential');

const results = read<{ results: { requestsPerSecond: number; latencyMs: Percentiles } }>('result-get');
if (results) {
  lines.push({
    measure: 'Results GET, 20 visitors without pause',
    target: 'none set',
    latest: `p95 ${ms(results.results.latencyMs.p95Ms)}, ${results.results.requestsPerSecond} results/s`,
    met: null,
    measuredAt: when(results),
  });
} else missing.push('result-get');

// The fuzz writes its figures at the top level of its file.
const fuzz = read<{ sent: number; failureCount: number; byStatus: Record<string, number> }>('fuzz');
if (fuzz) {
  const serverErrors = Object.entries(fuzz.byStatus)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, count]) => sum + count, 0);
  lines.push({
    measure: 'Hostile requests (fuzz)',
    target: 'no 5xx',
    latest: `${fuzz.sent.toLocaleString('en-GB')} sent, ${serverErrors} × 5xx, ${fuzz.failureCount} failures`,
    met: serverErrors === 0 && fuzz.failureCount === 0,
    measuredAt: when(fuzz),
  });
} else missing.push('fuzz');

// Caseload runs (issue 18): 10,000 clients recalculated by the in-process job worker, from the start request to done.
const caseload = read<{
  results: { clients: number; failed: number; totalSeconds: number; workingSeconds: number; clientsPerSecond: number };
  target: { seconds: number };
}>('caseload');
if (caseload) {
  const { clients, failed, totalSeconds, workingSeconds, clientsPerSecond } = caseload.results;
  lines.push({
    measure: `Caseload run, ${clients.toLocaleString('en-GB')} clients`,
    target: `under ${caseload.target.seconds} s from start to done`,
    latest: `${totalSeconds} s (working ${workingSeconds} s, ${clientsPerSecond} clients/s), ${failed} failed`,
    met: totalSeconds < caseload.target.seconds && failed === 0,
    measuredAt: when(caseload),
  });
} else missing.push('caseload');

// The policy workbench's impact (issue 19): a draft against the published rules over 10,000 generated households.
const impact = read<{
  results: { households: number; firstSeconds: number; medianSeconds: number; slowestSeconds: number; notWorkedOut: number };
  target: { seconds: number };
}>('policy-impact');
if (impact) {
  const { households, firstSeconds, medianSeconds, slowestSeconds, notWorkedOut } = impact.results;
  lines.push({
    measure: `Impact run, ${households.toLocaleString('en-GB')} households`,
    target: `under ${impact.target.seconds} s`,
    latest: `median ${medianSeconds} s, slowest ${slowestSeconds} s (first ${firstSeconds} s), ${notWorkedOut} not worked out`,
    met: slowestSeconds < impact.target.seconds && notWorkedOut === 0,
    measuredAt: when(impact),
  });
} else missing.push('policy-impact');

const machines = new Set(
  [bundle, lighthouse, pdf, load, survey, engine, differential, batch, caseload, results, impact]
    .filter((file) => file !== null)
    .map((file) => `${file!.machine.cpuModel}, ${file!.machine.cores} cores, Node ${file!.machine.node}`),
);
const verdict = (met: boolean | null) => (met === null ? 'reported' : met ? 'met' : 'NOT met');
console.log('\nPerformance budget (bench/results/)');
console.log(`Machine       ${[...machines].join('; ')}`);
for (const line of lines) {
  console.log(`${line.measure.padEnd(58)} ${verdict(line.met).padEnd(9)} ${line.latest}  [target: ${line.target}; ${line.measuredAt}]`);
}
if (missing.length > 0) console.log(`Not measured yet: ${missing.map((name) => `bench/results/${name}.json`).join(', ')}`);
