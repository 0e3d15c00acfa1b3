import type { BenefitCode } from '../core/benefit.js';
import { readCaseFilesFrom } from '../core/cases.js';
import { CalculationOutOfRangeError, type EntitlementEngine } from '../core/entitlement-engine.js';
import { normaliseHousehold } from '../core/normalise.js';
import type { FiredRules } from '../core/ruleset.js';
import { EXTRA_HELP_FACTS, type ExtraHelpFactDefinition } from '../extra-help/facts.js';
import type { Household } from '../household.js';
import type { SourceFiles } from '../source-files.js';
import { FactShapeRecorder, kindOf, type FactShapes, type ValueKind } from './rule-checks.js';
import { sampleHouseholds } from './sample-households.js';

/**
 * Rules worked out over a fixed set of households before they can reach anyone (issue 28): the hand-worked cases'
 * households, each on its own date, and a seeded sample of generated households (sample-households.ts). A change
 * set whose engine throws for any of them is refused when the edit is saved, whatever the static checks missed.
 * The same households give what each ruleset's facts can be (`observeFactShapes`), for those checks.
 */

export interface TrialHousehold {
  /** Where it comes from, for a message: a case ('child-benefit/cases/basic.json: One child') or a generated seed. */
  source: string;
  date: string;
  household: Household;
}

export interface TrialFailure {
  source: string;
  date: string;
  /** The evaluator that threw: the compiled rules, or json-rules-engine (the reference). */
  evaluator: 'compiled' | 'json-rules-engine';
  errorName: string;
  message: string;
}

/** The households of every hand-worked case (the files' and a change set's own), on their dates. */
export function caseHouseholds(files: SourceFiles): TrialHousehold[] {
  return readCaseFilesFrom(files).flatMap(({ file, cases }) =>
    cases.flatMap((item) => {
      try {
        return [{ source: `${file}: ${item.name}`, date: item.date, household: normaliseHousehold(item.household) }];
      } catch {
        return []; // a case whose household does not normalise is reported by the cases run, not here
      }
    }),
  );
}

