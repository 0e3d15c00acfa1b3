import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A postcode's Broad Rental Market Area, from the lookup an operator loads (`npm run data:brma`). */
@Entity({ name: 'postcode_brmas' })
export class PostcodeBrma {
  /** In its standard written form, e.g. M1 1AD. */
  @PrimaryColumn({ type: 'varchar', length: 8, primaryKeyConstraintName: 'postcode_brmas_pkey' })
  postcode!: string;

  /** The area's name as `rulesets/local-housing-allowance/rates.json` writes it. */
  @Column({ type: 'varchar', length: 100 })
  brma!: string;
}
