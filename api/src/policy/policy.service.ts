import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DataSource, EntityManager } from 'typeorm';
import { ukToday } from '../../../common/dates/uk-today.js';
import { isIsoDate } from '../../../common/survey/dates.js';
import type {
  CaseRunResult,
  CasesRunReport,
  ChangeSetDetail,
  ChangeSetSummary,
  ConfirmRequest,
  EditProblem,
  PendingRequest,
  PolicyAuditEntry,
  PolicyEdit,
  PolicyPerson,
  ParameterSummary,
  ParameterView,
  PolicySearchHit,
  StoredImpactPart,
  ImpactReport,
  PolicyStatus,
  RulesetSummary,
  RulesetView,
  SampleRunReport,
  StopRecord,
  UpratingRequest,
  UpratingResponse,
} from '../../../common/policy/model.js';
import { POLICY_LIMITS } from '../../../common/policy/model.js';
import { figureText } from '../../../common/disclosure-control.js';
import type { FieldError } from '../../../common/errors.js';
import type { BenefitCode } from '../../../engine/core/benefit.js';
import { checkCase, readCaseFilesFrom, runCases as runEveryCase, type RulesCase } from '../../../engine/core/cases.js';
import { PolicyCatalogue } from '../../../engine/policy/catalogue.js';
import { readCatalogueInputs } from '../../../engine/policy/load-catalogue.js';
import { upratingProposals, UpratingRequestError } from '../../../engine/policy/uprating.js';
import { ControlledImpactTally, sampleImpactInChunks } from '../../../engine/policy/impact.js';
import { CalculationsRepository } from '../calculations/calculations.repository.js';
import { CalculationsService } from '../calculations/calculations.service.js';
import { PublishedRules } from '../rules-in-force/published-rules.js';
import { readSchema } from '../../../engine/schemas/json-schema.js';
import { taxYearOf, type Entitlements } from '../../../engine/core/entitlement-engine.js';
import { normaliseHousehold } from '../../../engine/core/normalise.js';
import {
  applyChangeSet,
  editedPart,
  editShapeProblems,
  editTarget,
  publishingProblems,
  sameJson,
  type AppliedChangeSet,
} from '../../../engine/policy/edits.js';
import { inForceOn, RulesVersions, versionSuffix, type RulesFault } from '../../../engine/policy/rules-versions.js';
import { changeSetDigest } from '../../../engine/policy/change-set-digest.js';
import { approvalChecks, unmetCheck, whyNotApprover, withContributor } from '../../../engine/policy/four-eyes.js';
import { editConditionProblems, type EditCheckContext } from '../../../engine/policy/rule-checks.js';
import {
  caseHouseholds,
  extraHelpFactShapes,
  generatedHouseholds,
  observeFactShapes,
  parameterKindsOf,
  trialRun,
  type TrialHousehold,
} from '../../../engine/policy/trial-run.js';
import type { EntitlementEngine } from '../../../engine/core/entitlement-engine.js';
import { scheduledPath } from '../../../engine/policy/export.js';
import type { SourceFiles } from '../../../engine/source-files.js';
import type { SignedInUser } from '../access/signed-in-user.js';
import { ENTITLEMENT_ENGINE } from '../rules-in-force/tokens.js';
import { ApiError } from '../errors/api-error.js';
import { JsonLogger } from '../logging/json-logger.js';
import { surveyProblemsOf } from '../questionnaire/survey-definitions.js';
import type { PublishedPart } from './policy-change-set.entity.js';

/** A date after every change set's: the version with everything published and not reverted, which drafts build on. */
const LATEST = '9999-12-31';
/** How often a process looks for change sets another process published (each process keeps its own versions). */
/** The impact's sample of generated households: how many, and the seed that makes the same ones again. */
const IMPACT_SAMPLE = 10_000;
const IMPACT_SEED = 1;
/** Stored calculations are read this many at a time, letting the server's other requests run between. */
const STORED_CHUNK = 500;
/** Drafts applied recently, kept so that reading a change set again does not load the engine again. */
const APPLIED_KEPT = 16;
/**
 * The households an edit's rules are worked out over when it is saved (issue 28): every hand-worked case's, and
 * these generated ones (and a few more on each date the change set's values start), seeded so the same each time.
 */
const SAVE_SAMPLE = { count: 200, seed: 28, perDate: 40, datesMax: 4 };
/** The generated households the checks work the change set out over before it can be approved (none may fail). */
const CHECK_SAMPLE = { count: 2000, seed: 2028, perDate: 250, datesMax: 4 };
/** json-rules-engine (slower) works out the edited rules over this many households too, beside the compiled rules. */
const REFERENCE_HOUSEHOLDS = 400;
/** The actor the audit names for what the service itself records (a change set found to fail). */
const THE_SERVICE: PolicyPerson = { id: '', name: 'The service' };

interface ChangeSetRow {
  id: number;
  title: string;
  reason: string;
  status: ChangeSetDetail['status'];
  edits: PolicyEdit[];
  author_id: string | null;
  author_name: string;
  approver_id: string | null;
  approver_name: string | null;
  effective_from: string | null;
  reverted_from: string | null;
  published_parts: PublishedPart[] | null;
  last_cases_run: ChangeSetDetail['lastCasesRun'];
  last_impact: ChangeSetDetail['lastImpact'];
  updated_at: Date;
  contributors: PolicyPerson[];
  content_version: number;
  approved_digest: string | null;
  pending_request: PendingRequest | null;
  stopped: StopRecord | null;
  failed_at: Date | null;
  failure: { errorName: string; message: string } | null;
}

const COLUMNS = `id, title, reason, status, edits, author_id, author_name, approver_id, approver_name,
  to_char(effective_from, 'YYYY-MM-DD') AS effective_from, to_char(reverted_from, 'YYYY-MM-DD') AS reverted_from,
  published_parts, last_cases_run, last_impact, updated_at, contributors, content_version, approved_digest,
  pending_request, stopped, failed_at, failure`;

export function changeSetNotFound(): ApiError {
  return new ApiError(404, 'CHANGE_SET_NOT_FOUND', 'There is no change set with this number.');
}

/**
 * The policy workbench (issue 19): change sets of edits, checked as the loaders check the files; their cases and
 * impact; approval by a second member; publication from a date, after which every calculation on or after that date
 * (results, the API, the adviser area, caseload runs) is worked out with it, with no deploy. Every step is audited.
 */
