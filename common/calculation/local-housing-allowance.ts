/**
 * Local Housing Allowance (LHA): the monthly rate per Broad Rental Market Area (BRMA) that caps a private tenant's
 * Universal Credit housing costs element, and the table saying which BRMAs cover a local authority. The data is
 * `rulesets/local-housing-allowance/` (see its README.md). Framework-free: the caller reads the two files and
 * passes their text, as with `common/parameters/`.
 */
import { ParameterNotInForceError, type Citation } from '../parameters/dated-parameter.js';
import type { Country } from './household.js';

export const LHA_CATEGORIES = ['SHARED', 'ONE_BEDROOM', 'TWO_BEDROOMS', 'THREE_BEDROOMS', 'FOUR_BEDROOMS'] as const;
export type LhaCategory = (typeof LHA_CATEGORIES)[number];

/** The field of a dated value holding each category's monthly rate in pence. */
const CATEGORY_FIELDS = {
  SHARED: 'shared',
  ONE_BEDROOM: 'oneBedroom',
  TWO_BEDROOMS: 'twoBedrooms',
  THREE_BEDROOMS: 'threeBedrooms',
  FOUR_BEDROOMS: 'fourBedrooms',
} as const satisfies Record<LhaCategory, string>;
type CategoryField = (typeof CATEGORY_FIELDS)[LhaCategory];

const CATEGORY_WORDS: Record<LhaCategory, string> = {
  SHARED: 'shared accommodation',
  ONE_BEDROOM: '1 bedroom',
  TWO_BEDROOMS: '2 bedrooms',
  THREE_BEDROOMS: '3 bedrooms',
  FOUR_BEDROOMS: '4 bedrooms',
};

export type LhaRatesFrom = { from: string; source: Citation; note?: string } & Record<CategoryField, number>;

export interface LhaArea {
  /** Lower-case, hyphenated form of the name: `outer-south-east-london`. */
  key: string;
  /** The BRMA's name as the VOA (or Rent Service Scotland, Rent Officers Wales, NIHE) writes it. */
  name: string;
  nation: Country;
  /** Oldest first; each holds every category's monthly rate from its date. */
  values: LhaRatesFrom[];
}

export interface LhaRatesFile {
  description: string;
  unit: 'pence a month';
  legislation: Citation;
  /** The last date the rates are confirmed for; later dates are refused, never answered with the frozen figure. */
  until: string;
  areas: LhaArea[];
}

export interface LocalAuthorityAreas {
  localAuthority: string;
  name: string;
  /** BRMA names as written in the rates file; more than one when the authority is split between BRMAs. */
  brmas: string[];
  source: Citation;
  note?: string;
}

export interface LocalAuthorityAreasFile {
  description: string;
  /** False while the table holds only some authorities: an authority missing from it is 'unknown', not guessed. */
  complete: boolean;
  authorities: LocalAuthorityAreas[];
}

/** Why no single BRMA was found. The result then says the rent could not be checked against the LHA. */
export type LhaAreaUnknownReason = 'BRMA_NOT_IN_DATA' | 'LOCAL_AUTHORITY_NOT_IN_TABLE' | 'NO_AREA_GIVEN';

export type LhaAreaFinding =
  | { kind: 'found'; brma: LhaArea }
  /** The authority is split between BRMAs: no one LHA figure applies until the household says which. */
  | { kind: 'ambiguous'; brmas: LhaArea[] }
  | { kind: 'unknown'; reason: LhaAreaUnknownReason };

export interface LhaDataProblem {
  file: 'rates' | 'local-authority-areas';
  /** JSON path inside the file, e.g. `areas[3].values[0].shared`. */
  path: string;
  message: string;
}

export class LhaDataError extends Error {
  readonly problems: LhaDataProblem[];
  constructor(problems: LhaDataProblem[]) {
    super(`The Local Housing Allowance data is invalid:\n${problems.map((p) => `${p.file} ${p.path}: ${p.message}`).join('\n')}`);
    this.name = 'LhaDataError';
    this.problems = problems;
  }
}

