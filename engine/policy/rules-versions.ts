import type { Nations } from '../nations.js';
import { ukToday } from '../../common/dates/uk-today.js';
import type { EditProblem, PolicyEdit } from '../../common/policy/model.js';
import type { CouncilTaxData } from '../benefits/council-tax-reduction-data.js';
import type { BenefitCalculator } from '../core/benefit.js';
import type { CalculationResult, Provisional } from '../core/calculation-result.js';
import {
  CalculationOutOfRangeError,
  type CalculateOptions,
  type Entitlements,
  type EntitlementEngine,
} from '../core/entitlement-engine.js';
import type { Household } from '../household.js';
import { loadEntitlementEngineFrom } from '../load.js';
import type { LocalHousingAllowance } from '../local-housing-allowance.js';
import type { ParameterSet } from '../parameters/parameter-set.js';
import { overlayFiles, type SourceFiles } from '../source-files.js';
import { applyChangeSet, type ApplyOptions } from './edits.js';

/** A published policy change set as the rules versions apply it: from its date, until it is reverted. */
export interface PublishedChangeSet {
  id: number;
  /** The order it was published in: later change sets are laid over earlier ones. */
  seq: number;
  effectiveFrom: string;
  revertedFrom: string | null;
  edits: PolicyEdit[];
  title?: string;
  /** What each edit replaced and what it set, as the files held them when it was published. */
  parts?: readonly { before: unknown; after: unknown }[] | null;
  /** When it was found to throw at run time (by any process), and the error: it is left out of every version. */
  failure?: { at: string; errorName: string; message: string } | null;
}

/**
 * A published change set found to throw when a calculation was worked out with it (issue 28): from then on every
 * version leaves it out, so results fall back to the rules without it until it is stopped or reverted.
 */
export interface RulesFault {
  changeSet: number;
  /** When it was found (ISO). */
  at: string;
  /** The error's name (TypeError...): never the household or its figures. */
  errorName: string;
  /** The error's message, for the policy staff (the engine's messages name rules and facts, not a household's values). */
  message: string;
}

/**
 * A change set a second officer has approved but nobody has published (issue 30): the calculation API and caseload
 * runs lay it over the published rules when a key holder, policy staff or an adviser asks for it by number, so next
 * April's figures can be shown as soon as they are announced. `digest` is the approval's: another approval is
 * another version.
 */
export interface ApprovedChangeSet {
  id: number;
  title: string;
  edits: PolicyEdit[];
  digest: string;
}

/** Approved change sets' versions kept loaded at once (each is a whole engine); the least recently asked is let go. */
export const APPROVED_VIEWS_KEPT = 4;

/** The part of a rules version's name that says which change sets it holds: '' or '+cs3+cs5'. */
export const versionSuffix = (sets: readonly Pick<PublishedChangeSet, 'id'>[]): string => sets.map(({ id }) => `+cs${id}`).join('');

/** The change sets a rules version's name holds ('2027-28+cs3+cs5': 3 and 5), as versionSuffix wrote them. */
export const changeSetIdsOf = (rulesVersion: string): number[] => [...rulesVersion.matchAll(/\+cs(\d+)/g)].map((match) => Number(match[1]));

/** Whether a published change set applies on a date. */
export const inForceOn = (set: Pick<PublishedChangeSet, 'effectiveFrom' | 'revertedFrom'>, date: string): boolean =>
  set.effectiveFrom <= date && (set.revertedFrom === null || date < set.revertedFrom);

export interface RulesVersion {
  /** The change sets laid over the files, in publish order (those that did not load are left out). */
  sets: PublishedChangeSet[];
  files: SourceFiles;
  engine: EntitlementEngine;
}

/**
 * The rules a calculation on a date is worked out with (issue 19): the repository's files, with every published
 * change set in force on that date laid over them in the order they were published. Each distinct set of change
 * sets is loaded once, when first asked for, and kept; the date decides which. With nothing published, every date
 * gets the files' own engine. A published change set that no longer loads over the files (they were changed under
 * it) is left out and reported by `problemsOf`, never applied in part.
 */
