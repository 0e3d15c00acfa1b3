import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Request, Response } from 'express';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ukToday } from '../../../common/dates/uk-today.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import { admittedKeyOf, ApiKeysService, type AdmittedKey } from '../api-keys/api-keys.service.js';
import type { Environment } from '../config/environment.js';
import { ApiError } from '../errors/api-error.js';
import { MAX_BODY_DEPTH } from '../errors/json-body.js';
import { sourceAddressOf } from '../rate-limit/source-address.js';
import { MAX_BATCH_HOUSEHOLDS } from './batch-answer.js';
import { batchLine, type BatchItem } from './batch-lines.js';
import { BatchThreadError, BatchThreads } from './batch-threads.js';
import { readBatchBody } from './batch-body.js';
import { BatchPlaces, BATCH_PLACE_LIMITS, type BatchPlace } from './batch-places.js';
import { CalculationRequests } from './calculation-answer.js';
import { ENTITLEMENT_ENGINE } from '../rules-in-force/tokens.js';
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

/** Households a batch thread works out per message, and the messages a batch keeps asked for ahead of what it writes. */
const CHUNK_HOUSEHOLDS = 50;
const THREAD_CHUNKS_AHEAD = 2;

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
 * 6. the households worked out in chunks in the batch threads (BatchThreads), each parsed only then, so that the event
 *    loop only writes their lines (without a compiled thread, in the in-process tests, in the event loop in slices);
 *    the writing waits while the client is slow to read, stops when it goes away, and gives up on a client that stops
 *    reading (STALL_LIMIT_MS) or reads too slowly (ANSWER_TIME_LIMIT_MS).
 */
@Injectable()
export class BatchCalculationService implements OnModuleDestroy {
  private readonly requests: CalculationRequests;
  private readonly logger = new Logger('CalculationBatch');
  private readonly places = new BatchPlaces(BATCH_PLACE_LIMITS);
  private readonly parser: HouseholdListParser;
  private readonly threads: BatchThreads;
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
    this.threads = new BatchThreads(engine, (message) => this.logger.error(message));
    this.parser = new HouseholdListParser({
      maxHouseholds: MAX_BATCH_HOUSEHOLDS,
      maxDepth: MAX_BODY_DEPTH,
      maxHouseholdBytes: this.householdLimitKb * 1024,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.parser.close(), this.threads.close()]);
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
    const writer = new AnswerWriter(
      response,
      this.stallLimitMs,
      performance.now() + this.answerTimeLimitMs,
      this.answerTimeLimitMs,
      this.logger,
    );
    response.status(200);
    response.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    response.setHeader('Cache-Control', 'no-store');
    const today = ukToday();
    const itemOf = (index: number): BatchItem =>
      householdBytes(list.ranges, index) > this.householdLimitKb * 1024
        ? { index, tooLargeForKb: this.householdLimitKb }
        : { index, text: householdText(bytes, list.ranges, index) };
    let done = 0;
    if (this.threads.available) done = await this.answerInThreads(list.count, itemOf, today, writer);
    await this.answerInLoop(done, list.count, itemOf, today, writer);
    writer.finish();
  }

  /**
   * The households worked out in the batch threads, CHUNK_HOUSEHOLDS at a time with THREAD_CHUNKS_AHEAD chunks asked
   * for ahead, written in order as they come. Answers how many were written: all of them, or, if a thread failed, those
   * before it (the rest are worked out in the event loop instead).
   */
  private async answerInThreads(count: number, itemOf: (index: number) => BatchItem, today: string, writer: AnswerWriter): Promise<number> {
    const asked: Promise<Uint8Array>[] = [];
    let next = 0;
    let written = 0;
    while (written < count && !writer.gone) {
      while (asked.length < THREAD_CHUNKS_AHEAD && next < count) {
        const items = Array.from({ length: Math.min(CHUNK_HOUSEHOLDS, count - next) }, (_, offset) => itemOf(next + offset));
        const chunk = this.threads.answer(items, today);
        chunk.catch(() => undefined);
        asked.push(chunk);
        next += items.length;
      }
      let chunk: Uint8Array;
      try {
        chunk = await asked.shift()!;
      } catch (error) {
        if (!(error instanceof BatchThreadError)) throw error;
        this.logger.error(`A batch thread failed; the rest of the batch is worked out in the event loop: ${error.message}`);
        return written;
      }
      await writer.write(chunk, written);
      written = Math.min(count, written + CHUNK_HOUSEHOLDS);
    }
    return written;
  }

  /**
   * The households from `from` worked out in the API's event loop, in slices (SLICE_MS shared by the batches running)
   * between which it serves other requests: where there is no compiled thread (the in-process tests), or a thread failed.
   */
  private async answerInLoop(
    from: number,
    count: number,
    itemOf: (index: number) => BatchItem,
    today: string,
    writer: AnswerWriter,
  ): Promise<void> {
    let sliceStarted = performance.now();
    for (let index = from; index < count && !writer.gone; index += 1) {
      await writer.write(batchLine(this.requests, itemOf(index), today, this.householdFault(index)), index);
      if (performance.now() - sliceStarted > SLICE_MS / Math.max(1, this.places.size)) {
        await nextTurn();
        sliceStarted = performance.now();
      }
    }
  }

  /** Logs a fault of the engine on one household: the household is personal data, so only the fault and its place. */
  private householdFault(index: number) {
    return (error: unknown) =>
      this.logger.error(`The calculator failed on household ${index} of a batch: ${(error as Error).stack ?? String(error)}`);
  }
}

/**
 * Writes a batch's answer as the client reads it: waits while the client is slow to read, stops when it goes away,
 * and gives it up when it reads nothing for the stall limit or is still holding the answer up past its deadline.
 */
class AnswerWriter {
  gone = false;
  private readonly stop = () => (this.gone = !this.response.writableFinished);

  constructor(
    private readonly response: Response,
    private readonly stallLimitMs: number,
    private readonly deadline: number,
    private readonly answerTimeLimitMs: number,
    private readonly logger: Logger,
  ) {
    // 'close' comes when the answer is finished or the connection is lost; only the second stops the work.
    response.on('close', this.stop);
  }

  /** Writes lines; `at` is the first household they answer, for the log. */
  async write(lines: string | Uint8Array, at: number): Promise<void> {
    if (this.gone || this.response.write(lines)) return;
    const why = await this.waitForClient();
    if (why === 'drained') return;
    this.logger.warn(
      why === 'stalled'
        ? `A batch was given up at household ${at}: its client read nothing for ${this.stallLimitMs} ms.`
        : `A batch was given up at household ${at}: its client read too slowly (the answer must be read within ${Math.round(this.answerTimeLimitMs / 1000)} s).`,
    );
    this.response.destroy();
    this.gone = true;
  }

  finish(): void {
    this.response.off('close', this.stop);
    if (!this.gone) this.response.end();
  }

  /**
   * Waits until the client has read what was written (or has gone), at most the stall limit, and not past the answer's
   * deadline.
   */
  private async waitForClient(): Promise<'drained' | 'stalled' | 'too-slow'> {
    const limit = Math.max(0, Math.min(this.stallLimitMs, this.deadline - performance.now()));
    // Drained, or closed: a closed connection has already stopped the work (the 'close' listener).
    if (await drainedOrClosed(this.response, limit)) return 'drained';
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
