import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { ApiError } from '../errors/api-error.js';
import { PostgresThrottlerStorage } from './postgres-throttler-storage.js';

export interface RateLimit {
  /** What is limited, e.g. 'test-mode-password'; callers are counted separately for each purpose. */
  purpose: string;
  attempts: number;
  windowSeconds: number;
}

/**
 * Counts attempts per caller in windows that start with the caller's first attempt, on the same PostgreSQL
 * storage as the per-route limits (PostgresThrottlerStorage), so that every API process shares the count.
 * Guards the guessable things: the test-mode password, calculation look-ups and identity checks.
 */
@Injectable()
export class RateLimiter {
  constructor(private readonly storage: PostgresThrottlerStorage) {}

  /**
   * Records one attempt; throws 429 (with Retry-After: the end of the window) when the caller has used up the
   * window's attempts. Every attempt counts, refused ones too.
   */
  async hit(limit: RateLimit, callerAddress: string): Promise<void> {
    const counted = await this.storage.increment(
      counterKey(limit, callerAddress),
      limit.windowSeconds * 1000,
      limit.attempts,
      0,
      limit.purpose,
    );
    if (counted.isBlocked) {
      throw ApiError.tooManyRequests(
        'TOO_MANY_ATTEMPTS',
        'Too many attempts. Please wait a few minutes and try again.',
        counted.timeToBlockExpire,
      );
    }
  }

  /** Whether the caller has used up the window's attempts, without counting one. */
  async isUsedUp(limit: RateLimit, caller: string): Promise<boolean> {
    return (await this.usedUpFor(limit, caller)) !== null;
  }

  /** When the caller has used up the window's attempts, the whole seconds until it ends (at least 1); else null. Counts nothing. */
  async usedUpFor(limit: RateLimit, caller: string): Promise<number | null> {
    const { hits, isBlocked, secondsLeft } = await this.storage.peek(counterKey(limit, caller));
    return isBlocked || hits >= limit.attempts ? Math.max(1, secondsLeft) : null;
  }
}

/** The counter's key, hashed, so that no address or id is stored as it is. */
function counterKey(limit: RateLimit, caller: string): string {
  return createHash('sha256').update(`${limit.purpose}:${caller}`).digest('hex');
}
