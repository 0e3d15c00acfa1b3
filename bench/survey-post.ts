// npm run bench:survey: POST /api/data/survey under 50 concurrent visitors, measured beside a bare NestJS route that
// does one PostgreSQL INSERT (bench/bare-insert-server.ts) in the same run, so that the survey POST's cost is given as
// a ratio to it rather than in milliseconds that drift with the machine. Both run against the built server on one
// fresh PostgreSQL database; their measured windows alternate, so that noise from the machine falls on both. Then 50
// paced visitors (a page every few seconds) measure the survey POST as people use it. Prints the figures and keeps
// the latest as bench/results/survey-post.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as wait } from 'node:timers/promises';
import { findFreePort } from '../api/src/database/free-port.js';
import { exited, REPO_ROOT, startApiProcess, type ApiProcess } from '../test/support/api-process.js';
import { SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../test/support/households.js';
import { createTestDatabase, type TestDatabase } from '../test/support/test-database.js';
import { CpuProfiler, inspectorUrlOf, selfTimeByPlace, topFunctionsBySelfTime } from './cpu-profile.js';
import { cpuUse, describeMachine, readCpuClock, type Machine } from './machine.js';
import { BENCH_ROUTE_LIMITS, ensureBuilt, positiveNumberFromEnvironment, postgresBackends, stopApi } from './server.js';
import { summarise, type LatencySummary } from './statistics.js';

// The targets of issue 18: beside the bare insert route at the same concurrency, the survey POST's p95 at most twice
// the bare p95 and its throughput at least half the bare throughput; paced visitors' p95 under 30 ms.
const TARGET_P95_RATIO = 2;
const TARGET_THROUGHPUT_RATIO = 0.5;
const TARGET_PACED_P95_MS = 30;
/** Above this share of CPU (in % of one core) used by other processes, a run is flagged as shared. */
const NOISY_OTHER_CPU_PERCENT = 20;
const RESULTS_FILE = resolve(REPO_ROOT, 'bench/results/survey-post.json');

/** Measured seconds for each route at full load, split over the rounds. */
const SECONDS = positiveNumberFromEnvironment('BENCH_SECONDS', 20);
const ROUNDS = Math.round(positiveNumberFromEnvironment('BENCH_ROUNDS', 5));
const WARM_UP_SECONDS = positiveNumberFromEnvironment('BENCH_WARMUP_SECONDS', 5);
/** Unmeasured seconds at the start of each later window: the visitors open their connections and the server settles. */
const SETTLE_SECONDS = 1;
const CONCURRENCY = Math.round(positiveNumberFromEnvironment('BENCH_CONCURRENCY', 50));
// The paced run: a pause between pages models people reading and typing, so that the latency is the service time
// rather than the queue. Each pause is drawn between half and one and a half times this, and visitors start at random
// within one pause, so that they do not all post at the same moment. BENCH_PACED_SECONDS=0 leaves the run out.
const PACED_PAUSE_MS = positiveNumberFromEnvironment('BENCH_PAUSE_MS', 3000);
const PACED_SECONDS = process.env.BENCH_PACED_SECONDS === '0' ? 0 : positiveNumberFromEnvironment('BENCH_PACED_SECONDS', 20);
// BENCH_CPU_PROFILE=file.cpuprofile: the API runs with its inspector open, and one more window of the survey POST at
// full load is profiled after the rounds (the rounds' figures then carry the inspector's small cost). The profile is
// written there (open it in Chrome's DevTools) and its functions by self time printed and kept in the results. The
// bare route is profiled the same way after it, into the same name with '.bare' before the extension, so that the two
// can be compared function by function (the cost of sending to PostgreSQL, say, is in both).
const CPU_PROFILE_FILE = process.env.BENCH_CPU_PROFILE ? resolve(process.env.BENCH_CPU_PROFILE) : null;
const PROFILE_SECONDS = positiveNumberFromEnvironment('BENCH_PROFILE_SECONDS', 10);

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
  /** 2xx answers that did not say what they should: not the page this household should see next, or not stored. */
  unexpectedAnswers: number;
  completedQuestionnaires: number;
}

