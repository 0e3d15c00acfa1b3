import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCalculationSessionsAndClientErrorReports1795262400000 implements MigrationInterface {
  name = 'CreateCalculationSessionsAndClientErrorReports1795262400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE calculation_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        reference varchar(12) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        owner_browser_id varchar(64),
        partner_id varchar(40),
        referral varchar(100),
        sub_category varchar(100),
        pip_session_id varchar(100),
        is_portal boolean NOT NULL DEFAULT false,
        is_test boolean NOT NULL DEFAULT false,
        CONSTRAINT calculation_sessions_reference_key UNIQUE (reference)
      )`);
    await queryRunner.query(`CREATE INDEX calculation_sessions_updated_at_idx ON calculation_sessions (updated_at)`);
    await queryRunner.query(`
      CREATE TABLE client_error_reports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        created_at timestamptz NOT NULL DEFAULT now(),
        source varchar(100) NOT NULL,
        error text NOT NULL,
        session_id uuid CONSTRAINT client_error_reports_session_id_fkey REFERENCES calculation_sessions (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX client_error_reports_created_at_idx ON client_error_reports (created_at)`);
    await queryRunner.query(`CREATE INDEX client_error_reports_session_id_idx ON client_error_reports (session_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE client_error_reports`);
    await queryRunner.query(`DROP TABLE calculation_sessions`);
  }
}
