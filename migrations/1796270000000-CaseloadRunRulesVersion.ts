import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30: a caseload run records the rules version it was worked out with (the tax year and the published policy
 * change sets in force at its date, '2027-28+cs7'), so an adviser can tell whether next April's figures were already
 * in it. Runs from before this was recorded keep ''.
 */
export class CaseloadRunRulesVersion1796270000000 implements MigrationInterface {
  name = 'CaseloadRunRulesVersion1796270000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE caseload_runs ADD COLUMN rules_version varchar(80) NOT NULL DEFAULT ''`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE caseload_runs DROP COLUMN rules_version`);
  }
}
