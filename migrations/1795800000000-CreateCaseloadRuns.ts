import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Caseload runs (issue 18): an organisation's adviser recalculates the latest calculation of each of its clients at
 * a chosen date, in a background job. A run belongs to one organisation; each client's outcome is one row (with the
 * reason when it could not be recalculated), and each benefit's before and after figures, in pence, one row more.
 * No names are copied here: the screen joins the clients, so a deleted client's rows go with them. At most one run
 * per organisation is queued or running at a time (the partial unique index).
 */
export class CreateCaseloadRuns1795800000000 implements MigrationInterface {
  name = 'CreateCaseloadRuns1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE caseload_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL CONSTRAINT caseload_runs_organisation_id_fkey REFERENCES organisations (id) ON DELETE CASCADE,
        started_by uuid CONSTRAINT caseload_runs_started_by_fkey REFERENCES users (id) ON DELETE SET NULL,
        at_date date NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'queued',
        total integer NOT NULL DEFAULT 0,
        done integer NOT NULL DEFAULT 0,
        failed integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        CONSTRAINT caseload_runs_status_check CHECK (status IN ('queued', 'running', 'done', 'failed'))
      )`);
    await queryRunner.query(`CREATE INDEX caseload_runs_organisation_id_idx ON caseload_runs (organisation_id, created_at)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX caseload_runs_one_active_idx ON caseload_runs (organisation_id) WHERE status IN ('queued', 'running')`,
    );
    await queryRunner.query(`
      CREATE TABLE caseload_run_clients (
        run_id uuid NOT NULL CONSTRAINT caseload_run_clients_run_id_fkey REFERENCES caseload_runs (id) ON DELETE CASCADE,
        client_id uuid NOT NULL CONSTRAINT caseload_run_clients_client_id_fkey REFERENCES clients (id) ON DELETE CASCADE,
        session_id uuid NOT NULL,
        saved_on date NOT NULL,
        problem varchar(20),
        before_weekly_pence integer,
        before_monthly_pence integer,
        after_weekly_pence integer,
        after_monthly_pence integer,
        PRIMARY KEY (run_id, client_id),
        CONSTRAINT caseload_run_clients_problem_check CHECK (problem IN ('not-finished', 'needs-answers', 'rates-not-held', 'error'))
      )`);
    await queryRunner.query(`CREATE INDEX caseload_run_clients_client_id_idx ON caseload_run_clients (client_id)`);
    await queryRunner.query(`
      CREATE TABLE caseload_run_benefits (
        run_id uuid NOT NULL,
        client_id uuid NOT NULL,
        benefit_code varchar(40) NOT NULL,
        before_weekly_pence integer NOT NULL,
        before_monthly_pence integer NOT NULL,
        after_weekly_pence integer NOT NULL,
        after_monthly_pence integer NOT NULL,
        PRIMARY KEY (run_id, client_id, benefit_code),
        CONSTRAINT caseload_run_benefits_client_fkey FOREIGN KEY (run_id, client_id)
          REFERENCES caseload_run_clients (run_id, client_id) ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE caseload_run_benefits`);
    await queryRunner.query(`DROP TABLE caseload_run_clients`);
    await queryRunner.query(`DROP TABLE caseload_runs`);
  }
}
