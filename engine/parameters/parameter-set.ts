/**
 * Loads and checks the files of `rulesets/parameters/` (the format is in `rulesets/README.md`) and answers
 * "which value of this parameter is in force on this date". The caller reads the files (Node on the server and
 * in tests) and passes their text. A file's shape is the JSON Schema definitions/schemas/parameter.schema.json
 * (rates-held.json's is rates-held.schema.json); the code adds only the cross-checks.
 */
import { daysInMonth, formatIsoDate, fromDayNumber, parseIsoDate, toDayNumber } from '../../common/dates/calendar.js';
import {
  bracketFor,
  ParameterNotInForceError,
  type Bracket,
  type Citation,
  type DatedParameter,
  type DatedValue,
  type ParameterPeriod,
  type ParameterUnit,
  type ParameterValue,
  type ScaleParameter,
} from '../../common/parameters/dated-parameter.js';
import { Contract } from '../schemas/json-schema.js';
import { officialSourceProblem } from './official-sources.js';

/** The one file under `rulesets/parameters/` that is not a parameter: the last date the rates held cover. */
export const RATES_HELD_FILE = 'rates-held.json';

/** How many dates' periods a ParameterSet remembers before starting again (see `periodOf`). */
const DATES_REMEMBERED = 10_000;

/** One file as read from disk: its path relative to `rulesets/parameters/` ('/'-separated) and its text. */
export interface ParameterSourceFile {
  path: string;
  text: string;
}

/** One problem in one file: `path` points inside the JSON (`values[1].source.url`), empty for the file itself. */
export interface ParameterProblem {
  file: string;
  path: string;
  message: string;
  /** The parameter has no value in the last year of the rates held, these dates (the workbench says so in words). */
  missingYear?: { from: string; until: string };
}

export class ParameterFilesError extends Error {
  readonly problems: ParameterProblem[];

  constructor(problems: ParameterProblem[]) {
    super(`The parameter files have ${problems.length} problem(s):\n${problems.map(describeProblem).join('\n')}`);
    this.name = 'ParameterFilesError';
    this.problems = problems;
  }
}

export class UnknownParameterError extends Error {
  constructor(parameterName: string) {
    super(`There is no parameter named ${parameterName} (no file rulesets/parameters/${parameterName}.json).`);
    this.name = 'UnknownParameterError';
  }
}

export function describeProblem(problem: ParameterProblem): string {
  return `${problem.file}${problem.path ? ` ${problem.path}` : ''}: ${problem.message}`;
}

/** A parameter's value on one date, with everything an explanation needs to cite it. */
export interface ParameterInForce<V extends ParameterValue = ParameterValue> {
  name: string;
  label: string;
  unit: ParameterUnit;
  period: ParameterPeriod;
  value: V;
  /** The date this value took effect. */
  from: string;
  source: Citation;
  note?: string;
  legislation: Citation;
}

/** A scale's brackets on one date, with everything an explanation needs to cite them. */
export interface ScaleInForce {
  name: string;
  label: string;
  unit: ParameterUnit;
  period: ParameterPeriod;
  thresholdUnit: ParameterUnit;
  brackets: readonly Bracket[];
  from: string;
  source: Citation;
  note?: string;
  legislation: Citation;
}

/**
 * Every parameter, by name: the file's path under `rulesets/parameters/` without `.json`, e.g.
 * `gov/dwp/universal_credit/standard_allowance/single_25_or_over`.
 */
export class ParameterSet {
  constructor(
    private readonly parameters: ReadonlyMap<string, DatedParameter<ParameterValue>>,
    /** The last date the rates held cover (from `rates-held.json`); later dates are refused, never guessed. */
    readonly ratesHeldUntil: string,
    /** The scales (`"type": "scale"`), by name: read with `scaleOn`, never `parameterOn`. */
    private readonly scales: ReadonlyMap<string, ScaleParameter> = new Map(),
  ) {}

  private readonly listeners = new Set<(name: string) => void>();

