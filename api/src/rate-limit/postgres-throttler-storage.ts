import type { ThrottlerStorage } from '@nestjs/throttler';
import type { DataSource } from 'typeorm';

/** What a storage answers for one attempt (the library's ThrottlerStorageRecord); times in whole seconds. */
export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** Expired counters are deleted by the first attempt after this long, in each process, and by the retention job. */
const SWEEP_INTERVAL_MS = 60_000;

export const DELETE_EXPIRED_COUNTERS = `DELETE FROM rate_limit_counters WHERE expires_at <= now() AND (blocked_until IS NULL OR blocked_until <= now())`;

/**
 * One attempt, counted in one statement, so that two API processes (or two requests in one) never lose a count.
 * $1 key, $2 window (ms), $3 limit, $4 block (ms). A window starts with the first attempt after the last one ended.
 * Blocking (block > 0), as the throttler's own in-memory storage does: the attempt that passes the limit blocks the
 * caller for the block time; attempts while blocked are refused and not counted; when the block ends, counting
 * starts again. Without a block (block <= 0): every attempt counts, and those over the limit are refused until the
 * window ends. All times come from the database's clock, the one clock every process shares.
 */
const COUNT_ATTEMPT = `
  INSERT INTO rate_limit_counters AS counter (key, hits, expires_at, blocked_until)
  VALUES (
    $1, 1, now() + $2::float8 * interval '1 millisecond',
    CASE WHEN $4::float8 > 0 AND 1 > $3::int THEN now() + $4::float8 * interval '1 millisecond' END
  )
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE
      WHEN counter.blocked_until > now() THEN counter.hits
      WHEN counter.expires_at <= now() OR counter.blocked_until <= now() THEN 1
      ELSE counter.hits + 1
    END,
    expires_at = CASE
      WHEN counter.blocked_until > now() THEN counter.expires_at
      WHEN counter.expires_at <= now() OR counter.blocked_until <= now() THEN EXCLUDED.expires_at
      ELSE counter.expires_at
    END,
    blocked_until = CASE
      WHEN counter.blocked_until > now() THEN counter.blocked_until
      WHEN counter.expires_at <= now() OR counter.blocked_until <= now() THEN EXCLUDED.blocked_until
      WHEN $4::float8 > 0 AND counter.hits + 1 > $3::int THEN now() + $4::float8 * interval '1 millisecond'
    END
  RETURNING
    hits,
    greatest(0, ceil(extract(epoch FROM expires_at - now())))::int AS time_to_expire,
    CASE
      WHEN blocked_until > now() THEN greatest(1, ceil(extract(epoch FROM blocked_until - now())))::int
      WHEN $4::float8 <= 0 AND hits > $3::int THEN greatest(1, ceil(extract(epoch FROM expires_at - now())))::int
      ELSE 0
    END AS time_to_block_expire`;

interface CountedRow {
  hits: number;
  time_to_expire: number;
  time_to_block_expire: number;
}

/**
 * @nestjs/throttler's storage interface on PostgreSQL (the table `rate_limit_counters`), so that every API process
 * shares the counts: what RateLimitGuard and RateLimiter count with, and what the library's ThrottlerGuard would
 * take as its `storage`. Keys are already digests: no address is stored as it is.
 */
export class PostgresThrottlerStorage implements ThrottlerStorage {
  private lastSweep = 0;

  constructor(private readonly dataSource: DataSource) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    _throttlerName?: string,
  ): Promise<ThrottlerStorageRecord> {
    const [row] = await this.dataSource.query<CountedRow[]>(COUNT_ATTEMPT, [key, ttl, limit, blockDuration]);
    await this.sweepExpired();
    return {
      totalHits: row.hits,
      timeToExpire: row.time_to_expire,
      isBlocked: row.time_to_block_expire > 0,
      timeToBlockExpire: row.time_to_block_expire,
    };
  }

  /**
   * The attempts counted in the key's current window (0 when none), whether it is blocked, and the whole seconds
   * until both the window and any block have ended (0 when none), without counting one.
   */
  async peek(key: string): Promise<{ hits: number; isBlocked: boolean; secondsLeft: number }> {
    const rows = await this.dataSource.query<{ hits: number; blocked: boolean; seconds_left: number }[]>(
      `SELECT hits, coalesce(blocked_until > now(), false) AS blocked,
              greatest(0, ceil(extract(epoch FROM greatest(expires_at, coalesce(blocked_until, expires_at)) - now())))::int AS seconds_left
       FROM rate_limit_counters
       WHERE key = $1 AND (expires_at > now() OR blocked_until > now())`,
      [key],
    );
    return { hits: rows[0]?.hits ?? 0, isBlocked: rows[0]?.blocked ?? false, secondsLeft: rows[0]?.seconds_left ?? 0 };
  }

  private async sweepExpired(): Promise<void> {
    if (Date.now() - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = Date.now();
    await this.dataSource.query(DELETE_EXPIRED_COUNTERS);
  }
}