export class UnknownLhaAreaError extends Error {
  constructor(readonly brma: string) {
    super(`No Broad Rental Market Area called "${brma}" is in the Local Housing Allowance data.`);
    this.name = 'UnknownLhaAreaError';
  }
}

/**
 * How a BRMA name is matched: case, spacing, hyphens, slashes and '&' versus 'and' are ignored, so
 * "outer  south-east LONDON" finds Outer South East London and "Renfrewshire / Inverclyde" finds
 * "Renfrewshire/ Inverclyde". Nothing looser (no spelling correction), so a wrong name is 'unknown', not a guess.
 */
export function lhaAreaKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const NATIONS: readonly string[] = ['ENGLAND', 'SCOTLAND', 'WALES', 'NORTHERN_IRELAND'];
const GSS_CODE = /^[ESWN]\d{8}$/;

function isRealDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

class ProblemList {
  readonly items: LhaDataProblem[] = [];
  constructor(private readonly file: LhaDataProblem['file']) {}
  add(path: string, message: string): void {
    this.items.push({ file: this.file, path, message });
  }
  /** Reports unknown and missing fields of an object, so a misspelt field is never silently ignored. */
  fields(value: Record<string, unknown>, path: string, required: readonly string[], optional: readonly string[] = []): void {
    for (const name of required) if (!(name in value)) this.add(path || '(top)', `missing field "${name}"`);
    for (const name of Object.keys(value)) {
      if (!required.includes(name) && !optional.includes(name)) this.add(path || '(top)', `unknown field "${name}"`);
    }
  }
  citation(value: unknown, path: string): void {
    if (!isObject(value)) return this.add(path, 'must be a citation { title, url }');
    this.fields(value, path, ['title', 'url']);
    if (!isNonEmptyString(value.title)) this.add(`${path}.title`, 'must be a non-empty text');
    if (typeof value.url !== 'string' || !/^https?:\/\/\S+$/.test(value.url)) this.add(`${path}.url`, 'must be an http(s) address');
  }
}

function checkRates(data: unknown, problems: ProblemList): void {
  if (!isObject(data)) return problems.add('(top)', 'must be an object');
  problems.fields(data, '', ['description', 'unit', 'legislation', 'until', 'areas']);
  if (!isNonEmptyString(data.description)) problems.add('description', 'must be a non-empty text');
  if (data.unit !== 'pence a month') problems.add('unit', 'must be "pence a month"');
  problems.citation(data.legislation, 'legislation');
  if (!isRealDate(data.until)) problems.add('until', 'must be a real yyyy-mm-dd date');
  if (!Array.isArray(data.areas) || data.areas.length === 0) return problems.add('areas', 'must be a non-empty list');
  const keys = new Map<string, number>();
  data.areas.forEach((area: unknown, index) => {
    const path = `areas[${index}]`;
    if (!isObject(area)) return problems.add(path, 'must be an object');
    problems.fields(area, path, ['key', 'name', 'nation', 'values']);
    if (!isNonEmptyString(area.name)) return problems.add(`${path}.name`, 'must be a non-empty text');
    if (area.key !== lhaAreaKey(area.name)) problems.add(`${path}.key`, `must be "${lhaAreaKey(area.name)}", the key of its name`);
    const seen = keys.get(lhaAreaKey(area.name));
    if (seen !== undefined) problems.add(`${path}.name`, `duplicate BRMA: "${area.name}" is also areas[${seen}]`);
    else keys.set(lhaAreaKey(area.name), index);
    if (!NATIONS.includes(area.nation as string)) problems.add(`${path}.nation`, `must be one of ${NATIONS.join(', ')}`);
    if (!Array.isArray(area.values) || area.values.length === 0) return problems.add(`${path}.values`, 'must be a non-empty list');
    let previous = '';
    area.values.forEach((dated: unknown, at) => {
      const datedPath = `${path}.values[${at}]`;
      if (!isObject(dated)) return problems.add(datedPath, 'must be an object');
      problems.fields(dated, datedPath, ['from', 'source', ...Object.values(CATEGORY_FIELDS)], ['note']);
      if (!isRealDate(dated.from)) problems.add(`${datedPath}.from`, 'must be a real yyyy-mm-dd date');
      else if (dated.from <= previous) problems.add(`${datedPath}.from`, 'dates must be unique and oldest first');
      else previous = dated.from;
      for (const field of Object.values(CATEGORY_FIELDS)) {
        const pence = dated[field];
        if (typeof pence !== 'number' || !Number.isSafeInteger(pence) || pence <= 0) {
          problems.add(`${datedPath}.${field}`, 'must be a whole, positive number of pence');
        }
      }
      problems.citation(dated.source, `${datedPath}.source`);
      if ('note' in dated && !isNonEmptyString(dated.note)) problems.add(`${datedPath}.note`, 'must be a non-empty text when given');
    });
  });
}

