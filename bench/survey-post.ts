// npm run bench:survey: POST /api/data/survey under 50 concurrent visitors, against the built server on a
// fresh PostgreSQL database. Prints the figures and keeps the latest as bench/results/survey-post.json.
import { setMaxListeners } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as wait } from 'node:timers/promises';
import { REPO_ROOT, startApiProcess, type ApiProcess } from '../test/support/api-process.js';
import { SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../test/support/households.js';
import { createTestDatabase, type TestDatabase } from '../test/support/test-database.js';
import { cpuUse, describeMachine, readCpuClock, type CpuClock, type Machine } from './machine.js';
import { BENCH_ROUTE_LIMITS, ensureBuilt, positiveNumberFromEnvironment, postgresBackends, stopApi } from './server.js';
import { summarise } from './statistics.js';

const TARGET_P95_MS = 30;
/** Above this share of CPU (in % of one core) used by other processes, a run is flagged as shared. */
const NOISY_OTHER_CPU_PERCENT = 20;
const RESULTS_FILE = resolve(REPO_ROOT, 'bench/results/survey-post.json');

const SECONDS = positiveNumberFromEnvironment('BENCH_SECONDS', 20);
const WARM_UP_SECONDS = positiveNumberFromEnvironment('BENCH_WARMUP_SECONDS', 5);
const CONCURRENCY = Math.round(positiveNumberFromEnvironment('BENCH_CONCURRENCY', 50));
// 0 (the default) posts the next page as soon as the last is answered: the server's capacity. A pause between pages
// models people reading and typing, so that the latency is the service time rather than the queue. Each pause is
// drawn between half and one and a half times this, and visitors start at random within one pause, so that they
// do not all post at the same moment.
const PAUSE_MS = process.env.BENCH_PAUSE_MS === '0' ? 0 : positiveNumberFromEnvironment('BENCH_PAUSE_MS', 0);

// The pages this household is asked, as survey-flow.e2e.spec.ts proves: the others do not apply to it.
const PAGE_NUMBERS = [1, 2, 3, 5, 8, 10, 11, 14, 16, 17, 18, 19, 20];
const PAGES = SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.map(([name, answers], index) => ({ name, answers, number: PAGE_NUMBERS[index] }));
if (PAGES.length !== PAGE_NUMBERS.length)
  throw new Error('The household and its page numbers no longer match: update bench/survey-post.ts.');

// ---------------------------------------------------------------------------------------------------------------
// The visitors.

interface Tally {
  /** Client-side latency of each answered POST, in ms: from writing the request to reading the whole response. */
  latencies: number[];
  requests: number;
  byStatus: Record<string, number>;
  networkErrors: number;
  /** 2xx answers that did not move on to the page this household should see next. */
  unexpectedPages: number;
  completedQuestionnaires: number;
}

const newTally = (): Tally => ({
  latencies: [],
  requests: 0,
  byStatus: {},
  networkErrors: 0,
  unexpectedPages: 0,
  completedQuestionnaires: 0,
});

type Phase = 'warm-up' | 'measured' | 'stopping';

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function post(url: URL, body: string, requestId: string): Promise<{ status: number; text: string }> {
  return new Promise((resolvePost, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-Request-Id': requestId },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolvePost({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

class LoadRun {
  phase: Phase = 'warm-up';
  readonly warmUp = newTally();
  readonly measured = newTally();
  private sent = 0;
  /** Time the last measured request finished, to measure the window up to its true end. */
  lastMeasuredEnd = 0;
  private readonly endpoint: URL;

  constructor(apiUrl: string) {
    this.endpoint = new URL('/api/data/survey/', apiUrl);
  }

  // A method, not a field test, because the phase changes while a visitor awaits its answer.
  private isStopping(): boolean {
    return this.phase === 'stopping';
  }

  /** One browser answering the questionnaire again and again, a new calculation each time, until told to stop. */
  async visitor(index: number): Promise<void> {
    const browserId = `browser_${Date.now()}_bench${String(index).padStart(4, '0')}`;
    if (PAUSE_MS > 0) await pause(Math.random() * PAUSE_MS);
    while (!this.isStopping()) {
      let session: string | null = null;
      for (const [position, page] of PAGES.entries()) {
        if (this.isStopping()) return;
        const isLast = position === PAGES.length - 1;
        const expectedNext = isLast ? page.number : PAGES[position + 1].number;
        const body = JSON.stringify({ browserId, session, page: page.number, action: isLast ? 4 : 2, ...page.answers });
        const answered = await this.send(body, expectedNext, isLast);
        if (!answered) break; // start a new calculation, as a visitor who gets an error page might
        session = answered;
        if (PAUSE_MS > 0) await pause(PAUSE_MS * (0.5 + Math.random()));
      }
    }
  }

  /** Posts one page; the calculation's session when the server moved on as expected, else null. */
  private async send(body: string, expectedNext: number, finishing: boolean): Promise<string | null> {
    const tally = this.phase === 'measured' ? this.measured : this.warmUp;
    this.sent += 1;
    // The request id lets the server's own timing of the measured requests be picked out of its log.
    const requestId = `bench-${tally === this.measured ? 'm' : 'w'}-${this.sent}`;
    tally.requests += 1;
    const started = performance.now();
    let response: { status: number; text: string };
    try {
      response = await post(this.endpoint, body, requestId);
    } catch {
      tally.networkErrors += 1;
      return null;
    } finally {
      if (tally === this.measured) this.lastMeasuredEnd = performance.now();
    }
    tally.latencies.push(performance.now() - started);
    tally.byStatus[response.status] = (tally.byStatus[response.status] ?? 0) + 1;
    if (response.status < 200 || response.status > 299) return null;
    let answer: { pageNumber?: number; session?: string | null };
    try {
      answer = JSON.parse(response.text) as typeof answer;
    } catch {
      answer = {};
    }
    if (answer.pageNumber !== expectedNext || !answer.session) {
      tally.unexpectedPages += 1;
      return null;
    }
    if (finishing) tally.completedQuestionnaires += 1;
    return answer.session;
  }
}

/** Collects the server's own durationMs of the measured requests from its one-line-per-request JSON log. */
function collectServerTimings(api: ApiProcess): number[] {
  const durations: number[] = [];
  let partial = '';
  api.child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('"bench-m-')) continue;
      const entry = JSON.parse(line) as { message?: string; durationMs?: number };
      if (entry.message === 'request completed' && typeof entry.durationMs === 'number') durations.push(entry.durationMs);
    }
  });
  return durations;
}

