/**
 * Households spread over worker threads (a tinypool pool of batch-worker.ts), in chunks, with the output written in
 * input order: for `npm run calc -- --batch` and `npm run bench:batch`.
 */
import { availableParallelism } from 'node:os';
import { Tinypool } from 'tinypool';
import type { AnsweredChunk, BatchChunk, BatchItem, BatchOutputFormat, RefusedLine } from './batch-worker.js';

/** Households per message to a worker: enough to make the message's cost small, few enough for a smooth progress bar. */
export const CHUNK_SIZE = 100;

export const defaultWorkers = () => availableParallelism();

export class BatchPool {
  private constructor(
    private readonly pool: Tinypool,
    readonly workers: number,
  ) {}

  /** Starts `workers` threads and has each load the rulesets before any household is timed or counted. */
  static async start(workers: number): Promise<BatchPool> {
    const pool = new Tinypool({
      filename: new URL('./batch-worker.ts', import.meta.url).href,
      minThreads: workers,
      maxThreads: workers,
      // The threads only end with the pool: loading the rulesets again would cost more than an idle thread.
      idleTimeout: 60_000,
      // A second chunk waits in each worker, so that it starts the moment the first is done rather than after the
      // main thread (sharing the cores with the workers) has taken the answer and sent another.
      concurrentTasksPerWorker: 2,
    });
    const warmUp: BatchChunk = { today: '2026-04-06', explanations: false, output: 'jsonl', items: [] };
    await Promise.all(Array.from({ length: workers }, () => pool.run(warmUp)));
    return new BatchPool(pool, workers);
  }

  run(chunk: BatchChunk): Promise<AnsweredChunk> {
    // The worker's handler moves its answer's bytes (batch-worker.ts); tinypool gives the answer itself here.
    return this.pool.run(chunk) as Promise<AnsweredChunk>;
  }

  destroy(): Promise<void> {
    return this.pool.destroy();
  }
}

export interface BatchOptions {
  items: readonly BatchItem[];
  output: BatchOutputFormat;
  today: string;
  /** Each benefit's sentences and the extra help too; otherwise amounts only (the batch's default). */
  explanations: boolean;
  /** Writes one piece of output (a chunk's answers in UTF-8, or nothing else); returns a promise when the reader is behind, so that the run waits for it. */
  write: (bytes: Uint8Array) => void | Promise<void>;
  /** Told how many households are done after each chunk. */
  onProgress?: (done: number) => void;
  chunkSize?: number;
}

export interface BatchResult {
  households: number;
  refused: RefusedLine[];
  seconds: number;
  /** CPU time the workers spent on the households, in seconds. */
  workerCpuSeconds: number;
}

/**
 * Answers every household on the pool. Chunks go to whichever worker is free, at most four per worker at a time so
 * that a large file is never held twice over in memory; their output is written in input order as soon as every
 * chunk before it is written.
 */
export async function runBatch(pool: BatchPool, options: BatchOptions): Promise<BatchResult> {
  const started = performance.now();
  const size = options.chunkSize ?? CHUNK_SIZE;
  const chunks: BatchItem[][] = [];
  for (let start = 0; start < options.items.length; start += size) chunks.push(options.items.slice(start, start + size));
  const answered = new Map<number, AnsweredChunk>();
  const refused: RefusedLine[] = [];
  let nextToWrite = 0;
  let done = 0;
  let cpuMicroseconds = 0;
  let writing = Promise.resolve();

  const writeReady = async () => {
    while (answered.has(nextToWrite)) {
      const chunk = answered.get(nextToWrite)!;
      answered.delete(nextToWrite);
      refused.push(...chunk.refused);
      cpuMicroseconds += chunk.cpuMicroseconds;
      done += chunks[nextToWrite]!.length;
      nextToWrite += 1;
      await options.write(chunk.bytes);
      options.onProgress?.(done);
    }
  };

  let nextToSend = 0;
  const sender = async () => {
    while (nextToSend < chunks.length) {
      const index = nextToSend++;
      const chunk = await pool.run({
        today: options.today,
        explanations: options.explanations,
        output: options.output,
        items: chunks[index]!,
      });
      answered.set(index, chunk);
      // One writer at a time, so that the chunks come out in order.
      writing = writing.then(writeReady);
      await writing;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, pool.workers * 4) }, sender));
  await writing;
  return {
    households: options.items.length,
    refused,
    seconds: (performance.now() - started) / 1000,
    workerCpuSeconds: cpuMicroseconds / 1e6,
  };
}
