import { ukToday } from '../../common/dates/uk-today.js';
import type { EditProblem, PolicyEdit } from '../../common/policy/model.js';
import type { BenefitCalculator } from '../core/benefit.js';
import type { CalculationResult } from '../core/calculation-result.js';
import type { CalculateOptions, Entitlements, EntitlementEngine } from '../core/entitlement-engine.js';
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
}

/** The part of a rules version's name that says which change sets it holds: '' or '+cs3+cs5'. */
export const versionSuffix = (sets: readonly Pick<PublishedChangeSet, 'id'>[]): string => sets.map(({ id }) => `+cs${id}`).join('');

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
  private published: PublishedChangeSet[] = [];
  private filesOnly: RulesVersion | undefined;

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

  /** The version in force on a date. */
  versionOn(date: string): RulesVersion {
    // Nothing published (most processes, most of the time): the files' own version, with no work per calculation.
    if (this.published.length === 0 && this.filesOnly) return this.filesOnly;
    const sets = this.published.filter((set) => inForceOn(set, date));
    const key = sets.map(({ id }) => id).join(',');
    let version = this.versions.get(key);
    if (!version) {
      version = this.load(sets);
      this.versions.set(key, version);
      if (sets.length === 0) this.filesOnly = version;
    }
    return version;
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

  calculate(household: Household, date: string, options?: CalculateOptions): Promise<CalculationResult> {
    return this.engineOn(date).calculate(household, date, options);
  }

  calculateSync(household: Household, date: string, options?: CalculateOptions): CalculationResult {
    return this.engineOn(date).calculateSync(household, date, options);
  }

  calculateReference(household: Household, date: string, options?: CalculateOptions): Promise<CalculationResult> {
    return this.engineOn(date).calculateReference(household, date, options);
  }

  get parameters(): ParameterSet {
    return this.engineOn(this.today()).parameters;
  }

  get lha(): LocalHousingAllowance {
    return this.engineOn(this.today()).lha;
  }

  get ratesHeldFrom(): string {
    return this.engineOn(this.today()).ratesHeldFrom;
  }

  get calculators(): BenefitCalculator[] {
    return this.engineOn(this.today()).calculators;
  }
}
