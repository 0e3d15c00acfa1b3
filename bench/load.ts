// npm run bench:load: whole questionnaires end to end under a busy benefits day. Many visitors at once
// each open the questionnaire (GET), post every page of a household, and read the result (GET), against TWO built
// API processes sharing one fresh PostgreSQL database, the requests dealt to them in turn as a round-robin load
// balancer would. Afterwards the database itself is checked: every answer posted is stored as posted and every
// finished calculation is marked finished, and every result read had figures. Zero lost, zero 5xx, or exit 1.
// Keeps the latest figures in bench/results/load.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as wait } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { REPO_ROOT, startApiProcess, type ApiProcess } from '../test/support/api-process.js';
import { SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../test/support/households.js';
import { createTestDatabase, type TestDatabase } from '../test/support/test-database.js';
import { cpuUse, describeMachine, readCpuClock, type CpuClock } from './machine.js';
import { BENCH_ROUTE_LIMITS, ensureBuilt, positiveNumberFromEnvironment, postgresBackends, stopApi } from './server.js';
import { summarise } from './statistics.js';

const RESULTS_FILE = resolve(REPO_ROOT, 'bench/results/load.json');
const SECONDS = positiveNumberFromEnvironment('BENCH_SECONDS', 30);
const CONCURRENCY = Math.round(positiveNumberFromEnvironment('BENCH_CONCURRENCY', 200));
/** An average pause between a visitor's calls, in ms; 0 (the default) posts back to back. */
const PAUSE_MS = process.env.BENCH_PAUSE_MS ? positiveNumberFromEnvironment('BENCH_PAUSE_MS', 0) : 0;
const HOUSEHOLD = SINGLE_PRIVATE_RENTER_WORKING_PART_TIME;

type CallKind = 'GET page' | 'POST page' | 'GET result';
const CALL_KINDS: CallKind[] = ['GET page', 'POST page', 'GET result'];

interface CallTally {
  latencies: number[];
  byStatus: Record<string, number>;
  networkErrors: number;
  /** Requests sent again because the kept-alive connection they went out on had just been closed by the server. */
  keepAliveRetries: number;
}

/** A questionnaire a visitor finished: what it posted, to be looked for in the database afterwards. */
interface Finished {
  session: string;
  browserId: string;
  answers: Record<string, unknown>;
  /** When it got its result, in ms since the run started. */
  at: number;
}

interface Reply {
  status: number;
  text: string;
}

async function main(): Promise<number> {
  ensureBuilt();
  let database: TestDatabase | undefined;
  const apis: ApiProcess[] = [];
  const agents: Agent[] = [];
  let stopping = false;
  try {
    database = await createTestDatabase();
    const [{ version }] = await database.query<{ version: string }>('SELECT version()');
    // Started together, as two instances behind a load balancer would be: they also race to migrate the database.
    apis.push(
      ...(await Promise.all(
        [0, 1].map(() =>
          startApiProcess({ ...BENCH_ROUTE_LIMITS, NODE_ENV: 'production', DATABASE_URL: database!.url, LOG_LEVEL: 'warn' }),
        ),
      )),
    );
    // Connections are kept alive as a browser keeps them, but dropped after 4 s unused: the server closes those idle
    // for 5 s (Node's keepAliveTimeout), and a request sent on one just as it does so would fail.
    agents.push(...apis.map(() => new Agent({ keepAlive: true, maxSockets: CONCURRENCY, timeout: 4000 })));
    console.log(`bench: ${CONCURRENCY} visitors answering whole questionnaires for ${SECONDS} s against 2 API processes on one database`);

    const tallies = Object.fromEntries(
      CALL_KINDS.map((kind): [CallKind, CallTally] => [kind, { latencies: [], byStatus: {}, networkErrors: 0, keepAliveRetries: 0 }]),
    ) as Record<CallKind, CallTally>;
    const finished: Finished[] = [];
    /** Problems found on the way: a wrong next page, a result without figures. Each one fails the bench. */
    const problems: string[] = [];
    /** Wrong next pages and results without figures (statuses and network errors are counted per call). */
    let flowProblems = 0;
    const note = (problem: string) => {
      if (problems.length < 20) problems.push(problem);
    };
    let nextServer = 0;

    /** One call to the next server in turn, timed and counted; null when it failed (already counted). */
    const call = async (
      kind: CallKind,
      method: 'GET' | 'POST',
      path: string,
      headers: Record<string, string>,
      body?: string,
    ): Promise<Reply | null> => {
      const server = nextServer++ % apis.length;
      const tally = tallies[kind];
      const started = performance.now();
      /** Rejects with `retryable` set when a kept-alive connection turned out closed before any answer came. */
      const send = (fresh = false) =>
        new Promise<Reply>((done, fail) => {
          let answered = false;
          const outgoing = request(
            new URL(path, apis[server].url),
            {
              method,
              agent: fresh ? false : agents[server],
              headers: body
                ? { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) }
                : headers,
            },
            (response) => {
              answered = true;
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () => done({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
              response.on('error', fail);
            },
          );
          outgoing.on('error', (error) =>
            fail(Object.assign(error, { retryable: outgoing.reusedSocket && !answered, reused: outgoing.reusedSocket, answered })),
          );
          outgoing.end(body);
        });
      try {
        let reply: Reply;
        try {
          reply = await send();
        } catch (error) {
          // The server closes a connection idle for its keep-alive time (5 s in Node), and a request sent on it at
          // that moment finds it gone: a race of keep-alive itself, which browsers answer by sending the request
          // again on a new connection, as Node's documentation advises clients to. Done once, on a new connection,
          // counted, and timed from the first try; any other failure counts as a network error.
          if (!(error as { retryable?: boolean }).retryable) throw error;
          tally.keepAliveRetries += 1;
          reply = await send(true);
        }
        tally.latencies.push(performance.now() - started);
        tally.byStatus[reply.status] = (tally.byStatus[reply.status] ?? 0) + 1;
        if (reply.status !== 200) {
          note(`${kind} ${path.split('?')[0]} answered ${reply.status}: ${reply.text.slice(0, 200)}`);
          return null;
        }
        return reply;
      } catch (error) {
        tally.networkErrors += 1;
        const { reused, answered } = error as { reused?: boolean; answered?: boolean };
        note(
          `${kind} ${path.split('?')[0]}: ${error instanceof Error ? error.message : String(error)} (${reused ? 'kept-alive' : 'new'} connection, ${answered ? 'after' : 'before'} the answer began)`,
        );
        return null;
      }
    };
    const pause = () => (PAUSE_MS > 0 ? wait(Math.random() * 2 * PAUSE_MS) : Promise.resolve());

    /** One whole questionnaire as one browser; true when it got to a result with figures. */
    const questionnaire = async (browserId: string): Promise<boolean> => {
      const opened = await call('GET page', 'GET', '/api/data/survey', { 'X-Browser-Id': browserId });
      if (!opened) return false;
      let current = JSON.parse(opened.text) as { pageNumber: number; session: string | null; page: { name: string } };
      let session: string | null = null;
      const posted: Record<string, unknown> = {};
      for (const [index, [name, answers]] of HOUSEHOLD.entries()) {
        if (current.page.name !== name) {
          flowProblems += 1;
          note(`${browserId}: expected the page '${name}', the server moved to '${current.page.name}'`);
          return false;
        }
        await pause();
        const action = index === HOUSEHOLD.length - 1 ? 4 : 2;
        const reply = await call(
          'POST page',
          'POST',
          '/api/data/survey/',
          {},
          JSON.stringify({ browserId, session, page: current.pageNumber, action, ...answers }),
        );
        if (!reply) return false;
        Object.assign(posted, answers);
        current = JSON.parse(reply.text);
        session = current.session;
      }
      await pause();
      const result = await call('GET result', 'GET', `/api/data/result/?session=${session}`, { 'X-Browser-Id': browserId });
      if (!result) return false;
      // Worked out: the engine's lists are there (this household gets Universal Credit, so they are not empty).
      const { isValid, benefits } = JSON.parse(result.text) as {
        isValid?: boolean;
        benefits?: { meansTested?: unknown[]; universalCredit?: unknown[] } | null;
      };
      if (!isValid || !benefits || (benefits.meansTested?.length ?? 0) + (benefits.universalCredit?.length ?? 0) === 0) {
        flowProblems += 1;
        note(`${browserId}: the result of ${session} has no figures`);
        return false;
      }
      finished.push({ session: session!, browserId, answers: posted, at: performance.now() - from });
      return true;
    };

    // Each visitor answers questionnaires one after another until the time is up, then finishes the one it is on,
    // so no questionnaire is left half done and every one started is checked.
    const runId = Date.now();
    const from = performance.now();
    let started = 0;
    const visitor = async (index: number) => {
      for (let round = 0; !stopping; round += 1) {
        started += 1;
        await questionnaire(`browser_${runId}_v${String(index).padStart(3, '0')}r${round}`);
      }
    };
    let cpuAtStart: CpuClock | null = null;
    const backends = () => postgresBackends(database!);
    const visitors = Array.from({ length: CONCURRENCY }, (_, index) => visitor(index));
    // The pools open their connections in the first moments; CPU is read once they have.
    await wait(1000);
    cpuAtStart = readCpuClockOfBoth(apis, await backends());
    await wait(SECONDS * 1000 - 1000);
    const cpuAtEnd = readCpuClockOfBoth(apis, await backends());
    stopping = true;
    await Promise.all(visitors);
    const elapsedSeconds = (performance.now() - from) / 1000;
    const finishedInTime = finished.filter((questionnaire) => questionnaire.at <= SECONDS * 1000).length;

    // The database, not the replies, is the proof: every answer posted is there as posted, every calculation finished.
    const lost: string[] = [];
    const sessions = finished.map((questionnaire) => questionnaire.session);
    const stored = await database.query<{ id: string; owner_browser_id: string; finished: boolean; answers: Record<string, unknown> }>(
      `SELECT session.id, session.owner_browser_id, session.finished_at IS NOT NULL AS finished,
              session.answers
         FROM calculation_sessions session WHERE session.id = ANY($1::uuid[])`,
      [sessions],
    );
    const storedById = new Map(stored.map((row) => [row.id, row]));
    let answersChecked = 0;
    for (const questionnaire of finished) {
      const row = storedById.get(questionnaire.session);
      if (!row) {
        lost.push(`${questionnaire.session}: the calculation is not in the database`);
        continue;
      }
      if (!row.finished) lost.push(`${questionnaire.session}: not marked finished`);
      if (row.owner_browser_id !== questionnaire.browserId)
        lost.push(`${questionnaire.session}: owned by ${row.owner_browser_id}, not ${questionnaire.browserId}`);
      for (const [question, value] of Object.entries(questionnaire.answers)) {
        answersChecked += 1;
        if (!isDeepStrictEqual(row.answers[question], value))
          lost.push(
            `${questionnaire.session}: ${question} stored as ${JSON.stringify(row.answers[question])}, posted ${JSON.stringify(value)}`,
          );
      }
    }
    const [{ calculations }] = await database.query<{ calculations: number }>(
      'SELECT count(*)::int AS calculations FROM calculation_sessions',
    );

    const machine = describeMachine(version);
    const perCall = Object.fromEntries(
      CALL_KINDS.map((kind) => [
        kind,
        {
          latencyMs: summarise(tallies[kind].latencies),
          byStatus: tallies[kind].byStatus,
          networkErrors: tallies[kind].networkErrors,
          keepAliveRetries: tallies[kind].keepAliveRetries,
        },
      ]),
    ) as Record<
      CallKind,
      { latencyMs: ReturnType<typeof summarise>; byStatus: Record<string, number>; networkErrors: number; keepAliveRetries: number }
    >;
    const serverErrors = CALL_KINDS.reduce(
      (sum, kind) =>
        sum +
        Object.entries(tallies[kind].byStatus)
          .filter(([status]) => Number(status) >= 500)
          .reduce((s, [, n]) => s + n, 0),
      0,
    );
    const otherStatuses = CALL_KINDS.reduce(
      (sum, kind) =>
        sum +
        Object.entries(tallies[kind].byStatus)
          .filter(([status]) => Number(status) !== 200 && Number(status) < 500)
          .reduce((s, [, n]) => s + n, 0),
      0,
    );
    const networkErrors = CALL_KINDS.reduce((sum, kind) => sum + tallies[kind].networkErrors, 0);
    const requests = CALL_KINDS.reduce((sum, kind) => sum + tallies[kind].latencies.length, 0);
    const report = {
      benchmark: 'whole questionnaires: GET /api/data/survey, POST /api/data/survey/ per page, GET /api/data/result/',
      date: new Date().toISOString(),
      machine,
      settings: {
        concurrency: CONCURRENCY,
        measuredSeconds: SECONDS,
        pauseMs: PAUSE_MS,
        household: `single private renter working part time (${HOUSEHOLD.length} pages)`,
        server: 'two API processes, NODE_ENV=production, one PostgreSQL database, requests dealt round robin',
      },
      results: {
        questionnairesStarted: started,
        questionnairesCompleted: finished.length,
        // Every questionnaire started is finished, so this is all of them over the whole run, the end (when the
        // visitors finish the one they are on and start no other) included. The visitors start together, so
        // they also tend to finish together: a count within the measured seconds alone would be lumpy.
        questionnairesPerSecond: Math.round((finished.length / elapsedSeconds) * 10) / 10,
        questionnairesFinishedWithinMeasuredSeconds: finishedInTime,
        elapsedSeconds: Math.round(elapsedSeconds * 100) / 100,
        requests,
        requestsPerSecond: Math.round((requests / elapsedSeconds) * 10) / 10,
        perCall,
        serverErrors,
        otherStatuses,
        networkErrors,
        flowProblems,
        problemExamples: problems,
        database: {
          calculations,
          finishedCalculationsChecked: finished.length,
          answersChecked,
          lost: lost.length,
          lostExamples: lost.slice(0, 20),
        },
        cpu: cpuUse(cpuAtStart, cpuAtEnd, SECONDS - 1, machine.cores),
      },
    };
    const row = (kind: CallKind) => {
      const { latencyMs: l, byStatus } = perCall[kind];
      return `${kind.padEnd(11)} ${String(l.samples).padStart(7)}  p50 ${l.p50Ms}  p95 ${l.p95Ms}  p99 ${l.p99Ms}  max ${l.maxMs} ms  statuses ${JSON.stringify(byStatus)}${perCall[kind].keepAliveRetries ? `, ${perCall[kind].keepAliveRetries} sent again after a keep-alive race` : ''}`;
    };
    const cpu = report.results.cpu;
    console.log(
      [
        '',
        `Whole questionnaires, 2 API processes - ${report.date}`,
        `Machine       ${machine.cpuModel}, ${machine.cores} cores; Node ${machine.node}; ${machine.postgres}`,
        `Completed     ${finished.length} of ${started} questionnaires in ${elapsedSeconds.toFixed(2)} s = ${report.results.questionnairesPerSecond} questionnaires/s (${finishedInTime} within the first ${SECONDS} s; ${report.results.requestsPerSecond} requests/s)`,
        ...CALL_KINDS.map(row),
        `Errors        5xx ${serverErrors}, other non-200 ${otherStatuses}, network ${networkErrors}, wrong pages or empty results ${flowProblems}`,
        `Database      ${finished.length} finished calculations and ${answersChecked} answers checked: ${lost.length} lost or wrong`,
        cpu
          ? `CPU           both APIs ${cpu.apiPercent} %, PostgreSQL ${cpu.postgresPercent} %, load generator ${cpu.clientPercent} %, other ${cpu.otherPercent} % (of ${cpu.ofPercent} %)`
          : '',
        ...problems.slice(0, 5).map((problem) => `  ${problem}`),
        ...lost.slice(0, 5).map((problem) => `  lost: ${problem}`),
      ].join('\n'),
    );
    mkdirSync(resolve(RESULTS_FILE, '..'), { recursive: true });
    writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`bench: written to ${RESULTS_FILE.slice(REPO_ROOT.length + 1)}`);
    return serverErrors + otherStatuses + networkErrors + flowProblems > 0 || lost.length > 0 || finished.length === 0 ? 1 : 0;
  } finally {
    stopping = true;
    for (const agent of agents) agent.destroy();
    await Promise.all(apis.map((api) => stopApi(api).catch((error) => console.error('bench: could not stop an API process:', error))));
    if (database) await database.drop().catch((error) => console.error('bench: could not drop the bench database:', error));
  }
}

/** The CPU clock with both API processes' time added together as 'API'. */
function readCpuClockOfBoth(apis: ApiProcess[], postgresPids: number[]): CpuClock | null {
  const first = readCpuClock(apis[0].child.pid, postgresPids);
  const second = readCpuClock(apis[1].child.pid, []);
  if (!first || !second) return null;
  return { ...first, api: first.api + second.api };
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
