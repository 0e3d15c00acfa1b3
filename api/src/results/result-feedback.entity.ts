import { Check, Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { CalculationSession } from '../calculations/calculation-session.entity.js';

/** 'Was this page helpful?': thumbs up (1) or down (2) and an optional comment, one per calculation. */
@Entity({ name: 'result_feedback' })
@Check('result_feedback_feedback_type_check', 'feedback_type IN (1, 2)')
export class ResultFeedback {
  @PrimaryColumn({ name: 'session_id', type: 'uuid', primaryKeyConstraintName: 'result_feedback_pkey' })
  sessionId!: string;

  @Column({ name: 'feedback_type', type: 'smallint' })
  feedbackType!: 1 | 2;

  @Column({ type: 'varchar', length: 250, default: '' })
  comment!: string;

  @UpdateDateColumn({ name: 'given_at', type: 'timestamptz' })
  givenAt!: Date;

  @OneToOne(() => CalculationSession, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'session_id', foreignKeyConstraintName: 'result_feedback_session_id_fkey' })
  session?: CalculationSession;
}
