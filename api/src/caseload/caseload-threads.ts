import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Tinypool } from 'tinypool';
import type { ApprovedChangeSet, PublishedChangeSet } from '../../../engine/policy/rules-versions.js';
import type { CaseloadAmounts, CaseloadProblem } from '../../../common/adviser/caseload.js';
import type { RuleEnvironment } from '../questionnaire/survey-flow.js';
import type { ClientOutcome, StoredCalculation } from './caseload-figures.js';

/** What each thread is started with. */
export interface ThreadData {
  definitionsDir: string;
  published: readonly PublishedChangeSet[];
  /** A change set approved and not yet published that the run's figures at its date are worked out with. */
  approved: ApprovedChangeSet | null;
}

export interface ThreadRequest {
  atDate: string;
  items: { calculation: StoredCalculation; environment: RuleEnvironment }[];
}

/** A client's outcome as it crosses between threads: Maps become arrays. */
export type ThreadOutcome =
  { problem: null; benefits: [string, CaseloadAmounts][]; total: CaseloadAmounts } | { problem: CaseloadProblem; errorName?: string };

export interface ThreadReply {
  outcomes: ThreadOutcome[];
}

/** The compiled thread beside this file; absent when the code runs from its TypeScript source (the tests). */
export const THREAD_FILE = fileURLToPath(new URL('./caseload-thread.js', import.meta.url));

/** How many threads a run uses: one a core, at most 4; none on a single core, where the main thread does the work. */
export function caseloadThreadCount(): number {
  const cores = availableParallelism();
  return cores < 2 ? 0 : Math.min(cores, 4);
}

export function hasCompiledThread(file = THREAD_FILE): boolean {
  return existsSync(file);
}

/** A thread idle this long ends, so the memory its engine holds comes back between runs (as the batch threads do). */
const IDLE_MS = 10_000;

/**
 * Worker threads (a tinypool pool of caseload-thread.ts, as scripts/batch/run-batch.ts uses for the batch) that
 * recalculate chunks of a caseload run in parallel, each with its own engine: the engine is synchronous CPU work, so
 * one process uses one core unless the work is spread. Each thread takes one chunk at a time; a thread that fails
 * rejects its chunk (tinypool starts another in its place), and `close` ends them all, rejecting any chunk then in
 * progress or sent after.
 */
export class CaseloadThreads {
  private readonly pool: Tinypool;
  private closed = false;

  /**
   * `published`: the policy change sets the rules versions of this process apply, so every thread applies the same;
   * `approved`: the change set approved and not yet published the run was asked to use, if any.
   */
  constructor(
    readonly size: number,
    definitionsDir: string,
    published: readonly PublishedChangeSet[] = [],
    approved: ApprovedChangeSet | null = null,
    file = THREAD_FILE,
  ) {
    this.pool = new Tinypool({
      filename: pathToFileURL(file).href,
      minThreads: 0,
      maxThreads: size,
      idleTimeout: IDLE_MS,
      workerData: { definitionsDir, published, approved } satisfies ThreadData,
    });
  }

  /** One chunk on whichever thread is free, its outcomes in the order given. */
  async recalculate(atDate: string, items: ThreadRequest['items']): Promise<ClientOutcome[]> {
    if (this.closed) throw new Error('The caseload threads are closed.');
    const reply = (await this.pool.run({ atDate, items } satisfies ThreadRequest)) as ThreadReply;
    return reply.outcomes.map((outcome) =>
      outcome.problem === null
        ? { problem: null, benefits: new Map(outcome.benefits), total: outcome.total }
        : { problem: outcome.problem },
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool.destroy();
  }
}
