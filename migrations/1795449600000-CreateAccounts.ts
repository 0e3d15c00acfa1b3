import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts for the adviser area: organisations, their users (adviser, organisation admin, policy staff),
 * the signed-in sessions (token hashes only) and the organisations' clients.
 */
export class CreateAccounts1795449600000 implements MigrationInterface {
  name = 'CreateAccounts1795449600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE organisations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(200) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL CONSTRAINT users_organisation_id_fkey REFERENCES organisations (id) ON DELETE CASCADE,
        email varchar(254) NOT NULL,
        password_hash varchar(255) NOT NULL,
        role varchar(20) NOT NULL,
        display_name varchar(100) NOT NULL,
        failed_sign_ins integer NOT NULL DEFAULT 0,
        locked_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_email_key UNIQUE (email),
        CONSTRAINT users_email_check CHECK (email = lower(email)),
        CONSTRAINT users_role_check CHECK (role IN ('adviser', 'organisation-admin', 'policy-staff'))
      )`);
    await queryRunner.query(`CREATE INDEX users_organisation_id_idx ON users (organisation_id)`);
    await queryRunner.query(`
      CREATE TABLE account_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash char(64) NOT NULL,
        csrf_hash char(64) NOT NULL,
        user_id uuid NOT NULL CONSTRAINT account_sessions_user_id_fkey REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        CONSTRAINT account_sessions_token_hash_key UNIQUE (token_hash)
      )`);
    await queryRunner.query(`CREATE INDEX account_sessions_user_id_idx ON account_sessions (user_id)`);
    await queryRunner.query(`CREATE INDEX account_sessions_expires_at_idx ON account_sessions (expires_at)`);
    await queryRunner.query(`
      CREATE TABLE clients (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL CONSTRAINT clients_organisation_id_fkey REFERENCES organisations (id) ON DELETE CASCADE,
        adviser_id uuid NOT NULL CONSTRAINT clients_adviser_id_fkey REFERENCES users (id) ON DELETE RESTRICT,
        first_name varchar(100) NOT NULL,
        last_name varchar(100) NOT NULL,
        date_of_birth date NOT NULL,
        client_number varchar(50) NOT NULL DEFAULT '',
        case_reference varchar(20) NOT NULL DEFAULT '',
        case_notes varchar(2000) NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX clients_organisation_id_idx ON clients (organisation_id)`);
    await queryRunner.query(`CREATE INDEX clients_adviser_id_idx ON clients (adviser_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE clients`);
    await queryRunner.query(`DROP TABLE account_sessions`);
    await queryRunner.query(`DROP TABLE users`);
    await queryRunner.query(`DROP TABLE organisations`);
  }
}
