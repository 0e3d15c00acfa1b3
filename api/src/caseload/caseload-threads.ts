import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PublishedChangeSet } from '../../../engine/policy/rules-versions.js';
import type { CaseloadAmounts, CaseloadProblem } from '../../../common/adviser/caseload.js';
import type { RuleEnvironment } from '../questionnaire/survey-flow.js';
import type { ClientOutcome, StoredCalculation } from './caseload-figures.js';

export interface ThreadRequest {
  id: number;
  atDate: string;
  items: { calculation: StoredCalculation; environment: RuleEnvironment }[];
}

/** A client's outcome as it crosses between threads: Maps become arrays. */
export type ThreadOutcome =
  { problem: null; benefits: [string, CaseloadAmounts][]; total: CaseloadAmounts } | { problem: CaseloadProblem; errorName?: string };

export interface ThreadReply {
  id: number;
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

/**
 * Worker threads that recalculate chunks of a caseload run in parallel, each with its own engine: the engine is
 * synchronous CPU work, so one process uses one core unless the work is spread. Each thread takes one chunk at a
 * time. `close` ends them; a chunk in progress then rejects.
 */
export class CaseloadThreads {
  private readonly threads: {
    worker: Worker;
    ready: Promise<void>;
    pending: Map<number, (reply: ThreadReply | Error) => void>;
    exited: boolean;
  }[];
  private nextId = 0;

  /** `published`: the policy change sets the rules versions of this process apply, so every thread applies the same. */
  constructor(count: number, definitionsDir: string, published: readonly PublishedChangeSet[] = [], file = THREAD_FILE) {
    this.threads = Array.from({ length: count }, () => {
      const worker = new Worker(file, { workerData: { definitionsDir, published } });
      const pending = new Map<number, (reply: ThreadReply | Error) => void>();
      const ready = new Promise<void>((resolve, reject) => {
        worker.once('error', reject);
        worker.on('message', (message: ThreadReply | { ready: true }) => {
          if ('ready' in message) return resolve();
          pending.get(message.id)?.(message);
          pending.delete(message.id);
        });
      });
      const failAll = (error: Error) => {
        for (const settle of pending.values()) settle(error);
        pending.clear();
      };
      const thread = { worker, ready, pending, exited: false };
      worker.on('error', failAll);
      worker.on('exit', () => {
        thread.exited = true;
        failAll(new Error('A caseload thread stopped.'));
      });
      return thread;
    });
  }

  get size(): number {
    return this.threads.length;
  }

  /** One chunk on thread `index`, in the order given. */
  async recalculate(index: number, atDate: string, items: ThreadRequest['items']): Promise<ClientOutcome[]> {
    const thread = this.threads[index];
    await thread.ready;
    if (thread.exited) throw new Error('A caseload thread stopped.');
    const id = this.nextId++;
    const reply = await new Promise<ThreadReply | Error>((settle) => {
      thread.pending.set(id, settle);
      thread.worker.postMessage({ id, atDate, items } satisfies ThreadRequest);
    });
    if (reply instanceof Error) throw reply;
    return reply.outcomes.map((outcome) =>
      outcome.problem === null
        ? { problem: null, benefits: new Map(outcome.benefits), total: outcome.total }
        : { problem: outcome.problem },
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map(({ worker }) => worker.terminate()));
  }
}
