import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29, point 4: a calculation's answers are kept in its own row, as one JSON object by question name, rather than
 * one row each in survey_answers. A page is then saved by changing one row (no primary key and foreign key check per
 * answer), which halves PostgreSQL's work a survey POST; and every reading of a calculation gets its answers without
 * gathering them. Nothing read survey_answers.answered_at.
 *
 * The index on updated_at served no query (retention and the 6-month lifetime go by created_at), but it made every
 * save update every index of the row: without it a page's save can stay on the row's page (a HOT update). created_at,
 * which never changes, gets the index the retention job's delete and the lifetime's filter use.
 */
export class AnswersWithTheirCalculation1796300000000 implements MigrationInterface {
  name = 'AnswersWithTheirCalculation1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE calculation_sessions ADD COLUMN answers jsonb NOT NULL DEFAULT '{}'::jsonb`);
    await queryRunner.query(
      `UPDATE calculation_sessions s SET answers = a.answers
         FROM (SELECT session_id, jsonb_object_agg(question_name, value) AS answers FROM survey_answers GROUP BY session_id) a
        WHERE a.session_id = s.id`,
    );
    await queryRunner.query(`DROP TABLE survey_answers`);
    await queryRunner.query(`DROP INDEX calculation_sessions_updated_at_idx`);
    await queryRunner.query(`CREATE INDEX calculation_sessions_created_at_idx ON calculation_sessions (created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX calculation_sessions_created_at_idx`);
    await queryRunner.query(`CREATE INDEX calculation_sessions_updated_at_idx ON calculation_sessions (updated_at)`);
    await queryRunner.query(
      `CREATE TABLE survey_answers (
        session_id uuid NOT NULL CONSTRAINT survey_answers_session_id_fkey REFERENCES calculation_sessions (id) ON DELETE CASCADE,
        question_name varchar(64) NOT NULL,
        value jsonb NOT NULL,
        answered_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT survey_answers_pkey PRIMARY KEY (session_id, question_name)
      )`,
    );
    await queryRunner.query(
      `INSERT INTO survey_answers (session_id, question_name, value)
       SELECT s.id, answer.key, answer.value FROM calculation_sessions s, jsonb_each(s.answers) AS answer`,
    );
    await queryRunner.query(`ALTER TABLE calculation_sessions DROP COLUMN answers`);
  }
}
