import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { dataSourceOptions } from '../data-source-options.js';
import { runMigrations } from '../database/migrate.js';
import { PostgresThrottlerStorage } from './postgres-throttler-storage.js';

// @nestjs/throttler's storage interface on a real PostgreSQL: counting, blocking, expiry and atomicity.
let database: TestDatabase;
let dataSource: DataSource;
let storage: PostgresThrottlerStorage;

beforeAll(async () => {
  Logger.overrideLogger(false);
  database = await createTestDatabase();
  dataSource = await new DataSource(dataSourceOptions(database.url)).initialize();
  await runMigrations(dataSource, new Logger('Migrations'));
  storage = new PostgresThrottlerStorage(dataSource);
});
afterAll(async () => {
  await dataSource.destroy();
  await database.drop();
});
beforeEach(() => database.query('DELETE FROM rate_limit_counters'));

const KEY = 'a'.repeat(64);
const MINUTE = 60_000;

describe('PostgresThrottlerStorage', () => {
  it('counts attempts in a window that starts with the first, and blocks for the block time once over the limit', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) answers.push(await storage.increment(KEY, MINUTE, 3, 10 * MINUTE, 'test'));
    expect(answers.map(({ totalHits, isBlocked }) => ({ totalHits, isBlocked }))).toEqual([
      { totalHits: 1, isBlocked: false },
      { totalHits: 2, isBlocked: false },
      { totalHits: 3, isBlocked: false },
      { totalHits: 4, isBlocked: true },
      // Attempts while blocked are refused and not counted.
      { totalHits: 4, isBlocked: true },
    ]);
    expect(answers[0].timeToExpire).toBeGreaterThan(58);
    expect(answers[0].timeToExpire).toBeLessThanOrEqual(60);
    expect(answers[0].timeToBlockExpire).toBe(0);
    expect(answers[4].timeToBlockExpire).toBeGreaterThan(598);
    expect(answers[4].timeToBlockExpire).toBeLessThanOrEqual(600);
    expect(await storage.peek(KEY)).toEqual({ hits: 4, isBlocked: true, secondsLeft: expect.any(Number) });
    expect((await storage.peek(KEY)).secondsLeft).toBeGreaterThan(598);
  });

  it('starts again once the window has ended, and once a block has ended', async () => {
    await storage.increment(KEY, MINUTE, 3, MINUTE, 'test');
    await storage.increment(KEY, MINUTE, 3, MINUTE, 'test');
    await database.query(`UPDATE rate_limit_counters SET expires_at = now() - interval '1 second'`);
    expect(await storage.peek(KEY)).toEqual({ hits: 0, isBlocked: false, secondsLeft: 0 });
    expect(await storage.increment(KEY, MINUTE, 3, MINUTE, 'test')).toMatchObject({ totalHits: 1, isBlocked: false });

    await database.query(`UPDATE rate_limit_counters SET hits = 9, blocked_until = now() - interval '1 second'`);
    expect(await storage.increment(KEY, MINUTE, 3, MINUTE, 'test')).toMatchObject({ totalHits: 1, isBlocked: false, timeToBlockExpire: 0 });
  });

  it('without a block, counts every attempt and refuses those over the limit until the window ends', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 4; attempt += 1) answers.push(await storage.increment(KEY, MINUTE, 2, 0, 'test'));
    expect(answers.map(({ totalHits, isBlocked }) => ({ totalHits, isBlocked }))).toEqual([
      { totalHits: 1, isBlocked: false },
      { totalHits: 2, isBlocked: false },
      { totalHits: 3, isBlocked: true },
      { totalHits: 4, isBlocked: true },
    ]);
    expect(answers[3].timeToBlockExpire).toBe(answers[3].timeToExpire);
  });

  it('loses no attempt when many arrive at once, on several connections', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => storage.increment(KEY, MINUTE, 25, MINUTE, 'test')));
    expect(answers.map((answer) => answer.totalHits).sort((a, b) => a - b)).toEqual([
      ...Array.from({ length: 26 }, (_, index) => index + 1),
      ...Array(14).fill(26),
    ]);
    expect(answers.filter((answer) => answer.isBlocked)).toHaveLength(15);
  });

  it('deletes counters whose window and block have both ended, on the first attempt a minute after the last sweep', async () => {
    await database.query(
      `INSERT INTO rate_limit_counters (key, hits, expires_at, blocked_until) VALUES
        (repeat('b', 64), 1, now() - interval '1 minute', NULL),
        (repeat('c', 64), 9, now() - interval '1 minute', now() + interval '1 minute'),
        (repeat('d', 64), 1, now() + interval '1 minute', NULL)`,
    );
    await new PostgresThrottlerStorage(dataSource).increment(KEY, MINUTE, 3, MINUTE, 'test');
    expect((await database.query<{ key: string }>('SELECT key FROM rate_limit_counters ORDER BY key')).map((row) => row.key[0])).toEqual([
      'a',
      'c',
      'd',
    ]);
  });
});
