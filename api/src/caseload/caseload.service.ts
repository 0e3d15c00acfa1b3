import { stringify } from 'csv-stringify/sync';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { performance } from 'node:perf_hooks';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import {
  CASELOAD_PROBLEM_TEXT,
  notKnownNote,
  changeOf,
  type CaseloadAmounts,
  type CaseloadClientRow,
  type CaseloadProblem,
  type CaseloadRunResponse,
  type CaseloadRunsResponse,
  type CaseloadRunStatus,
  type CaseloadRunSummary,
} from '../../../common/adviser/caseload.js';
import { isIsoDate } from '../../../common/survey/dates.js';
import { dateInWords } from '../../../common/dates/calendar.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import type { SignedInUser } from '../access/signed-in-user.js';
import { describeErrorForLog } from '../errors/database-errors.js';
import { ApiError } from '../errors/api-error.js';
import { JobsService } from '../jobs/jobs.module.js';
import { JsonLogger } from '../logging/json-logger.js';
import { DEFINITIONS_DIR } from '../site/site.module.js';
import type { CompiledSurvey, RuleEnvironment } from '../questionnaire/survey-flow.js';
import { CalculationsRepository, type LatestOfClient } from '../calculations/calculations.repository.js';
import { lastDateHeld, rulesVersionOn } from '../rules-in-force/rates-runway.js';
import { ApprovedRules } from '../rules-in-force/approved-rules.js';
import { RulesInForce } from '../rules-in-force/rules-in-force.service.js';
import { recalculateClient, type ClientOutcome, type StoredCalculation } from './caseload-figures.js';
import { caseloadThreadCount, CaseloadThreads, hasCompiledThread } from './caseload-threads.js';
import { RulesVersions } from '../../../engine/policy/rules-versions.js';

export const CASELOAD_QUEUE = 'caseload-run';
/** Clients recalculated between two progress updates (and written in one statement per table). */
export const CASELOAD_CHUNK = 500;
/** A run of this many clients or more is spread over worker threads (when the code is compiled, as `npm start` runs it). */
export const THREADS_FROM_CLIENTS = 1000;
/** The longest the worker computes before letting the process's other work (HTTP requests) run. */
const YIELD_EVERY_MS = 20;
/** Runs listed on the screen. */
const RUNS_LISTED = 10;
/** A run of 10,000 clients takes seconds; this long means the worker died, and pg-boss retries the job. */
const RUN_EXPIRES_IN_SECONDS = 30 * 60;

interface RunRow {
  id: string;
  at_date: string;
  status: CaseloadRunStatus;
  rules_version: string;
  total: number;
  done: number;
  failed: number;
  created_at: Date;
  finished_at: Date | null;
  change_set_id: number | null;
  /** The change set the run was asked to use, as it is now (its title, and whether it has been published since). */
  change_set: { title: string; status: string } | null;
}

type CalculationToRecalculate = LatestOfClient;

const RUN_COLUMNS = `r.id, to_char(r.at_date, 'YYYY-MM-DD') AS at_date, r.status, r.rules_version, r.total, r.done, r.failed, r.created_at, r.finished_at,
  r.change_set_id, (SELECT jsonb_build_object('title', cs.title, 'status', cs.status) FROM policy_change_sets cs WHERE cs.id = r.change_set_id) AS change_set`;

export function caseloadRunNotFound(): ApiError {
  return new ApiError(404, 'CASELOAD_RUN_NOT_FOUND', 'This caseload run was not found among your organisation’s runs.', [
    { path: 'id', message: 'This caseload run was not found.' },
  ]);
}

/**
 * Whether a run's figures are provisional: worked out with a change set approved and not published (it still is not),
 * or its rules version holds rates published ahead of today (`engine` says).
 */
function provisionalOfRun(row: RunRow, engine: Entitlements): CaseloadRunSummary['provisional'] {
  const published = engine instanceof RulesVersions && row.rules_version ? engine.provisionalOf(row.rules_version) : null;
  if (row.change_set_id === null || row.change_set?.status === 'published') return published;
  return {
    inForceFrom: published?.inForceFrom ?? null,
    approvedNotPublished: { changeSet: row.change_set_id, title: row.change_set?.title ?? '' },
  };
}

