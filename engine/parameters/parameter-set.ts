/**
 * Loads and checks the files of `rulesets/parameters/` (the format is in `rulesets/README.md`) and answers
 * "which value of this parameter is in force on this date". Framework-free: the caller reads the files (Node
 * on the server and in tests) and passes their text, so nothing here touches a file system.
 */
import { daysInMonth, formatIsoDate, fromDayNumber, parseIsoDate, toDayNumber } from '../../common/dates/calendar.js';
import {
  ParameterNotInForceError,
  type Citation,
  type DatedParameter,
  type DatedValue,
  type ParameterPeriod,
  type ParameterUnit,
  type ParameterValue,
} from '../../common/parameters/dated-parameter.js';
import { officialSourceProblem } from './official-sources.js';

/** The one file under `rulesets/parameters/` that is not a parameter: the last date the rates held cover. */
export const RATES_HELD_FILE = 'rates-held.json';

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

/**
 * Every parameter, by name: the file's path under `rulesets/parameters/` without `.json`, e.g.
 * `gov/dwp/universal_credit/standard_allowance/single_25_or_over`.
 */
export class ParameterSet {
  constructor(
    private readonly parameters: ReadonlyMap<string, DatedParameter<ParameterValue>>,
    /** The last date the rates held cover (from `rates-held.json`); later dates are refused, never guessed. */
    readonly ratesHeldUntil: string,
  ) {}

  private readonly listeners = new Set<(name: string) => void>();

