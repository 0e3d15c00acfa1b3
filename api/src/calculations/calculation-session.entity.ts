import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';
import type { Answers } from '../../../common/survey/model.js';

/**
 * One calculation: a visitor's run through the questionnaire, found again by its short reference. The query
 * string values it started with are kept with it, and its answers, one JSON object by question name.
 */
@Entity({ name: 'calculation_sessions' })
@Unique('calculation_sessions_reference_key', ['reference'])
export class CalculationSession {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The calculation reference shown to the visitor (`token` on the wire). */
  @Column({ type: 'varchar', length: 12 })
  reference!: string;

  /** What the retention job deletes by, and the 6-month lifetime filters on. */
  @Index('calculation_sessions_created_at_idx')
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  // Not indexed, so that saving a page can update the row where it lies (nothing looks calculations up by it).
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  /** The browser that first saw the calculation, which owns it. */
  @Column({ name: 'owner_browser_id', type: 'varchar', length: 64, nullable: true })
  ownerBrowserId!: string | null;

  @Column({ name: 'partner_id', type: 'varchar', length: 40, nullable: true })
  partnerId!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  referral!: string | null;

  @Column({ name: 'sub_category', type: 'varchar', length: 100, nullable: true })
  subCategory!: string | null;

  @Column({ name: 'pip_session_id', type: 'varchar', length: 100, nullable: true })
  pipSessionId!: string | null;

  @Column({ name: 'is_portal', type: 'boolean', default: false })
  isPortal!: boolean;

  @Column({ name: 'is_test', type: 'boolean', default: false })
  isTest!: boolean;

  /** Names of the pages the visitor has passed with Next; a page can be answered once every page before it is. */
  @Column({ name: 'completed_pages', type: 'text', array: true, default: () => "'{}'" })
  completedPages!: string[];

  /** When the questionnaire was finished (the finish action); null while it is in progress. */
  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  /** An adviser's calculation belongs to one of their organisation's clients; null for the public's. */
  @Index('calculation_sessions_client_id_idx')
  @Column({ name: 'client_id', type: 'uuid', nullable: true })
  clientId!: string | null;

  // Named, not imported: accounts are a feature above the saved calculation (api/src/accounts/).
  @ManyToOne('ClientRecord', { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'client_id', foreignKeyConstraintName: 'calculation_sessions_client_id_fkey' })
  client?: { id: string } | null;

  /** The adviser who started it. */
  @Column({ name: 'adviser_user_id', type: 'uuid', nullable: true })
  adviserUserId!: string | null;

  @ManyToOne('User', { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'adviser_user_id', foreignKeyConstraintName: 'calculation_sessions_adviser_user_id_fkey' })
  adviser?: { id: string } | null;

  /** The adviser's case label and notes, shown on the adviser's calculation screen; empty for the public's. */
  @Column({ name: 'case_label', type: 'varchar', length: 20, default: '' })
  caseLabel!: string;

  @Column({ name: 'case_notes', type: 'varchar', length: 2000, default: '' })
  caseNotes!: string;

  /**
   * 32 random bits drawn by the database, never shown or sent: the record key of the disclosure control
   * (common/disclosure-control.ts) whose sums draw each aggregate's rounding. Not selected unless asked for.
   */
  @Column({ name: 'record_key', type: 'integer', default: () => 'new_record_key()', select: false })
  recordKey!: number;

  /**
   * The answers by question name. Answers of questions that became hidden stay, unused, until changed. Read and
   * written by CalculationsRepository's own statements; not selected unless asked for.
   */
  @Column({ type: 'jsonb', default: () => "'{}'", select: false })
  answers!: Answers;

  /**
   * How many times a page of it was saved. A save names the version it read, and is refused if another (a second
   * tab) saved in between: see CalculationsRepository.savePage.
   */
  @Column({ type: 'integer', default: 0 })
  version!: number;
}
