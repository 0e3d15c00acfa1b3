import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CalculationSession } from '../calculations/calculation-session.entity.js';

/**
 * The security code currently shown beside a calculation's e-mail form: one per calculation, replaced each time a
 * new picture is asked for, deleted when it is checked. The code itself is not kept, only a salted hash of it, and
 * the spoken version made when it was issued (it cannot be made again from the hash).
 */
@Entity({ name: 'captcha_challenges' })
export class CaptchaChallenge {
  @PrimaryColumn({ name: 'session_id', type: 'uuid', primaryKeyConstraintName: 'captcha_challenges_pkey' })
  sessionId!: string;

  /** SHA-256 of the salt and the code (hashChallengeAnswer). */
  @Column({ name: 'answer_hash', type: 'char', length: 64 })
  answerHash!: string;

  /** 16 random bytes as hex, new for every code. */
  @Column({ type: 'char', length: 32 })
  salt!: string;

  /** The code spoken character by character: a WAV file. */
  @Column({ type: 'bytea' })
  audio!: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Index('captcha_challenges_expires_at_idx')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @ManyToOne(() => CalculationSession, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'session_id', foreignKeyConstraintName: 'captcha_challenges_session_id_fkey' })
  session?: CalculationSession;
}
