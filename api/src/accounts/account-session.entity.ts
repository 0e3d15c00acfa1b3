import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { User } from './user.entity.js';

/**
 * A signed-in browser. Only SHA-256 hashes of the cookie's token and of the CSRF token are kept, so a copy of the
 * table signs nobody in.
 */
@Entity({ name: 'account_sessions' })
@Unique('account_sessions_token_hash_key', ['tokenHash'])
export class AccountSession {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'csrf_hash', type: 'char', length: 64 })
  csrfHash!: string;

  @Index('account_sessions_user_id_idx')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Index('account_sessions_expires_at_idx')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'account_sessions_user_id_fkey' })
  user?: User;
}
