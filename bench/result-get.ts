// npm run bench:result: GET /api/data/result/ under concurrent visitors, against the built server on a
// fresh PostgreSQL database. Each result is worked out afresh from the stored answers (nothing is cached), so this
// measures the engine behind the page as well as the database. Keeps the latest figures in bench/results/result-get.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as wait } from 'node:timers/promises';
import { REPO_ROOT, startApiProcess, type ApiProcess } from '../test/support/api-process.js';
import { SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../test/support/households.js';
import { createTestDatabase, type TestDatabase } from '../test/support/test-database.js';
import { cpuUse, describeMachine, readCpuClock } from './machine.js';
import { BENCH_ROUTE_LIMITS, ensureBuilt, positiveNumberFromEnvironment, postgresBackends, stopApi } from './server.js';
import { summarise } from './statistics.js';

const RESULTS_FILE = resolve(REPO_ROOT, 'bench/results/result-get.json');
const SECONDS = positiveNumberFromEnvironment('BENCH_SECONDS', 15);
const WARM_UP_SECONDS = positiveNumberFromEnvironment('BENCH_WARMUP_SECONDS', 3);
const CONCURRENCY = Math.round(positiveNumberFromEnvironment('BENCH_CONCURRENCY', 20));
/** Finished calculations the visitors read, one browser each. */
const CALCULATIONS = Math.round(positiveNumberFromEnvironment('BENCH_CALCULATIONS', 20));

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function send(url: URL, method: 'GET' | 'POST', headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const outgoing = request(
      url,
      {
        method,
        agent,
        headers: body ? { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) } : headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', fail);
      },
    );
    outgoing.on('error', fail);
    outgoing.end(body);
  });
}

/** One finished questionnaire of the single private renter, through the survey API, as one browser. */
async function finishedCalculation(apiUrl: string, browserId: string): Promise<string> {
  const pageNumbers = [1, 2, 3, 5, 8, 10, 11, 14, 16, 17, 18, 19, 20];
  let session: string | null = null;
  for (const [index, [, answers]] of SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.entries()) {
    const isLast = index === SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.length - 1;
    const body = JSON.stringify({ browserId, session, page: pageNumbers[index], action: isLast ? 4 : 2, ...answers });
    const response = await send(new URL('/api/data/survey/', apiUrl), 'POST', {}, body);
    if (response.status !== 200)
      throw new Error(
        `Setting up the calculations: page ${pageNumbers[index]} answered ${response.status}: ${response.text.slice(0, 300)}`,
      );
    session = (JSON.parse(response.text) as { session: string }).session;
  }
  return session!;
}

interface Tally {
  latencies: number[];
  byStatus: Record<string, number>;
  networkErrors: number;
  /** 200 answers without figures: the result was not worked out. */
  emptyResults: number;
}

