import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Attempts per caller per time window, in the database so every API process counts the same attempts. */
@Entity({ name: 'rate_limit_counters' })
export class RateLimitCounter {
  /** SHA-256 of the purpose and the caller's address: the address itself is not kept. */
  @PrimaryColumn({ type: 'char', length: 64, primaryKeyConstraintName: 'rate_limit_counters_pkey' })
  key!: string;

  @PrimaryColumn({ name: 'window_start', type: 'timestamptz', primaryKeyConstraintName: 'rate_limit_counters_pkey' })
  windowStart!: Date;

  @Column({ type: 'integer' })
  hits!: number;
}