const newTally = (): Tally => ({
  latencies: [],
  requests: 0,
  byStatus: {},
  networkErrors: 0,
  unexpectedAnswers: 0,
  completedQuestionnaires: 0,
});

function addTally(into: Tally, from: Tally): void {
  for (const sample of from.latencies) into.latencies.push(sample);
  into.requests += from.requests;
  for (const [status, count] of Object.entries(from.byStatus)) into.byStatus[status] = (into.byStatus[status] ?? 0) + count;
  into.networkErrors += from.networkErrors;
  into.unexpectedAnswers += from.unexpectedAnswers;
  into.completedQuestionnaires += from.completedQuestionnaires;
}

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

function parsed<T>(text: string): Partial<T> {
  try {
    return JSON.parse(text) as Partial<T>;
  } catch {
    return {};
  }
}

let sent = 0;

/** One window of load on one route: its visitors post as fast as they are answered (or paced), until told to stop. */
class LoadWindow {
  phase: Phase = 'warm-up';
  readonly warmUp = newTally();
  readonly measured = newTally();
  /** Time the last measured request finished, to measure the window up to its true end. */
  lastMeasuredEnd = 0;

  constructor(
    private readonly endpoint: URL,
    readonly pauseMs: number,
  ) {}

  // A method, not a field test, because the phase changes while a visitor awaits its answer.
  isStopping(): boolean {
    return this.phase === 'stopping';
  }

  /**
   * Posts one body; the parsed answer of a 2xx, else null. The request id lets the server's own timing of the measured
   * requests be picked out of its log.
   */
  async send<T>(body: string): Promise<{ tally: Tally; answer: Partial<T> } | null> {
    const tally = this.phase === 'measured' ? this.measured : this.warmUp;
    sent += 1;
    const requestId = `bench-${tally === this.measured ? 'm' : 'w'}-${sent}`;
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
    return { tally, answer: parsed<T>(response.text) };
  }

  async pause(): Promise<void> {
    if (this.pauseMs > 0) await pause(this.pauseMs * (0.5 + Math.random()));
  }
}

/** One browser answering the questionnaire again and again, a new calculation each time, until told to stop. */
async function surveyVisitor(window: LoadWindow, index: number): Promise<void> {
  const browserId = `browser_${Date.now()}_bench${String(index).padStart(4, '0')}`;
  if (window.pauseMs > 0) await pause(Math.random() * window.pauseMs);
  while (!window.isStopping()) {
    let session: string | null = null;
    for (const [position, page] of PAGES.entries()) {
      if (window.isStopping()) return;
      const isLast = position === PAGES.length - 1;
      const expectedNext = isLast ? page.number : PAGES[position + 1].number;
      const body: string = JSON.stringify({ browserId, session, page: page.number, action: isLast ? 4 : 2, ...page.answers });
      const answered = await window.send<{ pageNumber: number; session: string | null }>(body);
      if (!answered) break; // start a new calculation, as a visitor who gets an error page might
      if (answered.answer.pageNumber !== expectedNext || !answered.answer.session) {
        answered.tally.unexpectedAnswers += 1;
        break;
      }
      if (isLast) answered.tally.completedQuestionnaires += 1;
      session = answered.answer.session;
      await window.pause();
    }
  }
}

/** The same bodies, in the same order, to the bare insert route: each one stored as one row. */
async function bareVisitor(window: LoadWindow, index: number): Promise<void> {
  const browserId = `browser_${Date.now()}_bench${String(index).padStart(4, '0')}`;
  while (!window.isStopping()) {
    for (const [position, page] of PAGES.entries()) {
      if (window.isStopping()) return;
      const action = position === PAGES.length - 1 ? 4 : 2;
      const body = JSON.stringify({ browserId, session: null, page: page.number, action, ...page.answers });
      const answered = await window.send<{ stored: boolean }>(body);
      if (answered && answered.answer.stored !== true) answered.tally.unexpectedAnswers += 1;
    }
  }
}

