import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Request, Response } from 'express';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ukToday } from '../../../common/dates/uk-today.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import { admittedKeyOf, ApiKeysService, type AdmittedKey } from '../api-keys/api-keys.service.js';
import type { Environment } from '../config/environment.js';
import { ApiError } from '../errors/api-error.js';
import { MAX_BODY_DEPTH, withoutPrototypeKeys } from '../errors/json-body.js';
import { sourceAddressOf } from '../rate-limit/source-address.js';
import { answerBatchHousehold, householdTooLargeAnswer, MAX_BATCH_HOUSEHOLDS, type BatchAnswer } from './batch-answer.js';
import { readBatchBody } from './batch-body.js';
import { BatchPlaces, BATCH_PLACE_LIMITS, type BatchPlace } from './batch-places.js';
import { CalculationRequests } from './calculation-answer.js';
import { ENTITLEMENT_ENGINE } from './calculation.service.js';
import { householdBytes, householdText, type HouseholdList } from './household-list.js';
import { HouseholdListParser, HouseholdListThreadError } from './household-list-parser.js';

export const BATCH_PATH = '/api/v1/calculations/batch';

/** The body limit of the batch route alone: 10,000 households of about 1 KB each, with room for large ones. */
export const BATCH_BODY_LIMIT_KB = 16 * 1024;

/** The whole body must arrive within this: 16 MB at 2.2 Mbit/s. A slower upload gives its place to someone else. */
export const BODY_TIME_LIMIT_MS = 60_000;

/**
 * How long the batches together may hold the event loop before other requests are served: each running batch works
 * for its share of it, then lets the loop turn. A request needs several turns (its body, its database queries, its
 * answer), so the turn must stay short however many batches run.
 */
const SLICE_MS = 8;

/** The longest a client may leave the answer unread at one time before the batch is given up. */
export const STALL_LIMIT_MS = 10_000;

/**
 * The answer must have been read within this of its first line: past it, a client that holds up the work (the answer
 * waiting for it to read) is given up. A client that reads a little now and then, just inside the stall limit, would
 * otherwise hold its place for hours. Worked out at the slowest, 10,000 households take well under a minute.
 */
export const ANSWER_TIME_LIMIT_MS = 5 * 60_000;

/**
 * POST /api/v1/calculations/batch: each household answered as POST /api/v1/calculations answers it, streamed as
 * NDJSON in input order. In this order, so that a small request can never stop the server:
 *
 * 1. the guards: the per-address limit, or the API key and its per-minute limit (before any of the body is read);
 * 2. a place (BatchPlaces): at most one batch at a time per address or key, some places kept for key holders;
 * 3. the body, read by the route itself (16 MB, within BODY_TIME_LIMIT_MS; never compressed);
 * 4. the households found in it without building it, one body at a time, in a worker thread (HouseholdListParser);
 * 5. with a key, the households counted against its daily quota;
 * 6. each household parsed when its turn comes and worked out in slices (SLICE_MS shared by the batches running), between which the event
 *    loop serves other requests; the work waits while the client is slow to read, stops when it goes away, and gives
 *    up on a client that stops reading (STALL_LIMIT_MS) or reads too slowly (ANSWER_TIME_LIMIT_MS).
 */
@Injectable()
export class BatchCalculationService implements OnModuleDestroy {
  private readonly requests: CalculationRequests;
  private readonly logger = new Logger('CalculationBatch');
  private readonly places = new BatchPlaces(BATCH_PLACE_LIMITS);
  private readonly parser: HouseholdListParser;
  private readonly householdLimitKb: number;
  /** STALL_LIMIT_MS, ANSWER_TIME_LIMIT_MS and BODY_TIME_LIMIT_MS; a test shortens them. */
  stallLimitMs = STALL_LIMIT_MS;
  answerTimeLimitMs = ANSWER_TIME_LIMIT_MS;
  bodyTimeLimitMs = BODY_TIME_LIMIT_MS;

