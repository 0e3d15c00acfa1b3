import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rate-limit counters in the shape @nestjs/throttler's storage needs: one row per purpose and
 * caller, counting from its first attempt until `expires_at`, and refused until `blocked_until` once over the
 * limit. The hand-written limiter's fixed-window rows cannot be carried over (their window length was not kept),
 * so the counts in progress start again: at most one window's worth of attempts more, once, at the upgrade.
 */
export class RateLimitCountersExpireOnTheirOwn1795730000000 implements MigrationInterface {
  name = 'RateLimitCountersExpireOnTheirOwn1795730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE rate_limit_counters`);
    await queryRunner.query(`
      CREATE TABLE rate_limit_counters (
        key char(64) NOT NULL,
        hits integer NOT NULL,
        expires_at timestamptz NOT NULL,
        blocked_until timestamptz,
        CONSTRAINT rate_limit_counters_pkey PRIMARY KEY (key)
      )`);
    await queryRunner.query(`CREATE INDEX rate_limit_counters_expires_at_idx ON rate_limit_counters (expires_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE rate_limit_counters`);
    await queryRunner.query(`
      CREATE TABLE rate_limit_counters (
        key char(64) NOT NULL,
        window_start timestamptz NOT NULL,
        hits integer NOT NULL,
        CONSTRAINT rate_limit_counters_pkey PRIMARY KEY (key, window_start)
      )`);
  }
}