export class RulesVersions implements Entitlements {
  private readonly versions = new Map<string, RulesVersion>();
  private readonly failed = new Map<number, EditProblem[]>();
  /** Change sets found to throw at run time, left out of every version (kept when the published sets are read again). */
  private readonly faults = new Map<number, RulesFault>();
  private readonly faultListeners = new Set<(fault: RulesFault) => void>();
  private published: PublishedChangeSet[] = [];
  private filesOnly: RulesVersion | undefined;
  /** The rules with an approved change set laid over the published ones, by `id:digest`, most recently asked last. */
  private readonly approvedViews = new Map<string, RulesVersions>();
  /** In such a view: the approved change set laid last, which is provisional whatever its date. */
  private approved: ApprovedChangeSet | undefined;

  constructor(
    private readonly base: SourceFiles,
    published: readonly PublishedChangeSet[] = [],
    private readonly options: {
      moreChecks?: ApplyOptions['moreChecks'];
      today?: () => string;
      calculators?: readonly BenefitCalculator[];
    } = {},
  ) {
    this.setPublished(published);
  }

  /** The published change sets changed (published, withdrawn, reverted): versions are loaded afresh when asked. */
  setPublished(published: readonly PublishedChangeSet[]): void {
    this.published = [...published].sort((a, b) => a.seq - b.seq);
    this.versions.clear();
    this.failed.clear();
    this.approvedViews.clear();
    // A fault another process found (the database says when) is left out here too, without asking the rules again.
    for (const set of this.published)
      if (set.failure && !this.faults.has(set.id)) this.faults.set(set.id, { changeSet: set.id, ...set.failure });
    // The files' own version stays: it depends on the files alone.
    if (this.filesOnly) this.versions.set('', this.filesOnly);
  }

  get publishedSets(): readonly PublishedChangeSet[] {
    return this.published;
  }

  /** The repository's files, without any change set. */
  get baseFiles(): SourceFiles {
    return this.base;
  }

  partsOf(id: number): PublishedChangeSet['parts'] {
    return this.published.find((set) => set.id === id)?.parts ?? null;
  }

  private today(): string {
    return (this.options.today ?? ukToday)();
  }

  /**
   * The rules with an approved, unpublished change set laid over the published ones as if it were published today
   * (the earliest date publishing allows): each of its edits then applies from its own date, as the workbench says,
   * and every figure it gives is marked provisional, naming it. Loaded once for each approval and day, and kept (a
   * few at a time) until the published change sets change.
   */
  withApproved(set: ApprovedChangeSet): RulesVersions {
    const today = this.today();
    const key = `${set.id}:${set.digest}:${today}`;
    let view = this.approvedViews.get(key);
    if (view) this.approvedViews.delete(key);
    else {
      const seq = Math.max(0, ...this.published.map((one) => one.seq)) + 1;
      const laid: PublishedChangeSet = { id: set.id, seq, effectiveFrom: today, revertedFrom: null, edits: set.edits, title: set.title };
      view = new RulesVersions(this.base, [...this.published.filter((one) => one.id !== set.id), laid], this.options);
      view.approved = set;
      for (const fault of this.faults.values()) view.faults.set(fault.changeSet, fault);
      // Before its date the view is the published rules: the loaded versions are shared, not loaded again.
      for (const [versionKey, version] of this.versions) view.versions.set(versionKey, version);
      view.filesOnly = this.filesOnly;
      if (this.approvedViews.size >= APPROVED_VIEWS_KEPT) this.approvedViews.delete(this.approvedViews.keys().next().value!);
    }
    this.approvedViews.set(key, view);
    return view;
  }

