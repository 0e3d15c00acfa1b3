import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The adviser area's calculations (the `/api/intermediary/...` calls): a calculation an adviser starts
 * belongs to one of their organisation's clients and carries the adviser's case label and notes. Every change an
 * adviser makes is recorded in `adviser_audit`, which keeps no foreign keys so that the record of a deleted
 * calculation, client or account stays.
 */
export class CreateAdviserCalculations1795453200000 implements MigrationInterface {
  name = 'CreateAdviserCalculations1795453200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE calculation_sessions ADD COLUMN client_id uuid CONSTRAINT calculation_sessions_client_id_fkey REFERENCES clients (id) ON DELETE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE calculation_sessions ADD COLUMN adviser_user_id uuid CONSTRAINT calculation_sessions_adviser_user_id_fkey REFERENCES users (id) ON DELETE SET NULL`,
    );
    await queryRunner.query(`ALTER TABLE calculation_sessions ADD COLUMN case_label varchar(20) NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE calculation_sessions ADD COLUMN case_notes varchar(2000) NOT NULL DEFAULT ''`);
    await queryRunner.query(`CREATE INDEX calculation_sessions_client_id_idx ON calculation_sessions (client_id)`);
    await queryRunner.query(`
      CREATE TABLE adviser_audit (
        id bigserial PRIMARY KEY,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        user_id uuid NOT NULL,
        organisation_id uuid NOT NULL,
        action varchar(20) NOT NULL,
        session_id uuid NOT NULL,
        client_id uuid,
        CONSTRAINT adviser_audit_action_check CHECK (action IN ('start', 'duplicate', 'delete', 'details'))
      )`);
    await queryRunner.query(`CREATE INDEX adviser_audit_occurred_at_idx ON adviser_audit (occurred_at)`);
    await queryRunner.query(`CREATE INDEX adviser_audit_organisation_id_idx ON adviser_audit (organisation_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE adviser_audit`);
    await queryRunner.query(`DROP INDEX calculation_sessions_client_id_idx`);
    await queryRunner.query(`ALTER TABLE calculation_sessions DROP COLUMN case_notes`);
    await queryRunner.query(`ALTER TABLE calculation_sessions DROP COLUMN case_label`);
    await queryRunner.query(`ALTER TABLE calculation_sessions DROP COLUMN adviser_user_id`);
    await queryRunner.query(`ALTER TABLE calculation_sessions DROP COLUMN client_id`);
  }
}
