/**
 * A rate, threshold or switch that changes on known dates: the shape of every file in `rulesets/parameters/`
 * (the format is described in `rulesets/README.md`; `parameter-set.ts` checks it). Numbers are integers in the
 * file's unit (pence, or basis points for fractions), so no binary float enters a rule.
 */
import type { UpratingRounding } from '../policy/model.js';

/**
 * - money: `pence a week|month|year|hour` for rates, `pence` for a sum with no period (a capital limit, a step of
 *   capital); `pounds` is allowed for a threshold the law sets in whole pounds, but pence is preferred;
 * - `basis points`: a fraction, 100% = 10000 (the 55% taper is 5500);
 * - `count`: a whole number of things (children), where `null` means no limit;
 * - `hours`: a whole number of hours in the period (the minimum income floor's 35 a week);
 * - `years`: an age in whole years (no non-dependant deduction below 18);
 * - `boolean`: a policy switch.
 */
export type ParameterUnit =
  | 'pence a week'
  | 'pence a month'
  | 'pence a year'
  | 'pence an hour'
  | 'pence'
  | 'pounds'
  | 'basis points'
  | 'count'
  | 'hours'
  | 'years'
  | 'boolean';

export type ParameterPeriod = 'week' | 'month' | 'year' | 'hour' | 'none';

export type ParameterValue = number | boolean | null;

/** A document with its link: the regulation a parameter belongs to, or where a value was read. */
export interface Citation {
  title: string;
  url: string;
}

export interface DatedValue<V extends ParameterValue = number> {
  /** ISO date the value takes effect, as the law dates it. */
  from: string;
  value: V;
  /** The regulation, the DWP/HMRC rates paper, or the report the figure was read from. */
  source: Citation;
  /** How sure the figure is, when not confirmed by two sources, or anything else a reader needs. */
  note?: string;
}

export interface DatedParameter<V extends ParameterValue = number> {
  /** Plain English: what the figure is and which rule uses it. */
  description: string;
  /** A short name for explanations, e.g. 'Standard allowance: single, 25 or over'. */
  label: string;
  unit: ParameterUnit;
  period: ParameterPeriod;
  legislation: Citation;
  /** Oldest first; the loader rejects duplicate or unordered dates. */
  values: DatedValue<V>[];
  /** How the uprating helper rounds next year's figure, when not the default for the unit and period. */
  uprating?: { rounding: UpratingRounding; note?: string };
}

/** One step of a scale: from `threshold` (inclusive) up to the next step's threshold, the `amount`. */
export interface Bracket {
  threshold: number;
  amount: number;
}

/** A scale's brackets from one date, lowest threshold first, with the source they were read from. */
export interface DatedBrackets {
  from: string;
  brackets: Bracket[];
  source: Citation;
  note?: string;
}

/**
 * A ladder of amounts by a threshold (the non-dependant deductions by gross weekly income), kept in one file with
 * its dates, as PolicyEngine keeps a scale: `unit` and `period` are the amounts', `thresholdUnit` the thresholds'.
 */
export interface ScaleParameter {
  type: 'scale';
  description: string;
  label: string;
  unit: ParameterUnit;
  period: ParameterPeriod;
  thresholdUnit: ParameterUnit;
  legislation: Citation;
  /** Oldest first; the loader rejects duplicate or unordered dates, and thresholds not rising within a date. */
  values: DatedBrackets[];
}

/**
 * The bracket `threshold` falls in: the last whose threshold is not above it, with its place (0 = lowest).
 * Undefined below the lowest threshold (a scale that starts above 0 gives no amount there).
 */
export function bracketFor(brackets: readonly Bracket[], threshold: number): { bracket: Bracket; index: number } | undefined {
  let found: { bracket: Bracket; index: number } | undefined;
  brackets.forEach((bracket, index) => {
    if (bracket.threshold <= threshold) found = { bracket, index };
  });
  return found;
}

export class ParameterNotInForceError extends Error {
  readonly parameterName: string;
  readonly date: string;
  /** What the missing value belongs to, to count like failures together: the parameter, or a table ('lha-monthly'). */
  readonly table: string;
  /** The last date the values held cover, when the date is after it (the rates held end then); otherwise null. */
  readonly heldUntil: string | null;

  /** `reason`, when given, says why (the first value's date, or the end of the rates held). */
  constructor(parameterName: string, date: string, reason?: string, { table = parameterName, heldUntil = null as string | null } = {}) {
    super(`No value of ${parameterName} is in force on ${date}${reason ? `: ${reason}` : ''}.`);
    this.name = 'ParameterNotInForceError';
    this.parameterName = parameterName;
    this.date = date;
    this.table = table;
    this.heldUntil = heldUntil;
  }
}

/** The dated value in force on `date` (ISO yyyy-mm-dd), in any order of `values`; undefined before the first. */
export function datedValueOn<V extends ParameterValue>(parameter: DatedParameter<V>, date: string): DatedValue<V> | undefined {
  let inForce: DatedValue<V> | undefined;
  for (const dated of parameter.values) {
    if (dated.from <= date && (!inForce || dated.from > inForce.from)) inForce = dated;
  }
  return inForce;
}

/**
 * The value in force on `date` (ISO yyyy-mm-dd). Never falls back to another year's figure: a date before the
 * first value is an error naming the parameter, so a missing year is noticed rather than silently guessed.
 * For one parameter read on its own (the questionnaire's National Living Wage); the entitlement engine uses
 * `ParameterSet.parameterOn`, which also refuses dates after the rates held.
 */
export function valueOn<V extends ParameterValue = number>(parameterName: string, parameter: DatedParameter<V>, date: string): V {
  const inForce = datedValueOn(parameter, date);
  if (!inForce) throw new ParameterNotInForceError(parameterName, date);
  return inForce.value;
}
