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
  EditProblem,
  PolicyAuditEntry,
  PolicyEdit,
  ParameterSummary,
  ParameterView,
  PolicySearchHit,
  StoredImpactPart,
  ImpactReport,
  PolicyStatus,
  RulesetSummary,
  RulesetView,
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
import type { Answers } from '../../../common/survey/model.js';
import { householdOfCalculation, postcodeOf } from '../caseload/caseload-figures.js';
import { PostcodeBrmaLookup } from '../lookup/postcode-brma-lookup.js';
import { lhaAreaChoice } from '../survey/lha-area-choice.js';
import { oldestOpenCalculation, SurveyService } from '../survey/survey.service.js';
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
import { inForceOn, RulesVersions } from '../../../engine/policy/rules-versions.js';
import { scheduledPath } from '../../../engine/policy/export.js';
import type { SourceFiles } from '../../../engine/source-files.js';
import type { SignedInUser } from '../accounts/signed-in-user.js';
import { ENTITLEMENT_ENGINE } from '../calculation/calculation.service.js';
import { ApiError } from '../errors/api-error.js';
import { JsonLogger } from '../logging/json-logger.js';
import { readPublishedChangeSets, surveyProblemsOf, withScheduledChanges } from './policy-files.js';
import type { PublishedPart } from './policy-change-set.entity.js';

/** A date after every change set's: the version with everything published and not reverted, which drafts build on. */
const LATEST = '9999-12-31';
/** How often a process looks for change sets another process published (each process keeps its own versions). */
const REFRESH_MS = 10_000;
/** The impact's sample of generated households: how many, and the seed that makes the same ones again. */
const IMPACT_SAMPLE = 10_000;
const IMPACT_SEED = 1;
/** Stored calculations are read this many at a time, letting the server's other requests run between. */
const STORED_CHUNK = 500;
/** Drafts applied recently, kept so that reading a change set again does not load the engine again. */
const APPLIED_KEPT = 16;

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
}

