import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { isIsoDate } from '../../../common/survey/dates.js';
import type {
  ChangeSetDetail,
  ChangeSetSummary,
  ConfirmRequest,
  EditProblem,
  PendingRequest,
  PolicyAuditEntry,
  BandDEdit,
  LhaRatesHeldEdit,
  ParameterValueEdit,
  PolicyEdit,
  PolicySource,
  PolicyPerson,
  PolicyStatus,
  StopRecord,
} from '../../../common/policy/model.js';
import { POLICY_LIMITS } from '../../../common/policy/model.js';
import type { FieldError } from '../../../common/errors.js';
import { RatesHeld } from '../rules-in-force/rates-held.service.js';
import { PublishedRules } from '../rules-in-force/published-rules.js';
import { taxYearOf } from '../../../engine/core/entitlement-engine.js';
import { dateInWords } from '../../../common/dates/calendar.js';
import { newYearEdits, taxYearWords, yearDecisionOf } from '../../../engine/policy/new-year.js';
import { changedAgainLinks } from '../../../engine/policy/changed-again.js';
import { upratingProposals } from '../../../engine/policy/uprating.js';
import { editedPart, editShapeProblems, editTarget, publishingProblems, sameJson } from '../../../engine/policy/edits.js';
import { inForceOn, type RulesFault } from '../../../engine/policy/rules-versions.js';
import { changeSetDigest } from '../../../engine/policy/change-set-digest.js';
import { approvalChecks, unmetCheck, whyNotApprover, withContributor } from '../../../engine/policy/four-eyes.js';
import { editConditionProblems } from '../../../engine/policy/rule-checks.js';
import { trialRun } from '../../../engine/policy/trial-run.js';
import type { EntitlementEngine } from '../../../engine/core/entitlement-engine.js';
import { scheduledPath } from '../../../engine/policy/export.js';
import type { SourceFiles } from '../../../engine/source-files.js';
import type { SignedInUser } from '../access/signed-in-user.js';
import { ApiError } from '../errors/api-error.js';
import { JsonLogger } from '../logging/json-logger.js';
import {
  ChangeSetStore,
  checkHouseholds,
  COLUMNS,
  fieldErrorOfProblem,
  LATEST,
  personOf,
  referenceOptions,
  SAVE_SAMPLE,
  type ChangeSetRow,
} from './change-set-store.js';
import type { PublishedPart } from './policy-change-set.entity.js';

/** The actor the audit names for what the service itself records (a change set found to fail). */
const THE_SERVICE: PolicyPerson = { id: '', name: 'The service' };

/**
 * The policy workbench's change sets (issue 19): edits, checked as the loaders check the files; approval by a second
 * member; publication from a date, after which every calculation on or after that date (results, the API, the adviser
 * area, caseload runs) is worked out with it, with no deploy; withdrawal, revert and the emergency stop; a published
 * change set that fails, recorded. Every step is audited. Their cases and impact are policy-proof.service.ts.
 */
@Injectable()
export class PolicyChangeSetsService implements OnApplicationBootstrap, OnModuleDestroy {
  private stopListening: (() => void) | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly logger: JsonLogger,
    private readonly publishedRules: PublishedRules,
    private readonly store: ChangeSetStore,
    private readonly ratesHeld: RatesHeld,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // A published change set that throws at run time: results fall back (RulesVersions); here it is alerted and recorded.
    this.stopListening = this.store.versions.onFault((fault) => void this.recordFault(fault));
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
          await this.store.audit(
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

  // ---------------------------------------------------------------------------------------------------------------
  // Reading

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
    const context = await this.store.checkContext();
    const conditions = row.edits.flatMap((edit, index) =>
      editConditionProblems(edit, context).map(({ field, message }) => ({ edit: index, field, message })),
    );
    return [...this.store.apply(row.edits).problems, ...conditions, ...publishingProblems(row.edits, (name) => this.store.labelOf(name))];
  }

  /** Everything an approval and publishing need, met or not, for a row as it is. */
  private async checksOf(row: ChangeSetRow, digest = changeSetDigest(row.id, row.edits), problems?: readonly EditProblem[]) {
    return approvalChecks({
      problems: (problems ?? (await this.problemsOf(row))).length,
      digest,
      version: row.content_version,
      publishedRules: this.store.publishedRulesName(),
      lastRun: row.last_cases_run,
    });
  }

  async detail(id: number, user: SignedInUser): Promise<ChangeSetDetail> {
    const row = await this.store.row(id);
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
      ...(await this.changedAgainLinksOf(row.id)),
      stopped: row.stopped,
      failure: row.failed_at ? { at: new Date(row.failed_at).toISOString(), message: row.failure?.message ?? '' } : null,
      audit: entries,
      lastCasesRun: row.last_cases_run,
      lastImpact: row.last_impact,
    };
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Changing

