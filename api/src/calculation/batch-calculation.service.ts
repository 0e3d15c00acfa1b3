import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ukToday } from '../../../common/dates/uk-today.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import { ApiError } from '../errors/api-error.js';
import { answerBatchHousehold, MAX_BATCH_HOUSEHOLDS } from './batch-answer.js';
import { CalculationRequests } from './calculation-answer.js';
import { ENTITLEMENT_ENGINE } from './calculation.service.js';

export const BATCH_PATH = '/api/v1/calculations/batch';

/**
 * The body limit of the batch route alone: 10,000 households of about 1 KB each, with room for large ones. Plain
 * JSON.parse reads 16 MB in about 0.1 s.
 */
export const BATCH_BODY_LIMIT_KB = 16 * 1024;

/**
 * Batches worked out at once in one process. Each is already spread thinly over the event loop; more at once would
 * only share the same cores more thinly and hold more memory, so a caller over it is told to try again shortly.
 */
export const MAX_CONCURRENT_BATCHES = 2;

/** How long the work of one batch may hold the event loop before other requests are served. */
const SLICE_MS = 10;

/**
 * How long a client may leave the answer unread before the batch is given up: a client that never reads would
 * otherwise hold one of the MAX_CONCURRENT_BATCHES places for ever.
 */
export const STALL_LIMIT_MS = 30_000;

/**
 * POST /api/v1/calculations/batch: each household answered as POST /api/v1/calculations answers it, streamed as
 * NDJSON in input order. The work is done in slices of at most SLICE_MS between which the event loop serves other
 * requests; it waits while the client is slow to read, and stops when the client goes away.
 */
@Injectable()
export class BatchCalculationService {
  private readonly requests: CalculationRequests;
  private readonly logger = new Logger('CalculationBatch');
  private running = 0;
  /** STALL_LIMIT_MS; a test shortens it. */
  stallLimitMs = STALL_LIMIT_MS;

  constructor(@Inject(ENTITLEMENT_ENGINE) engine: Entitlements) {
    this.requests = new CalculationRequests(engine);
  }

  /** Batches being worked out in this process now. */
  get batchesRunning(): number {
    return this.running;
  }

  /** Checks the list before any household is worked out: a list, not empty, at most MAX_BATCH_HOUSEHOLDS. */
  private householdsOf(body: unknown): unknown[] {
    if (!Array.isArray(body)) {
      const message = `The body must be a JSON list of calculation requests, each as POST /api/v1/calculations takes one, at most ${MAX_BATCH_HOUSEHOLDS.toLocaleString('en-GB')}.`;
      throw new ApiError(400, 'VALIDATION_FAILED', message, [{ path: '', message }]);
    }
    if (body.length === 0) {
      const message = 'The list is empty: send at least one household.';
      throw new ApiError(400, 'VALIDATION_FAILED', message, [{ path: '', message }]);
    }
    if (body.length > MAX_BATCH_HOUSEHOLDS) {
      const message = `The list has ${body.length.toLocaleString('en-GB')} households; one request may carry at most ${MAX_BATCH_HOUSEHOLDS.toLocaleString('en-GB')}. Send the rest in another request.`;
      throw new ApiError(413, 'TOO_MANY_HOUSEHOLDS', message, [{ path: '', message }]);
    }
    return body;
  }

  async stream(body: unknown, response: Response): Promise<void> {
    const households = this.householdsOf(body);
    if (this.running >= MAX_CONCURRENT_BATCHES) {
      const error = new ApiError(503, 'BATCHES_BUSY', 'The server is working out other batches. Please try again in a few seconds.');
      error.retryAfterSeconds = 5;
      throw error;
    }
    this.running += 1;
    try {
      await this.answerEach(households, response);
    } finally {
      this.running -= 1;
    }
  }

  private async answerEach(households: unknown[], response: Response): Promise<void> {
    let gone = false;
    // 'close' comes when the answer is finished or the connection is lost; only the second stops the work.
    const stop = () => (gone = !response.writableFinished);
    response.on('close', stop);
    response.status(200);
    response.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    response.setHeader('Cache-Control', 'no-store');
    const today = ukToday();
    let sliceStarted = performance.now();
    for (let index = 0; index < households.length && !gone; index += 1) {
      const answer = await answerBatchHousehold(this.requests, households[index], today, (error) =>
        // The household is personal data: only the fault and where it was are logged.
        this.logger.error(`The calculator failed on household ${index} of a batch: ${(error as Error).stack ?? String(error)}`),
      );
      const line = answer.statusCode === 200 ? answer.body : { index, ...answer.body };
      if (!response.write(`${JSON.stringify(line)}\n`) && !(await drainedOrClosed(response, this.stallLimitMs))) {
        this.logger.warn(`A batch was given up at household ${index}: its client read nothing for ${this.stallLimitMs} ms.`);
        response.destroy();
        gone = true;
      }
      if (performance.now() - sliceStarted > SLICE_MS) {
        await nextTurn();
        sliceStarted = performance.now();
      }
    }
    response.off('close', stop);
    if (!gone) response.end();
  }
}

/**
 * Resolves true when the client has read what was written (or has gone), false when it has read nothing for
 * `limitMs`; no listener or timer is left behind.
 */
function drainedOrClosed(response: Response, limitMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const finish = (drained: boolean) => () => {
      clearTimeout(timer);
      response.off('drain', onDrain);
      response.off('close', onDrain);
      resolve(drained);
    };
    const onDrain = finish(true);
    const timer = setTimeout(finish(false), limitMs);
    response.on('drain', onDrain);
    response.on('close', onDrain);
  });
}