  /** The approved, unpublished change set this view lays over the published ones (undefined for the published rules). */
  get approvedChangeSet(): ApprovedChangeSet | undefined {
    return this.approved;
  }

  /** The version in force on a date: the change sets in force then, less any found to fail at run time. */
  versionOn(date: string): RulesVersion {
    // Nothing published (most processes, most of the time): the files' own version, with no work per calculation.
    if (this.published.length === 0 && this.filesOnly) return this.filesOnly;
    return this.versionOf(this.published.filter((set) => inForceOn(set, date) && !this.faults.has(set.id)));
  }

  /** The version holding exactly these change sets (in publish order), loaded once. */
  private versionOf(sets: readonly PublishedChangeSet[]): RulesVersion {
    const key = sets.map(({ id }) => id).join(',');
    let version = this.versions.get(key);
    if (!version) {
      version = this.load(sets);
      this.versions.set(key, version);
      if (sets.length === 0) this.filesOnly = version;
    }
    return version;
  }

  /** The change sets found to fail at run time, in the order found. */
  get faultsFound(): readonly RulesFault[] {
    return [...this.faults.values()];
  }

  /** Called once for each change set found to fail at run time (to log, alert and record it). */
  onFault(listener: (fault: RulesFault) => void): () => void {
    this.faultListeners.add(listener);
    return () => this.faultListeners.delete(listener);
  }

  /** Leaves a change set out of every version from now on (found here, or by another process). */
  markFailed(fault: RulesFault): void {
    if (this.faults.has(fault.changeSet)) return;
    this.faults.set(fault.changeSet, fault);
    for (const listener of this.faultListeners) {
      try {
        listener(fault);
      } catch {
        // A listener's own failure must not take the calculation with it.
      }
    }
  }

  /**
   * A calculation that threw with `version`: worked out again without the change set that makes it throw, which is
   * then left out of every version (and reported once). Each change set in force is tried out in turn, latest first;
   * when none alone is the cause, without all of them. An error that is not the rules' (a date outside the rates
   * held), or that the files alone give too, is the calculation's own and is thrown as it was.
   */
  private recover<T>(version: RulesVersion, error: unknown, run: (engine: EntitlementEngine) => T): T {
    if (error instanceof CalculationOutOfRangeError || version.sets.length === 0) throw error;
    const trials = [
      ...[...version.sets].reverse().map((suspect) => ({ suspects: [suspect], kept: version.sets.filter((set) => set !== suspect) })),
      { suspects: version.sets, kept: [] as PublishedChangeSet[] },
    ];
    for (const { suspects, kept } of trials) {
      let result: T;
      try {
        result = run(this.versionOf(kept).engine);
      } catch {
        continue;
      }
      const found = error instanceof Error ? error : new Error(String(error));
      for (const suspect of suspects)
        this.markFailed({ changeSet: suspect.id, at: new Date().toISOString(), errorName: found.name, message: found.message });
      return result;
    }
    throw error;
  }

  engineOn(date: string): EntitlementEngine {
    return this.versionOn(date).engine;
  }

  /** Why a published change set is left out of the versions that should hold it (empty when it loads). */
  problemsOf(id: number): EditProblem[] {
    return this.failed.get(id) ?? [];
  }

  private load(sets: readonly PublishedChangeSet[]): RulesVersion {
    const calculators = this.options.calculators;
    if (sets.length === 0) return { sets: [], files: this.base, engine: loadEntitlementEngineFrom(this.base, { calculators }) };
    const all = applyChangeSet(
      this.base,
      sets.flatMap((set) => set.edits),
      { rulesVersionSuffix: versionSuffix(sets), moreChecks: this.options.moreChecks },
    );
    if (all.engine) return { sets: [...sets], files: all.files, engine: all.engine };
    // One of them does not load over the files: lay them one at a time and leave out each that fails.
    const kept: PublishedChangeSet[] = [];
    for (const set of sets) {
      const trial = applyChangeSet(
        this.base,
        [...kept, set].flatMap((one) => one.edits),
        { moreChecks: this.options.moreChecks },
      );
      if (trial.engine) kept.push(set);
      else this.failed.set(set.id, trial.problems);
    }
    const edits = kept.flatMap((set) => set.edits);
    const applied = applyChangeSet(this.base, edits, { rulesVersionSuffix: versionSuffix(kept) });
    return {
      sets: kept,
      files: overlayFiles(this.base, applied.changed),
      engine: applied.engine ?? loadEntitlementEngineFrom(this.base, { calculators }),
    };
  }