  async create(user: SignedInUser, title: string, reason: string): Promise<ChangeSetDetail> {
    const id = await this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<{ id: number }[]>(
        `INSERT INTO policy_change_sets (title, reason, author_id, author_name) VALUES ($1, $2, $3, $4) RETURNING id`,
        [title.trim(), reason.trim(), user.userId, user.displayName],
      );
      await this.store.audit(manager, row.id, user, 'created', `Started '${title.trim()}'.`);
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
    const read = await this.store.row(id);
    const { edits, action } = await this.checkedEdits(read, index, edit);
    await this.saveEdits(user, read, edits, action);
    return this.detail(id, user);
  }

  /**
   * The published change sets that set again what this one set, and those whose settings it sets again (point 6 of
   * issue 30): both published (or reverted since), in the order they were published.
   */
  private async changedAgainLinksOf(id: number): Promise<Pick<ChangeSetDetail, 'changedAgainBy' | 'changesAgain'>> {
    const published = await this.dataSource.query<{ id: number; seq: number; title: string; edits: PolicyEdit[] }[]>(
      `SELECT id, published_seq AS seq, title, edits FROM policy_change_sets WHERE status IN ('published', 'reverted') ORDER BY published_seq`,
    );
    const set = published.find((candidate) => candidate.id === id);
    return set ? changedAgainLinks(set, published) : { changedAgainBy: [], changesAgain: [] };
  }

  /**
   * Opens the year after the rates held (issue 30, point 1): a change set titled "Rates for 2027 to 2028" that moves the
   * last date held on a year and carries every single rate forward unchanged with no source, to confirm, uprate or
   * change (engine/policy/new-year.ts). It is an ordinary draft: the same checks, four eyes and publishing.
   */
  async openYear(user: SignedInUser, reason: string): Promise<ChangeSetDetail> {
    const latest = this.store.versions.versionOn(LATEST).engine;
    const { until, edits } = newYearEdits(latest.parameters, {
      universalCredit: latest.lha.rates.until,
      housingBenefit: latest.lha.housingBenefitRates.until,
    });
    const created = await this.create(user, `Rates for ${taxYearWords(until)}`, reason);
    const read = await this.store.row(created.id);
    const rates = edits.filter((edit) => edit.kind === 'parameter-value').length;
    const rentTables = edits.filter((edit) => edit.kind === 'lha-rates-held').length;
    await this.saveEdits(
      user,
      read,
      edits,
      `Opened ${taxYearWords(until)}: the rates held now run to ${dateInWords(until)}; ${rates} rates were carried forward unchanged${rentTables > 0 ? ` and the Local Housing Allowance rates held to the same date` : ''}, each to confirm with its source.`,
    );
    return this.detail(created.id, user);
  }

  /**
   * Uprates the values of the edits named by a percentage, each from last year's value (the value in force the day
   * before the edit's date in the published rules) with its own rounding. Only money the law uprates is offered:
   * an hour, a taper, an age, a frozen or a council's figure is refused, named.
   */
  async uprateEdits(user: SignedInUser, id: number, indexes: readonly number[], percent: string): Promise<ChangeSetDetail> {
    const read = await this.store.row(id);
    assertOpen(read);
    const parameters = this.store.versions.versionOn(LATEST).engine.parameters;
    const edits = [...read.edits];
    const chosen = this.valueEditsAt(read, indexes);
    const refused = chosen.filter(({ edit }) => {
      const parameter = parameters.has(edit.parameter) ? parameters.findParameterOrThrow(edit.parameter) : null;
      return !parameter || yearDecisionOf(edit.parameter, parameter) !== 'uprated';
    });
    if (refused.length > 0)
      throw ApiError.validation([
        {
          path: 'edits',
          message: `Only money the law uprates each year is uprated by a percentage: ${refused.map(({ edit }) => this.store.labelOf(edit.parameter)).join(', ')} ${refused.length === 1 ? 'is' : 'are'} confirmed or changed one by one.`,
        },
      ]);
    for (const { index, edit } of chosen) {
      const [proposal] = upratingProposals(parameters, { parameters: [edit.parameter], percent, from: edit.from }).proposals;
      if (proposal) edits[index] = { ...edit, value: proposal.proposed };
    }
    const words = `Uprated ${chosen.length} ${chosen.length === 1 ? 'value' : 'values'} by ${percent}%, each from last year’s value with its own rounding.`;
    await this.saveEdits(user, read, await this.checkedBulk(read, edits, indexes), words);
    return this.detail(id, user);
  }

