import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type AdviserAuditAction = 'start' | 'duplicate' | 'delete' | 'details';

/**
 * Who changed an adviser calculation, and when. No foreign keys: the record of a deleted calculation,
 * client or account must stay. Holds ids only, never a client's name or date of birth.
 */
@Entity({ name: 'adviser_audit' })
@Check('adviser_audit_action_check', "action IN ('start', 'duplicate', 'delete', 'details')")
export class AdviserAudit {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Index('adviser_audit_occurred_at_idx')
  @CreateDateColumn({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Index('adviser_audit_organisation_id_idx')
  @Column({ name: 'organisation_id', type: 'uuid' })
  organisationId!: string;

  @Column({ type: 'varchar', length: 20 })
  action!: AdviserAuditAction;

  @Column({ name: 'session_id', type: 'uuid' })
  sessionId!: string;

  @Column({ name: 'client_id', type: 'uuid', nullable: true })
  clientId!: string | null;
}
