// npm run bench:pdf: how long the 'Your Benefit Results' PDF takes to make for a typical result (the
// private renter of test/fixtures/result.ts, eligible under both systems), and how big it is, on one core with
// the templates compiled once as the API compiles them. Writes bench/results/pdf.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadDocumentTemplates } from '../api/src/documents/document-templates.js';
import { renderResultPdf } from '../api/src/documents/result-pdf.js';
import type { DocumentPeriod } from '../api/src/documents/result-view.js';
import { loadSiteConfig } from '../api/src/site/site-definitions.js';
import { DEFINITIONS_DIR } from '../api/src/site/site.module.js';
import { RESULT_BOTH_SYSTEMS } from '../test/fixtures/result.js';
import { REPO_ROOT } from '../test/support/api-process.js';
import { describeMachine } from './machine.js';
import { positiveNumberFromEnvironment } from './server.js';
import { summarise } from './statistics.js';

/** The download button promises 'about 400 KB'; a person waits for the file after a 5 s 'Preparing'. */
const TARGET_SIZE_BYTES = 400 * 1024;
const TARGET_P95_MS = 100;
const RENDERS = Math.round(positiveNumberFromEnvironment('BENCH_RENDERS', 200));
const WARM_UP_RENDERS = Math.round(positiveNumberFromEnvironment('BENCH_WARMUP_RENDERS', 20));
const RESULTS_FILE = resolve(REPO_ROOT, 'bench/results/pdf.json');

const site = await loadSiteConfig(DEFINITIONS_DIR, null);
const loadStarted = performance.now();
const templates = loadDocumentTemplates();
const loadMs = performance.now() - loadStarted;

/** Renders one after another, alternating weekly and monthly as people choose; the time and size of each. */
async function run(count: number): Promise<{ latencies: number[]; sizes: Record<DocumentPeriod, number>; pages: number }> {
  const latencies: number[] = [];
  const sizes = { weekly: 0, monthly: 0 };
  let pages = 0;
  for (let index = 0; index < count; index += 1) {
    const period: DocumentPeriod = index % 2 === 0 ? 'weekly' : 'monthly';
    const before = performance.now();
    const pdf = await renderResultPdf(RESULT_BOTH_SYSTEMS, { period, site, generatedAt: new Date(), templates });
    latencies.push(performance.now() - before);
    sizes[period] = pdf.length;
    // pdfkit writes one '/Type /Page' object a page (and '/Type /Pages' once).
    pages = pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
  }
  return { latencies, sizes, pages };
}

await run(WARM_UP_RENDERS);
const { latencies, sizes, pages } = await run(RENDERS);
const latency = summarise(latencies);
const largest = Math.max(sizes.weekly, sizes.monthly);
const report = {
  benchmark: "'Your Benefit Results' PDF of a typical result, one core",
  date: new Date().toISOString(),
  machine: describeMachine('not used'),
  settings: {
    warmUpRenders: WARM_UP_RENDERS,
    renders: RENDERS,
    result: 'RESULT_BOTH_SYSTEMS (test/fixtures/result.ts)',
    periods: 'weekly and monthly in turn',
  },
  results: {
    templatesLoadMs: Math.round(loadMs),
    latencyMs: latency,
    rendersPerSecond: Math.round((1000 * latencies.length) / latencies.reduce((sum, value) => sum + value, 0)),
    sizeBytes: sizes,
    pages,
  },
  target: { p95Ms: TARGET_P95_MS, sizeBytes: TARGET_SIZE_BYTES, met: latency.p95Ms < TARGET_P95_MS && largest < TARGET_SIZE_BYTES },
};
mkdirSync(dirname(RESULTS_FILE), { recursive: true });
writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
console.log(
  [
    '',
    `Results PDF - ${report.date}`,
    `Machine       ${report.machine.cpuModel}, ${report.machine.cores} cores; Node ${report.machine.node}; one thread`,
    `Templates     compiled once in ${report.results.templatesLoadMs} ms`,
    `Latency       p50 ${latency.p50Ms}  p95 ${latency.p95Ms}  p99 ${latency.p99Ms}  max ${latency.maxMs}  mean ${latency.meanMs} ms over ${RENDERS} renders (${report.results.rendersPerSecond} a second)`,
    `Size          ${(sizes.weekly / 1024).toFixed(1)} KB weekly, ${(sizes.monthly / 1024).toFixed(1)} KB monthly; ${pages} A4 pages`,
    `Target        p95 under ${TARGET_P95_MS} ms and under ${TARGET_SIZE_BYTES / 1024} KB: ${report.target.met ? 'met' : 'NOT met'}`,
    `bench: written to ${RESULTS_FILE.replace(`${REPO_ROOT}/`, '')}`,
  ].join('\n'),
);