  constructor(
    @Inject(ENTITLEMENT_ENGINE) engine: Entitlements,
    private readonly keys: ApiKeysService,
    config: ConfigService<Environment, true>,
  ) {
    this.requests = new CalculationRequests(engine);
    // A household is one calculation request: it may be as large as POST /api/v1/calculations takes, no larger.
    this.householdLimitKb = config.get('BODY_LIMIT_KB', { infer: true });
    this.parser = new HouseholdListParser({
      maxHouseholds: MAX_BATCH_HOUSEHOLDS,
      maxDepth: MAX_BODY_DEPTH,
      maxHouseholdBytes: this.householdLimitKb * 1024,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.parser.close();
  }

  /** Batches holding a place in this process now: being read, or worked out. */
  get batchesRunning(): number {
    return this.places.size;
  }

  async stream(request: Request, response: Response): Promise<void> {
    const key = admittedKeyOf(request);
    const place = this.placeFor(key, request, response);
    try {
      const { bytes, list } = await this.readHouseholds(request, response, key);
      if (key) await this.keys.chargeQuota(key, list.count, response);
      await this.answerEach(bytes, list, response);
    } finally {
      place.release();
    }
  }

  private placeFor(key: AdmittedKey | undefined, request: Request, response: Response): BatchPlace {
    const place = this.places.take(key ? { keyId: key.id } : { address: sourceAddressOf(request) });
    if (typeof place !== 'string') return place;
    // The body is not read: the connection is closed rather than waiting for it.
    response.setHeader('Connection', 'close');
    const error =
      place === 'own-batch-running'
        ? new ApiError(
            429,
            'BATCH_ALREADY_RUNNING',
            key
              ? 'This key’s previous batch is still being worked out. Send the next one when its answer has been read to the end.'
              : 'Your previous batch is still being worked out. Send the next one when its answer has been read to the end.',
          )
        : new ApiError(503, 'BATCHES_BUSY', 'The server is working out other batches. Please try again in a few seconds.');
    error.retryAfterSeconds = 5;
    throw error;
  }

  /**
   * The body read and its households found, or the whole request refused before any is worked out (not a list, empty,
   * too many, not JSON, too large, too slow). With a key, a refused body counts as one call, as a refused single call does.
   */
  private async readHouseholds(
    request: Request,
    response: Response,
    key: AdmittedKey | undefined,
  ): Promise<{ bytes: Uint8Array; list: HouseholdList & { ok: true } }> {
    try {
      const bytes = await readBatchBody(request, response, { limitKb: BATCH_BODY_LIMIT_KB, timeLimitMs: this.bodyTimeLimitMs });
      const list = await this.parser.parse(bytes).catch((error: unknown) => {
        if (!(error instanceof HouseholdListThreadError)) throw error;
        this.logger.error(`The batch parser's thread failed: ${error.message}`);
        throw new ApiError(503, 'BATCHES_BUSY', 'The server could not read the batch just now. Please try again in a few seconds.');
      });
      if (!list.ok) {
        const { statusCode, code, message } = list.refusal;
        throw new ApiError(statusCode, code, message, [{ path: '', message }]);
      }
      return { bytes, list };
    } catch (error) {
      if (key && error instanceof ApiError) await this.keys.chargeQuota(key, 1, response);
      throw error;
    }
  }

  private async answerEach(bytes: Uint8Array, list: HouseholdList & { ok: true }, response: Response): Promise<void> {
    let gone = false;
    // 'close' comes when the answer is finished or the connection is lost; only the second stops the work.
    const stop = () => (gone = !response.writableFinished);
    response.on('close', stop);
    response.status(200);
    response.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    response.setHeader('Cache-Control', 'no-store');
    const today = ukToday();
    const deadline = performance.now() + this.answerTimeLimitMs;
    let sliceStarted = performance.now();
    for (let index = 0; index < list.count && !gone; index += 1) {
      const answer = await this.answerOne(bytes, list.ranges, index, today);
      const line = `${JSON.stringify(answer.statusCode === 200 ? answer.body : { index, ...answer.body })}\n`;
      if (!response.write(line)) {
        const why = await this.waitForClient(response, deadline);
        if (why !== 'drained') {
          this.logger.warn(
            why === 'stalled'
              ? `A batch was given up at household ${index}: its client read nothing for ${this.stallLimitMs} ms.`
              : `A batch was given up at household ${index}: its client read too slowly (the answer must be read within ${Math.round(this.answerTimeLimitMs / 1000)} s).`,
          );
          response.destroy();
          gone = true;
        }
      }
      if (performance.now() - sliceStarted > SLICE_MS / Math.max(1, this.places.size)) {
        await nextTurn();
        sliceStarted = performance.now();
      }
    }
    response.off('close', stop);
    if (!gone) response.end();
  }

  /** Household `index`, parsed only now, answered as the single route would answer its body. */
  private answerOne(bytes: Uint8Array, ranges: Uint32Array, index: number, today: string): Promise<BatchAnswer> | BatchAnswer {
    if (householdBytes(ranges, index) > this.householdLimitKb * 1024) return householdTooLargeAnswer(this.householdLimitKb);
    return answerBatchHousehold(this.requests, JSON.parse(householdText(bytes, ranges, index), withoutPrototypeKeys), today, (error) =>
      // The household is personal data: only the fault and where it was are logged.
      this.logger.error(`The calculator failed on household ${index} of a batch: ${(error as Error).stack ?? String(error)}`),
    );
  }

  /**
   * Waits until the client has read what was written (or has gone), at most the stall limit, and not past the answer's
   * deadline.
   */
  private async waitForClient(response: Response, deadline: number): Promise<'drained' | 'stalled' | 'too-slow'> {
    const limit = Math.max(0, Math.min(this.stallLimitMs, deadline - performance.now()));
    // Drained, or closed: a closed connection has already stopped the work (answerEach's 'close' listener).
    if (await drainedOrClosed(response, limit)) return 'drained';
    return limit < this.stallLimitMs ? 'too-slow' : 'stalled';
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
