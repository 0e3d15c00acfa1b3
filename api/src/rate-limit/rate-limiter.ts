import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ApiError } from '../errors/api-error.js';

export interface RateLimit {
  /** What is limited, e.g. 'test-mode-password'; callers are counted separately for each purpose. */
  purpose: string;
  attempts: number;
  windowSeconds: number;
}

/**
 * Counts attempts per caller in fixed windows, in PostgreSQL so that every API process shares the count.
 * Guards the guessable things: the test-mode password, calculation look-ups and identity checks.
 */
@Injectable()
export class RateLimiter {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records one attempt; throws 429 when the caller has used up the window's attempts. */
  async hit(limit: RateLimit, callerAddress: string): Promise<void> {
    const { key, windowStart } = counterOf(limit, callerAddress);
    const [{ hits }] = await this.dataSource.query<{ hits: number }[]>(
      `INSERT INTO rate_limit_counters (key, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + 1
       RETURNING hits`,
      [key, windowStart],
    );
    if (hits === 1) await this.dataSource.query(`DELETE FROM rate_limit_counters WHERE window_start < now() - interval '1 day'`);
    if (hits > limit.attempts) {
      throw new ApiError(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts. Please wait a few minutes and try again.');
    }
  }

  /** Whether the caller has used up the window's attempts, without counting one. */
  async isUsedUp(limit: RateLimit, caller: string): Promise<boolean> {
    const { key, windowStart } = counterOf(limit, caller);
    const rows = await this.dataSource.query<{ hits: number }[]>(`SELECT hits FROM rate_limit_counters WHERE key = $1 AND window_start = $2`, [key, windowStart]);
    return (rows[0]?.hits ?? 0) >= limit.attempts;
  }
}

/** The counter's key (hashed, so no address or id is stored as it is) and its fixed window. */
function counterOf(limit: RateLimit, caller: string): { key: string; windowStart: Date } {
  const windowMs = limit.windowSeconds * 1000;
  return { key: createHash('sha256').update(`${limit.purpose}:${caller}`).digest('hex'), windowStart: new Date(Math.floor(Date.now() / windowMs) * windowMs) };
}