/** `count` generated households from `seed` on their own dates, and `perDate` more on each date given. */
export function generatedHouseholds(count: number, seed: number, dates: readonly string[] = [], perDate = 0): TrialHousehold[] {
  const made = [...sampleHouseholds(count, seed), ...dates.flatMap((date, index) => sampleHouseholds(perDate, seed + 1 + index, date))];
  return made.map(({ seed: own, date, household }) => ({ source: `generated household ${own}`, date, household }));
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `each` over the households, letting the process's other work run every 20 ms. */
async function inTurns<T>(households: readonly T[], each: (household: T) => Promise<void> | void): Promise<void> {
  let turn = Date.now();
  for (const household of households) {
    await each(household);
    if (Date.now() - turn > 20) {
      await nextTurn();
      turn = Date.now();
    }
  }
}

function failureOf(error: unknown, household: TrialHousehold, evaluator: TrialFailure['evaluator']): TrialFailure | null {
  // A date outside the rates held is the household's date, not a fault of the rules.
  if (error instanceof CalculationOutOfRangeError) return null;
  const known = error instanceof Error ? error : new Error(String(error));
  return { source: household.source, date: household.date, evaluator, errorName: known.name, message: known.message };
}

export interface TrialOptions {
  /** The benefits whose rules json-rules-engine works out too (those a change set edits), as well as the compiled rules. */
  reference?: ReadonlySet<BenefitCode>;
  /** Whether json-rules-engine works out the extra help too (a change set edits an item). */
  referenceExtraHelp?: boolean;
  /** Keep at most this many failures (default 10), still counting them all when `countAll`. */
  maxFailures?: number;
  /** Go on over every household after `maxFailures`, counting (default false: one is enough to refuse). */
  countAll?: boolean;
  /** Work out only the first this many households with json-rules-engine too (it is slower; default all). */
  referenceLimit?: number;
}

export interface TrialOutcome {
  failures: TrialFailure[];
  /** How many households failed (more than `failures` holds when `countAll`). */
  failed: number;
}

/**
 * Every household the engine throws for (a date outside the rates held is not a failure), with the compiled rules,
 * and with json-rules-engine for the rules named in `options`: what the published change set would do to results.
 */
export async function trialRun(
  engine: EntitlementEngine,
  households: readonly TrialHousehold[],
  options: TrialOptions = {},
): Promise<TrialOutcome> {
  const failures: TrialFailure[] = [];
  let failed = 0;
  const max = options.maxFailures ?? 10;
  const reference = options.reference ?? new Set<BenefitCode>();
  const withReference = reference.size > 0 || options.referenceExtraHelp === true;
  const referenceLimit = options.referenceLimit ?? households.length;
  let index = 0;
  const fail = (failure: TrialFailure | null) => {
    if (!failure) return;
    failed += 1;
    if (failures.length < max) failures.push(failure);
  };
  await inTurns(households, async (household) => {
    const at = index++;
    if (failed >= max && !options.countAll) return;
    try {
      engine.calculateSync(household.household, household.date);
    } catch (error) {
      fail(failureOf(error, household, 'compiled'));
      return;
    }
    if (!withReference || at >= referenceLimit) return;
    try {
      await engine.calculateReference(
        household.household,
        household.date,
        { explanations: false, extraHelp: options.referenceExtraHelp === true },
        (step) => {
          const facts = step.facts;
          return reference.has(step.benefit)
            ? step.ruleset.runReference(facts, step.parameters)
            : Promise.resolve(step.ruleset.evaluate(facts, step.parameters));
        },
      );
    } catch (error) {
      fail(failureOf(error, household, 'json-rules-engine'));
    }
  });
  return { failures, failed };
}

/** What each extra-help fact can be, from its declaration (engine/extra-help/facts.ts). */
export function extraHelpFactShapes(): FactShapes {
  return new Map(
    Object.entries(EXTRA_HELP_FACTS as Record<string, ExtraHelpFactDefinition>).map(([fact, definition]) => {
      const kinds = new Set<ValueKind>([definition.type]);
      if (definition.nullable) kinds.add('null');
      return [fact, { kinds, items: new Set<ValueKind>() }];
    }),
  );
}

/**
 * What each ruleset's facts can be, by ruleset folder: every fact worked out for each household (the facts are
 * TypeScript functions of the household, the same whatever the rule files say), and the kinds of values seen kept.
 */
export async function observeFactShapes(
  engine: EntitlementEngine,
  households: readonly TrialHousehold[],
): Promise<Map<string, FactShapes>> {
  const folderOf = new Map(engine.calculators.map((calculator) => [calculator.code, calculator.folder]));
  const recorders = new Map<string, FactShapeRecorder>();
  await inTurns(households, async (household) => {
    try {
      await engine.calculateReference(
        household.household,
        household.date,
        { explanations: false, extraHelp: false },
        (step): Promise<FiredRules> => {
          const facts = step.facts;
          const folder = folderOf.get(step.benefit)!;
          let recorder = recorders.get(folder);
          if (!recorder) recorders.set(folder, (recorder = new FactShapeRecorder()));
          for (const [fact, value] of Object.entries(facts)) recorder.record(fact, value);
          return Promise.resolve(step.ruleset.evaluate(facts, step.parameters));
        },
      );
    } catch {
      // A household the published rules cannot work out (a date outside the rates held) shows nothing of the facts.
    }
  });
  return new Map([...recorders].map(([folder, recorder]) => [folder, recorder.shapes()]));
}

/** What a rate can be: the kinds of its dated values (whole numbers, switches, null for no limit). */
export function parameterKindsOf(engine: EntitlementEngine, name: string): ReadonlySet<ValueKind> | undefined {
  if (!engine.parameters.has(name)) return undefined;
  const kinds = new Set<ValueKind>();
  for (const { value } of engine.parameters.findParameterOrThrow(name).values) {
    const kind = kindOf(value);
    if (kind !== 'object') kinds.add(kind);
  }
  return kinds;
}
