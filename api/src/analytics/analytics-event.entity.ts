import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The questionnaire's and results' analytics events (a page seen or passed, the results shown, a results section
 * opened), kept first-party instead of sent to a third-party tracker.
 */
export type AnalyticsEventName = 'page_view' | 'form_valid' | 'complete - not eligible' | 'complete - eligible' | 'result_section';

@Entity({ name: 'analytics_events' })
export class AnalyticsEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Index('analytics_events_occurred_at_idx')
  @CreateDateColumn({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ type: 'varchar', length: 40 })
  event!: AnalyticsEventName;

  @Column({ name: 'page_name', type: 'varchar', length: 64, nullable: true })
  pageName!: string | null;

  @Column({ name: 'partner_id', type: 'varchar', length: 40, nullable: true })
  partnerId!: string | null;

  @Index('analytics_events_session_id_idx')
  @Column({ name: 'session_id', type: 'uuid', nullable: true })
  sessionId!: string | null;

  // Named, not imported: the saved calculation sits in a layer above this one (api/src/calculations/).
  @ManyToOne('CalculationSession', { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'session_id', foreignKeyConstraintName: 'analytics_events_session_id_fkey' })
  session?: { id: string } | null;
}
