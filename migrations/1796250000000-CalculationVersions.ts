import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: each saved calculation counts its saves. A page is saved only if the calculation is still at the version
 * it was read at (one statement: the answers, the progress and the count together), so two tabs posting pages of one
 * calculation at once cannot overwrite each other's progress: the later one is worked out again on the saved answers.
 */
export class CalculationVersions1796250000000 implements MigrationInterface {
  name = 'CalculationVersions1796250000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE calculation_sessions ADD COLUMN version integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE calculation_sessions DROP COLUMN version`);
  }
}
