import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { CaseloadProblem, CaseloadRunStatus } from '../../../common/adviser/caseload.js';
import { ClientRecord } from '../accounts/client.entity.js';
import { Organisation } from '../accounts/organisation.entity.js';
import { User } from '../accounts/user.entity.js';
import { PolicyChangeSet } from '../policy/policy-change-set.entity.js';

/** One caseload run of one organisation: the date asked for, and how far the background job has gone. */
@Entity({ name: 'caseload_runs' })
@Check('caseload_runs_status_check', "status IN ('queued', 'running', 'done', 'failed')")
@Index('caseload_runs_organisation_id_idx', ['organisationId', 'createdAt'])
@Index('caseload_runs_one_active_idx', ['organisationId'], { unique: true, where: "status IN ('queued', 'running')" })
export class CaseloadRun {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'organisation_id', type: 'uuid' })
  organisationId!: string;

  @Column({ name: 'started_by', type: 'uuid', nullable: true })
  startedBy!: string | null;

  @Column({ name: 'at_date', type: 'date' })
  atDate!: string;

  @Column({ type: 'varchar', length: 10, default: 'queued' })
  status!: CaseloadRunStatus;

  /** The rules version at `atDate` when the run started ('2027-28+cs7'); '' for runs from before it was recorded. */
  @Column({ name: 'rules_version', type: 'varchar', length: 80, default: '' })
  rulesVersion!: string;

  /** A change set approved but not yet published that the run was asked to use (null: the published rules alone). */
  @Column({ name: 'change_set_id', type: 'integer', nullable: true })
  changeSetId!: number | null;

  @Column({ type: 'integer', default: 0 })
  total!: number;

  @Column({ type: 'integer', default: 0 })
  done!: number;

  @Column({ type: 'integer', default: 0 })
  failed!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  @ManyToOne(() => Organisation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organisation_id', foreignKeyConstraintName: 'caseload_runs_organisation_id_fkey' })
  organisation?: Organisation;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'started_by', foreignKeyConstraintName: 'caseload_runs_started_by_fkey' })
  starter?: User;

  @ManyToOne(() => PolicyChangeSet, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'change_set_id', foreignKeyConstraintName: 'caseload_runs_change_set_id_fkey' })
  changeSet?: PolicyChangeSet;
}

/** One client's outcome in a run: the calculation used, the day it was saved, and the totals (or why there are none). */
@Entity({ name: 'caseload_run_clients' })
@Check('caseload_run_clients_problem_check', "problem IN ('not-finished', 'needs-answers', 'rates-not-held', 'error')")
export class CaseloadRunClient {
  @PrimaryColumn({ name: 'run_id', type: 'uuid', primaryKeyConstraintName: 'caseload_run_clients_pkey' })
  runId!: string;

  @Index('caseload_run_clients_client_id_idx')
  @PrimaryColumn({ name: 'client_id', type: 'uuid', primaryKeyConstraintName: 'caseload_run_clients_pkey' })
  clientId!: string;

  @Column({ name: 'session_id', type: 'uuid' })
  sessionId!: string;

  @Column({ name: 'saved_on', type: 'date' })
  savedOn!: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  problem!: CaseloadProblem | null;

  @Column({ name: 'before_weekly_pence', type: 'integer', nullable: true })
  beforeWeeklyPence!: number | null;

  @Column({ name: 'before_monthly_pence', type: 'integer', nullable: true })
  beforeMonthlyPence!: number | null;

  @Column({ name: 'after_weekly_pence', type: 'integer', nullable: true })
  afterWeeklyPence!: number | null;

  @Column({ name: 'after_monthly_pence', type: 'integer', nullable: true })
  afterMonthlyPence!: number | null;

  @ManyToOne(() => CaseloadRun, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'run_id', foreignKeyConstraintName: 'caseload_run_clients_run_id_fkey' })
  run?: CaseloadRun;

  @ManyToOne(() => ClientRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id', foreignKeyConstraintName: 'caseload_run_clients_client_id_fkey' })
  client?: ClientRecord;
}

/** One benefit of one client in a run: its amount on the day the calculation was saved and at the run's date, in pence. */
@Entity({ name: 'caseload_run_benefits' })
export class CaseloadRunBenefit {
  @PrimaryColumn({ name: 'run_id', type: 'uuid', primaryKeyConstraintName: 'caseload_run_benefits_pkey' })
  runId!: string;

  @PrimaryColumn({ name: 'client_id', type: 'uuid', primaryKeyConstraintName: 'caseload_run_benefits_pkey' })
  clientId!: string;

  @PrimaryColumn({ name: 'benefit_code', type: 'varchar', length: 40, primaryKeyConstraintName: 'caseload_run_benefits_pkey' })
  benefitCode!: string;

  @Column({ name: 'before_weekly_pence', type: 'integer' })
  beforeWeeklyPence!: number;

  @Column({ name: 'before_monthly_pence', type: 'integer' })
  beforeMonthlyPence!: number;

  @Column({ name: 'after_weekly_pence', type: 'integer' })
  afterWeeklyPence!: number;

  @Column({ name: 'after_monthly_pence', type: 'integer' })
  afterMonthlyPence!: number;

  /** Shown at one date only (Council Tax Reduction before the council's Band D for the year is held): not a change. */
  @Column({ name: 'not_known', type: 'boolean', default: false })
  notKnown!: boolean;

  @ManyToOne(() => CaseloadRunClient, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'run_id', referencedColumnName: 'runId', foreignKeyConstraintName: 'caseload_run_benefits_client_fkey' },
    { name: 'client_id', referencedColumnName: 'clientId', foreignKeyConstraintName: 'caseload_run_benefits_client_fkey' },
  ])
  runClient?: CaseloadRunClient;
}