// Ctrl-C cuts the warm-up or the measured window short instead of waiting it out.
const interruption = new AbortController();
// Every visitor's pause listens for it at once.
setMaxListeners(CONCURRENCY + 10, interruption.signal);
const pause = (ms: number) => wait(ms, undefined, { signal: interruption.signal }).catch(() => undefined);

// ---------------------------------------------------------------------------------------------------------------
// The two servers and the windows of load.

interface Server {
  route: 'survey' | 'bare';
  url: URL;
  pid: number | undefined;
  /** PostgreSQL's application_name of the server's pool, to find its backends' CPU time. */
  applicationName: string;
  visitor: (window: LoadWindow, index: number) => Promise<void>;
}

interface RouteFigures {
  tally: Tally;
  warmUp: Tally;
  elapsedSeconds: number;
  cpuWindows: { seconds: number; use: ReturnType<typeof cpuUse>; requests: number; serverSeconds: number; postgresSeconds: number }[];
  /** Each measured window on its own, to show how much the machine moved between them. */
  windows: { requestsPerSecond: number; p95Ms: number }[];
}

const newFigures = (): RouteFigures => ({ tally: newTally(), warmUp: newTally(), elapsedSeconds: 0, cpuWindows: [], windows: [] });

/** Runs one window: `unmeasuredSeconds` of load, then `seconds` measured; adds what it saw to `figures`. */
async function runWindow(
  server: Server,
  database: TestDatabase,
  figures: RouteFigures,
  settings: { unmeasuredSeconds: number; seconds: number; pauseMs: number },
  onWindow: (window: LoadWindow | null) => void,
): Promise<void> {
  const window: LoadWindow = new LoadWindow(server.url, settings.pauseMs);
  onWindow(window);
  const visitors = Array.from({ length: CONCURRENCY }, (_, index) => server.visitor(window, index));
  await pause(settings.unmeasuredSeconds * 1000);
  if (interruption.signal.aborted) throw new Error('Interrupted.');
  window.phase = 'measured';
  const measuredFrom = performance.now();
  const cpuAtStart = readCpuClock(server.pid, await postgresBackends(database, server.applicationName));
  await pause(settings.seconds * 1000);
  const cpuAtEnd = readCpuClock(server.pid, await postgresBackends(database, server.applicationName));
  window.phase = 'stopping';
  const measuredFor = (performance.now() - measuredFrom) / 1000;
  await Promise.all(visitors);
  onWindow(null);
  if (interruption.signal.aborted) throw new Error('Interrupted.');
  // Requests started inside the window all count, so the window runs until the last of them was answered.
  const elapsedSeconds = (Math.max(window.lastMeasuredEnd, measuredFrom + measuredFor * 1000) - measuredFrom) / 1000;
  addTally(figures.tally, window.measured);
  addTally(figures.warmUp, window.warmUp);
  figures.elapsedSeconds += elapsedSeconds;
  let postgresSeconds = 0;
  for (const [pid, seconds] of cpuAtEnd?.postgres ?? []) postgresSeconds += seconds - (cpuAtStart?.postgres.get(pid) ?? 0);
  figures.cpuWindows.push({
    seconds: measuredFor,
    use: cpuUse(cpuAtStart, cpuAtEnd, measuredFor, cpus().length),
    requests: window.measured.requests,
    serverSeconds: cpuAtStart && cpuAtEnd ? cpuAtEnd.api - cpuAtStart.api : 0,
    postgresSeconds,
  });
  figures.windows.push({
    requestsPerSecond: Math.round((window.measured.requests / elapsedSeconds) * 10) / 10,
    p95Ms: summarise(window.measured.latencies).p95Ms,
  });
}

