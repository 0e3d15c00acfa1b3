import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ukToday } from '../../../common/dates/uk-today.js';
import type { ChangeSetDetail, EditProblem, PendingRequest, PolicyEdit, PolicyPerson, StopRecord } from '../../../common/policy/model.js';
import { describeEdit } from '../../../common/policy/words.js';
import { parameterSummaryOf, RULESET_TITLES } from '../../../engine/policy/catalogue.js';
import type { FieldError } from '../../../common/errors.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import { applyChangeSet, type AppliedChangeSet } from '../../../engine/policy/edits.js';
import { RulesVersions, versionSuffix } from '../../../engine/policy/rules-versions.js';
import type { EditCheckContext } from '../../../engine/policy/rule-checks.js';
import {
  caseHouseholds,
  extraHelpFactShapes,
  generatedHouseholds,
  observeFactShapes,
  parameterKindsOf,
  type TrialHousehold,
} from '../../../engine/policy/trial-run.js';
import type { EntitlementEngine } from '../../../engine/core/entitlement-engine.js';
import type { SourceFiles } from '../../../engine/source-files.js';
import type { SignedInUser } from '../access/signed-in-user.js';
import { ENTITLEMENT_ENGINE } from '../rules-in-force/tokens.js';
import { ApiError } from '../errors/api-error.js';
import { surveyProblemsOf } from '../questionnaire/survey-definitions.js';
import type { PublishedPart } from './policy-change-set.entity.js';

/** A date after every change set's: the version with everything published and not reverted, which drafts build on. */
export const LATEST = '9999-12-31';
/** Drafts applied recently, kept so that reading a change set again does not load the engine again. */
const APPLIED_KEPT = 16;
/**
 * The households an edit's rules are worked out over when it is saved (issue 28): every hand-worked case's, and
 * these generated ones (and a few more on each date the change set's values start), seeded so the same each time.
 */
export const SAVE_SAMPLE = { count: 200, seed: 28, perDate: 40, datesMax: 4 };
/** json-rules-engine (slower) works out the edited rules over this many households too, beside the compiled rules. */
const REFERENCE_HOUSEHOLDS = 400;

export interface ChangeSetRow {
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

export const COLUMNS = `id, title, reason, status, edits, author_id, author_name, approver_id, approver_name,
  to_char(effective_from, 'YYYY-MM-DD') AS effective_from, to_char(reverted_from, 'YYYY-MM-DD') AS reverted_from,
  published_parts, last_cases_run, last_impact, updated_at, contributors, content_version, approved_digest,
  pending_request, stopped, failed_at, failure`;

export function changeSetNotFound(): ApiError {
  return new ApiError(404, 'CHANGE_SET_NOT_FOUND', 'There is no change set with this number.');
}

/**
 * What the policy workbench's services share about a change set: its row (read with or without a lock), its audit
 * trail, its edits laid over the published rules, and what the checks of its conditions know of the facts and rates.
 * The rules in force are the process's rules versions (rules-in-force/).
 */
@Injectable()
export class ChangeSetStore {
  private readonly applied = new Map<string, AppliedChangeSet>();
  /** What each ruleset's facts can be, seen over the check households once (the facts are code: the same for every draft). */
  private factShapes: Promise<EditCheckContext> | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENTITLEMENT_ENGINE) private readonly engine: Entitlements,
  ) {}

  /** The rules versions of the process (the calculation module's engine). */
  get versions(): RulesVersions {
    if (!(this.engine instanceof RulesVersions)) throw new Error('The policy workbench needs the engine to be the rules versions.');
    return this.engine;
  }

  today(): string {
    return ukToday();
  }

  /** A parameter's label ("Carer's Allowance"), or its name when the rules held have no such parameter. */
  labelOf(name: string): string {
    return parameterSummaryOf(this.versions.versionOn(LATEST).engine.parameters, name)?.label ?? name;
  }

  /** An edit in a policy officer's words (the history's lines): the rate's label and value, the benefit's name. */
  describeEdit(edit: PolicyEdit): string {
    const summary =
      edit.kind === 'parameter-value' ? parameterSummaryOf(this.versions.versionOn(LATEST).engine.parameters, edit.parameter) : undefined;
    return describeEdit(edit, new Map(summary ? [[summary.name, summary]] : []), RULESET_TITLES);
  }

  /** The draft's edits laid over the published rules (everything published and not reverted), checked. */
  apply(edits: readonly PolicyEdit[], base: SourceFiles = this.versions.versionOn(LATEST).files): AppliedChangeSet {
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

  async row(id: number, manager: EntityManager | DataSource = this.dataSource, lock = false): Promise<ChangeSetRow> {
    if (!Number.isSafeInteger(id) || id < 1) throw changeSetNotFound();
    const [row] = await manager.query<ChangeSetRow[]>(
      `SELECT ${COLUMNS} FROM policy_change_sets WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    if (!row) throw changeSetNotFound();
    return row;
  }

  async audit(
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

  /** What each fact and rate can be, for the conditions' checks: worked out once, over the check households. */
  checkContext(): Promise<EditCheckContext> {
    this.factShapes ??= (async () => {
      const engine = this.versions.engineOn(LATEST);
      const households = [...caseHouseholds(this.versions.baseFiles), ...generatedHouseholds(SAVE_SAMPLE.count, SAVE_SAMPLE.seed)];
      const rulesets = await observeFactShapes(engine, households);
      return { rulesets, extraHelp: extraHelpFactShapes(), parameterKinds: (name: string) => parameterKindsOf(engine, name) };
    })();
    return this.factShapes;
  }

  /** The published rules drafts are laid over, by name ('2026-27+cs3'): a checks run against other rules is stale. */
  publishedRulesName(): string {
    return `published${versionSuffix(this.versions.versionOn(LATEST).sets)}`;
  }
}

/** The member as the change set records them. */
export function personOf(user: SignedInUser | PolicyPerson): PolicyPerson {
  return 'userId' in user ? { id: user.userId, name: user.displayName } : user;
}

/** json-rules-engine works out the rules a change set edits (and the extra help, if it edits an item) beside the compiled ones. */
export function referenceOptions(engine: EntitlementEngine, edits: readonly PolicyEdit[]) {
  const folders = new Set(edits.flatMap((edit) => (edit.kind === 'rule' ? [edit.ruleset] : [])));
  return {
    reference: new Set(engine.calculators.filter(({ folder }) => folders.has(folder)).map(({ code }) => code)),
    referenceExtraHelp: edits.some((edit) => edit.kind === 'extra-help-item'),
    referenceLimit: REFERENCE_HOUSEHOLDS,
  };
}

/**
 * The households a change set is worked out over: every hand-worked case's (with `withCases`), a seeded sample of
 * generated ones on their own dates, and more on each date the change set's values start (within the rates held).
 */
export function checkHouseholds(
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

/** A change set's problem as a field error: `edits[2].value`, or '' for the set as a whole. */
export function fieldErrorOfProblem(problem: EditProblem): FieldError {
  if (problem.edit === null) return { path: '', message: problem.message };
  return { path: `edits[${problem.edit}]${problem.field ? `.${problem.field}` : ''}`, message: problem.message };
}
