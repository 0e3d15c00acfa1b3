import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A postcode's local authority and position, from the ONS Postcode Directory (`npm run data:postcodes`). The
 * authority's name and country come from `definitions/lookup/local-authorities.json`, not from here.
 */
@Entity({ name: 'postcodes' })
export class PostcodeLocation {
  /** In its standard written form, e.g. SW1A 1AA. */
  @PrimaryColumn({ type: 'varchar', length: 8, primaryKeyConstraintName: 'postcodes_pkey' })
  postcode!: string;

  /** GSS code of the local authority district; null for a postcode with none. */
  @Column({ name: 'local_authority_code', type: 'varchar', length: 9, nullable: true })
  localAuthorityCode!: string | null;

  @Column({ type: 'double precision', nullable: true })
  latitude!: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude!: number | null;
}