/** Starts bench/bare-insert-server.ts on the bench's database and waits until it takes requests. */
async function startBareServer(
  databaseUrl: string,
  nodeOptions: string[],
): Promise<{ url: URL; child: ChildProcess; output: () => string }> {
  const port = await findFreePort();
  const child = spawn(process.execPath, [...nodeOptions, '--import', './scripts/register-typescript.mjs', 'bench/bare-insert-server.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
    },
  });
  let output = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  await new Promise<void>((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`The bare insert server did not start within 60 s:\n${output}`)), 60_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('listening\n')) {
        clearTimeout(timer);
        resolveStart();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The bare insert server exited with code ${code} while starting:\n${output}`));
    });
  });
  return { url: new URL(`http://127.0.0.1:${port}/bare/insert`), child, output: () => output };
}

/** Collects the server's own durationMs of the measured requests from its one-line-per-request JSON log. */
function collectServerTimings(api: ApiProcess, into: () => number[] | null): void {
  let partial = '';
  // startApiProcess reads the output as UTF-8 text (a character split between chunks is kept whole).
  api.child.stdout?.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    const durations = into();
    if (!durations) return;
    for (const line of lines) {
      if (!line.includes('"bench-m-')) continue;
      const entry = JSON.parse(line) as { message?: string; durationMs?: number };
      if (entry.message === 'request completed' && typeof entry.durationMs === 'number') durations.push(entry.durationMs);
    }
  });
}

function errorsOf(tally: Tally) {
  const non2xx = Object.entries(tally.byStatus).filter(([status]) => !status.startsWith('2'));
  return {
    total: non2xx.reduce((sum, [, count]) => sum + count, 0) + tally.networkErrors + tally.unexpectedAnswers,
    byStatus: Object.fromEntries(non2xx),
    networkErrors: tally.networkErrors,
    unexpectedAnswers: tally.unexpectedAnswers,
    serverErrors: non2xx.filter(([status]) => status.startsWith('5')).reduce((sum, [, count]) => sum + count, 0),
  };
}

/** The CPU use of several windows, weighted by their length. */
function cpuOver(windows: RouteFigures['cpuWindows']) {
  const measured = windows.filter((window) => window.use !== null);
  if (measured.length === 0) return null;
  const seconds = measured.reduce((sum, window) => sum + window.seconds, 0);
  const mean = (pick: (use: NonNullable<ReturnType<typeof cpuUse>>) => number) =>
    Math.round(measured.reduce((sum, window) => sum + pick(window.use!) * window.seconds, 0) / seconds);
  return {
    machinePercent: mean((use) => use.machinePercent),
    serverPercent: mean((use) => use.apiPercent),
    postgresPercent: mean((use) => use.postgresPercent),
    clientPercent: mean((use) => use.clientPercent),
    otherPercent: mean((use) => use.otherPercent),
    ofPercent: measured[0].use!.ofPercent,
  };
}

/**
 * CPU time per request of the server process and of its PostgreSQL backends, in ms: what a request costs, which
 * other work on the machine changes far less than it changes the requests a second. Counted in /proc's 10 ms ticks.
 */
function cpuPerRequest(windows: RouteFigures['cpuWindows']) {
  const requests = windows.reduce((sum, window) => sum + window.requests, 0);
  if (requests === 0 || windows.every((window) => window.use === null)) return null;
  const perRequest = (seconds: number) => Math.round((seconds * 1000 * 1000) / requests) / 1000;
  return {
    server: perRequest(windows.reduce((sum, window) => sum + window.serverSeconds, 0)),
    postgres: perRequest(windows.reduce((sum, window) => sum + window.postgresSeconds, 0)),
  };
}

