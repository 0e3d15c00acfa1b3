import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { findHouseholds, type HouseholdList, type HouseholdListLimits } from './household-list.js';

/** The compiled thread beside this file; absent when the code runs from its TypeScript source (the in-process tests). */
export const HOUSEHOLD_LIST_THREAD_FILE = fileURLToPath(new URL('./household-list-thread.js', import.meta.url));

/**
 * A body at most this large is read in the calling thread: it takes well under a millisecond, less than handing it to
 * the thread would.
 */
export const IN_THREAD_BYTES = 64 * 1024;

/**
 * The thread's heap: a household larger than the single route's body limit is never parsed, so the thread holds at
 * most one 16 MB body and one household's objects at a time.
 */
const THREAD_HEAP_MB = 128;

/** The thread failed (it ran out of its heap, or stopped): the caller is told to try again. */
export class HouseholdListThreadError extends Error {}

/**
 * Reads batch bodies (findHouseholds) one at a time per process, in a worker thread: a 16 MB body, however it is
 * shaped, never holds the event loop, and never more than one is being read at once. Small bodies are read at once
 * in the calling thread. Where the compiled thread is missing (the tests run the TypeScript source), everything is
 * read in the calling thread.
 */
export class HouseholdListParser {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (list: HouseholdList) => void; reject: (error: Error) => void }>();
  /** The last read queued: each read waits for the one before, so at most one is in the thread at a time. */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly limits: HouseholdListLimits,
    private readonly threadFile = HOUSEHOLD_LIST_THREAD_FILE,
  ) {}

  get usesThread(): boolean {
    return existsSync(this.threadFile);
  }

  parse(bytes: Uint8Array): Promise<HouseholdList> {
    if (bytes.length <= IN_THREAD_BYTES || !this.usesThread) return Promise.resolve(findHouseholds(bytes, this.limits));
    const read = this.turn.then(
      () => this.inThread(bytes),
      () => this.inThread(bytes),
    );
    this.turn = read.catch(() => undefined);
    return read;
  }

  private inThread(bytes: Uint8Array): Promise<HouseholdList> {
    const worker = this.threadOrStart();
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, bytes });
    });
  }

  private threadOrStart(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.threadFile, { workerData: this.limits, resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
    worker.unref();
    worker.on('message', ({ id, list }: { id: number; list: HouseholdList }) => {
      this.pending.get(id)?.resolve(list);
      this.pending.delete(id);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const { reject } of this.pending.values()) reject(new HouseholdListThreadError(error.message));
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The batch parser's thread stopped (exit code ${code}).`)));
    this.worker = worker;
    return worker;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