  /** Calls `listener` with the name of every parameter read from now on (for `rules:test -- --coverage`); returns the way to stop. */
  observeReads(listener: (name: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get names(): string[] {
    return [...this.parameters.keys()].sort();
  }

  has(name: string): boolean {
    return this.parameters.has(name);
  }

  findParameterOrThrow(name: string): DatedParameter<ParameterValue> {
    const parameter = this.parameters.get(name);
    if (!parameter) throw new UnknownParameterError(name);
    return parameter;
  }

  /**
   * The value in force on `date` (yyyy-mm-dd) with its source. Throws ParameterNotInForceError, naming the
   * parameter and the date, before the first value or after the rates held: no silent uprating either way.
   */
  parameterOn(name: string, date: string): ParameterInForce {
    for (const listener of this.listeners) listener(name);
    const parameter = this.findParameterOrThrow(name);
    if (!parseIsoDate(date)) throw new RangeError(`'${date}' is not a date in the form yyyy-mm-dd.`);
    if (date > this.ratesHeldUntil) throw new ParameterNotInForceError(name, date, `the rates held run to ${this.ratesHeldUntil}`);
    // Values are checked oldest first on loading, so the last one not after the date is the one in force.
    let inForce: DatedValue<ParameterValue> | undefined;
    for (const dated of parameter.values) {
      if (dated.from > date) break;
      inForce = dated;
    }
    if (!inForce) throw new ParameterNotInForceError(name, date, `its first value takes effect on ${parameter.values[0].from}`);
    const { label, unit, period, legislation } = parameter;
    return {
      name,
      label,
      unit,
      period,
      value: inForce.value,
      from: inForce.from,
      source: inForce.source,
      ...(inForce.note === undefined ? {} : { note: inForce.note }),
      legislation,
    };
  }

  /** An amount, rate or fraction (integer pence, basis points, hours): not a count or a switch. */
  amountOn(name: string, date: string): number {
    const found = this.parameterOn(name, date);
    if (found.unit === 'count' || found.unit === 'boolean' || typeof found.value !== 'number') {
      throw new TypeError(`${name} is a ${found.unit}, not an amount: read it with ${found.unit === 'boolean' ? 'switchOn' : 'limitOn'}.`);
    }
    return found.value;
  }

  /** A count that may be no limit at all (null), such as the number of children a child element is paid for. */
  limitOn(name: string, date: string): number | null {
    const found = this.parameterOn(name, date);
    if (found.unit !== 'count') throw new TypeError(`${name} is in ${found.unit}, not a count: read it with amountOn.`);
    return found.value as number | null;
  }

  /** A policy switch. */
  switchOn(name: string, date: string): boolean {
    const found = this.parameterOn(name, date);
    if (found.unit !== 'boolean') throw new TypeError(`${name} is in ${found.unit}, not a switch.`);
    return found.value as boolean;
  }
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
    if (parameter) parameters.set(name, parameter);
  }
  if (!files.some((file) => file.path === RATES_HELD_FILE)) {
    problems.push({ file: RATES_HELD_FILE, path: '', message: 'is missing: it gives the last date the rates held cover ("until")' });
  }
  if (ratesHeldUntil === undefined) return { problems };
  const lastYearFrom = dayAfterSameDateYearBefore(ratesHeldUntil);
  for (const [name, parameter] of parameters) {
    // A parameter whose newest value is older than the last year held would be read for that year unchecked.
    if (parameter.values[parameter.values.length - 1].from < lastYearFrom) {
      problems.push({
        file: `${name}.json`,
        path: 'values',
        message: `has no value dated in the last year of the rates held (${lastYearFrom} to ${ratesHeldUntil}): add that year's value, even if unchanged, with its source`,
      });
    }
  }
  return problems.length > 0 ? { problems } : { set: new ParameterSet(parameters, ratesHeldUntil), problems };
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

const UNIT_PERIODS: Record<ParameterUnit, readonly ParameterPeriod[]> = {
  'pence a week': ['week'],
  'pence a month': ['month'],
  'pence a year': ['year'],
  'pence an hour': ['hour'],
  pence: ['none'],
  pounds: ['week', 'month', 'year', 'hour', 'none'],
  'basis points': ['none'],
  count: ['none'],
  hours: ['week', 'month'],
  boolean: ['none'],
};
const UNITS = Object.keys(UNIT_PERIODS) as ParameterUnit[];
const PERIODS: readonly ParameterPeriod[] = ['week', 'month', 'year', 'hour', 'none'];
const PARAMETER_KEYS = ['description', 'label', 'unit', 'period', 'legislation', 'values'] as const;
const VALUE_KEYS = ['from', 'value', 'source', 'note'] as const;
const CITATION_KEYS = ['title', 'url'] as const;
const RATES_HELD_KEYS = ['description', 'until'] as const;
const BASIS_POINTS_WHOLE = 10_000;

type JsonObject = Record<string, unknown>;

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
    const json = this.object('', this.parse(text), RATES_HELD_KEYS, RATES_HELD_KEYS);
    if (!json) return undefined;
    this.text('description', json.description);
    return this.date('until', json.until);
  }

  parameter(text: string): DatedParameter<ParameterValue> | undefined {
    const before = this.problems.length;
    const json = this.object('', this.parse(text), PARAMETER_KEYS, PARAMETER_KEYS);
    if (!json) return undefined;
    this.text('description', json.description);
    this.text('label', json.label);
    const unit = this.oneOf('unit', json.unit, UNITS);
    const period = this.oneOf('period', json.period, PERIODS);
    if (unit && period && !UNIT_PERIODS[unit].includes(period)) {
      this.problem('period', `must be ${UNIT_PERIODS[unit].map((allowed) => `'${allowed}'`).join(' or ')} for the unit '${unit}'`);
    }
    this.citation('legislation', json.legislation);
    this.values(json.values, unit);
    return this.problems.length === before ? (json as unknown as DatedParameter<ParameterValue>) : undefined;
  }

  private parse(text: string): unknown {
    try {
      return JSON.parse(text);
    } catch (error) {
      this.problem('', `is not valid JSON (${(error as Error).message})`);
      return undefined;
    }
  }