function routeReport(figures: RouteFigures, serverTimings?: number[]) {
  const { tally, elapsedSeconds } = figures;
  return {
    requests: tally.requests,
    elapsedSeconds: Math.round(elapsedSeconds * 100) / 100,
    requestsPerSecond: Math.round((tally.requests / elapsedSeconds) * 10) / 10,
    latencyMs: summarise(tally.latencies),
    // The server's own time from request in to response out; the rest is queueing and the client's share of CPU.
    ...(serverTimings ? { serverLatencyMs: summarise(serverTimings) } : {}),
    completedQuestionnaires: tally.completedQuestionnaires,
    windows: figures.windows,
    errors: errorsOf(tally),
    warmUpRequests: figures.warmUp.requests,
    warmUpErrors: errorsOf(figures.warmUp),
    cpu: cpuOver(figures.cpuWindows),
    cpuMsPerRequest: cpuPerRequest(figures.cpuWindows),
  };
}

async function main(): Promise<number> {
  ensureBuilt();
  let database: TestDatabase | undefined;
  let api: ApiProcess | undefined;
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  let current: LoadWindow | null = null;
  // Ctrl-C: stop the visitors and fall through to the clean-up below rather than leave a database behind.
  const interrupt = () => {
    interruption.abort();
    if (current) current.phase = 'stopping';
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    database = await createTestDatabase();
    const [{ version }] = await database.query<{ version: string }>('SELECT version()');
    const machine = describeMachine(version);
    console.log(`bench: starting the API and the bare insert server on ${new URL(database.url).pathname.slice(1)}`);
    const environment = { ...BENCH_ROUTE_LIMITS, NODE_ENV: 'production', DATABASE_URL: database.url, LOG_LEVEL: 'info' };
    api = await startApiProcess(environment, CPU_PROFILE_FILE ? ['--inspect=127.0.0.1:0'] : []);
    bare = await startBareServer(database.url, CPU_PROFILE_FILE ? ['--inspect=127.0.0.1:0'] : []);
    let timings: number[] | null = null;
    collectServerTimings(api, () => timings);
    const servers: Record<Server['route'], Server> = {
      survey: {
        route: 'survey',
        url: new URL('/api/data/survey/', api.url),
        pid: api.child.pid,
        applicationName: 'benefits-calculator',
        visitor: surveyVisitor,
      },
      bare: { route: 'bare', url: bare.url, pid: bare.child.pid, applicationName: 'bench-bare-insert', visitor: bareVisitor },
    };
    const figures = { survey: newFigures(), bare: newFigures(), paced: newFigures() };
    const surveyTimings: number[] = [];
    const pacedTimings: number[] = [];
    const track = (window: LoadWindow | null) => (current = window);

    const roundSeconds = SECONDS / ROUNDS;
    console.log(
      `bench: ${CONCURRENCY} visitors without pause, the survey POST and the bare insert route in turn: ${ROUNDS} rounds of ${roundSeconds} s measured each (${WARM_UP_SECONDS} s warm-up first, ${SETTLE_SECONDS} s unmeasured at the start of each window)`,
    );
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternate which goes first, so that neither always follows the other.
      const order: Server['route'][] = round % 2 === 0 ? ['survey', 'bare'] : ['bare', 'survey'];
      for (const route of order) {
        timings = route === 'survey' ? surveyTimings : null;
        const unmeasuredSeconds = round === 0 ? WARM_UP_SECONDS : SETTLE_SECONDS;
        await runWindow(servers[route], database, figures[route], { unmeasuredSeconds, seconds: roundSeconds, pauseMs: 0 }, track);
        const last = figures[route].windows.at(-1)!;
        console.log(`bench: round ${round + 1}, ${route.padEnd(6)} ${last.requestsPerSecond} requests/s, p95 ${last.p95Ms} ms`);
      }
    }
    if (PACED_SECONDS > 0) {
      console.log(
        `bench: ${CONCURRENCY} paced visitors on the survey POST, about ${PACED_PAUSE_MS} ms between pages, ${PACED_SECONDS} s measured`,
      );
      timings = pacedTimings;
      await runWindow(
        servers.survey,
        database,
        figures.paced,
        { unmeasuredSeconds: WARM_UP_SECONDS, seconds: PACED_SECONDS, pauseMs: PACED_PAUSE_MS },
        track,
      );
    }
    let profile: ReturnType<typeof topFunctionsBySelfTime> | null = null;
    let profileByPlace: ReturnType<typeof selfTimeByPlace> | null = null;
    let bareProfile: { file: string; byPlace: ReturnType<typeof selfTimeByPlace> } | null = null;
    if (CPU_PROFILE_FILE) {
      timings = null;
      const profileOf = async (route: Server['route'], output: string, file: string) => {
        console.log(`bench: profiling the ${route} route for ${PROFILE_SECONDS} s at full load`);
        const profiler = await CpuProfiler.connect(inspectorUrlOf(output));
        try {
          await profiler.start();
          const window = { unmeasuredSeconds: SETTLE_SECONDS, seconds: PROFILE_SECONDS, pauseMs: 0 };
          await runWindow(servers[route], database!, newFigures(), window, track);
          const taken = await profiler.stop();
          writeFileSync(file, JSON.stringify(taken));
          return taken;
        } finally {
          profiler.close();
        }
      };
      const taken = await profileOf('survey', api.output(), CPU_PROFILE_FILE);
      profile = topFunctionsBySelfTime(taken);
      profileByPlace = selfTimeByPlace(taken);
      const bareFile = CPU_PROFILE_FILE.replace(/(\.cpuprofile)?$/, '.bare.cpuprofile');
      bareProfile = { file: bareFile, byPlace: selfTimeByPlace(await profileOf('bare', bare.output(), bareFile)) };
    }
    timings = null;
    // The server writes its log line as the response goes out; give the last few a moment to arrive.
    await pause(250);

    const report = {
      ...buildReport(machine, figures, surveyTimings, pacedTimings),
      ...(profile ? { profile: { ...profile, byPlace: profileByPlace, bare: bareProfile } } : {}),
    };
    printReport(report);
    if (profile) printProfile(profile, profileByPlace!, bareProfile!);
    mkdirSync(resolve(RESULTS_FILE, '..'), { recursive: true });
    writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nbench: written to ${RESULTS_FILE.slice(REPO_ROOT.length + 1)}`);

    // A 4xx is reported but is not a failure of the bench; a 5xx, a dropped connection or a wrong answer is.
    const failed = [report.results.survey, report.results.bare, ...(report.results.paced ? [report.results.paced] : [])]
      .flatMap((route) => [route.errors, route.warmUpErrors])
      .reduce((sum, tally) => sum + tally.serverErrors + tally.networkErrors + tally.unexpectedAnswers, 0);
    if (failed > 0) {
      console.error(
        `bench: FAILED - ${failed} server errors, dropped connections or wrong answers. The servers' last words:\n${api.output().split('\n').slice(-20).join('\n')}\n${bare.output().split('\n').slice(-10).join('\n')}`,
      );
      return 1;
    }
    return 0;
  } finally {
    if (current) (current as LoadWindow).phase = 'stopping';
    agent.destroy();
    if (bare) {
      const child = bare.child;
      child.kill('SIGTERM');
      await Promise.race([exited(child), wait(10_000).then(() => child.kill('SIGKILL'))]);
    }
    if (api) await stopApi(api).catch((error) => console.error('bench: could not stop the API process:', error));
    if (database) await database.drop().catch((error) => console.error('bench: could not drop the bench database:', error));
  }
}

