import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: every change to a saved calculation's row moves its version on, whoever makes it (a page save, the
 * better-off answers, an adviser's case details, an adviser's account removed), so that a server holding a recently
 * read copy of a calculation can save the next page in one statement: the save's version check fails when anything
 * changed since, and the page is worked out again on what is stored.
 */
export class CalculationVersionOnEveryChange1796260000000 implements MigrationInterface {
  name = 'CalculationVersionOnEveryChange1796260000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION calculation_sessions_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.version := OLD.version + 1;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER calculation_sessions_next_version BEFORE UPDATE ON calculation_sessions
        FOR EACH ROW EXECUTE FUNCTION calculation_sessions_next_version()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER calculation_sessions_next_version ON calculation_sessions`);
    await queryRunner.query(`DROP FUNCTION calculation_sessions_next_version()`);
  }
}
