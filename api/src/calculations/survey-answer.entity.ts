import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { AnswerValue } from '../../../common/survey/model.js';
import { CalculationSession } from './calculation-session.entity.js';

/** One question's answer in one calculation. Answers of questions that became hidden stay, unused, until changed. */
@Entity({ name: 'survey_answers' })
export class SurveyAnswer {
  @PrimaryColumn({ name: 'session_id', type: 'uuid', primaryKeyConstraintName: 'survey_answers_pkey' })
  sessionId!: string;

  @PrimaryColumn({ name: 'question_name', type: 'varchar', length: 64, primaryKeyConstraintName: 'survey_answers_pkey' })
  questionName!: string;

  @Column({ type: 'jsonb' })
  value!: AnswerValue;

  @UpdateDateColumn({ name: 'answered_at', type: 'timestamptz' })
  answeredAt!: Date;

  @ManyToOne(() => CalculationSession, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'session_id', foreignKeyConstraintName: 'survey_answers_session_id_fkey' })
  session?: CalculationSession;
}
