import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Wrong passwords in a row for one e-mail address from one network (lockout.ts), whether or not the address has an
 * account. Written only by AccountsService.signIn; rows untouched for a day are deleted.
 */
@Entity({ name: 'sign_in_locks' })
export class SignInLock {
  /** SHA-256 of the e-mail address as the account keeps it (lower case) and the network (sign-in-lock.ts). */
  @PrimaryColumn({ type: 'char', length: 64, primaryKeyConstraintName: 'sign_in_locks_pkey' })
  key!: string;

  @Column({ name: 'failed_sign_ins', type: 'integer', default: 0 })
  failedSignIns!: number;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil!: Date | null;

  @Index('sign_in_locks_updated_at_idx')
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