const ratio = (value: number) => Math.round(value * 100) / 100;

function buildReport(
  machine: Machine,
  figures: Record<'survey' | 'bare' | 'paced', RouteFigures>,
  surveyTimings: number[],
  pacedTimings: number[],
) {
  const survey = routeReport(figures.survey, surveyTimings);
  const bare = routeReport(figures.bare);
  const paced = PACED_SECONDS > 0 ? routeReport(figures.paced, pacedTimings) : null;
  const p95Ratio = ratio(survey.latencyMs.p95Ms / bare.latencyMs.p95Ms);
  const throughputRatio = ratio(survey.requestsPerSecond / bare.requestsPerSecond);
  return {
    benchmark: 'POST /api/data/survey beside a bare insert route',
    date: new Date().toISOString(),
    machine,
    settings: {
      concurrency: CONCURRENCY,
      warmUpSeconds: WARM_UP_SECONDS,
      measuredSecondsPerRoute: SECONDS,
      rounds: ROUNDS,
      pacedSeconds: PACED_SECONDS,
      pacedPauseBetweenPagesMs: PACED_PAUSE_MS,
      household: 'single private renter working part time (test/support/households.ts)',
      pagesPerQuestionnaire: PAGES.length,
      server: 'one API process, NODE_ENV=production, LOG_LEVEL=info, on a fresh database',
      bare: 'bench/bare-insert-server.ts: NestJS + Express + TypeORM, one INSERT of the posted body, same database and pool size',
    },
    results: { survey, bare, paced },
    ratios: {
      p95: p95Ratio,
      throughput: throughputRatio,
      // Not a target: how many times the bare route's CPU one survey POST takes, in the API and in PostgreSQL.
      serverCpuPerRequest:
        survey.cpuMsPerRequest && bare.cpuMsPerRequest ? ratio(survey.cpuMsPerRequest.server / bare.cpuMsPerRequest.server) : null,
      postgresCpuPerRequest:
        survey.cpuMsPerRequest && bare.cpuMsPerRequest ? ratio(survey.cpuMsPerRequest.postgres / bare.cpuMsPerRequest.postgres) : null,
    },
    targets: {
      p95Ratio: { atMost: TARGET_P95_RATIO, measured: p95Ratio, met: p95Ratio <= TARGET_P95_RATIO },
      throughputRatio: { atLeast: TARGET_THROUGHPUT_RATIO, measured: throughputRatio, met: throughputRatio >= TARGET_THROUGHPUT_RATIO },
      pacedP95Ms: paced
        ? { under: TARGET_PACED_P95_MS, measured: paced.latencyMs.p95Ms, met: paced.latencyMs.p95Ms < TARGET_PACED_P95_MS }
        : null,
    },
  };
}

