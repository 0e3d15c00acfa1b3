import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30: a benefit whose amount a client's result shows at one date only (Council Tax Reduction on a date whose
 * Band D the council has not set yet, say) is not a gain or a loss: the caseload run records it as not known, and
 * the client's total compares the benefits known at both dates.
 */
export class CaseloadAmountNotKnown1796280000000 implements MigrationInterface {
  name = 'CaseloadAmountNotKnown1796280000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE caseload_run_benefits ADD COLUMN not_known boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE caseload_run_benefits DROP COLUMN not_known`);
  }
}
