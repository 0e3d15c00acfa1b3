import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import { RulesVersions, type PublishedChangeSet, type RulesFault } from '../../../engine/policy/rules-versions.js';
import type { BatchItem } from './batch-lines.js';

/** The compiled thread beside this file; absent when the code runs from its TypeScript source (the in-process tests). */
export const BATCH_THREAD_FILE = fileURLToPath(new URL('./batch-thread.js', import.meta.url));

/** The rules a thread must use: the published change sets, and those found to throw, as the process has them. */
interface ThreadRules {
  published: PublishedChangeSet[];
  faults: RulesFault[];
}

export interface BatchThreadRequest {
  id: number;
  today: string;
  items: BatchItem[];
  /** Sent when the process's rules changed since the thread last heard (a change set published, withdrawn, failing). */
  rules?: ThreadRules;
}

export interface BatchThreadReply {
  id: number;
  /** The chunk's NDJSON lines, in UTF-8, moved rather than copied. */
  bytes: Uint8Array;
  /** Published change sets the thread found to throw (it already leaves them out). */
  rulesFaults: RulesFault[];
  /** Faults of the engine on single households, to be logged (they name the household's place, never the household). */
  householdFaults: string[];
}

/** The batch thread failed (it stopped, or could not start): the batch goes on in the event loop. */
export class BatchThreadError extends Error {}

/** Threads: every core but the one the event loop runs on, at least 1 and at most 4 (as many as batch places). */
export function batchThreadCount(): number {
  return Math.max(1, Math.min(availableParallelism() - 1, 4));
}

/**
 * A thread with no work for this long ends, giving back its memory (its rules and the heap it grew for the answers);
 * the next batch starts one again, which takes about a second, small beside a batch's own work.
 */
export const BATCH_THREAD_IDLE_MS = 10_000;

interface Thread {
  worker: Worker;
  ready: Promise<void>;
  pending: Map<number, { resolve: (reply: BatchThreadReply) => void; reject: (error: Error) => void }>;
  /** The rules the thread was last sent. */
  rulesKey: string;
  idleTimer?: NodeJS.Timeout;
}

/**
 * Worker threads that work out the households of POST /api/v1/calculations/batch (batch-thread.ts), each with the
 * process's rules versions, so that the event loop of the API only reads bodies and writes answers: however many
 * batches run, a health check or a survey page is answered at once. Chunks go to the thread with the fewest waiting,
 * each thread taking them in the order sent. A published change set a thread finds to throw is recorded in the process
 * (RulesVersions.markFailed: logged and alerted once, /api/health) and left out by every thread from the next chunk on.
 */
export class BatchThreads {
  private readonly threads: (Thread | undefined)[];
  private nextId = 0;

  constructor(
    private readonly engine: Entitlements,
    private readonly onHouseholdFault: (message: string) => void,
    count = batchThreadCount(),
    private readonly file = BATCH_THREAD_FILE,
  ) {
    this.threads = Array.from({ length: count }, () => undefined);
  }

  /** Whether the compiled thread exists (a production build) and the engine is the rules versions it can rebuild. */
  get available(): boolean {
    return this.engine instanceof RulesVersions && existsSync(this.file);
  }

  /** One chunk's lines, worked out in a thread. */
  async answer(items: BatchItem[], today: string): Promise<Uint8Array> {
    const index = this.leastBusy();
    const thread = this.threadAt(index);
    clearTimeout(thread.idleTimer);
    await thread.ready;
    const rules = this.rules();
    const rulesKey = keyOf(rules);
    const id = (this.nextId += 1);
    const request: BatchThreadRequest = { id, today, items, ...(thread.rulesKey === rulesKey ? {} : { rules }) };
    thread.rulesKey = rulesKey;
    try {
      const reply = await new Promise<BatchThreadReply>((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        thread.worker.postMessage(request);
      });
      for (const fault of reply.rulesFaults) (this.engine as RulesVersions).markFailed(fault);
      for (const message of reply.householdFaults) this.onHouseholdFault(message);
      return reply.bytes;
    } finally {
      if (thread.pending.size === 0 && this.threads[index] === thread)
        thread.idleTimer = setTimeout(() => this.end(index), BATCH_THREAD_IDLE_MS).unref();
    }
  }

  private leastBusy(): number {
    let best = 0;
    for (let index = 1; index < this.threads.length; index += 1)
      if ((this.threads[index]?.pending.size ?? 0) < (this.threads[best]?.pending.size ?? 0)) best = index;
    return best;
  }

  private rules(): ThreadRules {
    const versions = this.engine as RulesVersions;
    return { published: [...versions.publishedSets], faults: [...versions.faultsFound] };
  }

  private threadAt(index: number): Thread {
    const existing = this.threads[index];
    if (existing) return existing;
    const rules = this.rules();
    const worker = new Worker(this.file, { workerData: { published: rules.published } });
    worker.unref();
    const pending: Thread['pending'] = new Map();
    const thread: Thread = {
      worker,
      pending,
      // The faults the process knows are sent with the first chunk.
      rulesKey: keyOf({ published: rules.published, faults: [] }),
      ready: new Promise<void>((resolve, reject) => {
        worker.once('error', reject);
        worker.on('message', (message: BatchThreadReply | { ready: true }) => {
          if ('ready' in message) return resolve();
          pending.get(message.id)?.resolve(message);
          pending.delete(message.id);
        });
      }),
    };
    const fail = (error: Error) => {
      if (this.threads[index] === thread) this.threads[index] = undefined;
      clearTimeout(thread.idleTimer);
      for (const { reject } of pending.values()) reject(new BatchThreadError(error.message));
      pending.clear();
    };
    thread.ready.catch(() => undefined);
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`A batch thread stopped (exit code ${code}).`)));
    this.threads[index] = thread;
    return thread;
  }

  private end(index: number): void {
    const thread = this.threads[index];
    if (!thread || thread.pending.size > 0) return;
    this.threads[index] = undefined;
    void thread.worker.terminate();
  }

  async close(): Promise<void> {
    const running = this.threads.filter((thread): thread is Thread => thread !== undefined);
    this.threads.fill(undefined);
    for (const thread of running) clearTimeout(thread.idleTimer);
    await Promise.all(running.map(({ worker }) => worker.terminate()));
  }
}

function keyOf(rules: ThreadRules): string {
  return JSON.stringify([
    rules.published.map((set) => [set.id, set.seq, set.effectiveFrom, set.revertedFrom, set.failure?.at ?? null]),
    rules.faults.map((fault) => fault.changeSet),
  ]);
}