const COLUMNS = `id, title, reason, status, edits, author_id, author_name, approver_id, approver_name,
  to_char(effective_from, 'YYYY-MM-DD') AS effective_from, to_char(reverted_from, 'YYYY-MM-DD') AS reverted_from,
  published_parts, last_cases_run, last_impact, updated_at`;

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
  private refreshTimer: NodeJS.Timeout | undefined;
  private publishedSignature = '';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENTITLEMENT_ENGINE) private readonly engine: Entitlements,
    private readonly logger: JsonLogger,
    private readonly surveys: SurveyService,
    private readonly brmas: PostcodeBrmaLookup,
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
    this.publishedSignature = await this.readPublishedSignature();
    // Say at start, in the log, which published change sets the repository's files do not hold (see status()).
    for (const set of this.status().published.filter(({ files }) => files !== 'in-files')) {
      this.logger.event('warn', 'a published policy change set is not in the repository files', {
        changeSet: set.id,
        files: set.files,
        differences: set.differences.length,
      });
    }
    this.refreshTimer = setInterval(() => void this.refreshIfPublishedElsewhere(), REFRESH_MS);
    this.refreshTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.refreshTimer);
  }

  private async readPublishedSignature(): Promise<string> {
    const [row] = await this.dataSource.query<{ signature: string | null }[]>(
      `SELECT string_agg(id || ':' || status || ':' || coalesce(reverted_from::text, ''), ',' ORDER BY published_seq) AS signature
         FROM policy_change_sets WHERE published_seq IS NOT NULL`,
    );
    return row?.signature ?? '';
  }

  /** Another process published, withdrew or reverted a change set: load the versions again. */
  private async refreshIfPublishedElsewhere(): Promise<void> {
    try {
      const signature = await this.readPublishedSignature();
      if (signature !== this.publishedSignature) await this.reloadPublished(signature);
    } catch (error) {
      this.logger.event('warn', 'could not check for published policy change sets', { errorName: (error as Error).name });
    }
  }

  private async reloadPublished(signature?: string): Promise<void> {
    this.versions.setPublished(withScheduledChanges(this.versions.baseFiles, await readPublishedChangeSets(this.dataSource)));
    this.publishedSignature = signature ?? (await this.readPublishedSignature());
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
    };
  }

  async list(): Promise<{ changeSets: ChangeSetSummary[] }> {
    const rows = await this.dataSource.query<ChangeSetRow[]>(`SELECT ${COLUMNS} FROM policy_change_sets ORDER BY id DESC LIMIT 200`);
    return { changeSets: rows.map((row) => this.summaryOf(row)) };
  }

  /** What stops a change set being approved or published: its own problems and every value without its source. */
  private problemsOf(row: ChangeSetRow): EditProblem[] {
    if (row.status !== 'draft' && row.status !== 'approved') return [];
    if (row.edits.length === 0) return [{ edit: null, field: '', message: 'The change set has no edits yet.' }];
    return [...this.apply(row.edits).problems, ...publishingProblems(row.edits)];
  }

  async detail(id: number, user: SignedInUser): Promise<ChangeSetDetail> {
    const row = await this.row(id);
    const audit = await this.dataSource.query<{ at: Date; actor_id: string | null; actor_name: string; action: string; detail: string }[]>(
      `SELECT at, actor_id, actor_name, action, detail FROM policy_audit_events WHERE change_set_id = $1 ORDER BY at, id`,
      [id],
    );
    return {
      ...this.summaryOf(row),
      reason: row.reason,
      edits: row.edits,
      problems: this.problemsOf(row),
      canApprove: row.status === 'draft' && row.author_id !== user.userId,
      audit: audit.map((entry): PolicyAuditEntry => ({
        at: new Date(entry.at).toISOString(),
        actor: { id: entry.actor_id ?? '', name: entry.actor_name },
        action: entry.action,
        detail: entry.detail,
      })),
      lastCasesRun: row.last_cases_run,
      lastImpact: row.last_impact,
    };
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Changing

  private async audit(manager: EntityManager | DataSource, id: number, user: SignedInUser, action: string, detail: string): Promise<void> {
    await manager.query(
      `INSERT INTO policy_audit_events (change_set_id, actor_id, actor_name, action, detail) VALUES ($1, $2, $3, $4, $5)`,
      [id, user.userId, user.displayName, action, detail],
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
   * an edit with a problem of its own is refused, naming the field. Editing an approved change set takes it back to
   * a draft: the approval was of what it said before.
   */
  async changeEdits(user: SignedInUser, id: number, index: number | null, edit: unknown | null): Promise<ChangeSetDetail> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.row(id, manager, true);
      if (row.status !== 'draft' && row.status !== 'approved')
        throw new ApiError(
          409,
          'CHANGE_SET_CLOSED',
          'This change set has been published, so it cannot be changed. Start a new change set.',
        );
      const edits = [...row.edits];
      if (index !== null && (!Number.isSafeInteger(index) || index < 0 || index >= edits.length))
        throw new ApiError(404, 'EDIT_NOT_FOUND', 'This change set has no edit with that number.');
      let action: string;
      if (edit === null) {
        edits.splice(index!, 1);
        action = `Removed edit ${index! + 1}.`;
      } else {
        // PostgreSQL cannot store a NUL character in jsonb: refused here, not failed in the database.
        if (JSON.stringify(edit).includes('\\u0000'))
          throw ApiError.validation([{ path: 'edit', message: 'The edit holds a character that cannot be saved (a NUL character).' }]);
        const shape = editShapeProblems(edit);
        if (shape.length > 0) throw ApiError.validation(shape.map(fieldErrorOfEdit));
        const at = index ?? edits.length;
        if (index === null && edits.length >= POLICY_LIMITS.editsMax)
          throw ApiError.validation([{ path: 'edit', message: `A change set holds at most ${POLICY_LIMITS.editsMax} edits.` }]);
        edits[at] = edit as PolicyEdit;
        const own = this.apply(edits).problems.filter((problem) => problem.edit === at);
        if (own.length > 0) throw ApiError.validation(own.map(fieldErrorOfEdit));
        action = `${index === null ? 'Added' : 'Changed'} edit ${at + 1}: ${describeEdit(edit as PolicyEdit)}.`;
      }
      await manager.query(
        `UPDATE policy_change_sets SET edits = $2::jsonb, status = 'draft', approver_id = NULL, approver_name = NULL, updated_at = now() WHERE id = $1`,
        [id, JSON.stringify(edits)],
      );
      await this.audit(manager, id, user, 'edited', action + (row.status === 'approved' ? ' The approval no longer stands.' : ''));
    });
    return this.detail(id, user);
  }

  async approve(user: SignedInUser, id: number): Promise<ChangeSetDetail> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.row(id, manager, true);
      if (row.author_id === user.userId)
        throw new ApiError(403, 'OWN_CHANGE_SET', 'You wrote this change set, so another member of the policy team must approve it.');
      if (row.status !== 'draft') throw new ApiError(409, 'CHANGE_SET_NOT_DRAFT', 'Only a draft change set can be approved.');
      const problems = this.problemsOf(row);
      if (problems.length > 0)
        throw new ApiError(
          409,
          'CHANGE_SET_HAS_PROBLEMS',
          'Put right the problems listed before approving.',
          problems.map(fieldErrorOfProblem),
        );
      await manager.query(
        `UPDATE policy_change_sets SET status = 'approved', approver_id = $2, approver_name = $3, updated_at = now() WHERE id = $1`,
        [id, user.userId, user.displayName],
      );
      await this.audit(manager, id, user, 'approved', `Approved ${row.edits.length} edit(s).`);
    });
    return this.detail(id, user);
  }

  async publish(user: SignedInUser, id: number, effectiveFrom: string): Promise<ChangeSetDetail> {
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
      // Checked again over what is published now: another change set may have been published since the approval.
      const base = this.versions.versionOn(LATEST).files;
      const applied = this.apply(row.edits, base);
      const problems = [...applied.problems, ...publishingProblems(row.edits)];
      if (problems.length > 0)
        throw new ApiError(
          409,
          'CHANGE_SET_HAS_PROBLEMS',
          'Put right the problems listed before publishing.',
          problems.map(fieldErrorOfProblem),
        );
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
      await this.audit(manager, id, user, 'published', `Published to apply from ${effectiveFrom}.`);
    });
    await this.reloadPublished();
    return this.detail(id, user);
  }

  async withdraw(user: SignedInUser, id: number): Promise<ChangeSetDetail> {
    const today = this.today();
    await this.dataSource.transaction(async (manager) => {
      const row = await this.row(id, manager, true);
      if (row.status !== 'published' || row.effective_from! <= today)
        throw new ApiError(
          409,
          'CHANGE_SET_IN_FORCE',
          'Only a published change set whose date is still ahead can be withdrawn; revert one already in force.',
        );
      await manager.query(`UPDATE policy_change_sets SET status = 'withdrawn', updated_at = now() WHERE id = $1`, [id]);
      await this.audit(manager, id, user, 'withdrawn', `Withdrawn before its date (${row.effective_from}).`);
    });
    await this.reloadPublished();
    return this.detail(id, user);
  }

  async revert(user: SignedInUser, id: number, from: string): Promise<ChangeSetDetail> {
    const today = this.today();
    if (!isIsoDate(from) || from < today)
      throw ApiError.validation([{ path: 'from', message: `Enter a date from today (${today}), written yyyy-mm-dd.` }]);
    await this.dataSource.transaction(async (manager) => {
      const row = await this.row(id, manager, true);
      if (row.status !== 'published' || row.effective_from! > today)
        throw new ApiError(
          409,
          'CHANGE_SET_NOT_IN_FORCE',
          'Only a published change set already in force can be reverted; withdraw one whose date is ahead.',
        );
      if (from <= row.effective_from!)
        throw ApiError.validation([{ path: 'from', message: `Enter a date after the change set's own date (${row.effective_from}).` }]);
      await manager.query(`UPDATE policy_change_sets SET status = 'reverted', reverted_from = $2, updated_at = now() WHERE id = $1`, [
        id,
        from,
      ]);
      await this.audit(manager, id, user, 'reverted', `Reverted: no longer applies from ${from}.`);
    });
    await this.reloadPublished();
    return this.detail(id, user);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Proving

  /** Every hand-worked case (the files' and the change set's) run with the draft, with what each one used. */
  async runCases(user: SignedInUser, id: number): Promise<CasesRunReport> {
    const row = await this.row(id);
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
    const cases: CaseRunResult[] = [];
    let yielded = Date.now();
    for (const { file, cases: items } of readCaseFilesFrom(applied.files)) {
      for (const item of items) {
        cases.push(await runOneCase(engine, file, item, added.has(`${file}|${item.name}`)));
        if (Date.now() - yielded > 20) {
          await nextTurn();
          yielded = Date.now();
        }
      }
    }
    const passed = cases.filter((result) => result.passed).length;
    const report: CasesRunReport = { ranAt: new Date().toISOString(), total: cases.length, passed, failed: cases.length - passed, cases };
    await this.dataSource.query(`UPDATE policy_change_sets SET last_cases_run = $2::jsonb WHERE id = $1`, [id, JSON.stringify(report)]);
    await this.audit(this.dataSource, id, user, 'cases-run', `Ran ${report.total} cases: ${passed} passed, ${report.failed} failed.`);
    return report;
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
    const environment = this.surveys.ruleEnvironment();
    const survey = this.surveys.compiled;
    for (let offset = 0; ; offset += STORED_CHUNK) {
      const rows = await this.dataSource.query<{ answers: Answers; completed_pages: string[]; record_key: number }[]>(
        `WITH kept AS (
           SELECT s.id, s.completed_pages, s.record_key FROM calculation_sessions s
            WHERE s.finished_at IS NOT NULL AND s.created_at >= $1 ORDER BY s.id LIMIT $2 OFFSET $3
         )
         SELECT k.completed_pages, k.record_key,
                COALESCE((SELECT jsonb_object_agg(a.question_name, a.value) FROM survey_answers a WHERE a.session_id = k.id), '{}') AS answers
           FROM kept k`,
        [oldestOpenCalculation(), STORED_CHUNK, offset],
      );
      if (rows.length === 0) break;
      const areas = await this.brmas.areasOf(rows.flatMap(({ answers }) => postcodeOf(answers)?.postcode ?? []));
      for (const row of rows) {
        const postcode = postcodeOf(row.answers);
        const household = householdOfCalculation(
          survey,
          { answers: row.answers, completedPages: row.completed_pages, isFinished: true, savedOn: date },
          { ...environment, lhaAreaChoice: lhaAreaChoice(before.lha, postcode, areas.get(postcode?.postcode ?? '') ?? null) },
        );
        if (typeof household === 'string') tally.addNotWorkedOut(row.record_key);
        else tally.add(household, row.record_key);
      }
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
  status(): PolicyStatus {
    const base = this.versions.baseFiles;
    const today = this.today();
    return {
      rulesVersionToday: `${taxYearOf(today)}${this.versions.engineOn(today).rulesVersionSuffix}`,
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
