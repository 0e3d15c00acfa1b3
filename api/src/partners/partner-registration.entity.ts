import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../accounts/user.entity.js';
import type { PartnerDefinition } from '../../../common/site.js';

export type PartnerRegistrationStatus = 'proposed' | 'approved' | 'rejected';

/**
 * One change to the partners, made by a service administrator in the account area and approved (or rejected) by a
 * second: a partner's whole definition, or its removal (definition null), with the logo uploaded for it. A partner is
 * as its newest approved row says; with none, as its partner file says (migrations/1796310000000-PartnerRegistrations.ts).
 */
@Entity({ name: 'partner_registrations' })
@Check('partner_registrations_status_check', "status IN ('proposed', 'approved', 'rejected')")
@Check('partner_registrations_four_eyes_check', "status <> 'approved' OR decided_by <> proposed_by")
@Index('partner_registrations_one_open_idx', ['partnerId'], { unique: true, where: "status = 'proposed'" })
@Index('partner_registrations_partner_idx', ['partnerId', 'decidedAt'])
export class PartnerRegistration {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'partner_id', type: 'varchar', length: 40 })
  partnerId!: string;

  @Column({ type: 'jsonb', nullable: true })
  definition!: PartnerDefinition | null;

  @Column({ type: 'bytea', nullable: true })
  logo!: Buffer | null;

  @Column({ name: 'logo_type', type: 'varchar', length: 20, nullable: true })
  logoType!: string | null;

  @Column({ type: 'varchar', length: 10, default: 'proposed' })
  status!: PartnerRegistrationStatus;

  @Column({ name: 'proposed_by', type: 'uuid', nullable: true })
  proposedBy!: string | null;

  @Column({ name: 'proposed_by_name', type: 'varchar', length: 200 })
  proposedByName!: string;

  @Column({ name: 'proposed_at', type: 'timestamptz', default: () => 'now()' })
  proposedAt!: Date;

  @Column({ name: 'decided_by', type: 'uuid', nullable: true })
  decidedBy!: string | null;

  @Column({ name: 'decided_by_name', type: 'varchar', length: 200, nullable: true })
  decidedByName!: string | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt!: Date | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'proposed_by', foreignKeyConstraintName: 'partner_registrations_proposed_by_fkey' })
  proposer?: User | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'decided_by', foreignKeyConstraintName: 'partner_registrations_decided_by_fkey' })
  decider?: User | null;
}
