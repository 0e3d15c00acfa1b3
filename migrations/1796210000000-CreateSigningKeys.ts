import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keys the server signs with, one per purpose, made at random by the first process that needs one and shared by
 * every process through the database (issue 28): the first is the portal pass's (api/src/site/portal-pass.ts), which
 * proves that a calculation was started inside a partner's frame.
 */
export class CreateSigningKeys1796210000000 implements MigrationInterface {
  name = 'CreateSigningKeys1796210000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE signing_keys (
        purpose varchar(40) PRIMARY KEY,
        secret bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE signing_keys`);
  }
}
