import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The policy workbench's safe powers (issue 28):
 * - `contributors`: every member who added, changed or removed an edit (id and name), none of whom may approve;
 *   filled for the change sets already held from their audit;
 * - `content_version` counts the changes to the edits, and `approved_digest` is the digest of the edits an approval
 *   named: publishing needs it to be the digest of the edits held;
 * - `pending_request`: a withdrawal or revert one member asked for, with its reason, until a second confirms it;
 * - `stopped`: who stopped a published change set in an emergency, when and why;
 * - `failed_at` and `failure`: when a published change set was found to throw at run time, and the error's name and
 *   message (never a household's data): every process then leaves it out of the rules.
 */
export class PolicyFourEyesAndFaults1796230000000 implements MigrationInterface {
  name = 'PolicyFourEyesAndFaults1796230000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE policy_change_sets
        ADD COLUMN contributors jsonb NOT NULL DEFAULT '[]',
        ADD COLUMN content_version integer NOT NULL DEFAULT 0,
        ADD COLUMN approved_digest varchar(64),
        ADD COLUMN pending_request jsonb,
        ADD COLUMN stopped jsonb,
        ADD COLUMN failed_at timestamptz,
        ADD COLUMN failure jsonb`);
    // Whoever edited a change set already held is a contributor, as the audit records them.
    await queryRunner.query(`
      UPDATE policy_change_sets s SET
        contributors = coalesce((
          SELECT jsonb_agg(jsonb_build_object('id', e.actor_id, 'name', e.actor_name) ORDER BY e.first_at)
            FROM (SELECT actor_id, min(actor_name) AS actor_name, min(at) AS first_at FROM policy_audit_events
                   WHERE change_set_id = s.id AND action = 'edited' AND actor_id IS NOT NULL GROUP BY actor_id) e
        ), '[]'),
        content_version = (SELECT count(*) FROM policy_audit_events WHERE change_set_id = s.id AND action = 'edited')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE policy_change_sets
        DROP COLUMN failure,
        DROP COLUMN failed_at,
        DROP COLUMN stopped,
        DROP COLUMN pending_request,
        DROP COLUMN approved_digest,
        DROP COLUMN content_version,
        DROP COLUMN contributors`);
  }
}
