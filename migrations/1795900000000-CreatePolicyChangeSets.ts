import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The policy workbench (issue 19): change sets of edits to the rules, rates, questions, extra help and cases,
 * drafted, approved by a second policy-staff member, and published from a date; and every step of each, audited.
 * Names are copied into the audit, so the record of who did what outlives an account that is later removed.
 */
export class CreatePolicyChangeSets1795900000000 implements MigrationInterface {
  name = 'CreatePolicyChangeSets1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE policy_change_sets (
        id serial PRIMARY KEY,
        title varchar(200) NOT NULL,
        reason text NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'draft',
        edits jsonb NOT NULL DEFAULT '[]',
        author_id uuid CONSTRAINT policy_change_sets_author_id_fkey REFERENCES users (id) ON DELETE SET NULL,
        author_name varchar(100) NOT NULL,
        approver_id uuid CONSTRAINT policy_change_sets_approver_id_fkey REFERENCES users (id) ON DELETE SET NULL,
        approver_name varchar(100),
        effective_from date,
        reverted_from date,
        published_seq integer CONSTRAINT policy_change_sets_published_seq_key UNIQUE,
        published_parts jsonb,
        last_cases_run jsonb,
        last_impact jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT policy_change_sets_status_check CHECK (status IN ('draft', 'approved', 'published', 'withdrawn', 'reverted'))
      )`);
    await queryRunner.query(`CREATE INDEX policy_change_sets_status_idx ON policy_change_sets (status, published_seq)`);
    await queryRunner.query(`
      CREATE TABLE policy_audit_events (
        id bigserial PRIMARY KEY,
        change_set_id integer NOT NULL CONSTRAINT policy_audit_events_change_set_id_fkey REFERENCES policy_change_sets (id) ON DELETE CASCADE,
        actor_id uuid CONSTRAINT policy_audit_events_actor_id_fkey REFERENCES users (id) ON DELETE SET NULL,
        actor_name varchar(100) NOT NULL,
        action varchar(20) NOT NULL,
        detail text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX policy_audit_events_change_set_id_idx ON policy_audit_events (change_set_id, at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE policy_audit_events`);
    await queryRunner.query(`DROP TABLE policy_change_sets`);
  }
}