function summaryOf(row: RunRow, engine: Entitlements): CaseloadRunSummary {
  return {
    id: row.id,
    atDate: row.at_date,
    status: row.status,
    rulesVersion: row.rules_version,
    provisional: provisionalOfRun(row, engine),
    total: row.total,
    done: row.done,
    failed: row.failed,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

/**
 * The first day of the next rates: the next 6 April when its rates are held, otherwise the last day they cover.
 * `firstDayHeldFrom` gives the first day on or after a date that a rules version covers itself, when it differs: next
 * year's rates published from Monday 12 April 2027 leave 6 to 11 April to the last rates held, so 12 April is offered.
 */
export function defaultCaseloadDate(
  today: string,
  ratesHeldUntil: string,
  firstDayHeldFrom: (date: string) => string = (date) => date,
): string {
  const year = Number(today.slice(0, 4));
  const nextApril = `${today.slice(5) >= '04-06' ? year + 1 : year}-04-06`;
  if (nextApril > ratesHeldUntil) return ratesHeldUntil;
  const first = firstDayHeldFrom(nextApril);
  return first <= ratesHeldUntil ? first : ratesHeldUntil;
}

/**
 * The first day on or after `date` that the version in force then covers itself: `date`, or the earliest published
 * change set's date after it whose version does (the rates between are the last rates held).
 */
function firstDayHeldFrom(engine: Entitlements, date: string): string {
  if (!(engine instanceof RulesVersions)) return date;
  const covers = (day: string) => day <= engine.engineOn(day).parameters.ratesHeldUntil;
  if (covers(date)) return date;
  const later = [...new Set(engine.publishedSets.map((set) => set.effectiveFrom).filter((day) => day > date))].sort();
  return later.find(covers) ?? date;
}

/**
 * Caseload runs (issue 18): an organisation's adviser or admin recalculates the latest calculation of each of the
 * organisation's clients at a date, and sees who gains and who loses, per benefit. Starting a run only records it
 * and queues a job (JobsService, pg-boss); a worker process, this one or another, does the work in chunks, writing
 * each chunk's figures in one statement per table and the progress after it. A client whose calculation cannot be
 * recalculated gets its reason, and the run goes on. Only the organisation's own members see its runs: another
 * organisation's run is 'not found'. Nothing personal is logged or put in the job: the job holds the run's id.
 */
@Injectable()
export class CaseloadService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rules: RulesInForce,
    private readonly calculations: CalculationsRepository,
    private readonly jobs: JobsService,
    private readonly logger: JsonLogger,
    private readonly approved: ApprovedRules,
  ) {}

  /** The questionnaire in force today. */
  private get survey(): CompiledSurvey {
    return this.rules.survey;
  }

  /** The engine in force (the rules versions). */
  private get engine(): Entitlements {
    return this.rules.engine;
  }

  onModuleInit(): void {
    this.jobs.register<{ runId: string }>(
      CASELOAD_QUEUE,
      { expireInSeconds: RUN_EXPIRES_IN_SECONDS, retryLimit: 2, pollingIntervalSeconds: 1 },
      ({ runId }, stopping) => this.work(runId, stopping),
    );
  }

  /** The dates a run with `engine` may be at: published change sets that add a later year count (next April, once published). */
  private datesHeld(engine: Entitlements): { from: string; until: string; defaultDate: string } {
    const until = lastDateHeld(engine);
    return {
      from: engine.ratesHeldFrom,
      until,
      defaultDate: defaultCaseloadDate(this.rules.ruleEnvironment().today, until, (date) => firstDayHeldFrom(engine, date)),
    };
  }

  /** GET caseload-runs: the date to offer, the dates allowed, the change sets that may be used, and the latest runs. */
  async runs(user: SignedInUser): Promise<CaseloadRunsResponse> {
    const rows = await this.dataSource.query<RunRow[]>(
      `SELECT ${RUN_COLUMNS} FROM caseload_runs r WHERE r.organisation_id = $1 ORDER BY r.created_at DESC LIMIT ${RUNS_LISTED}`,
      [user.organisationId],
    );
    const { from, until, defaultDate } = this.datesHeld(this.engine);
    const changeSets = [];
    for (const choice of await this.approved.choices()) {
      try {
        const held = this.datesHeld((await this.approved.rulesWith(choice.id)).versions);
        changeSets.push({ id: choice.id, title: choice.title, defaultDate: held.defaultDate, ratesHeldUntil: held.until });
      } catch (error) {
        // One that no longer fits the rules published since is not offered; the policy team sees why in the workbench.
        if (!(error instanceof ApiError)) throw error;
      }
    }
    return { defaultDate, ratesHeldFrom: from, ratesHeldUntil: until, runs: rows.map((row) => summaryOf(row, this.engine)), changeSets };
  }

  /**
   * POST caseload-runs: records the run and queues its job; the work is never done in this request. `changeSet`: a
   * change set approved and not yet published to work it out with (a published one's number is the published rules).
   */
  async start(user: SignedInUser, date: string | undefined, changeSet?: number): Promise<CaseloadRunSummary> {
    const asked = changeSet === undefined ? null : await this.approved.rulesWith(changeSet);
    const engine = asked?.versions ?? this.engine;
    const { from, until, defaultDate } = this.datesHeld(engine);
    const atDate = date ?? defaultDate;
    if (!isIsoDate(atDate)) throw ApiError.validation([{ path: 'date', message: 'Enter a real date, written yyyy-mm-dd.' }]);
    if (atDate < from || atDate > until) {
      throw ApiError.validation([
        {
          path: 'date',
          message: `Choose a date from ${dateInWords(from)} to ${dateInWords(until)}: the rates held cover those dates only.`,
        },
      ]);
    }
    let row: RunRow;
    try {
      [row] = await this.dataSource.query<RunRow[]>(
        `INSERT INTO caseload_runs AS r (organisation_id, started_by, at_date, rules_version, change_set_id) VALUES ($1, $2, $3, $4, $5) RETURNING ${RUN_COLUMNS}`,
        [user.organisationId, user.userId, atDate, rulesVersionOn(engine, atDate), asked?.approved?.id ?? null],
      );
    } catch (error) {
      if ((error as { constraint?: string }).constraint === 'caseload_runs_one_active_idx') {
        throw new ApiError(
          409,
          'CASELOAD_RUN_IN_PROGRESS',
          'A caseload run of your organisation is already under way. Wait for it to finish, then start another.',
        );
      }
      throw error;
    }
    try {
      await this.jobs.send(CASELOAD_QUEUE, { runId: row.id });
    } catch (error) {
      await this.dataSource.query(`DELETE FROM caseload_runs WHERE id = $1`, [row.id]);
      this.logger.event('error', 'caseload run could not be queued', describeErrorForLog(error));
      throw new ApiError(503, 'JOBS_UNAVAILABLE', 'The caseload run could not be started just now. Please try again in a minute.');
    }
    return summaryOf(row, this.engine);
  }

  /** GET caseload-runs/{id}: the run's progress and, once done, every client's figures. */
  async run(user: SignedInUser, runId: string): Promise<CaseloadRunResponse> {
    const [row] = await this.dataSource.query<RunRow[]>(
      `SELECT ${RUN_COLUMNS} FROM caseload_runs r WHERE r.id = $1 AND r.organisation_id = $2`,
      [runId, user.organisationId],
    );
    if (!row) throw caseloadRunNotFound();
    const run = summaryOf(row, this.engine);
    if (run.status !== 'done') return { run, benefits: [], clients: [] };
    const clients = await this.dataSource.query<
      {
        client_id: string;
        display_name: string;
        session_id: string;
        saved_on: string;
        problem: CaseloadProblem | null;
        total: CaseloadAmounts | null;
        benefits: Record<string, CaseloadAmounts> | null;
      }[]
    >(
      `SELECT rc.client_id, c.first_name || ' ' || c.last_name AS display_name, rc.session_id, to_char(rc.saved_on, 'YYYY-MM-DD') AS saved_on, rc.problem,
              CASE WHEN rc.problem IS NULL THEN jsonb_build_object('beforeWeeklyPence', rc.before_weekly_pence, 'beforeMonthlyPence', rc.before_monthly_pence,
                'afterWeeklyPence', rc.after_weekly_pence, 'afterMonthlyPence', rc.after_monthly_pence) END AS total,
              (SELECT jsonb_object_agg(b.benefit_code, jsonb_build_object('beforeWeeklyPence', b.before_weekly_pence, 'beforeMonthlyPence', b.before_monthly_pence,
                'afterWeeklyPence', b.after_weekly_pence, 'afterMonthlyPence', b.after_monthly_pence)
                || CASE WHEN b.not_known THEN '{"notKnown": true}'::jsonb ELSE '{}'::jsonb END)
                 FROM caseload_run_benefits b WHERE b.run_id = rc.run_id AND b.client_id = rc.client_id) AS benefits
         FROM caseload_run_clients rc JOIN clients c ON c.id = rc.client_id
        WHERE rc.run_id = $1 AND c.organisation_id = $2
        ORDER BY lower(c.last_name), lower(c.first_name), c.id`,
      [row.id, user.organisationId],
    );
    const used = new Set(clients.flatMap((client) => Object.keys(client.benefits ?? {})));
    return {
      run,
      benefits: this.engine.calculators.filter(({ code }) => used.has(code)).map(({ code, name }) => ({ code, name })),
      clients: clients.map((client): CaseloadClientRow => ({
        clientGuid: client.client_id,
        displayName: client.display_name,
        session: client.session_id,
        savedOn: client.saved_on,
        problem: client.problem,
        benefits: client.benefits ?? {},
        total: client.total,
      })),
    };
  }

  /** GET caseload-runs/{id}/csv: the table as the screen shows it, one client a line, amounts in pounds. */
  async csv(user: SignedInUser, runId: string, period: 'weekly' | 'monthly'): Promise<string> {
    const { run, benefits, clients } = await this.run(user, runId);
    if (run.status !== 'done') {
      throw new ApiError(409, 'CASELOAD_RUN_NOT_DONE', 'This caseload run has not finished yet. Download its table once it has.');
    }
    const pounds = (pence: number) => (pence / 100).toFixed(2);
    const per = period === 'weekly' ? 'a week' : 'a month';
    const header = [
      'Client',
      'Calculation saved on',
      ...benefits.map(({ name }) => `${name}: change (£ ${per})`),
      `Total before (£ ${per})`,
      `Total after (£ ${per})`,
      `Total change (£ ${per})`,
      'Note',
    ];
    const lines = clients.map((client) => {
      const total = client.total;
      const before = total ? (period === 'weekly' ? total.beforeWeeklyPence : total.beforeMonthlyPence) : null;
      const after = total ? (period === 'weekly' ? total.afterWeeklyPence : total.afterMonthlyPence) : null;
      return [
        client.displayName,
        client.savedOn,
        ...benefits.map(({ code }) =>
          client.benefits[code]?.notKnown
            ? 'not known'
            : client.benefits[code]
              ? pounds(changeOf(client.benefits[code], period))
              : total
                ? '0.00'
                : '',
        ),
        before === null ? '' : pounds(before),
        after === null ? '' : pounds(after),
        total ? pounds(changeOf(total, period)) : '',
        client.problem ? CASELOAD_PROBLEM_TEXT[client.problem] : notKnownNote(client, benefits),
      ];
    });
    return stringify(
      [header, ...lines].map((cells) => cells.map(asTextIfFormula)),
      { record_delimiter: 'windows' },
    );
  }

  /**
   * The job: every client's latest calculation (younger than 6 months) read in one statement, recalculated a chunk
   * at a time, each chunk's outcomes written in one statement per table with the progress. Run again after a crash or
   * a shutdown (pg-boss retries the job), it starts over from nothing.
   */
  async work(runId: string, stopping: AbortSignal = new AbortController().signal): Promise<void> {
    // TypeORM answers an UPDATE with [rows, count].
    const [[run]] = await this.dataSource.query<[{ organisation_id: string; at_date: string; change_set_id: number | null }[], number]>(
      `UPDATE caseload_runs SET status = 'running', started_at = now(), done = 0, failed = 0
        WHERE id = $1 AND status IN ('queued', 'running') RETURNING organisation_id, to_char(at_date, 'YYYY-MM-DD') AS at_date, change_set_id`,
      [runId],
    );
    if (!run) return;
    try {
      // The change set asked for, as it is now: withdrawn or changed since (no longer approved), the run stops here.
      const asked = run.change_set_id === null ? null : await this.approved.rulesWith(run.change_set_id);
      // Before: the figures as saved, with the published rules; after: at the run's date, with the change set asked for.
      const engine = asked?.versions ?? this.engine;
      await this.dataSource.query(`DELETE FROM caseload_run_clients WHERE run_id = $1`, [runId]);
      const calculations = await this.calculations.latestOfEachClient(run.organisation_id);
      await this.dataSource.query(`UPDATE caseload_runs SET total = $2 WHERE id = $1`, [runId, calculations.length]);
      const environments = new Map(
        (
          await this.rules.environmentsFor(
            calculations.map(({ answers }) => answers),
            engine.lha,
          )
        ).map((environment, index) => [calculations[index]!, environment]),
      );
      const environmentOf = (calculation: CalculationToRecalculate): RuleEnvironment => environments.get(calculation)!;
      const chunks: CalculationToRecalculate[][] = [];
      for (let start = 0; start < calculations.length; start += CASELOAD_CHUNK)
        chunks.push(calculations.slice(start, start + CASELOAD_CHUNK));
      let done = 0;
      let failed = 0;
      // Each chunk's outcomes are written, and the progress, as soon as the chunk is done, whichever lane did it.
      const record = async (chunk: CalculationToRecalculate[], outcomes: ClientOutcome[]) => {
        await this.save(runId, chunk, outcomes);
        done += chunk.length;
        failed += outcomes.filter((outcome) => outcome.problem !== null).length;
        await this.dataSource.query(`UPDATE caseload_runs SET done = GREATEST(done, $2), failed = GREATEST(failed, $3) WHERE id = $1`, [
          runId,
          done,
          failed,
        ]);
      };
      const threadCount = calculations.length >= THREADS_FROM_CLIENTS && hasCompiledThread() ? caseloadThreadCount() : 0;
      if (threadCount > 0) {
        // The engine is synchronous CPU work: a big run is spread over worker threads, one a core.
        const published = this.engine instanceof RulesVersions ? this.engine.publishedSets : [];
        const threads = new CaseloadThreads(threadCount, DEFINITIONS_DIR, published, asked?.approved ?? null);
        const stop = () => void threads.close();
        stopping.addEventListener('abort', stop);
        try {
          let next = 0;
          const lane = async () => {
            while (next < chunks.length) {
              stopping.throwIfAborted();
              const chunk = chunks[next++];
              const items = chunk.map((calculation) => ({
                calculation: storedCalculationOf(calculation),
                environment: environmentOf(calculation),
              }));
              const outcomes = await threads.recalculate(run.at_date, items);
              for (const outcome of outcomes) if (outcome.problem === 'error') this.logClientError();
              await record(chunk, outcomes);
            }
          };
          await Promise.all(Array.from({ length: threads.size }, lane));
        } finally {
          stopping.removeEventListener('abort', stop);
          await threads.close();
        }
      } else {
        let lastYield = performance.now();
        for (const chunk of chunks) {
          const outcomes: ClientOutcome[] = [];
          for (const calculation of chunk) {
            // The engine's promises never leave the microtask queue, so without this an in-process worker would hold
            // the API's requests until the whole run is done.
            if (performance.now() - lastYield > YIELD_EVERY_MS) {
              await setImmediatePromise();
              lastYield = performance.now();
            }
            stopping.throwIfAborted();
            outcomes.push(await this.recalculate(calculation, environmentOf(calculation), run.at_date, engine));
          }
          await record(chunk, outcomes);
        }
      }
      await this.dataSource.query(`UPDATE caseload_runs SET status = 'done', finished_at = now() WHERE id = $1`, [runId]);
      this.logger.event('info', 'caseload run done', { runId, clients: done, failed });
    } catch (error) {
      // The process is stopping: the run stays 'running', and pg-boss gives the job to a worker again.
      if (stopping.aborted) {
        this.logger.event('info', 'caseload run interrupted by shutdown; it will start again', { runId });
        throw error;
      }
      this.logger.event('error', 'caseload run failed', { runId, ...describeErrorForLog(error) });
      await this.dataSource.query(`UPDATE caseload_runs SET status = 'failed', finished_at = now() WHERE id = $1`, [runId]);
    }
  }

  private async recalculate(
    calculation: CalculationToRecalculate,
    environment: RuleEnvironment,
    atDate: string,
    atDateEngine: Entitlements,
  ): Promise<ClientOutcome> {
    try {
      return recalculateClient(this.engine, this.survey, storedCalculationOf(calculation), environment, atDate, atDateEngine);
    } catch (error) {
      this.logClientError(describeErrorForLog(error).errorName);
      return { problem: 'error' };
    }
  }

  /** One client's failure is recorded, not fatal. Its kind only: a message could quote an answer. */
  private logClientError(errorName = 'Error'): void {
    this.logger.event('warn', 'caseload client could not be recalculated', { errorName });
  }

  /** One chunk's outcomes: one statement for the clients, one for their benefits. */
  private async save(runId: string, chunk: readonly CalculationToRecalculate[], outcomes: readonly ClientOutcome[]): Promise<void> {
    const clients = chunk.map((calculation, index) => {
      const outcome = outcomes[index];
      return {
        client_id: calculation.client_id,
        session_id: calculation.session_id,
        saved_on: calculation.saved_on,
        problem: outcome.problem,
        before_weekly_pence: outcome.total?.beforeWeeklyPence ?? null,
        before_monthly_pence: outcome.total?.beforeMonthlyPence ?? null,
        after_weekly_pence: outcome.total?.afterWeeklyPence ?? null,
        after_monthly_pence: outcome.total?.afterMonthlyPence ?? null,
      };
    });
    const benefits = chunk.flatMap((calculation, index) =>
      [...(outcomes[index].benefits ?? [])].map(([code, amounts]) => ({
        client_id: calculation.client_id,
        benefit_code: code,
        before_weekly_pence: amounts.beforeWeeklyPence,
        before_monthly_pence: amounts.beforeMonthlyPence,
        after_weekly_pence: amounts.afterWeeklyPence,
        after_monthly_pence: amounts.afterMonthlyPence,
        not_known: amounts.notKnown === true,
      })),
    );
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO caseload_run_clients (run_id, client_id, session_id, saved_on, problem, before_weekly_pence, before_monthly_pence, after_weekly_pence, after_monthly_pence)
         SELECT $1, client_id, session_id, saved_on, problem, before_weekly_pence, before_monthly_pence, after_weekly_pence, after_monthly_pence
           FROM jsonb_to_recordset($2::jsonb) AS x(client_id uuid, session_id uuid, saved_on date, problem varchar, before_weekly_pence integer,
                before_monthly_pence integer, after_weekly_pence integer, after_monthly_pence integer)`,
        [runId, JSON.stringify(clients)],
      );
      if (benefits.length === 0) return;
      await manager.query(
        `INSERT INTO caseload_run_benefits (run_id, client_id, benefit_code, before_weekly_pence, before_monthly_pence, after_weekly_pence, after_monthly_pence, not_known)
         SELECT $1, client_id, benefit_code, before_weekly_pence, before_monthly_pence, after_weekly_pence, after_monthly_pence, not_known
           FROM jsonb_to_recordset($2::jsonb) AS x(client_id uuid, benefit_code varchar, before_weekly_pence integer, before_monthly_pence integer,
                after_weekly_pence integer, after_monthly_pence integer, not_known boolean)`,
        [runId, JSON.stringify(benefits)],
      );
    });
  }
}

function storedCalculationOf(calculation: CalculationToRecalculate): StoredCalculation {
  return {
    answers: calculation.answers,
    completedPages: calculation.completed_pages,
    isFinished: calculation.is_finished,
    savedOn: calculation.saved_on,
  };
}

/**
 * A cell a spreadsheet would read as a formula (a client's name beginning '=', say) is written as text, with a
 * leading apostrophe; a negative amount (-5.71) stays a number. Quoting is csv-stringify's.
 */
export function asTextIfFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !/^-\d/.test(value) ? `'${value}` : value;
}