  /** Calls `listener` with the name of every parameter read from now on (for `rules:test -- --coverage`); returns the way to stop. */
  observeReads(listener: (name: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The single rates, thresholds and switches (not the scales: see `scaleNames`). */
  get names(): string[] {
    return [...this.parameters.keys()].sort();
  }

  get scaleNames(): string[] {
    return [...this.scales.keys()].sort();
  }

  has(name: string): boolean {
    return this.parameters.has(name);
  }

  /** A single parameter's unit ('pence a week'), the same on every date; undefined when it is not held. */
  unitOf(name: string): ParameterUnit | undefined {
    return this.parameters.get(name)?.unit;
  }

  hasScale(name: string): boolean {
    return this.scales.has(name);
  }

  findParameterOrThrow(name: string): DatedParameter<ParameterValue> {
    const parameter = this.parameters.get(name);
    if (!parameter) {
      if (this.scales.has(name)) throw new TypeError(`${name} is a scale, not a single value: read it with scaleOn.`);
      throw new UnknownParameterError(name);
    }
    return parameter;
  }

  findScaleOrThrow(name: string): ScaleParameter {
    const scale = this.scales.get(name);
    if (!scale) {
      if (this.parameters.has(name)) throw new TypeError(`${name} is a single value, not a scale: read it with parameterOn.`);
      throw new UnknownParameterError(name);
    }
    return scale;
  }

  /**
   * A scale's brackets in force on `date`, with their source. Throws ParameterNotInForceError, as `parameterOn` does,
   * before the first brackets or after the rates held.
   */
  scaleOn(name: string, date: string): ScaleInForce {
    if (this.listeners.size > 0) for (const listener of this.listeners) listener(name);
    const scale = this.findScaleOrThrow(name);
    if (!parseIsoDate(date)) throw new RangeError(`'${date}' is not a date in the form yyyy-mm-dd.`);
    if (date > this.ratesHeldUntil)
      throw new ParameterNotInForceError(name, date, `the rates held run to ${this.ratesHeldUntil}`, { heldUntil: this.ratesHeldUntil });
    const inForce = scale.values.filter((dated) => dated.from <= date).at(-1);
    if (!inForce) throw new ParameterNotInForceError(name, date, `its first brackets take effect on ${scale.values[0]!.from}`);
    const { label, unit, period, thresholdUnit, legislation } = scale;
    return Object.freeze({
      name,
      label,
      unit,
      period,
      thresholdUnit,
      brackets: inForce.brackets,
      from: inForce.from,
      source: inForce.source,
      ...(inForce.note === undefined ? {} : { note: inForce.note }),
      legislation,
    });
  }

  /** The amount of a scale for `threshold` (an income, in the scale's threshold unit) on `date`: its bracket's. */
  scaleAmountOn(name: string, date: string, threshold: number): number {
    return amountInScale(this.scaleOn(name, date), threshold).amount;
  }

  /**
   * Resolved values by period: every parameter has the same value from one change date (any parameter's `from`) to
   * the day before the next, so each parameter is looked up once per period and the answer reused for every date in it.
   */
  private readonly resolved = new Map<string, Map<string, ParameterInForce>>();
  /** Every value's `from`, sorted: where the periods start. */
  private changeDates: string[] | undefined;
  /** The period each date asked falls in (a date is checked once, when first asked). */
  private readonly periodOfDate = new Map<string, string>();

  /**
   * The value in force on `date` (yyyy-mm-dd) with its source. Throws ParameterNotInForceError, naming the
   * parameter and the date, before the first value or after the rates held: no silent uprating either way.
   */
  parameterOn(name: string, date: string): ParameterInForce {
    if (this.listeners.size > 0) for (const listener of this.listeners) listener(name);
    if (!this.parameters.has(name) || date > this.ratesHeldUntil) return this.resolve(name, date);
    const period = this.periodOf(date);
    let inPeriod = this.resolved.get(period);
    const found = inPeriod?.get(name);
    if (found) return found;
    const inForce = this.resolve(name, date);
    if (!inPeriod) {
      inPeriod = new Map();
      this.resolved.set(period, inPeriod);
    }
    inPeriod.set(name, inForce);
    return inForce;
  }

  /**
   * The values already resolved in the period of `date`, for a reader to look in first (ParameterReader); undefined
   * while something observes reads (each read must then go through `parameterOn`) or for a date outside the rates held.
   */
  resolvedOn(date: string): ReadonlyMap<string, ParameterInForce> | undefined {
    if (this.listeners.size > 0 || date > this.ratesHeldUntil) return undefined;
    let period = this.periodOfDate.get(date);
    if (period === undefined) {
      if (!parseIsoDate(date)) return undefined;
      period = this.periodOf(date);
    }
    let inPeriod = this.resolved.get(period);
    if (!inPeriod) {
      inPeriod = new Map();
      this.resolved.set(period, inPeriod);
    }
    return inPeriod;
  }

  /** The start of the period `date` falls in ('' before the first change date); throws for a malformed date. */
  private periodOf(date: string): string {
    const known = this.periodOfDate.get(date);
    if (known !== undefined) return known;
    if (!parseIsoDate(date)) throw new RangeError(`'${date}' is not a date in the form yyyy-mm-dd.`);
    this.changeDates ??= [
      ...new Set([...this.parameters.values()].flatMap((parameter) => parameter.values.map((value) => value.from))),
    ].sort();
    let low = 0;
    let high = this.changeDates.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.changeDates[middle]! <= date) low = middle + 1;
      else high = middle;
    }
    const period = low === 0 ? '' : this.changeDates[low - 1]!;
    // Dates asked are a few thousand at most (a batch spans a year or two); the map is emptied if it ever grows past that.
    if (this.periodOfDate.size >= DATES_REMEMBERED) this.periodOfDate.clear();
    this.periodOfDate.set(date, period);
    return period;
  }

