import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Attempts per purpose and caller, in the database so every API process counts the same attempts. */
@Entity({ name: 'rate_limit_counters' })
export class RateLimitCounter {
  /** SHA-256 of the purpose and the caller's address: the address itself is not kept. */
  @PrimaryColumn({ type: 'char', length: 64, primaryKeyConstraintName: 'rate_limit_counters_pkey' })
  key!: string;

  @Column({ type: 'integer' })
  hits!: number;

  /** The end of the window that began with the first attempt; the next attempt after it starts a new one. */
  @Index('rate_limit_counters_expires_at_idx')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Set once the limit is passed: every attempt until then is refused, and not counted. */
  @Column({ name: 'blocked_until', type: 'timestamptz', nullable: true })
  blockedUntil!: Date | null;
}