// Ctrl-C cuts the warm-up or the measured window short instead of waiting it out.
const interruption = new AbortController();
// Every visitor's pause listens for it at once.
setMaxListeners(CONCURRENCY + 10, interruption.signal);
const pause = (ms: number) => wait(ms, undefined, { signal: interruption.signal }).catch(() => undefined);

function errorsOf(tally: Tally) {
  const non2xx = Object.entries(tally.byStatus).filter(([status]) => !status.startsWith('2'));
  return {
    total: non2xx.reduce((sum, [, count]) => sum + count, 0) + tally.networkErrors + tally.unexpectedPages,
    byStatus: Object.fromEntries(non2xx),
    networkErrors: tally.networkErrors,
    unexpectedPages: tally.unexpectedPages,
    serverErrors: non2xx.filter(([status]) => status.startsWith('5')).reduce((sum, [, count]) => sum + count, 0),
  };
}

async function main(): Promise<number> {
  ensureBuilt();
  let database: TestDatabase | undefined;
  let api: ApiProcess | undefined;
  let interrupted = false;
  let run: LoadRun | undefined;
  // Ctrl-C: stop the visitors and fall through to the clean-up below rather than leave a database behind.
  const interrupt = () => {
    interrupted = true;
    interruption.abort();
    if (run) run.phase = 'stopping';
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    database = await createTestDatabase();
    const [{ version }] = await database.query<{ version: string }>('SELECT version()');
    console.log(`bench: starting the API on ${new URL(database.url).pathname.slice(1)}`);
    api = await startApiProcess({ ...BENCH_ROUTE_LIMITS, NODE_ENV: 'production', DATABASE_URL: database.url, LOG_LEVEL: 'info' });
    const serverTimings = collectServerTimings(api);

    run = new LoadRun(api.url);
    console.log(
      `bench: ${CONCURRENCY} visitors${PAUSE_MS ? ` pausing ${PAUSE_MS} ms between pages` : ''}, ${WARM_UP_SECONDS} s warm-up then ${SECONDS} s measured`,
    );
    const visitors = Array.from({ length: CONCURRENCY }, (_, index) => run!.visitor(index));
    await pause(WARM_UP_SECONDS * 1000);
    if (interrupted) throw new Error('Interrupted.');

    run.phase = 'measured';
    const measuredFrom = performance.now();
    const cpuAtStart: CpuClock | null = readCpuClock(api.child.pid, await postgresBackends(database));
    await pause(SECONDS * 1000);
    const cpuAtEnd = readCpuClock(api.child.pid, await postgresBackends(database));
    run.phase = 'stopping';
    const measuredFor = performance.now() - measuredFrom;
    await Promise.all(visitors);
    if (interrupted) throw new Error('Interrupted.');
    // The server writes its log line as the response goes out; give the last few a moment to arrive.
    await pause(250);

    // Requests started inside the window all count, so the window runs until the last of them was answered.
    const elapsedSeconds = (Math.max(run.lastMeasuredEnd, measuredFrom + measuredFor) - measuredFrom) / 1000;
    const report = buildReport(run, describeMachine(version), elapsedSeconds, measuredFor / 1000, serverTimings, cpuAtStart, cpuAtEnd);
    printReport(report);
    mkdirSync(resolve(RESULTS_FILE, '..'), { recursive: true });
    writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nbench: written to ${RESULTS_FILE.slice(REPO_ROOT.length + 1)}`);

    const { errors, warmUpErrors } = report.results;
    // A 4xx is reported but is not a failure of the bench; a 5xx, a dropped connection or a wrong next page is.
    const failed = [errors, warmUpErrors].reduce((sum, tally) => sum + tally.serverErrors + tally.networkErrors + tally.unexpectedPages, 0);
    if (failed > 0) {
      console.error(
        `bench: FAILED - ${failed} server errors, dropped connections or wrong next pages. The server's last words:\n${api.output().split('\n').slice(-20).join('\n')}`,
      );
      return 1;
    }
    return 0;
  } finally {
    if (run) run.phase = 'stopping';
    agent.destroy();
    if (api) await stopApi(api).catch((error) => console.error('bench: could not stop the API process:', error));
    if (database) await database.drop().catch((error) => console.error('bench: could not drop the bench database:', error));
  }
}