  /** The value in force, worked out from the dated values (an error is never cached: it is thrown each time). */
  private resolve(name: string, date: string): ParameterInForce {
    const parameter = this.findParameterOrThrow(name);
    if (!parseIsoDate(date)) throw new RangeError(`'${date}' is not a date in the form yyyy-mm-dd.`);
    if (date > this.ratesHeldUntil)
      throw new ParameterNotInForceError(name, date, `the rates held run to ${this.ratesHeldUntil}`, { heldUntil: this.ratesHeldUntil });
    // Values are checked oldest first on loading, so the last one not after the date is the one in force.
    let inForce: DatedValue<ParameterValue> | undefined;
    for (const dated of parameter.values) {
      if (dated.from > date) break;
      inForce = dated;
    }
    if (!inForce) throw new ParameterNotInForceError(name, date, `its first value takes effect on ${parameter.values[0].from}`);
    const { label, unit, period, legislation } = parameter;
    // Frozen: the same object is handed to every calculation on this date.
    return Object.freeze({
      name,
      label,
      unit,
      period,
      value: inForce.value,
      from: inForce.from,
      source: inForce.source,
      ...(inForce.note === undefined ? {} : { note: inForce.note }),
      legislation,
    });
  }

  /** An amount, rate or fraction (integer pence, basis points, hours): not a count or a switch. */
  amountOn(name: string, date: string): number {
    return amountOf(this.parameterOn(name, date));
  }

  /** A count that may be no limit at all (null), such as the number of children a child element is paid for. */
  limitOn(name: string, date: string): number | null {
    return limitOf(this.parameterOn(name, date));
  }

  /** A policy switch. */
  switchOn(name: string, date: string): boolean {
    return switchOf(this.parameterOn(name, date));
  }
}

/**
 * The bracket of a scale in force that `threshold` falls in, with its place (0 = lowest); a RangeError naming the
 * scale when the figure is below its lowest threshold.
 */
export function amountInScale(scale: ScaleInForce, threshold: number): { amount: number; threshold: number; index: number } {
  const found = bracketFor(scale.brackets, threshold);
  if (!found) throw new RangeError(`${threshold} is below the lowest threshold of ${scale.name} (${scale.brackets[0]!.threshold}).`);
  return { amount: found.bracket.amount, threshold: found.bracket.threshold, index: found.index };
}

/** A value in force read as an amount; a TypeError naming the reader to use when it is a count or a switch. */
export function amountOf(found: ParameterInForce): number {
  if (found.unit === 'count' || found.unit === 'boolean' || typeof found.value !== 'number') {
    throw new TypeError(
      `${found.name} is a ${found.unit}, not an amount: read it with ${found.unit === 'boolean' ? 'switchOn' : 'limitOn'}.`,
    );
  }
  return found.value;
}

export function limitOf(found: ParameterInForce): number | null {
  if (found.unit !== 'count') throw new TypeError(`${found.name} is in ${found.unit}, not a count: read it with amountOn.`);
  return found.value as number | null;
}

