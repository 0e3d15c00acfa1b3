import { Check, Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

export const COUNCIL_TAX_BANDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] as const;
export type CouncilTaxBand = (typeof COUNCIL_TAX_BANDS)[number];

/**
 * One dwelling and its council tax band, loaded from the valuation lists (`npm run data:bands`), so the person
 * can pick their address instead of knowing their band.
 */
@Entity({ name: 'council_tax_addresses' })
@Unique('council_tax_addresses_postcode_line1_key', ['postcode', 'line1'])
@Check('council_tax_addresses_band_check', `band IN ('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I')`)
export class CouncilTaxAddress {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'council_tax_addresses_pkey' })
  id!: string;

  /** In its standard written form, e.g. CF10 1AA. */
  @Column({ type: 'varchar', length: 8 })
  postcode!: string;

  /** The address as the person recognises it, e.g. '12 Park Place'. */
  @Column({ type: 'varchar', length: 200 })
  line1!: string;

  @Column({ type: 'varchar', length: 1 })
  band!: CouncilTaxBand;

  @Column({ name: 'local_authority_code', type: 'varchar', length: 9, nullable: true })
  localAuthorityCode!: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  country!: string | null;
}