function checkAuthorityAreas(data: unknown, areaNames: ReadonlySet<string>, problems: ProblemList): void {
  if (!isObject(data)) return problems.add('(top)', 'must be an object');
  problems.fields(data, '', ['description', 'complete', 'authorities']);
  if (!isNonEmptyString(data.description)) problems.add('description', 'must be a non-empty text');
  if (typeof data.complete !== 'boolean') problems.add('complete', 'must be true or false');
  if (!Array.isArray(data.authorities)) return problems.add('authorities', 'must be a list');
  const codes = new Set<string>();
  data.authorities.forEach((entry: unknown, index) => {
    const path = `authorities[${index}]`;
    if (!isObject(entry)) return problems.add(path, 'must be an object');
    problems.fields(entry, path, ['localAuthority', 'name', 'brmas', 'source'], ['note']);
    if (typeof entry.localAuthority !== 'string' || !GSS_CODE.test(entry.localAuthority)) {
      problems.add(`${path}.localAuthority`, 'must be a GSS code such as E09000006');
    } else if (codes.has(entry.localAuthority)) {
      problems.add(`${path}.localAuthority`, `duplicate local authority ${entry.localAuthority}`);
    } else codes.add(entry.localAuthority);
    if (!isNonEmptyString(entry.name)) problems.add(`${path}.name`, 'must be a non-empty text');
    if (!Array.isArray(entry.brmas) || entry.brmas.length === 0) {
      problems.add(`${path}.brmas`, 'must list at least one BRMA');
    } else {
      const listed = new Set<string>();
      entry.brmas.forEach((brma: unknown, at) => {
        // Exact names, so the table and the rates cannot drift apart under the lenient matching used for input.
        if (typeof brma !== 'string' || !areaNames.has(brma)) problems.add(`${path}.brmas[${at}]`, `"${String(brma)}" is not a BRMA name in the rates file`);
        else if (listed.has(brma)) problems.add(`${path}.brmas[${at}]`, `"${brma}" is listed twice`);
        else listed.add(brma);
      });
    }
    problems.citation(entry.source, `${path}.source`);
    if ('note' in entry && !isNonEmptyString(entry.note)) problems.add(`${path}.note`, 'must be a non-empty text when given');
  });
}

function parse(text: string, problems: ProblemList): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    problems.add('(top)', `invalid JSON: ${(error as Error).message}`);
    return undefined;
  }
}

export interface LhaDataFiles {
  /** Text of `rulesets/local-housing-allowance/rates.json`. */
  rates: string;
  /** Text of `rulesets/local-housing-allowance/local-authority-areas.json`. */
  localAuthorityAreas: string;
}

/** Every problem in the two files, without throwing (for the data check and for error reports). */
export function checkLhaData(files: LhaDataFiles): LhaDataProblem[] {
  const rateProblems = new ProblemList('rates');
  const rates = parse(files.rates, rateProblems);
  if (rates !== undefined) checkRates(rates, rateProblems);
  const areaNames = new Set<string>(
    isObject(rates) && Array.isArray(rates.areas) ? rates.areas.flatMap((area: unknown) => (isObject(area) && typeof area.name === 'string' ? [area.name] : [])) : [],
  );
  const tableProblems = new ProblemList('local-authority-areas');
  const table = parse(files.localAuthorityAreas, tableProblems);
  if (table !== undefined) checkAuthorityAreas(table, areaNames, tableProblems);
  return [...rateProblems.items, ...tableProblems.items];
}