function buildReport(
  run: LoadRun,
  machine: Machine,
  elapsedSeconds: number,
  measuredSeconds: number,
  serverTimings: number[],
  cpuAtStart: CpuClock | null,
  cpuAtEnd: CpuClock | null,
) {
  const { measured } = run;
  const latency = summarise(measured.latencies);
  return {
    benchmark: 'POST /api/data/survey',
    date: new Date().toISOString(),
    machine,
    settings: {
      concurrency: CONCURRENCY,
      warmUpSeconds: WARM_UP_SECONDS,
      measuredSeconds: SECONDS,
      pauseBetweenPagesMs: PAUSE_MS,
      household: 'single private renter working part time (test/support/households.ts)',
      pagesPerQuestionnaire: PAGES.length,
      server: 'one API process, NODE_ENV=production, LOG_LEVEL=info, on a fresh database',
    },
    results: {
      requests: measured.requests,
      elapsedSeconds: Math.round(elapsedSeconds * 100) / 100,
      requestsPerSecond: Math.round((measured.requests / elapsedSeconds) * 10) / 10,
      latencyMs: latency,
      // The server's own time from request in to response out; the rest is queueing and the client's share of CPU.
      serverLatencyMs: summarise(serverTimings),
      completedQuestionnaires: measured.completedQuestionnaires,
      questionnairesPerSecond: Math.round((measured.completedQuestionnaires / elapsedSeconds) * 100) / 100,
      errors: errorsOf(measured),
      warmUpRequests: run.warmUp.requests,
      warmUpErrors: errorsOf(run.warmUp),
      cpu: cpuUse(cpuAtStart, cpuAtEnd, measuredSeconds, machine.cores),
    },
    target: { p95Ms: TARGET_P95_MS, met: latency.p95Ms < TARGET_P95_MS },
  };
}

type Report = ReturnType<typeof buildReport>;

function printReport({ date, machine, settings, results, target }: Report): void {
  const ms = (summary: ReturnType<typeof summarise>) =>
    summary.samples === 0
      ? 'no samples'
      : `p50 ${summary.p50Ms}  p95 ${summary.p95Ms}  p99 ${summary.p99Ms}  max ${summary.maxMs}  mean ${summary.meanMs} ms`;
  const { errors, cpu } = results;
  const lines = [
    '',
    `POST /api/data/survey - ${date}`,
    `Machine       ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.os}`,
    `Software      Node ${machine.node}; ${machine.postgres}`,
    `Load          ${settings.concurrency} concurrent visitors, ${settings.pauseBetweenPagesMs ? `${settings.pauseBetweenPagesMs} ms pause between pages` : 'no pause between pages'}, ${settings.warmUpSeconds} s warm-up, ${settings.measuredSeconds} s measured`,
    `Requests      ${results.requests} in ${results.elapsedSeconds} s = ${results.requestsPerSecond} requests/s`,
    `Latency       ${ms(results.latencyMs)} (client, ${results.latencyMs.samples} samples)`,
    `Server time   ${ms(results.serverLatencyMs)} (the server's own log line of each measured request)`,
    `Completed     ${results.completedQuestionnaires} questionnaires = ${results.questionnairesPerSecond} a second`,
    `Errors        ${errors.total}${errors.total ? ` ${JSON.stringify({ byStatus: errors.byStatus, network: errors.networkErrors, unexpectedPage: errors.unexpectedPages })}` : ''}` +
      (results.warmUpErrors.total ? ` (and ${results.warmUpErrors.total} during the warm-up)` : ''),
    cpu
      ? `CPU           ${cpu.machinePercent} % of ${cpu.ofPercent} %: API ${cpu.apiPercent} %, PostgreSQL backends ${cpu.postgresPercent} %, load generator ${cpu.clientPercent} %, other ${cpu.otherPercent} %`
      : 'CPU           not measured (no /proc)',
    `Target        p95 under ${target.p95Ms} ms: ${target.met ? 'met' : 'NOT met'} (${results.latencyMs.p95Ms} ms)`,
  ];
  // Another test run or build on the same machine takes CPU from the server: say so beside the figures.
  if (cpu && cpu.otherPercent > NOISY_OTHER_CPU_PERCENT) {
    lines.push(
      `Warning       other processes used ${cpu.otherPercent} % CPU during the run: the figures understate the server; run again on a quiet machine.`,
    );
  }
  console.log(lines.join('\n'));
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