  // Every calculation of the service comes through these three (results, PDFs, the calculation API and its batches,
  // the adviser area, caseload runs, management information): a change set that throws falls back here, once for all.

  async calculate(household: Household, date: string, options?: CalculateOptions): Promise<CalculationResult> {
    return this.calculateSync(household, date, options);
  }

  calculateSync(household: Household, date: string, options?: CalculateOptions): CalculationResult {
    const version = this.versionOn(date);
    try {
      return this.provisionalMarked(version.engine.calculateSync(household, date, options));
    } catch (error) {
      return this.provisionalMarked(this.recover(version, error, (engine) => engine.calculateSync(household, date, options)));
    }
  }

  async calculateReference(household: Household, date: string, options?: CalculateOptions): Promise<CalculationResult> {
    const version = this.versionOn(date);
    try {
      return this.provisionalMarked(await version.engine.calculateReference(household, date, options));
    } catch (error) {
      // json-rules-engine answers through promises: each trial is awaited in turn.
      if (error instanceof CalculationOutOfRangeError || version.sets.length === 0) throw error;
      const results = new Map<EntitlementEngine, CalculationResult>();
      for (const trial of [...[...version.sets].reverse().map((suspect) => version.sets.filter((set) => set !== suspect)), []]) {
        const engine = this.versionOf(trial).engine;
        try {
          results.set(engine, await engine.calculateReference(household, date, options));
        } catch {
          // this one fails too
        }
      }
      return this.recover(version, error, (engine) => {
        const result = results.get(engine);
        if (!result) throw error;
        return this.provisionalMarked(result);
      });
    }
  }

  /**
   * Whether the rules version named (as a result or a caseload run records it) is provisional: it holds a change set
   * that takes effect after today (next April's rates, published ahead), until the last of them is in force.
   */
  provisionalOf(rulesVersion: string): Provisional | null {
    const today = this.today();
    const used = new Set(changeSetIdsOf(rulesVersion));
    const approved = this.approved && used.has(this.approved.id) ? this.approved : undefined;
    const ahead = this.published
      .filter((set) => used.has(set.id) && set.id !== approved?.id && set.effectiveFrom > today)
      .map((set) => set.effectiveFrom)
      .sort();
    if (ahead.length === 0 && !approved) return null;
    return {
      inForceFrom: ahead.at(-1) ?? null,
      approvedNotPublished: approved ? { changeSet: approved.id, title: approved.title } : null,
    };
  }

  /** A result marked provisional when its rules version is (the version actually run, after any fallback). */
  private provisionalMarked(result: CalculationResult): CalculationResult {
    const provisional = this.provisionalOf(result.rulesVersion);
    return provisional ? { ...result, provisional } : result;
  }

  get parameters(): ParameterSet {
    return this.engineOn(this.today()).parameters;
  }

  get lha(): LocalHousingAllowance {
    return this.engineOn(this.today()).lha;
  }

  get councilTax(): CouncilTaxData {
    return this.engineOn(this.today()).councilTax;
  }

  get ratesHeldFrom(): string {
    return this.engineOn(this.today()).ratesHeldFrom;
  }

  get calculators(): BenefitCalculator[] {
    return this.engineOn(this.today()).calculators;
  }

  get nations(): Nations {
    return this.engineOn(this.today()).nations;
  }
}
