import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28: aggregates of real calculations under a disclosure control (common/disclosure-control.ts).
 *
 * Each calculation gets a record key: 32 random bits (from gen_random_uuid, a strong random source), never shown, whose
 * sum over a cell's calculations draws that cell's rounding, as the ONS cell key method does. Existing calculations
 * draw theirs now.
 *
 * Impacts run before the control showed kept calculations' figures over fewer than 10 changed households: they are
 * cleared (a change set's impact is run again in seconds), and the audit lines that quoted how many kept calculations
 * changed lose that clause. Neither can be put back by `down`.
 */
export class AggregatesUnderDisclosureControl1796240000000 implements MigrationInterface {
  name = 'AggregatesUnderDisclosureControl1796240000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The first 8 hex digits of a version 4 UUID are random: they make a 32-bit integer.
    await queryRunner.query(`
      CREATE FUNCTION new_record_key() RETURNS integer LANGUAGE sql VOLATILE
        AS $$ SELECT ('x' || left(replace(gen_random_uuid()::text, '-', ''), 8))::bit(32)::integer $$`);
    await queryRunner.query(`ALTER TABLE calculation_sessions ADD COLUMN record_key integer NOT NULL DEFAULT new_record_key()`);
    await queryRunner.query(`UPDATE policy_change_sets SET last_impact = NULL WHERE last_impact IS NOT NULL`);
    await queryRunner.query(
      `UPDATE policy_audit_events SET detail = regexp_replace(detail, '; \\d+ of \\d+ kept calculations\\.$', '.')
        WHERE action = 'impact-run'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE calculation_sessions DROP COLUMN record_key`);
    await queryRunner.query(`DROP FUNCTION new_record_key()`);
  }
}
