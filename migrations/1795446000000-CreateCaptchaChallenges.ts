import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The security code beside the e-mail form: one current code per
 * calculation, kept as a salted hash with its spoken version, for 10 minutes or until it is checked once.
 */
export class CreateCaptchaChallenges1795446000000 implements MigrationInterface {
  name = 'CreateCaptchaChallenges1795446000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE captcha_challenges (
        session_id uuid NOT NULL CONSTRAINT captcha_challenges_session_id_fkey REFERENCES calculation_sessions (id) ON DELETE CASCADE,
        answer_hash char(64) NOT NULL,
        salt char(32) NOT NULL,
        audio bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        CONSTRAINT captcha_challenges_pkey PRIMARY KEY (session_id)
      )`);
    await queryRunner.query(`CREATE INDEX captcha_challenges_expires_at_idx ON captcha_challenges (expires_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE captcha_challenges`);
  }
}