export function switchOf(found: ParameterInForce): boolean {
  if (found.unit !== 'boolean') throw new TypeError(`${found.name} is in ${found.unit}, not a switch.`);
  return found.value as boolean;
}

/** Every problem in the files, without throwing (for `npm run definitions:check` style reports). */
export function checkParameterFiles(files: readonly ParameterSourceFile[]): ParameterProblem[] {
  return readParameterFiles(files).problems;
}

/** The parameter set from every file under `rulesets/parameters/`; throws ParameterFilesError listing every problem. */
export function loadParameterSet(files: readonly ParameterSourceFile[]): ParameterSet {
  const { set, problems } = readParameterFiles(files);
  if (problems.length > 0 || !set) throw new ParameterFilesError(problems);
  return set;
}

function readParameterFiles(files: readonly ParameterSourceFile[]): { set?: ParameterSet; problems: ParameterProblem[] } {
  const problems: ParameterProblem[] = [];
  const parameters = new Map<string, DatedParameter<ParameterValue>>();
  const scales = new Map<string, ScaleParameter>();
  let ratesHeldUntil: string | undefined;
  for (const file of [...files].sort((a, b) => a.path.localeCompare(b.path))) {
    const check = new FileCheck(file.path, problems);
    if (file.path === RATES_HELD_FILE) {
      ratesHeldUntil = check.ratesHeld(file.text);
      continue;
    }
    const name = parameterNameOf(file.path);
    if (name === undefined) {
      check.problem('', 'is not a parameter file: name each file and folder in lower case with underscores (a-z, 0-9, _), ending .json');
      continue;
    }
    const parameter = check.parameter(file.text);
    if (parameter && 'type' in parameter) scales.set(name, parameter);
    else if (parameter) parameters.set(name, parameter);
  }
  if (!files.some((file) => file.path === RATES_HELD_FILE)) {
    problems.push({ file: RATES_HELD_FILE, path: '', message: 'is missing: it gives the last date the rates held cover ("until")' });
  }
  if (ratesHeldUntil === undefined) return { problems };
  const lastYearFrom = dayAfterSameDateYearBefore(ratesHeldUntil);
  for (const [name, parameter] of [...parameters, ...scales]) {
    // A parameter whose newest value is older than the last year held would be read for that year unchecked.
    if (parameter.values[parameter.values.length - 1].from < lastYearFrom) {
      problems.push({
        file: `${name}.json`,
        path: 'values',
        message: `has no value dated in the last year of the rates held (${lastYearFrom} to ${ratesHeldUntil}): add that year's value, even if unchanged, with its source`,
        missingYear: { from: lastYearFrom, until: ratesHeldUntil },
      });
    }
  }
  return problems.length > 0 ? { problems } : { set: new ParameterSet(parameters, ratesHeldUntil, scales), problems };
}

/** `gov/dwp/carers_allowance/rate.json` -> `gov/dwp/carers_allowance/rate`; undefined for any other kind of name. */
export function parameterNameOf(path: string): string | undefined {
  if (!path.endsWith('.json')) return undefined;
  const name = path.slice(0, -'.json'.length);
  return name.split('/').every((segment) => /^[a-z][a-z0-9_]*$/.test(segment)) ? name : undefined;
}

function dayAfterSameDateYearBefore(isoDate: string): string {
  const date = parseIsoDate(isoDate)!;
  const yearBefore = { year: date.year - 1, month: date.month, day: Math.min(date.day, daysInMonth(date.year - 1, date.month)) };
  return formatIsoDate(fromDayNumber(toDayNumber(yearBefore) + 1));
}

/** The shape of a parameter file and of rates-held.json: JSON Schemas (definitions/schemas/), checked with ajv. */
const knownFields = (allowed: readonly string[]) => `is not a known field (allowed: ${allowed.join(', ')})`;
const PARAMETER_FILE = Contract.named('parameter.schema.json', knownFields);
const RATES_HELD = Contract.named('rates-held.schema.json', knownFields);

type JsonObject = Record<string, unknown>;
type Segment = string | number;

/** The checks on one file, each adding a problem with its JSON path rather than stopping at the first. */
class FileCheck {
  constructor(
    private readonly file: string,
    private readonly problems: ParameterProblem[],
  ) {}

  problem(path: string, message: string): void {
    this.problems.push({ file: this.file, path, message });
  }

