import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CalculationSession } from '../calculations/calculation-session.entity.js';

/** An error the web app met and reported, kept for the team to fix. */
@Entity({ name: 'client_error_reports' })
export class ClientErrorReport {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('client_error_reports_created_at_idx')
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Where in the web app it happened, such as `Survey`. */
  @Column({ type: 'varchar', length: 100 })
  source!: string;

  @Column({ type: 'text' })
  error!: string;

  /** The calculation the visitor was in; the report is removed with it. */
  @Index('client_error_reports_session_id_idx')
  @Column({ name: 'session_id', type: 'uuid', nullable: true })
  sessionId!: string | null;

  @ManyToOne(() => CalculationSession, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'session_id', foreignKeyConstraintName: 'client_error_reports_session_id_fkey' })
  session?: CalculationSession | null;
}
