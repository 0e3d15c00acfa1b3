import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type {
  CasesRunReport,
  ChangeSetStatus,
  ImpactReport,
  PendingRequest,
  PolicyEdit,
  PolicyPerson,
  StopRecord,
} from '../../../common/policy/model.js';
import { User } from '../accounts/user.entity.js';

/** What an edit of a published change set replaced and what it set, as the files held them then (see PolicyFiles). */
export interface PublishedPart {
  before: unknown;
  after: unknown;
}

/** A policy change set (issue 19): its edits, who wrote and approved it, and from when it applies once published. */
@Entity({ name: 'policy_change_sets' })
@Check('policy_change_sets_status_check', "status IN ('draft', 'approved', 'published', 'withdrawn', 'reverted')")
@Index('policy_change_sets_status_idx', ['status', 'publishedSeq'])
@Unique('policy_change_sets_published_seq_key', ['publishedSeq'])
export class PolicyChangeSet {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  reason!: string;

  @Column({ type: 'varchar', length: 10, default: 'draft' })
  status!: ChangeSetStatus;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  edits!: PolicyEdit[];

  @Column({ name: 'author_id', type: 'uuid', nullable: true })
  authorId!: string | null;

  @Column({ name: 'author_name', type: 'varchar', length: 100 })
  authorName!: string;

  @Column({ name: 'approver_id', type: 'uuid', nullable: true })
  approverId!: string | null;

  @Column({ name: 'approver_name', type: 'varchar', length: 100, nullable: true })
  approverName!: string | null;

  @Column({ name: 'effective_from', type: 'date', nullable: true })
  effectiveFrom!: string | null;

  @Column({ name: 'reverted_from', type: 'date', nullable: true })
  revertedFrom!: string | null;

  @Column({ name: 'published_seq', type: 'integer', nullable: true })
  publishedSeq!: number | null;

  @Column({ name: 'published_parts', type: 'jsonb', nullable: true })
  publishedParts!: PublishedPart[] | null;

  @Column({ name: 'last_cases_run', type: 'jsonb', nullable: true })
  lastCasesRun!: CasesRunReport | null;

  @Column({ name: 'last_impact', type: 'jsonb', nullable: true })
  lastImpact!: ImpactReport | null;

  /** Every member who added, changed or removed an edit: none of them may approve it (issue 28). */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  contributors!: PolicyPerson[];

  /** How many times the edits have changed: the version an approval is shown for. */
  @Column({ name: 'content_version', type: 'integer', default: 0 })
  contentVersion!: number;

  /** The digest of the edits the approval named (engine/policy/change-set-digest.ts); null when not approved. */
  @Column({ name: 'approved_digest', type: 'varchar', length: 64, nullable: true })
  approvedDigest!: string | null;

  /** A withdrawal or revert asked for by one member, waiting for a second to confirm it. */
  @Column({ name: 'pending_request', type: 'jsonb', nullable: true })
  pendingRequest!: PendingRequest | null;

  /** Who stopped it in an emergency, when and why. */
  @Column({ type: 'jsonb', nullable: true })
  stopped!: StopRecord | null;

  /** When it was found to throw at run time; every process then leaves it out. */
  @Column({ name: 'failed_at', type: 'timestamptz', nullable: true })
  failedAt!: Date | null;

  /** The error's name and message (never a household's data). */
  @Column({ type: 'jsonb', nullable: true })
  failure!: { errorName: string; message: string } | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'author_id', foreignKeyConstraintName: 'policy_change_sets_author_id_fkey' })
  author?: User;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'approver_id', foreignKeyConstraintName: 'policy_change_sets_approver_id_fkey' })
  approver?: User;
}

/** One step of a change set: who did what, when. Never deleted with the person who did it. */
@Entity({ name: 'policy_audit_events' })
@Index('policy_audit_events_change_set_id_idx', ['changeSetId', 'at'])
export class PolicyAuditEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'change_set_id', type: 'integer' })
  changeSetId!: number;

  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId!: string | null;

  @Column({ name: 'actor_name', type: 'varchar', length: 100 })
  actorName!: string;

  @Column({ type: 'varchar', length: 20 })
  action!: string;

  @Column({ type: 'text' })
  detail!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at!: Date;

  @ManyToOne(() => PolicyChangeSet, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'change_set_id', foreignKeyConstraintName: 'policy_audit_events_change_set_id_fkey' })
  changeSet?: PolicyChangeSet;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'actor_id', foreignKeyConstraintName: 'policy_audit_events_actor_id_fkey' })
  actor?: User;
}