async function main(): Promise<number> {
  ensureBuilt();
  let database: TestDatabase | undefined;
  let api: ApiProcess | undefined;
  let phase: 'warm-up' | 'measured' | 'stopping' = 'warm-up';
  try {
    database = await createTestDatabase();
    const [{ version }] = await database.query<{ version: string }>('SELECT version()');
    api = await startApiProcess({ ...BENCH_ROUTE_LIMITS, NODE_ENV: 'production', DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
    const browsers = Array.from({ length: CALCULATIONS }, (_, index) => `browser_${Date.now()}_result${String(index).padStart(3, '0')}`);
    const sessions = await Promise.all(browsers.map((browserId) => finishedCalculation(api!.url, browserId)));
    console.log(
      `bench: ${CALCULATIONS} finished calculations; ${CONCURRENCY} visitors reading results, ${WARM_UP_SECONDS} s warm-up then ${SECONDS} s measured`,
    );

    const measured: Tally = { latencies: [], byStatus: {}, networkErrors: 0, emptyResults: 0 };
    const warmUp: Tally = { latencies: [], byStatus: {}, networkErrors: 0, emptyResults: 0 };
    let lastMeasuredEnd = 0;
    const visitor = async (index: number) => {
      const url = new URL(`/api/data/result/?session=${sessions[index % CALCULATIONS]}`, api!.url);
      const headers = { 'X-Browser-Id': browsers[index % CALCULATIONS] };
      while (phase !== 'stopping') {
        const tally = phase === 'measured' ? measured : warmUp;
        const started = performance.now();
        try {
          const response = await send(url, 'GET', headers);
          tally.latencies.push(performance.now() - started);
          tally.byStatus[response.status] = (tally.byStatus[response.status] ?? 0) + 1;
          if (response.status === 200 && !(JSON.parse(response.text) as { benefits: unknown }).benefits) tally.emptyResults += 1;
        } catch {
          tally.networkErrors += 1;
        }
        if (tally === measured) lastMeasuredEnd = performance.now();
      }
    };
    const visitors = Array.from({ length: CONCURRENCY }, (_, index) => visitor(index));
    await wait(WARM_UP_SECONDS * 1000);
    phase = 'measured';
    const from = performance.now();
    const cpuAtStart = readCpuClock(api.child.pid, await postgresBackends(database));
    await wait(SECONDS * 1000);
    const cpuAtEnd = readCpuClock(api.child.pid, await postgresBackends(database));
    phase = 'stopping';
    await Promise.all(visitors);

    const machine = describeMachine(version);
    const elapsedSeconds = (Math.max(lastMeasuredEnd, from + SECONDS * 1000) - from) / 1000;
    const latency = summarise(measured.latencies);
    const failures =
      Object.entries(measured.byStatus)
        .filter(([status]) => status !== '200')
        .reduce((sum, [, count]) => sum + count, 0) +
      measured.networkErrors +
      measured.emptyResults;
    const report = {
      benchmark: 'GET /api/data/result/',
      date: new Date().toISOString(),
      machine,
      settings: {
        concurrency: CONCURRENCY,
        calculations: CALCULATIONS,
        warmUpSeconds: WARM_UP_SECONDS,
        measuredSeconds: SECONDS,
        household: 'single private renter working part time',
        server: 'one API process, NODE_ENV=production',
      },
      results: {
        requests: measured.latencies.length,
        requestsPerSecond: Math.round((measured.latencies.length / elapsedSeconds) * 10) / 10,
        latencyMs: latency,
        byStatus: measured.byStatus,
        networkErrors: measured.networkErrors,
        emptyResults: measured.emptyResults,
        cpu: cpuUse(cpuAtStart, cpuAtEnd, SECONDS, machine.cores),
      },
    };
    console.log(
      [
        '',
        `GET /api/data/result/ - ${report.date}`,
        `Machine       ${machine.cpuModel}, ${machine.cores} cores; Node ${machine.node}; ${machine.postgres}`,
        `Requests      ${report.results.requests} in ${elapsedSeconds.toFixed(2)} s = ${report.results.requestsPerSecond} results/s`,
        `Latency       p50 ${latency.p50Ms}  p95 ${latency.p95Ms}  p99 ${latency.p99Ms}  max ${latency.maxMs} ms`,
        `Errors        ${failures}`,
        report.results.cpu
          ? `CPU           API ${report.results.cpu.apiPercent} %, PostgreSQL ${report.results.cpu.postgresPercent} %, load generator ${report.results.cpu.clientPercent} %, other ${report.results.cpu.otherPercent} %`
          : '',
      ].join('\n'),
    );
    mkdirSync(resolve(RESULTS_FILE, '..'), { recursive: true });
    writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`bench: written to ${RESULTS_FILE.slice(REPO_ROOT.length + 1)}`);
    return failures > 0 ? 1 : 0;
  } finally {
    phase = 'stopping';
    agent.destroy();
    if (api) await stopApi(api).catch((error) => console.error('bench: could not stop the API process:', error));
    if (database) await database.drop().catch((error) => console.error('bench: could not drop the bench database:', error));
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