  private object(path: string, value: unknown, required: readonly string[], allowed: readonly string[]): JsonObject | undefined {
    if (value === undefined && path === '') return undefined; // already reported as invalid JSON
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.problem(path, 'must be an object');
      return undefined;
    }
    const json = value as JsonObject;
    for (const key of Object.keys(json)) {
      if (!allowed.includes(key)) this.problem(join(path, key), `is not a known field (allowed: ${allowed.join(', ')})`);
    }
    for (const key of required) {
      if (!(key in json)) this.problem(join(path, key), 'is missing');
    }
    return json;
  }

  private text(path: string, value: unknown): void {
    if (value === undefined) return; // reported as missing
    if (typeof value !== 'string' || value.trim() === '') this.problem(path, 'must be a non-empty text');
  }

  private oneOf<T extends string>(path: string, value: unknown, allowed: readonly T[]): T | undefined {
    if (value === undefined) return undefined;
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
    this.problem(path, `must be one of ${allowed.map((option) => `'${option}'`).join(', ')}`);
    return undefined;
  }

  private date(path: string, value: unknown): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value === 'string' && parseIsoDate(value)) return value;
    this.problem(path, 'must be a real date written yyyy-mm-dd');
    return undefined;
  }

  private citation(path: string, value: unknown): void {
    if (value === undefined) return;
    const json = this.object(path, value, CITATION_KEYS, CITATION_KEYS);
    if (!json) return;
    this.text(join(path, 'title'), json.title);
    if (json.url === undefined) return;
    if (!isWebAddress(json.url)) this.problem(join(path, 'url'), 'must be a web address starting https:// or http://');
    else {
      const notOfficial = officialSourceProblem(json.url as string);
      if (notOfficial) this.problem(join(path, 'url'), notOfficial);
    }
  }

  private values(value: unknown, unit: ParameterUnit | undefined): void {
    if (value === undefined) return;
    if (!Array.isArray(value) || value.length === 0) {
      this.problem('values', 'must be a list of at least one dated value');
      return;
    }
    let previous: string | undefined;
    value.forEach((item, index) => {
      const path = `values[${index}]`;
      const json = this.object(path, item, ['from', 'value', 'source'], VALUE_KEYS);
      if (!json) return;
      const from = this.date(join(path, 'from'), json.from);
      if (from && previous) {
        if (from === previous) this.problem(join(path, 'from'), `duplicates the date ${from} of the value before it`);
        else if (from < previous) this.problem(join(path, 'from'), `${from} comes before ${previous}: list values oldest first`);
      }
      if (from) previous = from;
      if ('value' in json && unit) this.value(join(path, 'value'), json.value, unit);
      this.citation(join(path, 'source'), json.source);
      this.text(join(path, 'note'), json.note);
    });
  }

  private value(path: string, value: unknown, unit: ParameterUnit): void {
    if (unit === 'boolean') {
      if (typeof value !== 'boolean') this.problem(path, 'must be true or false for a switch');
      return;
    }
    if (unit === 'count' && value === null) return; // no limit
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      const hint = unit.startsWith('pence')
        ? ' (money is in pence: £4.35 is written 435)'
        : unit === 'basis points'
          ? ' (55% is written 5500)'
          : '';
      this.problem(path, `must be a whole number, 0 or more, in ${unit}${unit === 'count' ? ', or null for no limit' : ''}${hint}`);
      return;
    }
    if (unit === 'basis points' && value > BASIS_POINTS_WHOLE) this.problem(path, 'must be at most 10000 basis points (100%)');
  }
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function isWebAddress(value: unknown): boolean {
  if (typeof value !== 'string') return false;
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
  const values = parameters.names.map((name) => parameters.findParameterOrThrow(name).values);
  const firstUprating = values.flatMap((dated) => (dated[1] ? [dated[1].from] : [])).sort()[0];
  const firsts = values.map((dated) => dated[0]!.from).filter((from) => firstUprating === undefined || from < firstUprating);
  return firsts.sort().at(-1)!;
}