  /** Gives one official source to the values of the edits named (the uprating order, the Budget, a council's scheme). */
  async sourceEdits(user: SignedInUser, id: number, indexes: readonly number[], source: PolicySource): Promise<ChangeSetDetail> {
    const read = await this.store.row(id);
    assertOpen(read);
    const edits = [...read.edits];
    for (const { index, edit } of this.sourcedEditsAt(read, indexes)) edits[index] = { ...edit, source: { ...source } };
    const words = `Gave ${indexes.length} ${indexes.length === 1 ? 'value' : 'values'} the source ‘${source.title}’.`;
    await this.saveEdits(user, read, await this.checkedBulk(read, edits, indexes), words);
    return this.detail(id, user);
  }

  /** The dated-value edits at these places, or a refusal naming what is not one. */
  private valueEditsAt(row: ChangeSetRow, indexes: readonly number[]): { index: number; edit: ParameterValueEdit }[] {
    const unique = [...new Set(indexes)];
    const missing = unique.filter((index) => row.edits[index]?.kind !== 'parameter-value');
    if (missing.length > 0)
      throw ApiError.validation([
        { path: 'edits', message: `This change set has no dated value at ${missing.map((index) => `edit ${index + 1}`).join(', ')}.` },
      ]);
    return unique.map((index) => ({ index, edit: row.edits[index] as ParameterValueEdit }));
  }

  /** The edits at these places that carry a source (dated values, the Local Housing Allowance rates held), or a refusal. */
  private sourcedEditsAt(
    row: ChangeSetRow,
    indexes: readonly number[],
  ): { index: number; edit: ParameterValueEdit | LhaRatesHeldEdit | BandDEdit }[] {
    const unique = [...new Set(indexes)];
    const sourced = (edit: PolicyEdit | undefined): edit is ParameterValueEdit | LhaRatesHeldEdit | BandDEdit =>
      edit?.kind === 'parameter-value' || edit?.kind === 'lha-rates-held' || edit?.kind === 'band-d';
    const missing = unique.filter((index) => !sourced(row.edits[index]));
    if (missing.length > 0)
      throw ApiError.validation([
        {
          path: 'edits',
          message: `This change set has no value to give a source at ${missing.map((index) => `edit ${index + 1}`).join(', ')}.`,
        },
      ]);
    return unique.map((index) => ({ index, edit: row.edits[index] as ParameterValueEdit | LhaRatesHeldEdit | BandDEdit }));
  }

  /** Edits changed in bulk, checked as one edit is: its shape, the files it makes, and the rules over the check households. */
  private async checkedBulk(row: ChangeSetRow, edits: PolicyEdit[], indexes: readonly number[]): Promise<PolicyEdit[]> {
    for (const index of indexes) {
      const shape = editShapeProblems(edits[index]);
      if (shape.length > 0) throw ApiError.validation(shape.map(fieldErrorOfEdit));
    }
    const applied = this.store.apply(edits);
    const own = applied.problems.filter((problem) => problem.edit !== null && indexes.includes(problem.edit));
    if (own.length > 0) throw ApiError.validation(own.map(fieldErrorOfEdit));
    if (applied.engine) await this.refuseIfTheRulesFail(applied.engine, applied.files, edits, row.edits, edits[indexes[0]!]!);
    return edits;
  }