type Report = ReturnType<typeof buildReport>;

function printReport({ date, machine, settings, results, ratios, targets }: Report): void {
  const ms = (summary: LatencySummary) =>
    summary.samples === 0
      ? 'no samples'
      : `p50 ${summary.p50Ms}  p95 ${summary.p95Ms}  p99 ${summary.p99Ms}  max ${summary.maxMs}  mean ${summary.meanMs} ms`;
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const lines = [
    '',
    `POST /api/data/survey beside a bare insert route - ${date}`,
    `Machine       ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.os}`,
    `Software      Node ${machine.node}; ${machine.postgres}`,
    `Load          ${settings.concurrency} concurrent visitors without pause, ${settings.rounds} alternating rounds, ${settings.measuredSecondsPerRoute} s measured per route`,
  ];
  const route = (name: string, figures: ReturnType<typeof routeReport>) => {
    const { errors, cpu } = figures;
    lines.push(
      `${name}`,
      `  Requests    ${figures.requests} in ${figures.elapsedSeconds} s = ${figures.requestsPerSecond} requests/s (windows: ${figures.windows.map((window) => window.requestsPerSecond).join(', ')})`,
      `  Latency     ${ms(figures.latencyMs)} (client, ${figures.latencyMs.samples} samples)`,
    );
    if (figures.serverLatencyMs)
      lines.push(`  Server time ${ms(figures.serverLatencyMs)} (the server's own log line of each measured request)`);
    lines.push(
      `  Errors      ${errors.total}${errors.total ? ` ${JSON.stringify({ byStatus: errors.byStatus, network: errors.networkErrors, unexpected: errors.unexpectedAnswers })}` : ''}` +
        (figures.warmUpErrors.total ? ` (and ${figures.warmUpErrors.total} during the warm-up)` : ''),
      cpu
        ? `  CPU         ${cpu.machinePercent} % of ${cpu.ofPercent} %: server ${cpu.serverPercent} %, PostgreSQL backends ${cpu.postgresPercent} %, load generator ${cpu.clientPercent} %, other ${cpu.otherPercent} %`
        : '  CPU         not measured (no /proc)',
    );
    if (figures.cpuMsPerRequest) {
      lines.push(`  CPU/request server ${figures.cpuMsPerRequest.server} ms, PostgreSQL ${figures.cpuMsPerRequest.postgres} ms`);
    }
    // Another test run or build on the same machine takes CPU from the server: say so beside the figures.
    if (cpu && cpu.otherPercent > NOISY_OTHER_CPU_PERCENT) {
      lines.push(`  Warning     other processes used ${cpu.otherPercent} % CPU during the run: compare the ratios rather than the times.`);
    }
  };
  route('Survey POST (/api/data/survey)', results.survey);
  route('Bare insert (bench/bare-insert-server.ts)', results.bare);
  if (results.paced) route(`Survey POST, paced visitors (about ${settings.pacedPauseBetweenPagesMs} ms between pages)`, results.paced);
  lines.push(
    `Target        survey p95 at most ${targets.p95Ratio.atMost}x the bare p95: ${verdict(targets.p95Ratio.met)} (${targets.p95Ratio.measured}x: ${results.survey.latencyMs.p95Ms} ms against ${results.bare.latencyMs.p95Ms} ms)`,
    `Target        survey throughput at least ${targets.throughputRatio.atLeast}x the bare: ${verdict(targets.throughputRatio.met)} (${targets.throughputRatio.measured}x: ${results.survey.requestsPerSecond} against ${results.bare.requestsPerSecond} requests/s)`,
    targets.pacedP95Ms
      ? `Target        paced survey p95 under ${targets.pacedP95Ms.under} ms: ${verdict(targets.pacedP95Ms.met)} (${targets.pacedP95Ms.measured} ms)`
      : 'Target        paced survey p95: not run (BENCH_PACED_SECONDS=0)',
  );
  if (ratios.serverCpuPerRequest !== null) {
    lines.push(
      `CPU ratio     a survey POST takes ${ratios.serverCpuPerRequest}x the bare route's server CPU and ${ratios.postgresCpuPerRequest}x its PostgreSQL CPU`,
    );
  }
  console.log(lines.join('\n'));
}

function printProfile(
  profile: ReturnType<typeof topFunctionsBySelfTime>,
  byPlace: ReturnType<typeof selfTimeByPlace>,
  bare: { file: string; byPlace: ReturnType<typeof selfTimeByPlace> },
): void {
  console.log(
    `\nCPU profile of the API, ${PROFILE_SECONDS} s of survey POSTs: ${profile.busyMs} ms busy, ${profile.idleMs} ms idle (written to ${CPU_PROFILE_FILE})`,
  );
  console.log('By self time:');
  for (const entry of profile.functions) {
    console.log(`  ${`${entry.selfPercent}`.padStart(5)} %  ${entry.function}  ${entry.location}`);
  }
  console.log('By place:');
  for (const entry of byPlace) console.log(`  ${`${entry.selfPercent}`.padStart(5)} %  ${entry.place}`);
  console.log(`The bare route by place (written to ${bare.file}):`);
  for (const entry of bare.byPlace) console.log(`  ${`${entry.selfPercent}`.padStart(5)} %  ${entry.place}`);
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
