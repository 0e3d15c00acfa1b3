import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30: a caseload run can be worked out with a change set the policy team has approved but not yet published
 * (next April's rates, announced): the run records which, so its figures stay marked provisional and name it.
 */
export class CaseloadRunChangeSet1796290000000 implements MigrationInterface {
  name = 'CaseloadRunChangeSet1796290000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE caseload_runs ADD COLUMN change_set_id integer NULL
         CONSTRAINT caseload_runs_change_set_id_fkey REFERENCES policy_change_sets (id) ON DELETE SET NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE caseload_runs DROP COLUMN change_set_id`);
  }
}
