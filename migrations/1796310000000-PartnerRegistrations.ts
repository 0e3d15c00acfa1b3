import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32, point 5: the service's own administrators register partners in the account area, and a second one approves
 * each registration before it takes effect (one person never changes which sites may frame the calculator alone).
 * A row is one proposal: a partner's whole definition, or its removal (definition null), with the logo uploaded for
 * it. Names are kept beside the ids, as the policy audit does, so the record outlives an account.
 * The partner files stay as the seed data; the partner is live as its newest approved row says.
 */
export class PartnerRegistrations1796310000000 implements MigrationInterface {
  name = 'PartnerRegistrations1796310000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP CONSTRAINT users_role_check`);
    await queryRunner.query(
      `ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('adviser', 'organisation-admin', 'policy-staff', 'service-admin'))`,
    );
    await queryRunner.query(
      `CREATE TABLE partner_registrations (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        partner_id varchar(40) NOT NULL,
        definition jsonb,
        logo bytea,
        logo_type varchar(20),
        status varchar(10) NOT NULL DEFAULT 'proposed',
        proposed_by uuid CONSTRAINT partner_registrations_proposed_by_fkey REFERENCES users (id) ON DELETE SET NULL,
        proposed_by_name varchar(200) NOT NULL,
        proposed_at timestamptz NOT NULL DEFAULT now(),
        decided_by uuid CONSTRAINT partner_registrations_decided_by_fkey REFERENCES users (id) ON DELETE SET NULL,
        decided_by_name varchar(200),
        decided_at timestamptz,
        CONSTRAINT partner_registrations_pkey PRIMARY KEY (id),
        CONSTRAINT partner_registrations_status_check CHECK (status IN ('proposed', 'approved', 'rejected')),
        CONSTRAINT partner_registrations_four_eyes_check CHECK (status <> 'approved' OR decided_by <> proposed_by)
      )`,
    );
    // One open proposal for a partner at a time, so that no approval can overtake another unseen.
    await queryRunner.query(
      `CREATE UNIQUE INDEX partner_registrations_one_open_idx ON partner_registrations (partner_id) WHERE status = 'proposed'`,
    );
    await queryRunner.query(`CREATE INDEX partner_registrations_partner_idx ON partner_registrations (partner_id, decided_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE partner_registrations`);
    await queryRunner.query(`DELETE FROM account_sessions WHERE user_id IN (SELECT id FROM users WHERE role = 'service-admin')`);
    await queryRunner.query(`DELETE FROM users WHERE role = 'service-admin'`);
    await queryRunner.query(`ALTER TABLE users DROP CONSTRAINT users_role_check`);
    await queryRunner.query(
      `ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('adviser', 'organisation-admin', 'policy-staff'))`,
    );
  }
}