/** Loads and checks both files; throws `LhaDataError` listing every problem. */
export function loadLhaData(files: LhaDataFiles): LocalHousingAllowance {
  const problems = checkLhaData(files);
  if (problems.length > 0) throw new LhaDataError(problems);
  return new LocalHousingAllowance(JSON.parse(files.rates) as LhaRatesFile, JSON.parse(files.localAuthorityAreas) as LocalAuthorityAreasFile);
}

export class LocalHousingAllowance {
  private readonly byKey = new Map<string, LhaArea>();
  private readonly byAuthority = new Map<string, LocalAuthorityAreas>();

  constructor(
    readonly rates: LhaRatesFile,
    readonly localAuthorityAreas: LocalAuthorityAreasFile,
  ) {
    for (const area of rates.areas) this.byKey.set(area.key, area);
    for (const entry of localAuthorityAreas.authorities) this.byAuthority.set(entry.localAuthority, entry);
  }

  get areas(): readonly LhaArea[] {
    return this.rates.areas;
  }

  /** The BRMA with this name (matched as `lhaAreaKey` says), or undefined. */
  areaNamed(brma: string): LhaArea | undefined {
    return this.byKey.get(lhaAreaKey(brma));
  }

  /**
   * The BRMA whose LHA applies. A BRMA the household gives wins over its local authority (it is more precise);
   * a given BRMA that is not in the data is 'unknown' rather than replaced by the authority's, since the
   * household said where it lives. Otherwise the authority's BRMAs: one is 'found', several are 'ambiguous'.
   */
  findLhaArea(query: { brma?: string; localAuthority?: string }): LhaAreaFinding {
    if (query.brma !== undefined && query.brma.trim() !== '') {
      const brma = this.areaNamed(query.brma);
      return brma ? { kind: 'found', brma } : { kind: 'unknown', reason: 'BRMA_NOT_IN_DATA' };
    }
    if (query.localAuthority === undefined || query.localAuthority.trim() === '') return { kind: 'unknown', reason: 'NO_AREA_GIVEN' };
    const entry = this.byAuthority.get(query.localAuthority.trim().toUpperCase());
    if (!entry) return { kind: 'unknown', reason: 'LOCAL_AUTHORITY_NOT_IN_TABLE' };
    // The loader checked every name, so each is present.
    const brmas = entry.brmas.map((name) => this.byKey.get(lhaAreaKey(name))!);
    return brmas.length === 1 ? { kind: 'found', brma: brmas[0]! } : { kind: 'ambiguous', brmas };
  }

  /** The rates in force on `date` for a BRMA, with their source; throws when none is (see `lhaMonthlyRate`). */
  ratesInForce(brma: string, category: LhaCategory, date: string): LhaRatesFrom {
    const area = this.areaNamed(brma);
    if (!area) throw new UnknownLhaAreaError(brma);
    const name = `the Local Housing Allowance for ${area.name} (${CATEGORY_WORDS[category]})`;
    if (!isRealDate(date)) throw new ParameterNotInForceError(name, date, 'the date must be a real yyyy-mm-dd date');
    // No silent uprating: the freeze is confirmed to `until` only, so a later date is refused, not given 2026/27's figure.
    if (date > this.rates.until) throw new ParameterNotInForceError(name, date, `the rates held end on ${this.rates.until}`);
    let inForce: LhaRatesFrom | undefined;
    for (const dated of area.values) if (dated.from <= date) inForce = dated;
    if (!inForce) throw new ParameterNotInForceError(name, date, `its first rate takes effect on ${area.values[0]!.from}`);
    return inForce;
  }

  /** The monthly LHA in whole pence for a BRMA (name matched as `lhaAreaKey` says) and category on `date`. */
  lhaMonthlyRate(brma: string, category: LhaCategory, date: string): number {
    return this.ratesInForce(brma, category, date)[CATEGORY_FIELDS[category]];
  }
}
