import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API keys for the calculation API (issue 20): an organisation's named keys, each kept only as the SHA-256 of the
 * secret, with its daily quota and per-minute limit; and the calls of each key per day, counted and refused. No
 * request body is kept.
 */
export class CreateApiKeys1796000000000 implements MigrationInterface {
  name = 'CreateApiKeys1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL CONSTRAINT api_keys_organisation_id_fkey REFERENCES organisations (id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        prefix varchar(16) NOT NULL,
        key_hash char(64) NOT NULL CONSTRAINT api_keys_key_hash_key UNIQUE,
        daily_quota integer NOT NULL,
        per_minute integer NOT NULL,
        created_by uuid CONSTRAINT api_keys_created_by_fkey REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        last_used_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX api_keys_organisation_id_idx ON api_keys (organisation_id)`);
    await queryRunner.query(`
      CREATE TABLE api_key_usage (
        key_id uuid NOT NULL CONSTRAINT api_key_usage_key_id_fkey REFERENCES api_keys (id) ON DELETE CASCADE,
        day date NOT NULL,
        calls integer NOT NULL DEFAULT 0,
        refused integer NOT NULL DEFAULT 0,
        CONSTRAINT api_key_usage_pkey PRIMARY KEY (key_id, day)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE api_key_usage`);
    await queryRunner.query(`DROP TABLE api_keys`);
  }
}