  /** Saves the edits if nothing changed since they were read: a new version, back to a draft, the member a contributor. */
  private async saveEdits(user: SignedInUser, read: ChangeSetRow, edits: readonly PolicyEdit[], action: string): Promise<void> {
    const { id } = read;
    await this.dataSource.transaction(async (manager) => {
      const row = await this.store.row(id, manager, true);
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
      await this.store.audit(
        manager,
        id,
        user,
        'edited',
        `${action} Now version ${row.content_version + 1}.${row.status === 'approved' ? ' The approval no longer stands.' : ''}`,
      );
    });
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
    const applied = this.store.apply(edits);
    const own = applied.problems.filter((problem) => problem.edit === at);
    if (own.length > 0) throw ApiError.validation(own.map(fieldErrorOfEdit));
    const conditions = editConditionProblems(typed, await this.store.checkContext());
    if (conditions.length > 0) throw ApiError.validation(conditions.map(fieldErrorOfEdit));
    // A question's text or show/hide rule changes the questionnaire, not how anything is worked out.
    if (applied.engine && typed.kind !== 'question')
      await this.refuseIfTheRulesFail(applied.engine, applied.files, edits, row.edits, typed);
    return { edits, action: `${index === null ? 'Added' : 'Changed'} edit ${at + 1}: ${this.store.describeEdit(typed)}.` };
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
    const options = referenceOptions(engine, edits);
    const { failures } = await trialRun(engine, households, { ...options, maxFailures: 3 });
    if (failures.length === 0) return;
    // Failing already without this edit (a change set saved before these checks): not this edit's doing.
    const previous = before.length > 0 ? this.store.apply(before).engine : this.store.versions.engineOn(LATEST);
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

  async approve(user: SignedInUser, id: number, digest: string): Promise<ChangeSetDetail> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.store.row(id, manager, true);
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
      await this.store.audit(manager, id, user, 'approved', `Approved version ${row.content_version} (${row.edits.length} edit(s)).`);
    });
    return this.detail(id, user);
  }

  async publish(user: SignedInUser, id: number, effectiveFrom: string, digest: string): Promise<ChangeSetDetail> {
    const today = this.store.today();
    if (!isIsoDate(effectiveFrom) || effectiveFrom < today)
      throw ApiError.validation([{ path: 'effectiveFrom', message: `Enter a date from today (${today}), written yyyy-mm-dd.` }]);
    await this.dataSource.transaction(async (manager) => {
      const row = await this.store.row(id, manager, true);
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
      const base = this.store.versions.versionOn(LATEST).files;
      const applied = this.store.apply(row.edits, base);
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
      await this.store.audit(
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
    const today = this.store.today();
    await this.dataSource.transaction(async (manager) => {
      const row = await this.store.row(id, manager, true);
      assertCanWithdraw(row, today);
      assertNoRequest(row);
      await this.ask(manager, row, user, { kind: 'withdraw', from: null, reason: reason.trim() });
    });
    return this.detail(id, user);
  }

  /** Asks for a change set in force to stop applying from a date (today or later); a second member confirms. */
  async askRevert(user: SignedInUser, id: number, from: string, reason: string): Promise<ChangeSetDetail> {
    const today = this.store.today();
    if (!isIsoDate(from) || from < today)
      throw ApiError.validation([{ path: 'from', message: `Enter a date from today (${today}), written yyyy-mm-dd.` }]);
    await this.dataSource.transaction(async (manager) => {
      const row = await this.store.row(id, manager, true);
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
    await this.store.audit(
      manager,
      row.id,
      user,
      `${request.kind}-asked`,
      `Asked for it to be ${request.kind === 'withdraw' ? 'withdrawn before its date' : `reverted from ${plainDate(request.from!)}`}, because: ${request.reason} Another member must confirm.`,
    );
  }

  /** Confirms the pending withdrawal or revert, as it was shown (kind and date): by a member other than the one who asked. */
  async confirm(user: SignedInUser, id: number, shown: ConfirmRequest): Promise<ChangeSetDetail> {
    const today = this.store.today();
    await this.dataSource.transaction(async (manager) => {
      const row = await this.store.row(id, manager, true);
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
        await this.store.audit(manager, id, user, 'withdrawn', `Withdrawn before its date (${plainDate(row.effective_from!)}). ${asked}`);
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
        await this.store.audit(manager, id, user, 'reverted', `Reverted: no longer applies from ${plainDate(pending.from!)}. ${asked}`);
      }
    });
    await this.publishedRules.reload();
    return this.detail(id, user);
  }

  /** Cancels the pending request (anyone of the policy team may: nothing changes). */
  async cancelRequest(user: SignedInUser, id: number): Promise<ChangeSetDetail> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.store.row(id, manager, true);
      if (!row.pending_request) throw new ApiError(409, 'NO_REQUEST', 'Nobody has asked for this change set to be withdrawn or reverted.');
      await manager.query(`UPDATE policy_change_sets SET pending_request = NULL, updated_at = now() WHERE id = $1`, [id]);
      await this.store.audit(
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
    const today = this.store.today();
    await this.dataSource.transaction(async (manager) => {
      const row = await this.store.row(id, manager, true);
      const isLive = row.status === 'published' || (row.status === 'reverted' && row.reverted_from! > today);
      if (!isLive)
        throw new ApiError(409, 'CHANGE_SET_NOT_IN_FORCE', 'Only a published change set, in force or with its date ahead, can be stopped.');
      const stopped: StopRecord = { by: personOf(user), at: new Date().toISOString(), reason: reason.trim() };
      const isAhead = row.effective_from! > today;
      await manager.query(
        `UPDATE policy_change_sets SET status = $2, reverted_from = $3, stopped = $4::jsonb, pending_request = NULL, updated_at = now() WHERE id = $1`,
        [id, isAhead ? 'withdrawn' : 'reverted', isAhead ? row.reverted_from : today, JSON.stringify(stopped)],
      );
      await this.store.audit(
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
  // Files and overlays

  /**
   * Whether the repository's files hold each published change set: exported (the files already say what it set),
   * not exported (the files still say what it replaced: it is laid over them), or different from both (someone
   * changed the files another way): shown at the top of the workbench and logged at start.
   */
  async status(): Promise<PolicyStatus> {
    const base = this.store.versions.baseFiles;
    const today = this.store.today();
    const rows = await this.dataSource.query<
      { id: number; title: string; failed_at: Date | null; failure: { message: string } | null; stopped: StopRecord | null }[]
    >(
      `SELECT id, title, failed_at, failure, stopped FROM policy_change_sets
        WHERE failed_at IS NOT NULL OR stopped IS NOT NULL ORDER BY greatest(failed_at, (stopped->>'at')::timestamptz) DESC NULLS LAST LIMIT 20`,
    );
    // Found failing here and not yet recorded (the record is on its way), or recorded by any process.
    const failing = new Map(
      this.store.versions.faultsFound.map((fault) => [
        fault.changeSet,
        {
          id: fault.changeSet,
          title: this.store.versions.publishedSets.find((set) => set.id === fault.changeSet)?.title ?? `Change set ${fault.changeSet}`,
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
    const { state, lastDateHeld, daysLeft } = this.ratesHeld.runway(today);
    return {
      rulesVersionToday: `${taxYearOf(today)}${this.store.versions.engineOn(today).rulesVersionSuffix}`,
      ratesHeld: { state, lastDateHeld, daysLeft },
      failing: [...failing.values()],
      stopped: rows.flatMap((row) => (row.stopped ? [{ id: row.id, title: row.title, ...row.stopped }] : [])),
      published: this.store.versions.publishedSets.map((set) => {
        const base0 = {
          id: set.id,
          title: set.title ?? `Change set ${set.id}`,
          effectiveFrom: set.effectiveFrom,
          revertedFrom: set.revertedFrom,
        };
        const differences: string[] = this.store.versions.problemsOf(set.id).map(({ message }) => message);
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
        const parts = this.store.versions.partsOf(set.id);
        let exported = 0;
        set.edits.forEach((edit, index) => {
          const text = base.read(editTarget(edit));
          const now = editedPart(text === null ? null : JSON.parse(text), edit);
          const wanted = reverted ? parts?.[index]?.before : parts?.[index]?.after;
          const other = reverted ? parts?.[index]?.after : parts?.[index]?.before;
          if (sameJson(now, wanted ?? null)) exported += 1;
          else if (!sameJson(now, other ?? null))
            differences.push(`${editForOperators(edit)}: the files hold something else (${editTarget(edit)}).`);
        });
        const files =
          differences.length > 0 ? ('differs' as const) : exported === set.edits.length ? ('in-files' as const) : ('not-exported' as const);
        return { ...base0, files, differences };
      }),
    };
  }
}

/** 13 December 2026, from yyyy-mm-dd: dates in the audit as a policy officer reads them. */
function plainDate(iso: string): string {
  const date = new Date(`${iso}T12:00:00Z`);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
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
    case 'lha-rates-held':
      return 'until';
    case 'band-d':
      return 'figures';
    case 'lha-rates':
      return 'rates';
    case 'ctr-scheme':
      return 'scheme';
    case 'lha-council-areas':
      return 'areas';
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

/** An edit's problem as the API's field error: `edit.value`, `edit.source.url`. */
function fieldErrorOfEdit(problem: { field: string; message: string }): FieldError {
  return { path: problem.field ? `edit.${problem.field}` : 'edit', message: problem.message };
}

/** An edit in a few words as the files name it, for operators comparing the files with what was published. */
function editForOperators(edit: PolicyEdit): string {
  switch (edit.kind) {
    case 'parameter-value':
      return `${edit.parameter} from ${edit.from}: ${String(edit.value)}`;
    case 'rates-held':
      return `rates held until ${edit.until}`;
    case 'lha-rates-held':
      return `${edit.scheme} Local Housing Allowance rates held until ${edit.until}`;
    case 'band-d':
      return `band D ${edit.year} of ${edit.figures.length} councils`;
    case 'lha-rates':
      return `${edit.scheme} Local Housing Allowance for ${edit.area} from ${edit.from}`;
    case 'lha-council-areas':
      return `rent areas of ${edit.authority} (${edit.name}): ${edit.areas.join(', ')}`;
    case 'ctr-scheme':
      return `council tax reduction scheme ${edit.year} of ${edit.authority} (${edit.name})`;
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
