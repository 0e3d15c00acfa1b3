import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 20 real postcodes, so the postcode lookup answers offline with no data loaded (fixtures and a first run);
 * `npm run data:postcodes` loads the whole ONS Postcode Directory over them. From the ONS National Statistics
 * Postcode Lookup (May 2026), terminated postcodes removed. Contains OS data © Crown copyright and database
 * right 2026; Contains Royal Mail data © Royal Mail copyright and database right 2026; Source: Office for
 * National Statistics licensed under the Open Government Licence v.3.0. The BT postcodes come from Land &
 * Property Services (see the NSPL user guide on commercial use). BT1 1BT is live but has no local authority.
 */
const SEED_POSTCODES: [postcode: string, localAuthorityCode: string | null, latitude: number | null, longitude: number | null][] = [
  ['AB10 1AB', 'S12000033', 57.1496, -2.0969],
  ['AB10 6AA', 'S12000033', 57.1356, -2.1143],
  ['AB10 7AA', 'S12000033', 57.1211, -2.1377],
  ['SW1A 0AA', 'E09000033', 51.4998, -0.1246],
  ['SW1A 1AA', 'E09000033', 51.501, -0.1416],
  ['SW1A 2AA', 'E09000033', 51.5035, -0.1277],
  ['SW1A 1YT', 'E09000032', 51.4811, -0.1339],
  ['EN5 1AA', 'E09000003', 51.643, -0.171],
  ['EN5 2AA', 'E09000003', 51.6421, -0.2404],
  ['EN5 3AA', 'E09000003', 51.6462, -0.2214],
  ['EN5 3JE', 'E07000098', 51.6634, -0.2406],
  ['M1 1AD', 'E08000003', 53.4838, -2.2449],
  ['M1 2AD', 'E08000003', 53.4751, -2.2292],
  ['M1 7AA', 'E08000003', 53.474, -2.2388],
  ['CF10 1AA', 'W06000015', 51.4791, -3.1781],
  ['CF10 3AE', 'W06000015', 51.483, -3.1767],
  ['CF10 4AA', 'W06000015', 51.4654, -3.1617],
  ['BT1 1AA', 'N09000003', 54.6024, -5.9223],
  ['BT1 5AA', 'N09000003', 54.5987, -5.931],
  ['BT1 1BT', null, null, null],
];

export class CreatePostcodesAndCouncilTaxAddresses1795356000000 implements MigrationInterface {
  name = 'CreatePostcodesAndCouncilTaxAddresses1795356000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE postcodes (
        postcode varchar(8) NOT NULL,
        local_authority_code varchar(9),
        latitude double precision,
        longitude double precision,
        CONSTRAINT postcodes_pkey PRIMARY KEY (postcode)
      )`);
    await queryRunner.query(
      `INSERT INTO postcodes (postcode, local_authority_code, latitude, longitude)
       SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::double precision[], $4::double precision[])`,
      [0, 1, 2, 3].map((column) => SEED_POSTCODES.map((row) => row[column])),
    );
    // Starts empty: band data comes from the valuation lists through `npm run data:bands`, never invented.
    await queryRunner.query(`
      CREATE TABLE council_tax_addresses (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        postcode varchar(8) NOT NULL,
        line1 varchar(200) NOT NULL,
        band varchar(1) NOT NULL,
        local_authority_code varchar(9),
        country varchar(16),
        CONSTRAINT council_tax_addresses_pkey PRIMARY KEY (id),
        CONSTRAINT council_tax_addresses_postcode_line1_key UNIQUE (postcode, line1),
        CONSTRAINT council_tax_addresses_band_check CHECK (band IN ('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE council_tax_addresses`);
    await queryRunner.query(`DROP TABLE postcodes`);
  }
}