  ratesHeld(text: string): string | undefined {
    const json = this.parse(text);
    if (json === undefined) return undefined;
    return this.check(RATES_HELD, json, []) ? (json as { until: string }).until : undefined;
  }

  parameter(text: string): DatedParameter<ParameterValue> | ScaleParameter | undefined {
    const json = this.parse(text);
    if (json === undefined) return undefined;
    return this.check(PARAMETER_FILE, json, crossChecks(json)) ? (json as DatedParameter<ParameterValue> | ScaleParameter) : undefined;
  }

  private parse(text: string): unknown {
    try {
      return JSON.parse(text);
    } catch (error) {
      this.problem('', `is not valid JSON (${(error as Error).message})`);
      return undefined;
    }
  }

  /** The schema's problems and the cross-checks', one per field, in the schema's order; true when there are none. */
  private check(contract: Contract, json: unknown, more: { segments: Segment[]; message: string }[]): boolean {
    const found = contract.problemsWith(json, more);
    for (const { path, message } of found) this.problem(path, withoutPath(path, message));
    return found.length === 0;
  }
}

/** `values[1].from must be ...` -> `must be ...` (a problem here names its path apart), without the closing full stop. */
function withoutPath(path: string, message: string): string {
  const words = path && message.startsWith(`${path} `) ? message.slice(path.length + 1) : message;
  return words.replace(/\.$/, '');
}

/**
 * What the schema cannot say: the values' dates in order and none repeated, and every address an official source
 * (engine/parameters/official-sources.ts). Only fields of the right type are looked at; the schema reports the rest.
 */
function crossChecks(json: unknown): { segments: Segment[]; message: string }[] {
  if (!isObject(json)) return [];
  const found: { segments: Segment[]; message: string }[] = [];
  const citation = (segments: Segment[], value: unknown) => {
    const url = isObject(value) ? value.url : undefined;
    const notOfficial = typeof url === 'string' && isWebAddress(url) ? officialSourceProblem(url) : undefined;
    if (notOfficial) found.push({ segments: [...segments, 'url'], message: notOfficial });
  };
  citation(['legislation'], json.legislation);
  if (!Array.isArray(json.values)) return found;
  let previous: string | undefined;
  json.values.forEach((item: unknown, index) => {
    if (!isObject(item)) return;
    const from = typeof item.from === 'string' && parseIsoDate(item.from) ? item.from : undefined;
    if (from && previous) {
      if (from === previous)
        found.push({ segments: ['values', index, 'from'], message: `duplicates the date ${from} of the value before it` });
      else if (from < previous) {
        found.push({ segments: ['values', index, 'from'], message: `${from} comes before ${previous}: list values oldest first` });
      }
    }
    if (from) previous = from;
    citation(['values', index, 'source'], item.source);
    // A scale's brackets climb: each threshold above the one before, so every figure falls in one bracket.
    const brackets: unknown = item.brackets;
    if (Array.isArray(brackets)) {
      brackets.forEach((bracket: unknown, place) => {
        const before: unknown = place > 0 ? brackets[place - 1] : undefined;
        if (!isObject(bracket) || !isObject(before)) return;
        if (typeof bracket.threshold === 'number' && typeof before.threshold === 'number' && bracket.threshold <= before.threshold) {
          found.push({
            segments: ['values', index, 'brackets', place, 'threshold'],
            message: `${bracket.threshold} is not above the threshold before it (${before.threshold}): list brackets lowest first, each threshold once`,
          });
        }
      });
    }
  });
  return found;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/**
 * The first day of the oldest year of rates held. The oldest year ends where the first rate is uprated (the
 * earliest second value of any parameter); it starts on the latest first value before that, the day every rate
 * of that year is in force. Older switches (the two-child limit from 2017) and newer parameters (a rate that
 * begins in a later year) do not move it.
 */
export function ratesHeldFrom(parameters: ParameterSet): string {
  const values = [
    ...parameters.names.map((name) => parameters.findParameterOrThrow(name).values),
    ...parameters.scaleNames.map((name) => parameters.findScaleOrThrow(name).values),
  ];
  const firstUprating = values.flatMap((dated) => (dated[1] ? [dated[1].from] : [])).sort()[0];
  const firsts = values.map((dated) => dated[0]!.from).filter((from) => firstUprating === undefined || from < firstUprating);
  return firsts.sort().at(-1)!;
}
