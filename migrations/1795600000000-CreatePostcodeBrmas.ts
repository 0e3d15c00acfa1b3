import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The postcode to Broad Rental Market Area lookup that an operator may load (`npm run data:brma`, from the Urban
 * Big Data Centre's open 'Postcode to BRMA lookup', OGL). It starts empty: without it, the Local Housing Allowance
 * area comes from the council, or the person is asked. `brma` is the area's name as the calculator's LHA rates
 * write it (rulesets/local-housing-allowance/rates.json), so a row always names an area the engine holds.
 */
export class CreatePostcodeBrmas1795600000000 implements MigrationInterface {
  name = 'CreatePostcodeBrmas1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE postcode_brmas (
        postcode varchar(8) NOT NULL,
        brma varchar(100) NOT NULL,
        CONSTRAINT postcode_brmas_pkey PRIMARY KEY (postcode)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE postcode_brmas');
  }
}
