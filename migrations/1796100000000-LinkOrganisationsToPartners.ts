import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A partner (definitions/partners/) can be linked to the organisation that runs it (`npm run accounts:link-partner`):
 * that organisation's admins then see the management information of the calculations made in the partner's portal,
 * as well as of their own clients (issue 20). The partner's id, as its file names it; null for most organisations.
 */
export class LinkOrganisationsToPartners1796100000000 implements MigrationInterface {
  name = 'LinkOrganisationsToPartners1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE organisations ADD COLUMN partner_id varchar(40)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE organisations DROP COLUMN partner_id`);
  }
}
