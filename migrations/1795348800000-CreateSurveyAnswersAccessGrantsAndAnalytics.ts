import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The questionnaire's storage: one row per answered question, the pages a calculation has passed, grants that
 * let a browser open a calculation (identity check, test mode), first-party analytics, and rate-limit counters.
 */
export class CreateSurveyAnswersAccessGrantsAndAnalytics1795348800000 implements MigrationInterface {
  name = 'CreateSurveyAnswersAccessGrantsAndAnalytics1795348800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE calculation_sessions ADD COLUMN completed_pages text[] NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`ALTER TABLE calculation_sessions ADD COLUMN finished_at timestamptz`);
    await queryRunner.query(`
      CREATE TABLE survey_answers (
        session_id uuid NOT NULL CONSTRAINT survey_answers_session_id_fkey REFERENCES calculation_sessions (id) ON DELETE CASCADE,
        question_name varchar(64) NOT NULL,
        value jsonb NOT NULL,
        answered_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT survey_answers_pkey PRIMARY KEY (session_id, question_name)
      )`);
    await queryRunner.query(`
      CREATE TABLE access_grants (
        token_hash char(64) PRIMARY KEY,
        kind varchar(20) NOT NULL,
        session_id uuid CONSTRAINT access_grants_session_id_fkey REFERENCES calculation_sessions (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        CONSTRAINT access_grants_kind_check CHECK (kind IN ('session', 'test-mode'))
      )`);
    await queryRunner.query(`CREATE INDEX access_grants_expires_at_idx ON access_grants (expires_at)`);
    await queryRunner.query(`
      CREATE TABLE analytics_events (
        id bigserial PRIMARY KEY,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        event varchar(40) NOT NULL,
        page_name varchar(64),
        partner_id varchar(40),
        session_id uuid CONSTRAINT analytics_events_session_id_fkey REFERENCES calculation_sessions (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX analytics_events_occurred_at_idx ON analytics_events (occurred_at)`);
    await queryRunner.query(`CREATE INDEX analytics_events_session_id_idx ON analytics_events (session_id)`);
    await queryRunner.query(`
      CREATE TABLE rate_limit_counters (
        key char(64) NOT NULL,
        window_start timestamptz NOT NULL,
        hits integer NOT NULL,
        CONSTRAINT rate_limit_counters_pkey PRIMARY KEY (key, window_start)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE rate_limit_counters`);
    await queryRunner.query(`DROP TABLE analytics_events`);
    await queryRunner.query(`DROP TABLE access_grants`);
    await queryRunner.query(`DROP TABLE survey_answers`);
    await queryRunner.query(`ALTER TABLE calculation_sessions DROP COLUMN finished_at`);
    await queryRunner.query(`ALTER TABLE calculation_sessions DROP COLUMN completed_pages`);
  }
}