@Injectable()
export class PolicyService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly applied = new Map<string, AppliedChangeSet>();
  private readonly catalogues = new WeakMap<SourceFiles, Promise<PolicyCatalogue>>();
  /** What each ruleset's facts can be, seen over the check households once (the facts are code: the same for every draft). */
  private factShapes: Promise<EditCheckContext> | undefined;
  private stopListening: (() => void) | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENTITLEMENT_ENGINE) private readonly engine: Entitlements,
    private readonly logger: JsonLogger,
    private readonly calculations: CalculationsService,
    private readonly stored: CalculationsRepository,
    private readonly publishedRules: PublishedRules,
  ) {}

  /** The rules versions of the process (the calculation module's engine). */
  get versions(): RulesVersions {
    if (!(this.engine instanceof RulesVersions)) throw new Error('The policy workbench needs the engine to be the rules versions.');
    return this.engine;
  }

  today(): string {
    return ukToday();
  }

  async onApplicationBootstrap(): Promise<void> {
    // A published change set that throws at run time: results fall back (RulesVersions); here it is alerted and recorded.
    this.stopListening = this.versions.onFault((fault) => void this.recordFault(fault));
    // Say at start, in the log, which published change sets the repository's files do not hold (see status()).
    for (const set of (await this.status()).published.filter(({ files }) => files !== 'in-files')) {
      this.logger.event('warn', 'a published policy change set is not in the repository files', {
        changeSet: set.id,
        files: set.files,
        differences: set.differences.length,
      });
    }
  }

  onModuleDestroy(): void {
    this.stopListening?.();
  }

  /**
   * A published change set threw when results were worked out with it: they fell back to the rules without it
   * (RulesVersions). Alerted once (an error-level event with a stable name, no household data), and recorded on the
   * change set, so that every process leaves it out, the workbench shows it and /api/health reports it.
   */
  private async recordFault(fault: RulesFault): Promise<void> {
    this.logger.event('error', 'published policy change set fails: results fall back to the rules without it', {
      changeSet: fault.changeSet,
      errorName: fault.errorName,
    });
    try {
      await this.dataSource.transaction(async (manager) => {
        const updated = await manager.query<{ id: number }[]>(
          `UPDATE policy_change_sets SET failed_at = $2, failure = $3::jsonb WHERE id = $1 AND failed_at IS NULL RETURNING id`,
          [fault.changeSet, fault.at, JSON.stringify({ errorName: fault.errorName, message: fault.message.slice(0, 500) })],
        );
        if (updated.length > 0)
          await this.audit(
            manager,
            fault.changeSet,
            THE_SERVICE,
            'failed',
            `Results failed with this change set (${fault.errorName}); they are worked out without it. Stop it, or revert it.`,
          );
      });
    } catch (error) {
      this.logger.event('warn', 'could not record a failing policy change set', {
        changeSet: fault.changeSet,
        errorName: (error as Error).name,
      });
    }
  }

  /** The draft's edits laid over the published rules (everything published and not reverted), checked. */
  private apply(edits: readonly PolicyEdit[], base: SourceFiles = this.versions.versionOn(LATEST).files): AppliedChangeSet {
    const key = `${this.versions
      .versionOn(LATEST)
      .sets.map(({ id }) => id)
      .join(',')}|${base === this.versions.versionOn(LATEST).files ? 'latest' : 'other'}|${JSON.stringify(edits)}`;
    const cached = key.includes('|latest|') ? this.applied.get(key) : undefined;
    if (cached) return cached;
    const applied = applyChangeSet(base, edits, { moreChecks: surveyProblemsOf });
    if (key.includes('|latest|')) {
      this.applied.set(key, applied);
      if (this.applied.size > APPLIED_KEPT) this.applied.delete(this.applied.keys().next().value!);
    }
    return applied;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Reading

  private async row(id: number, manager: EntityManager | DataSource = this.dataSource, lock = false): Promise<ChangeSetRow> {
    if (!Number.isSafeInteger(id) || id < 1) throw changeSetNotFound();
    const [row] = await manager.query<ChangeSetRow[]>(
      `SELECT ${COLUMNS} FROM policy_change_sets WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    if (!row) throw changeSetNotFound();
    return row;
  }

  private summaryOf(row: ChangeSetRow): ChangeSetSummary {
    return {
      id: row.id,
      title: row.title,
      status: row.status,
      author: { id: row.author_id ?? '', name: row.author_name },
      approver: row.approver_name ? { id: row.approver_id ?? '', name: row.approver_name } : null,
      effectiveFrom: row.effective_from,
      revertedFrom: row.reverted_from,
      editCount: row.edits.length,
      updatedAt: new Date(row.updated_at).toISOString(),
      isStopped: row.stopped !== null,
      isFailing: row.failed_at !== null,
      hasPendingRequest: row.pending_request !== null,
    };
  }

  async list(): Promise<{ changeSets: ChangeSetSummary[] }> {
    const rows = await this.dataSource.query<ChangeSetRow[]>(`SELECT ${COLUMNS} FROM policy_change_sets ORDER BY id DESC LIMIT 200`);
    return { changeSets: rows.map((row) => this.summaryOf(row)) };
  }

  /**
   * What stops a change set being approved or published: its own problems, every value without its source, and
   * every condition that can never work (checked again here: a change set saved before these checks has them too).
   */
  private async problemsOf(row: ChangeSetRow): Promise<EditProblem[]> {
    if (row.status !== 'draft' && row.status !== 'approved') return [];
    if (row.edits.length === 0) return [{ edit: null, field: '', message: 'The change set has no edits yet.' }];
    const context = await this.checkContext();
    const conditions = row.edits.flatMap((edit, index) =>
      editConditionProblems(edit, context).map(({ field, message }) => ({ edit: index, field, message })),
    );
    return [...this.apply(row.edits).problems, ...conditions, ...publishingProblems(row.edits)];
  }

  /** What each fact and rate can be, for the conditions' checks: worked out once, over the check households. */
  private checkContext(): Promise<EditCheckContext> {
    this.factShapes ??= (async () => {
      const engine = this.versions.engineOn(LATEST);
      const households = [...caseHouseholds(this.versions.baseFiles), ...generatedHouseholds(SAVE_SAMPLE.count, SAVE_SAMPLE.seed)];
      const rulesets = await observeFactShapes(engine, households);
      return { rulesets, extraHelp: extraHelpFactShapes(), parameterKinds: (name: string) => parameterKindsOf(engine, name) };
    })();
    return this.factShapes;
  }

  /** The published rules drafts are laid over, by name ('2026-27+cs3'): a checks run against other rules is stale. */
  private publishedRulesName(): string {
    return `published${versionSuffix(this.versions.versionOn(LATEST).sets)}`;
  }

  /** Everything an approval and publishing need, met or not, for a row as it is. */
  private async checksOf(row: ChangeSetRow, digest = changeSetDigest(row.id, row.edits), problems?: readonly EditProblem[]) {
    return approvalChecks({
      problems: (problems ?? (await this.problemsOf(row))).length,
      digest,
      version: row.content_version,
      publishedRules: this.publishedRulesName(),
      lastRun: row.last_cases_run,
    });
  }

  async detail(id: number, user: SignedInUser): Promise<ChangeSetDetail> {
    const row = await this.row(id);
    const audit = await this.dataSource.query<{ at: Date; actor_id: string | null; actor_name: string; action: string; detail: string }[]>(
      `SELECT at, actor_id, actor_name, action, detail FROM policy_audit_events WHERE change_set_id = $1 ORDER BY at, id`,
      [id],
    );
    const entries = audit.map((entry): PolicyAuditEntry => ({
      at: new Date(entry.at).toISOString(),
      actor: { id: entry.actor_id ?? '', name: entry.actor_name },
      action: entry.action,
      detail: entry.detail,
    }));
    const digest = changeSetDigest(row.id, row.edits);
    const isOpen = row.status === 'draft' || row.status === 'approved';
    const problems = await this.problemsOf(row);
    const checks = isOpen ? await this.checksOf(row, digest, problems) : [];
    const person = whyNotApprover(user.userId, { authorId: row.author_id, contributors: row.contributors });
    const unmet = unmetCheck(checks);
    const cannotApproveBecause =
      row.status !== 'draft'
        ? null
        : (person?.message ?? (unmet ? `It cannot be approved yet: ${unmet.text.charAt(0).toLowerCase()}${unmet.text.slice(1)}` : null));
    // The last approval, when the change set was edited after it: it lapsed (the audit says so too).
    const lastApproval = entries.findLastIndex((entry) => entry.action === 'approved');
    const lapsedApproval =
      row.status === 'draft' && lastApproval >= 0 && entries.slice(lastApproval + 1).some((entry) => entry.action === 'edited')
        ? { by: entries[lastApproval]!.actor, at: entries[lastApproval]!.at }
        : null;
    return {
      ...this.summaryOf(row),
      reason: row.reason,
      edits: row.edits,
      version: row.content_version,
      digest,
      contributors: row.contributors,
      problems,
      canApprove: row.status === 'draft' && cannotApproveBecause === null,
      cannotApproveBecause,
      approvalChecks: checks,
      lapsedApproval,
      pendingRequest: row.pending_request,
      canConfirmRequest: row.pending_request !== null && row.pending_request.by.id !== user.userId,
      stopped: row.stopped,
      failure: row.failed_at ? { at: new Date(row.failed_at).toISOString(), message: row.failure?.message ?? '' } : null,
      audit: entries,
      lastCasesRun: row.last_cases_run,
      lastImpact: row.last_impact,
    };
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Changing

  private async audit(
    manager: EntityManager | DataSource,
    id: number,
    user: SignedInUser | PolicyPerson,
    action: string,
    detail: string,
  ): Promise<void> {
    const person = personOf(user);
    await manager.query(
      `INSERT INTO policy_audit_events (change_set_id, actor_id, actor_name, action, detail) VALUES ($1, $2, $3, $4, $5)`,
      [id, person.id || null, person.name, action, detail],
    );
  }

  async create(user: SignedInUser, title: string, reason: string): Promise<ChangeSetDetail> {
    const id = await this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<{ id: number }[]>(
        `INSERT INTO policy_change_sets (title, reason, author_id, author_name) VALUES ($1, $2, $3, $4) RETURNING id`,
        [title.trim(), reason.trim(), user.userId, user.displayName],
      );
      await this.audit(manager, row.id, user, 'created', `Started '${title.trim()}'.`);
      return row.id;
    });
    return this.detail(id, user);
  }

  /**
   * Adds an edit (index null) or replaces or removes one. The edit is checked as the loaders check the file it makes;
   * then its conditions, for what can never work (rule-checks.ts); then the change set with it is worked out over the
   * check households, and refused if the rules throw for any (trial-run.ts). A refusal names the field. Any change
   * takes the change set back to a draft: an approval was of what it said before (it lapses), and the member who
   * made the change becomes one who may not approve it.
   */
  async changeEdits(user: SignedInUser, id: number, index: number | null, edit: unknown | null): Promise<ChangeSetDetail> {
    // Checked outside the transaction (working the households out takes a moment); saved only if nothing changed since.
    const read = await this.row(id);
    const { edits, action } = await this.checkedEdits(read, index, edit);
    await this.dataSource.transaction(async (manager) => {
      const row = await this.row(id, manager, true);
      assertOpen(row);
      if (row.content_version !== read.content_version || row.status !== read.status)
        throw new ApiError(
          409,
          'CHANGE_SET_CHANGED',
          'Someone else changed this change set at the same moment: read it again, then make your change.',
        );
      await manager.query(
        `UPDATE policy_change_sets SET edits = $2::jsonb, status = 'draft', approver_id = NULL, approver_name = NULL, approved_digest = NULL,
                content_version = content_version + 1, contributors = $3::jsonb, updated_at = now() WHERE id = $1`,
        [id, JSON.stringify(edits), JSON.stringify(withContributor(row.contributors, personOf(user)))],
      );
      await this.audit(
        manager,
        id,
        user,
        'edited',
        `${action} Now version ${row.content_version + 1}.${row.status === 'approved' ? ' The approval no longer stands.' : ''}`,
      );
    });
    return this.detail(id, user);
  }

  /** The change set's edits with the change made, or a refusal naming the field. */
  private async checkedEdits(
    row: ChangeSetRow,
    index: number | null,
    edit: unknown | null,
  ): Promise<{ edits: PolicyEdit[]; action: string }> {
    assertOpen(row);
    const edits = [...row.edits];
    if (index !== null && (!Number.isSafeInteger(index) || index < 0 || index >= edits.length))
      throw new ApiError(404, 'EDIT_NOT_FOUND', 'This change set has no edit with that number.');
    if (edit === null) {
      edits.splice(index!, 1);
      return { edits, action: `Removed edit ${index! + 1}.` };
    }
    // PostgreSQL cannot store a NUL character in jsonb: refused here, not failed in the database.
    if (JSON.stringify(edit).includes('\\u0000'))
      throw ApiError.validation([{ path: 'edit', message: 'The edit holds a character that cannot be saved (a NUL character).' }]);
    const shape = editShapeProblems(edit);
    if (shape.length > 0) throw ApiError.validation(shape.map(fieldErrorOfEdit));
    const at = index ?? edits.length;
    if (index === null && edits.length >= POLICY_LIMITS.editsMax)
      throw ApiError.validation([{ path: 'edit', message: `A change set holds at most ${POLICY_LIMITS.editsMax} edits.` }]);
    const typed = edit as PolicyEdit;
    edits[at] = typed;
    const applied = this.apply(edits);
    const own = applied.problems.filter((problem) => problem.edit === at);
    if (own.length > 0) throw ApiError.validation(own.map(fieldErrorOfEdit));
    const conditions = editConditionProblems(typed, await this.checkContext());
    if (conditions.length > 0) throw ApiError.validation(conditions.map(fieldErrorOfEdit));
    // A question's text or show/hide rule changes the questionnaire, not how anything is worked out.
    if (applied.engine && typed.kind !== 'question')
      await this.refuseIfTheRulesFail(applied.engine, applied.files, edits, row.edits, typed);
    return { edits, action: `${index === null ? 'Added' : 'Changed'} edit ${at + 1}: ${describeEdit(typed)}.` };
  }

  /**
   * The change set with the edit, worked out over every hand-worked case's household and a seeded sample of generated
   * ones (json-rules-engine too, for the rules it edits): refused at the edit's field when the rules throw for a
   * household they did not throw for before the edit.
   */
  private async refuseIfTheRulesFail(
    engine: EntitlementEngine,
    files: SourceFiles,
    edits: readonly PolicyEdit[],
    before: readonly PolicyEdit[],
    edit: PolicyEdit,
  ): Promise<void> {
    const households = checkHouseholds(files, engine, edits, SAVE_SAMPLE);
    const options = this.referenceOptions(engine, edits);
    const { failures } = await trialRun(engine, households, { ...options, maxFailures: 3 });
    if (failures.length === 0) return;
    // Failing already without this edit (a change set saved before these checks): not this edit's doing.
    const previous = before.length > 0 ? this.apply(before).engine : this.versions.engineOn(LATEST);
    if (previous) {
      const again = await trialRun(
        previous,
        households.filter((household) => failures.some((failure) => failure.source === household.source)),
        options,
      );
      if (again.failures.length === failures.length) return;
    }
    const [first] = failures;
    throw ApiError.validation([
      {
        path: `edit.${editField(edit)}`,
        message: `With this edit the rules cannot work out ${first!.source.startsWith('generated') ? 'a generated household' : `the case ${first!.source}`} on ${first!.date} (${first!.evaluator === 'compiled' ? 'the rules' : 'json-rules-engine'} failed: ${first!.message}). Nothing was saved: correct the edit.`,
      },
    ]);
  }

  /** json-rules-engine works out the rules a change set edits (and the extra help, if it edits an item) beside the compiled ones. */
  private referenceOptions(engine: EntitlementEngine, edits: readonly PolicyEdit[]) {
    const folders = new Set(edits.flatMap((edit) => (edit.kind === 'rule' ? [edit.ruleset] : [])));
    return {
      reference: new Set(engine.calculators.filter(({ folder }) => folders.has(folder)).map(({ code }) => code)),
      referenceExtraHelp: edits.some((edit) => edit.kind === 'extra-help-item'),
      referenceLimit: REFERENCE_HOUSEHOLDS,
    };
  }

  async approve(user: SignedInUser, id: number, digest: string): Promise<ChangeSetDetail> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.row(id, manager, true);
      const person = whyNotApprover(user.userId, { authorId: row.author_id, contributors: row.contributors });
      if (person) throw new ApiError(403, person.code, person.message);
      if (row.status !== 'draft') throw new ApiError(409, 'CHANGE_SET_NOT_DRAFT', 'Only a draft change set can be approved.');
      const current = changeSetDigest(row.id, row.edits);
      if (digest !== current)
        throw new ApiError(
          409,
          'CHANGE_SET_CHANGED',
          `This change set has changed since you read it (it is now version ${row.content_version}): read it again, then approve what it says now.`,
        );
      const problems = await this.problemsOf(row);
      if (problems.length > 0)
        throw new ApiError(
          409,
          'CHANGE_SET_HAS_PROBLEMS',
          'Put right the problems listed before approving.',
          problems.map(fieldErrorOfProblem),
        );
      const unmet = unmetCheck(await this.checksOf(row, current, problems));
      if (unmet) throw new ApiError(409, 'CHECKS_NEEDED', `It cannot be approved yet. ${unmet.text}`);
      await manager.query(
        `UPDATE policy_change_sets SET status = 'approved', approver_id = $2, approver_name = $3, approved_digest = $4, updated_at = now() WHERE id = $1`,
        [id, user.userId, user.displayName, current],
      );
      await this.audit(manager, id, user, 'approved', `Approved version ${row.content_version} (${row.edits.length} edit(s)).`);
    });
    return this.detail(id, user);
  }

  async publish(user: SignedInUser, id: number, effectiveFrom: string, digest: string): Promise<ChangeSetDetail> {
    const today = this.today();
    if (!isIsoDate(effectiveFrom) || effectiveFrom < today)
      throw ApiError.validation([{ path: 'effectiveFrom', message: `Enter a date from today (${today}), written yyyy-mm-dd.` }]);
    await this.dataSource.transaction(async (manager) => {
      const row = await this.row(id, manager, true);
      if (row.status !== 'approved')
        throw new ApiError(
          409,
          'CHANGE_SET_NOT_APPROVED',
          'A change set is published once another member of the policy team has approved it.',
        );
      // Exactly what was approved: the edits held now, the approval's digest and the one the publisher was shown.
      const current = changeSetDigest(row.id, row.edits);
      if (row.approved_digest !== current || digest !== current)
        throw new ApiError(
          409,
          'CHANGE_SET_CHANGED',
          'What would be published is not what was approved (or not what you were shown): read the change set again; it needs a new approval if it changed.',
        );
      // Checked again over what is published now: another change set may have been published since the approval.
      const base = this.versions.versionOn(LATEST).files;
      const applied = this.apply(row.edits, base);
      // Its own problems over the rules published now (the same base as `applied`), sources and conditions included.
      const problems = await this.problemsOf(row);
      if (problems.length > 0)
        throw new ApiError(
          409,
          'CHANGE_SET_HAS_PROBLEMS',
          'Put right the problems listed before publishing.',
          problems.map(fieldErrorOfProblem),
        );
      const unmet = unmetCheck(await this.checksOf(row, current, problems));
      if (unmet) throw new ApiError(409, 'CHECKS_NEEDED', `It cannot be published yet. ${unmet.text}`);
      const parts = row.edits.map((edit): PublishedPart => {
        const path = editTarget(edit);
        const before = base.read(path);
        return {
          before: editedPart(before === null ? null : JSON.parse(before), edit),
          after: editedPart(JSON.parse(applied.files.read(path)!), edit),
        };
      });
      await manager.query(
        `UPDATE policy_change_sets SET status = 'published', effective_from = $2, published_parts = $3::jsonb, updated_at = now(),
                published_seq = (SELECT coalesce(max(published_seq), 0) + 1 FROM policy_change_sets) WHERE id = $1`,
        [id, effectiveFrom, JSON.stringify(parts)],
      );
      await this.audit(
        manager,
        id,
        user,
        'published',
        `Published version ${row.content_version} to apply from ${plainDate(effectiveFrom)}.`,
      );
    });
    await this.publishedRules.reload();
    return this.detail(id, user);
  }

  /**
   * Asks for a published change set whose date is ahead to be withdrawn: nothing changes until a second member, not
   * the one who asked, confirms (`confirm`). One request waits at a time.
   */
  async askWithdrawal(user: SignedInUser, id: number, reason: string): Promise<ChangeSetDetail> {
    const today = this.today();
    await this.dataSource.transaction(async (manager) => {
      const row = await this.row(id, manager, true);
      assertCanWithdraw(row, today);
      assertNoRequest(row);
      await this.ask(manager, row, user, { kind: 'withdraw', from: null, reason: reason.trim() });
    });
    return this.detail(id, user);
  }

  /** Asks for a change set in force to stop applying from a date (today or later); a second member confirms. */
  async askRevert(user: SignedInUser, id: number, from: string, reason: string): Promise<ChangeSetDetail> {
    const today = this.today();
    if (!isIsoDate(from) || from < today)
      throw ApiError.validation([{ path: 'from', message: `Enter a date from today (${today}), written yyyy-mm-dd.` }]);
    await this.dataSource.transaction(async (manager) => {
      const row = await this.row(id, manager, true);
      assertCanRevert(row, today, from);
      assertNoRequest(row);
      await this.ask(manager, row, user, { kind: 'revert', from, reason: reason.trim() });
    });
    return this.detail(id, user);
  }

  private async ask(
    manager: EntityManager,
    row: ChangeSetRow,
    user: SignedInUser,
    request: Omit<PendingRequest, 'by' | 'at'>,
  ): Promise<void> {
    const pending: PendingRequest = { ...request, by: personOf(user), at: new Date().toISOString() };
    await manager.query(`UPDATE policy_change_sets SET pending_request = $2::jsonb, updated_at = now() WHERE id = $1`, [
      row.id,
      JSON.stringify(pending),
    ]);
    await this.audit(
      manager,
      row.id,
      user,
      `${request.kind}-asked`,
      `Asked for it to be ${request.kind === 'withdraw' ? 'withdrawn before its date' : `reverted from ${plainDate(request.from!)}`}, because: ${request.reason} Another member must confirm.`,
    );
  }

  /** Confirms the pending withdrawal or revert, as it was shown (kind and date): by a member other than the one who asked. */
  async confirm(user: SignedInUser, id: number, shown: ConfirmRequest): Promise<ChangeSetDetail> {
    const today = this.today();
    await this.dataSource.transaction(async (manager) => {
      const row = await this.row(id, manager, true);
      const pending = row.pending_request;
      if (!pending) throw new ApiError(409, 'NO_REQUEST', 'Nobody has asked for this change set to be withdrawn or reverted.');
      if (pending.by.id === user.userId)
        throw new ApiError(403, 'OWN_REQUEST', 'You asked for this, so another member of the policy team must confirm it.');
      if (pending.kind !== shown.kind || (pending.from ?? null) !== (shown.from ?? null))
        throw new ApiError(409, 'REQUEST_CHANGED', 'The request has changed since you read it: read it again before confirming.');
      const asked = `Asked by ${pending.by.name} because: ${pending.reason} Confirmed by ${user.displayName}.`;
      if (pending.kind === 'withdraw') {
        assertCanWithdraw(row, today);
        await manager.query(
          `UPDATE policy_change_sets SET status = 'withdrawn', pending_request = NULL, updated_at = now() WHERE id = $1`,
          [id],
        );
        await this.audit(manager, id, user, 'withdrawn', `Withdrawn before its date (${plainDate(row.effective_from!)}). ${asked}`);
      } else {
        if (pending.from! < today)
          throw new ApiError(
            409,
            'REQUEST_OUT_OF_DATE',
            `The revert was asked for from ${pending.from}, which has passed: cancel it and ask again.`,
          );
        assertCanRevert(row, today, pending.from!);
        await manager.query(
          `UPDATE policy_change_sets SET status = 'reverted', reverted_from = $2, pending_request = NULL, updated_at = now() WHERE id = $1`,
          [id, pending.from],
        );
        await this.audit(manager, id, user, 'reverted', `Reverted: no longer applies from ${plainDate(pending.from!)}. ${asked}`);
      }
    });
    await this.publishedRules.reload();
    return this.detail(id, user);
  }

  /** Cancels the pending request (anyone of the policy team may: nothing changes). */
  async cancelRequest(user: SignedInUser, id: number): Promise<ChangeSetDetail> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.row(id, manager, true);
      if (!row.pending_request) throw new ApiError(409, 'NO_REQUEST', 'Nobody has asked for this change set to be withdrawn or reverted.');
      await manager.query(`UPDATE policy_change_sets SET pending_request = NULL, updated_at = now() WHERE id = $1`, [id]);
      await this.audit(
        manager,
        id,
        user,
        'request-cancelled',
        `Cancelled the request by ${row.pending_request.by.name} to ${row.pending_request.kind} it.`,
      );
    });
    return this.detail(id, user);
  }

  /**
   * The emergency stop (issue 28): one member takes a published change set out of force from today, with a reason,
   * recorded in the audit. In force: reverted from today (calculations dated before today keep it); not yet in force:
   * withdrawn. A pending request is dropped. For when results are wrong now; otherwise ask for a revert.
   */
  async stop(user: SignedInUser, id: number, reason: string): Promise<ChangeSetDetail> {
    const today = this.today();
    await this.dataSource.transaction(async (manager) => {
      const row = await this.row(id, manager, true);
      const isLive = row.status === 'published' || (row.status === 'reverted' && row.reverted_from! > today);
      if (!isLive)
        throw new ApiError(409, 'CHANGE_SET_NOT_IN_FORCE', 'Only a published change set, in force or with its date ahead, can be stopped.');
      const stopped: StopRecord = { by: personOf(user), at: new Date().toISOString(), reason: reason.trim() };
      const isAhead = row.effective_from! > today;
      await manager.query(
        `UPDATE policy_change_sets SET status = $2, reverted_from = $3, stopped = $4::jsonb, pending_request = NULL, updated_at = now() WHERE id = $1`,
        [id, isAhead ? 'withdrawn' : 'reverted', isAhead ? row.reverted_from : today, JSON.stringify(stopped)],
      );
      await this.audit(
        manager,
        id,
        user,
        'stopped',
        `Stopped in an emergency: ${isAhead ? 'withdrawn before its date' : `no longer applies from today (${plainDate(today)})`}, because: ${stopped.reason}`,
      );
    });
    await this.publishedRules.reload();
    this.logger.event('warn', 'published policy change set stopped in an emergency', { changeSet: id });
    return this.detail(id, user);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Proving

  /**
   * The checks an approval needs (issue 28): every hand-worked case (the files' and the change set's) run with the
   * draft, with what each one used, and compared with the published rules (a case that passes with them and fails
   * with the draft is a new failure, as is a failing case of the change set's own); then a seeded sample of
   * generated households worked out with the draft, none of which may fail. Kept with the digest of the edits run.
   */
  async runCases(user: SignedInUser, id: number): Promise<CasesRunReport> {
    const row = await this.row(id);
    const digest = changeSetDigest(row.id, row.edits);
    const comparedWith = this.publishedRulesName();
    const published = this.versions.engineOn(LATEST);
    const applied = this.apply(row.edits);
    if (!applied.engine)
      throw new ApiError(
        409,
        'CHANGE_SET_HAS_PROBLEMS',
        'Put right the problems listed before running the cases.',
        applied.problems.map(fieldErrorOfProblem),
      );
    const engine = applied.engine;
    const added = new Set(
      row.edits.flatMap((edit) => (edit.kind === 'case' ? [`${edit.ruleset}/cases/workbench.json|${edit.case.name}`] : [])),
    );
    const before = await this.publishedCasePasses(published);
    const cases: CaseRunResult[] = [];
    let yielded = Date.now();
    for (const { file, cases: items } of readCaseFilesFrom(applied.files)) {
      for (const item of items) {
        const fromChangeSet = added.has(`${file}|${item.name}`);
        const result = await runOneCase(engine, file, item, fromChangeSet);
        if (!result.passed && (fromChangeSet || before.get(`${file}|${item.name}`) === true)) result.newFailure = true;
        cases.push(result);
        if (Date.now() - yielded > 20) {
          await nextTurn();
          yielded = Date.now();
        }
      }
    }
    const sample = await this.sampleRun(engine, applied.files, row.edits);
    const passed = cases.filter((result) => result.passed).length;
    const newFailures = cases.filter((result) => result.newFailure).length;
    const report: CasesRunReport = {
      ranAt: new Date().toISOString(),
      total: cases.length,
      passed,
      failed: cases.length - passed,
      cases,
      digest,
      version: row.content_version,
      comparedWith,
      newFailures,
      sample,
    };
    await this.dataSource.query(`UPDATE policy_change_sets SET last_cases_run = $2::jsonb WHERE id = $1`, [id, JSON.stringify(report)]);
    await this.audit(
      this.dataSource,
      id,
      user,
      'cases-run',
      `Ran ${report.total} cases on version ${row.content_version}: ${passed} passed, ${report.failed} failed, of which ${newFailures} pass with the published rules; ${sample.failed} of ${sample.households} generated households failed.`,
    );
    return report;
  }

  /** Which of the repository's cases pass with the published rules: worked out once per published version. */
  private readonly casePasses = new WeakMap<EntitlementEngine, Promise<Map<string, boolean>>>();
  private publishedCasePasses(engine: EntitlementEngine): Promise<Map<string, boolean>> {
    let passes = this.casePasses.get(engine);
    if (!passes) {
      passes = (async () => {
        const found = new Map<string, boolean>();
        let yielded = Date.now();
        for (const { file, cases: items } of readCaseFilesFrom(this.versions.versionOn(LATEST).files))
          for (const item of items) {
            found.set(`${file}|${item.name}`, (await runOneCase(engine, file, item, false)).passed);
            if (Date.now() - yielded > 20) {
              await nextTurn();
              yielded = Date.now();
            }
          }
        return found;
      })();
      this.casePasses.set(engine, passes);
    }
    return passes;
  }

  /** The seeded sample of generated households worked out with the draft: how many failed, and the first few. */
  private async sampleRun(engine: EntitlementEngine, files: SourceFiles, edits: readonly PolicyEdit[]): Promise<SampleRunReport> {
    const households = checkHouseholds(files, engine, edits, CHECK_SAMPLE, false);
    const { failures, failed } = await trialRun(engine, households, {
      ...this.referenceOptions(engine, edits),
      maxFailures: 5,
      countAll: true,
    });
    return {
      households: households.length,
      seed: CHECK_SAMPLE.seed,
      failed,
      failures: failures.map(({ source, date, message }) => ({ source, date, message })),
    };
  }

  /**
   * The draft against the published rules on a date, over the reproducible sample of generated households and over
   * the households of real calculations still kept, in aggregate only: examples come from the sample, never from a
   * stored calculation, and nothing of a calculation is kept or logged.
   */
  async impact(user: SignedInUser, id: number, date: string): Promise<ImpactReport> {
    if (!isIsoDate(date)) throw ApiError.validation([{ path: 'date', message: 'Enter a real date, written yyyy-mm-dd.' }]);
    const row = await this.row(id);
    const published = this.versions.versionOn(date);
    const applied = this.apply(row.edits, published.files);
    if (!applied.engine)
      throw new ApiError(
        409,
        'CHANGE_SET_HAS_PROBLEMS',
        'Put right the problems listed before running the impact.',
        applied.problems.map(fieldErrorOfProblem),
      );
    const started = performance.now();
    const sample = await sampleImpactInChunks(published.engine, applied.engine, date, {
      count: IMPACT_SAMPLE,
      seed: IMPACT_SEED,
      examples: 10,
    });
    const sampleMs = Math.round(performance.now() - started);
    const storedStarted = performance.now();
    const stored = await this.storedImpact(published.engine, applied.engine, date);
    const report: ImpactReport = {
      ranAt: new Date().toISOString(),
      date,
      sample,
      stored,
      sampleMs,
      storedMs: Math.round(performance.now() - storedStarted),
    };
    await this.dataSource.query(`UPDATE policy_change_sets SET last_impact = $2::jsonb WHERE id = $1`, [id, JSON.stringify(report)]);
    await this.audit(
      this.dataSource,
      id,
      user,
      'impact-run',
      // The kept calculations' figures as published: never a withheld one.
      `Impact at ${date}: ${sample.changed} of ${sample.households} sample households change; kept calculations that change: ${figureText(stored.changed)} (of ${figureText(stored.households)}).`,
    );
    return report;
  }

  /**
   * Every finished calculation still kept, read as the results page reads it, added with its record key to a tally
   * under the disclosure control (never an example): see ControlledImpactTally.
   */
  private async storedImpact(before: Entitlements, after: Entitlements, date: string): Promise<StoredImpactPart> {
    const tally = new ControlledImpactTally(before, after, date);
    for await (const rows of this.stored.keptFinishedInChunks(STORED_CHUNK)) {
      const households = await this.calculations.householdsOf(
        rows.map((row) => ({ answers: row.answers, completedPages: row.completed_pages, isFinished: true })),
        before.lha,
      );
      rows.forEach((row, index) => {
        const household = households[index]!;
        if (typeof household === 'string') tally.addNotWorkedOut(row.record_key);
        else tally.add(household, row.record_key);
      });
      await nextTurn();
    }
    return tally.report();
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Browsing the law as it is in force today

  /** The rules in force today as the workbench shows them; built once per rules version (it runs every case once). */
  private catalogue(): Promise<PolicyCatalogue> {
    const today = this.today();
    const version = this.versions.versionOn(today);
    let catalogue = this.catalogues.get(version.files);
    if (!catalogue) {
      catalogue = (async () => {
        const { reads } = await runEveryCase(version.engine, readCaseFilesFrom(version.files));
        return new PolicyCatalogue(
          readCatalogueInputs({ parameters: version.engine.parameters, caseReads: reads, date: today, files: version.files }),
        );
      })();
      this.catalogues.set(version.files, catalogue);
    }
    return catalogue;
  }

  async rulesets(): Promise<{ rulesets: RulesetSummary[] }> {
    return { rulesets: (await this.catalogue()).rulesetSummaries() };
  }

  async ruleset(folder: string): Promise<RulesetView> {
    const view = (await this.catalogue()).rulesetView(folder);
    if (!view) throw new ApiError(404, 'RULESET_NOT_FOUND', 'There is no ruleset in that folder.');
    return view;
  }

  async parameters(): Promise<{ parameters: ParameterSummary[] }> {
    return { parameters: (await this.catalogue()).parameterSummaries() };
  }

  async parameter(name: string): Promise<ParameterView> {
    const view = (await this.catalogue()).parameterView(name);
    if (!view) throw new ApiError(404, 'PARAMETER_NOT_FOUND', 'There is no parameter with that name.');
    return view;
  }

  async search(query: string): Promise<{ hits: PolicySearchHit[] }> {
    return { hits: (await this.catalogue()).searchPolicy(query) };
  }

  /** Next year's values for parameters, from a percentage and each one's rounding rule, over everything published. */
  uprating(request: UpratingRequest): UpratingResponse {
    try {
      return upratingProposals(this.versions.engineOn(LATEST).parameters, request);
    } catch (error) {
      if (error instanceof UpratingRequestError) throw ApiError.validation([{ path: error.field, message: error.message }]);
      throw error;
    }
  }

  /** The calculation API's household, as a JSON Schema for the workbench's case form (one source: the API's schema). */
  householdSchema(): Record<string, unknown> {
    const schema = readSchema('calculation-request.schema.json') as {
      $schema: string;
      $defs: Record<string, unknown>;
      properties: { household: object };
    };
    return withTitles({ $schema: schema.$schema, $defs: schema.$defs, ...schema.properties.household }) as Record<string, unknown>;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Files and overlays

  /**
   * Whether the repository's files hold each published change set: exported (the files already say what it set),
   * not exported (the files still say what it replaced: it is laid over them), or different from both (someone
   * changed the files another way): shown at the top of the workbench and logged at start.
   */
  async status(): Promise<PolicyStatus> {
    const base = this.versions.baseFiles;
    const today = this.today();
    const rows = await this.dataSource.query<
      { id: number; title: string; failed_at: Date | null; failure: { message: string } | null; stopped: StopRecord | null }[]
    >(
      `SELECT id, title, failed_at, failure, stopped FROM policy_change_sets
        WHERE failed_at IS NOT NULL OR stopped IS NOT NULL ORDER BY greatest(failed_at, (stopped->>'at')::timestamptz) DESC NULLS LAST LIMIT 20`,
    );
    // Found failing here and not yet recorded (the record is on its way), or recorded by any process.
    const failing = new Map(
      this.versions.faultsFound.map((fault) => [
        fault.changeSet,
        {
          id: fault.changeSet,
          title: this.versions.publishedSets.find((set) => set.id === fault.changeSet)?.title ?? `Change set ${fault.changeSet}`,
          at: fault.at,
          message: fault.message,
          isStopped: false,
        },
      ]),
    );
    for (const row of rows)
      if (row.failed_at)
        failing.set(row.id, {
          id: row.id,
          title: row.title,
          at: new Date(row.failed_at).toISOString(),
          message: row.failure?.message ?? '',
          isStopped: row.stopped !== null,
        });
    return {
      rulesVersionToday: `${taxYearOf(today)}${this.versions.engineOn(today).rulesVersionSuffix}`,
      failing: [...failing.values()],
      stopped: rows.flatMap((row) => (row.stopped ? [{ id: row.id, title: row.title, ...row.stopped }] : [])),
      published: this.versions.publishedSets.map((set) => {
        const base0 = {
          id: set.id,
          title: set.title ?? `Change set ${set.id}`,
          effectiveFrom: set.effectiveFrom,
          revertedFrom: set.revertedFrom,
        };
        const differences: string[] = this.versions.problemsOf(set.id).map(({ message }) => message);
        // A change set read from rulesets/scheduled/ is the files' own.
        if (set.seq < 0) return { ...base0, files: differences.length > 0 ? ('differs' as const) : ('in-files' as const), differences };
        if (set.effectiveFrom > today) {
          const text = base.read(scheduledPath(set));
          const held = text !== null && sameJson((JSON.parse(text) as { edits: unknown }).edits, set.edits);
          return {
            ...base0,
            files: differences.length > 0 ? ('differs' as const) : held ? ('in-files' as const) : ('not-exported' as const),
            differences,
          };
        }
        // In force (the files should say what it set) or reverted by today (they should say what it replaced).
        const reverted = !inForceOn(set, today);
        const parts = this.versions.partsOf(set.id);
        let exported = 0;
        set.edits.forEach((edit, index) => {
          const text = base.read(editTarget(edit));
          const now = editedPart(text === null ? null : JSON.parse(text), edit);
          const wanted = reverted ? parts?.[index]?.before : parts?.[index]?.after;
          const other = reverted ? parts?.[index]?.after : parts?.[index]?.before;
          if (sameJson(now, wanted ?? null)) exported += 1;
          else if (!sameJson(now, other ?? null))
            differences.push(`${describeEdit(edit)}: the files hold something else (${editTarget(edit)}).`);
        });
        const files =
          differences.length > 0 ? ('differs' as const) : exported === set.edits.length ? ('in-files' as const) : ('not-exported' as const);
        return { ...base0, files, differences };
      }),
    };
  }
}

/**
 * A schema with a plain title on each property that has none, made from its name ('dateOfBirth' -> 'Date of birth'),
 * so the case form labels its fields in words, with 'X or null' as X and without defaults. The calculation API's own schema is left as it is.
 */
function withTitles(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withTitles);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  // No defaults: the form would fill in parts the household does not have (a self-employment with its start-up
  // switch off); a field left out takes the calculation API's default anyway.
  for (const [key, value] of Object.entries(schema)) if (key !== 'default') copy[key] = withTitles(value);
  // 'X or null': a form leaves the field out for null, so it offers X alone (no unlabelled choice between the two).
  const anyOf = copy.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some((option) => (option as { type?: unknown }).type === 'null')) {
    const [other] = anyOf.filter((option) => (option as { type?: unknown }).type !== 'null') as Record<string, unknown>[];
    delete copy.anyOf;
    Object.assign(copy, other, { description: copy.description ?? other.description });
  }
  const properties = copy.properties;
  if (typeof properties === 'object' && properties !== null) {
    for (const [name, property] of Object.entries(properties as Record<string, Record<string, unknown>>)) {
      if (typeof property === 'object' && property !== null && property.title === undefined) {
        const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
        property.title = words.charAt(0).toUpperCase() + words.slice(1);
      }
    }
  }
  return copy;
}

/** 13 December 2026, from yyyy-mm-dd: dates in the audit as a policy officer reads them. */
function plainDate(iso: string): string {
  const date = new Date(`${iso}T12:00:00Z`);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The member as the change set records them. */
function personOf(user: SignedInUser | PolicyPerson): PolicyPerson {
  return 'userId' in user ? { id: user.userId, name: user.displayName } : user;
}

function assertOpen(row: ChangeSetRow): void {
  if (row.status !== 'draft' && row.status !== 'approved')
    throw new ApiError(409, 'CHANGE_SET_CLOSED', 'This change set has been published, so it cannot be changed. Start a new change set.');
}

function assertNoRequest(row: ChangeSetRow): void {
  const pending = row.pending_request;
  if (pending)
    throw new ApiError(
      409,
      'REQUEST_PENDING',
      `${pending.by.name} has already asked for it to be ${pending.kind === 'withdraw' ? 'withdrawn' : 'reverted'}: confirm or cancel that first.`,
    );
}

function assertCanWithdraw(row: ChangeSetRow, today: string): void {
  if (row.status !== 'published' || row.effective_from! <= today)
    throw new ApiError(
      409,
      'CHANGE_SET_IN_FORCE',
      'Only a published change set whose date is still ahead can be withdrawn; revert one already in force.',
    );
}

/** A revert from today (the same day it took effect included) or a later date, of a change set in force. */
function assertCanRevert(row: ChangeSetRow, today: string, from: string): void {
  if (row.status !== 'published' || row.effective_from! > today)
    throw new ApiError(
      409,
      'CHANGE_SET_NOT_IN_FORCE',
      'Only a published change set already in force can be reverted; withdraw one whose date is ahead.',
    );
  if (from < row.effective_from!)
    throw ApiError.validation([{ path: 'from', message: `Enter a date from the change set's own date (${row.effective_from}).` }]);
}

/** The field a failure of the rules worked out with an edit is shown at. */
function editField(edit: PolicyEdit): string {
  switch (edit.kind) {
    case 'parameter-value':
      return 'value';
    case 'rates-held':
      return 'until';
    case 'rule':
      return 'conditions';
    case 'question':
      return 'showHide';
    case 'extra-help-item':
      return 'item.condition';
    case 'case':
      return 'case.household';
  }
}

/**
 * The households a change set is worked out over: every hand-worked case's (with `withCases`), a seeded sample of
 * generated ones on their own dates, and more on each date the change set's values start (within the rates held).
 */
function checkHouseholds(
  files: SourceFiles,
  engine: EntitlementEngine,
  edits: readonly PolicyEdit[],
  sample: { count: number; seed: number; perDate: number; datesMax: number },
  withCases = true,
): TrialHousehold[] {
  const dates = [
    ...new Set(
      edits.flatMap((edit) =>
        edit.kind === 'parameter-value' && edit.from >= engine.ratesHeldFrom && edit.from <= engine.parameters.ratesHeldUntil
          ? [edit.from]
          : [],
      ),
    ),
  ]
    .sort()
    .slice(0, sample.datesMax);
  return [...(withCases ? caseHouseholds(files) : []), ...generatedHouseholds(sample.count, sample.seed, dates, sample.perDate)];
}

/** An edit's problem as the API's field error: `edit.value`, `edit.source.url`. */
function fieldErrorOfEdit(problem: { field: string; message: string }): FieldError {
  return { path: problem.field ? `edit.${problem.field}` : 'edit', message: problem.message };
}

/** A change set's problem as a field error: `edits[2].value`, or '' for the set as a whole. */
function fieldErrorOfProblem(problem: EditProblem): FieldError {
  if (problem.edit === null) return { path: '', message: problem.message };
  return { path: `edits[${problem.edit}]${problem.field ? `.${problem.field}` : ''}`, message: problem.message };
}

/** An edit in a few words, for the audit and the status. */
export function describeEdit(edit: PolicyEdit): string {
  switch (edit.kind) {
    case 'parameter-value':
      return `${edit.parameter} from ${edit.from}: ${String(edit.value)}`;
    case 'rates-held':
      return `rates held until ${edit.until}`;
    case 'rule':
      return `rule ${edit.ruleset}/${edit.rule}`;
    case 'question':
      return `question ${edit.page}/${edit.question}`;
    case 'extra-help-item':
      return `extra help ${edit.category}/${String(edit.item.name)}`;
    case 'case':
      return `case '${edit.case.name}' in ${edit.ruleset}`;
  }
}

async function runOneCase(engine: Entitlements, file: string, item: RulesCase, fromChangeSet: boolean): Promise<CaseRunResult> {
  const base = { file, name: item.name, date: item.date, origin: fromChangeSet ? ('change-set' as const) : ('files' as const) };
  try {
    const result = await engine.calculate(normaliseHousehold(item.household), item.date);
    const { problems } = checkCase(item, result);
    const named = Object.keys(item.expected).filter((key) => key !== 'system' && key !== 'variables') as BenefitCode[];
    return {
      ...base,
      passed: problems.length === 0,
      problems,
      benefits: result.benefits
        .filter((benefit) => named.includes(benefit.code))
        .map((benefit) => ({
          code: benefit.code,
          name: benefit.name,
          eligible: benefit.eligible,
          weeklyPence: benefit.weeklyPence,
          monthlyPence: benefit.monthlyPence,
          rules: benefit.rules.map((rule) => rule.name),
          parameters: benefit.parameters.map((parameter) => ({ name: parameter.name, value: parameter.value, from: parameter.from })),
        })),
    };
  } catch (error) {
    return { ...base, passed: false, problems: [`The calculation failed: ${(error as Error).message}`], benefits: [] };
  }
}
