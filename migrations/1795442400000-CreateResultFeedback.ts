import type { MigrationInterface, QueryRunner } from 'typeorm';

/** 'Was this page helpful?' on the results page: one answer per calculation, changed in place. */
export class CreateResultFeedback1795442400000 implements MigrationInterface {
  name = 'CreateResultFeedback1795442400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE result_feedback (
        session_id uuid NOT NULL CONSTRAINT result_feedback_session_id_fkey REFERENCES calculation_sessions (id) ON DELETE CASCADE,
        feedback_type smallint NOT NULL,
        comment varchar(250) NOT NULL DEFAULT '',
        given_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT result_feedback_pkey PRIMARY KEY (session_id),
        CONSTRAINT result_feedback_feedback_type_check CHECK (feedback_type IN (1, 2))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE result_feedback`);
  }
}
