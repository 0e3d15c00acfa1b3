import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

export type AccessGrantKind = 'session' | 'test-mode';

/**
 * A browser's right to something, held in an http-only cookie whose token is stored here only as a SHA-256 hash:
 * to open a calculation after the identity check (3 days), or to see the testing panels (30 days).
 */
@Entity({ name: 'access_grants' })
@Check('access_grants_kind_check', `kind IN ('session', 'test-mode')`)
export class AccessGrant {
  @PrimaryColumn({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ type: 'varchar', length: 20 })
  kind!: AccessGrantKind;

  @Column({ name: 'session_id', type: 'uuid', nullable: true })
  sessionId!: string | null;

  @Index('access_grants_expires_at_idx')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  // Named, not imported: the saved calculation sits in a layer above this one (api/src/calculations/).
  @ManyToOne('CalculationSession', { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'session_id', foreignKeyConstraintName: 'access_grants_session_id_fkey' })
  session?: { id: string } | null;
}
