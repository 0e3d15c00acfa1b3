/**
 * Local Housing Allowance (LHA): the rate per Broad Rental Market Area (BRMA) that caps a private tenant's rent,
 * monthly for Universal Credit's housing costs element and weekly for Housing Benefit, and the table saying which
 * BRMAs cover each local authority. The data is `rulesets/local-housing-allowance/` (see its README.md).
 * Framework-free: the caller reads the three files and passes their text, as with `common/parameters/`.
 */
import { parseIsoDate } from '../common/dates/calendar.js';
import { ParameterNotInForceError, type Citation } from '../common/parameters/dated-parameter.js';
import { officialSourceProblem } from './parameters/official-sources.js';
import type { Country } from './household.js';
import { scalePence, type Pence } from '../common/money.js';

export const LHA_CATEGORIES = ['SHARED', 'ONE_BEDROOM', 'TWO_BEDROOMS', 'THREE_BEDROOMS', 'FOUR_BEDROOMS'] as const;
export type LhaCategory = (typeof LHA_CATEGORIES)[number];

/** The field of a dated value holding each category's rate in pence. */
const CATEGORY_FIELDS = {
  SHARED: 'shared',
  ONE_BEDROOM: 'oneBedroom',
  TWO_BEDROOMS: 'twoBedrooms',
  THREE_BEDROOMS: 'threeBedrooms',
  FOUR_BEDROOMS: 'fourBedrooms',
} as const satisfies Record<LhaCategory, string>;
type CategoryField = (typeof CATEGORY_FIELDS)[LhaCategory];

export const LHA_CATEGORY_WORDS: Record<LhaCategory, string> = {
  SHARED: 'shared accommodation',
  ONE_BEDROOM: '1 bedroom',
  TWO_BEDROOMS: '2 bedrooms',
  THREE_BEDROOMS: '3 bedrooms',
  FOUR_BEDROOMS: '4 bedrooms',
};

/**
 * The two published sets of rates: Universal Credit's monthly figures (Rent Officers (Universal Credit Functions)
 * Order 2013) and Housing Benefit's weekly figures (Rent Officers (Housing Benefit Functions) Order 1997), which the
 * rent officers determine separately. Where the published weekly figures of an area are not held, Housing Benefit's
 * rate is estimated from the monthly one (`estimatedWeeklyRate`), and the result says so.
 */
export type LhaScheme = 'UNIVERSAL_CREDIT' | 'HOUSING_BENEFIT';
const SCHEME_PERIOD: Record<LhaScheme, 'month' | 'week'> = { UNIVERSAL_CREDIT: 'month', HOUSING_BENEFIT: 'week' };

export type LhaRatesFrom = { from: string; source: Citation; note?: string } & Record<CategoryField, Pence>;

export interface LhaArea {
  /** Lower-case, hyphenated form of the name: `outer-south-east-london`. */
  key: string;
  /** The BRMA's name as the VOA (or Rent Service Scotland, Rent Officers Wales, NIHE) writes it. */
  name: string;
  nation: Country;
  /** Universal Credit's monthly rates, oldest first. */
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

/** Housing Benefit's weekly rates, by the BRMA's name as written in the monthly file. */
export interface HousingBenefitRatesFile {
  description: string;
  unit: 'pence a week';
  legislation: Citation;
  until: string;
  areas: { name: string; values: LhaRatesFrom[] }[];
}

export interface LocalAuthorityAreas {
  localAuthority: string;
  name: string;
  /** BRMA names as written in the rates file; more than one when the authority is split between BRMAs. */
  brmas: string[];
  /** Marked explicitly, so a reader sees it without counting: true exactly when `brmas` has more than one area. */
  split: boolean;
  /**
   * True when an official page (the council's own LHA page, the rent officers' publications) names the areas; it
   * is then cited in `sources`. False for a row compiled from the BRMA definitions without such a page yet: the
   * result then says the area comes from our table and how to check it, and `sources` may be empty.
   */
  confirmed: boolean;
  /** Where the areas come from: the council's own LHA page, the rent officers' publications. */
  sources: Citation[];
  note?: string;
}

export interface LocalAuthorityAreasFile {
  description: string;
  /** True once every local authority of `definitions/lookup/local-authorities.json` has a row (a test checks it). */
  complete: boolean;
  authorities: LocalAuthorityAreas[];
}

/** How the area whose rate is used was settled. */
export type LhaAreaBasis =
  /** The household named the area (the API's `housing.brma`, or the questionnaire's answer). */
  | 'GIVEN'
  /** The operator's postcode to BRMA lookup placed the postcode in it (`npm run data:brma`). */
  | 'POSTCODE'
  /** The whole local authority is in one area. */
  | 'LOCAL_AUTHORITY';

/** Why no single area could be settled; the lowest rate among the candidates is then used, and the result says so. */
export type LhaUnsettledReason =
  /** The authority is split between areas and the household did not say which (or was not sure). */
  | 'SPLIT_AUTHORITY'
  /** No local authority was given: any area of the nation is possible. */
  | 'NO_LOCAL_AUTHORITY'
  /** The local authority is not in the table (a code the table does not hold yet): any area of the nation is possible. */
  | 'LOCAL_AUTHORITY_NOT_HELD';

export type LhaAreaFinding =
  | { kind: 'settled'; area: LhaArea; basis: LhaAreaBasis; authority: LocalAuthorityAreas | null }
  | { kind: 'unsettled'; candidates: LhaArea[]; reason: LhaUnsettledReason; authority: LocalAuthorityAreas | null };

/** The rate a benefit uses for one category: the settled area's, or the lowest among the candidates with the range. */
export interface LhaRateChosen {
  area: LhaArea;
  rate: Pence;
  /** Housing Benefit only: the rate was estimated from the monthly figure, the published weekly one not being held. */
  estimated: boolean;
  /** Only when unsettled: the highest candidate, so the result can give the range. */
  highest?: { area: LhaArea; rate: Pence };
}

/**
 * Housing Benefit's weekly LHA estimated from Universal Credit's monthly one: monthly x 12 / 365 x 7, to the
 * nearest penny. Not a rule of law but what the published figures show: of the 160 Great Britain weekly figures
 * checked against official pages, 159 equal it and one is 3p off (see rulesets/local-housing-allowance/README.md),
 * as the rent officers convert monthly rents to weekly by the calendar (x 12 / 365 x 7), not by x 12 / 52. Used
 * only where the published weekly figure is not held, and always said to be an estimate.
 */
export function estimatedWeeklyRate(monthly: Pence): Pence {
  return scalePence(monthly, 12 * 7, 365);
}

export interface LhaDataProblem {
  file: 'rates' | 'housing-benefit-rates' | 'local-authority-areas';
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
 * "Renfrewshire/ Inverclyde". Nothing looser (no spelling correction), so a wrong name is refused, not guessed.
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
const NATION_OF_CODE: Record<string, Country> = { E: 'ENGLAND', S: 'SCOTLAND', W: 'WALES', N: 'NORTHERN_IRELAND' };

function isRealDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  // The quick answer for the dates a calculation asks about (read for every rate looked up); years before 1000 below.
  if (parseIsoDate(value) !== null) return true;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
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
    else {
      const notOfficial = officialSourceProblem(value.url);
      if (notOfficial) this.add(`${path}.url`, notOfficial);
    }
  }
  /** A non-empty list of dated rates, oldest first, each category in whole positive pence, each with a source. */
  datedRates(values: unknown, path: string): void {
    if (!Array.isArray(values) || values.length === 0) return this.add(path, 'must be a non-empty list');
    let previous = '';
    values.forEach((dated: unknown, at) => {
      const datedPath = `${path}[${at}]`;
      if (!isObject(dated)) return this.add(datedPath, 'must be an object');
      this.fields(dated, datedPath, ['from', 'source', ...Object.values(CATEGORY_FIELDS)], ['note']);
      if (!isRealDate(dated.from)) this.add(`${datedPath}.from`, 'must be a real yyyy-mm-dd date');
      else if (dated.from <= previous) this.add(`${datedPath}.from`, 'dates must be unique and oldest first');
      else previous = dated.from;
      for (const field of Object.values(CATEGORY_FIELDS)) {
        const pence = dated[field];
        if (typeof pence !== 'number' || !Number.isSafeInteger(pence) || pence <= 0)
          this.add(`${datedPath}.${field}`, 'must be a whole, positive number of pence');
      }
      this.citation(dated.source, `${datedPath}.source`);
      if ('note' in dated && !isNonEmptyString(dated.note)) this.add(`${datedPath}.note`, 'must be a non-empty text when given');
    });
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
    problems.datedRates(area.values, `${path}.values`);
  });
}

function checkHousingBenefitRates(data: unknown, areaNames: ReadonlySet<string>, problems: ProblemList): void {
  if (!isObject(data)) return problems.add('(top)', 'must be an object');
  problems.fields(data, '', ['description', 'unit', 'legislation', 'until', 'areas']);
  if (!isNonEmptyString(data.description)) problems.add('description', 'must be a non-empty text');
  if (data.unit !== 'pence a week') problems.add('unit', 'must be "pence a week"');
  problems.citation(data.legislation, 'legislation');
  if (!isRealDate(data.until)) problems.add('until', 'must be a real yyyy-mm-dd date');
  if (!Array.isArray(data.areas)) return problems.add('areas', 'must be a list');
  const listed = new Set<string>();
  data.areas.forEach((area: unknown, index) => {
    const path = `areas[${index}]`;
    if (!isObject(area)) return problems.add(path, 'must be an object');
    problems.fields(area, path, ['name', 'values']);
    // Exact names, so the weekly and monthly files cannot drift apart under the lenient matching used for input.
    if (typeof area.name !== 'string' || !areaNames.has(area.name))
      problems.add(`${path}.name`, `"${String(area.name)}" is not a BRMA name in the rates file`);
    else if (listed.has(area.name)) problems.add(`${path}.name`, `"${area.name}" is listed twice`);
    else listed.add(area.name);
    problems.datedRates(area.values, `${path}.values`);
  });
}

function checkAuthorityAreas(data: unknown, areaNations: ReadonlyMap<string, string>, problems: ProblemList): void {
  if (!isObject(data)) return problems.add('(top)', 'must be an object');
  problems.fields(data, '', ['description', 'complete', 'authorities']);
  if (!isNonEmptyString(data.description)) problems.add('description', 'must be a non-empty text');
  if (typeof data.complete !== 'boolean') problems.add('complete', 'must be true or false');
  if (!Array.isArray(data.authorities)) return problems.add('authorities', 'must be a list');
  const codes = new Set<string>();
  data.authorities.forEach((entry: unknown, index) => {
    const path = `authorities[${index}]`;
    if (!isObject(entry)) return problems.add(path, 'must be an object');
    problems.fields(entry, path, ['localAuthority', 'name', 'brmas', 'split', 'confirmed', 'sources'], ['note']);
    const code = entry.localAuthority;
    if (typeof code !== 'string' || !GSS_CODE.test(code)) {
      problems.add(`${path}.localAuthority`, 'must be a GSS code such as E09000006');
    } else if (codes.has(code)) {
      problems.add(`${path}.localAuthority`, `duplicate local authority ${code}`);
    } else codes.add(code);
    if (!isNonEmptyString(entry.name)) problems.add(`${path}.name`, 'must be a non-empty text');
    if (!Array.isArray(entry.brmas) || entry.brmas.length === 0) {
      problems.add(`${path}.brmas`, 'must list at least one BRMA');
    } else {
      const listed = new Set<string>();
      entry.brmas.forEach((brma: unknown, at) => {
        // Exact names, so the table and the rates cannot drift apart under the lenient matching used for input.
        if (typeof brma !== 'string' || !areaNations.has(brma))
          problems.add(`${path}.brmas[${at}]`, `"${String(brma)}" is not a BRMA name in the rates file`);
        else if (listed.has(brma)) problems.add(`${path}.brmas[${at}]`, `"${brma}" is listed twice`);
        else {
          listed.add(brma);
          if (typeof code === 'string' && GSS_CODE.test(code) && areaNations.get(brma) !== NATION_OF_CODE[code[0]!]) {
            problems.add(`${path}.brmas[${at}]`, `"${brma}" is in ${areaNations.get(brma)}, not the authority's nation`);
          }
        }
      });
      if (typeof entry.split !== 'boolean') problems.add(`${path}.split`, 'must be true or false');
      else if (entry.split !== entry.brmas.length > 1)
        problems.add(
          `${path}.split`,
          `must be ${entry.brmas.length > 1}: the authority lists ${entry.brmas.length} BRMA${entry.brmas.length === 1 ? '' : 's'}`,
        );
    }
    if (typeof entry.confirmed !== 'boolean') problems.add(`${path}.confirmed`, 'must be true or false');
    if (!Array.isArray(entry.sources)) problems.add(`${path}.sources`, 'must be a list of citations');
    else if (entry.confirmed === true && entry.sources.length === 0)
      problems.add(`${path}.sources`, 'must cite the official page that confirms the areas');
    else entry.sources.forEach((source: unknown, at) => problems.citation(source, `${path}.sources[${at}]`));
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
  /** Text of `rulesets/local-housing-allowance/rates.json` (Universal Credit, monthly). */
  rates: string;
  /** Text of `rulesets/local-housing-allowance/housing-benefit-rates.json` (Housing Benefit, weekly). */
  housingBenefitRates: string;
  /** Text of `rulesets/local-housing-allowance/local-authority-areas.json`. */
  localAuthorityAreas: string;
}

/** Every problem in the three files, without throwing (for the data check and for error reports). */
export function checkLhaData(files: LhaDataFiles): LhaDataProblem[] {
  const rateProblems = new ProblemList('rates');
  const rates = parse(files.rates, rateProblems);
  if (rates !== undefined) checkRates(rates, rateProblems);
  const areaNations = new Map<string, string>(
    isObject(rates) && Array.isArray(rates.areas)
      ? rates.areas.flatMap((area: unknown) =>
          isObject(area) && typeof area.name === 'string' ? [[area.name, String(area.nation)] as const] : [],
        )
      : [],
  );
  const weeklyProblems = new ProblemList('housing-benefit-rates');
  const weekly = parse(files.housingBenefitRates, weeklyProblems);
  if (weekly !== undefined) checkHousingBenefitRates(weekly, new Set(areaNations.keys()), weeklyProblems);
  const tableProblems = new ProblemList('local-authority-areas');
  const table = parse(files.localAuthorityAreas, tableProblems);
  if (table !== undefined) checkAuthorityAreas(table, areaNations, tableProblems);
  return [...rateProblems.items, ...weeklyProblems.items, ...tableProblems.items];
}

/** Loads and checks the three files; throws `LhaDataError` listing every problem. */
export function loadLhaData(files: LhaDataFiles): LocalHousingAllowance {
  const problems = checkLhaData(files);
  if (problems.length > 0) throw new LhaDataError(problems);
  return new LocalHousingAllowance(
    JSON.parse(files.rates) as LhaRatesFile,
    JSON.parse(files.housingBenefitRates) as HousingBenefitRatesFile,
    JSON.parse(files.localAuthorityAreas) as LocalAuthorityAreasFile,
  );
}

export interface LhaAreaQuery {
  /** The BRMA named by the household, matched as `lhaAreaKey` says. */
  brma?: string | null;
  /** Where a named BRMA came from: the postcode lookup, or the household itself (the default). */
  brmaFrom?: 'POSTCODE' | 'GIVEN';
  localAuthority?: string | null;
  country: Country;
}

export class LocalHousingAllowance {
  private readonly byKey = new Map<string, LhaArea>();
  private readonly byAuthority = new Map<string, LocalAuthorityAreas>();
  private readonly weeklyByKey = new Map<string, LhaRatesFrom[]>();

  constructor(
    readonly rates: LhaRatesFile,
    readonly housingBenefitRates: HousingBenefitRatesFile,
    readonly localAuthorityAreas: LocalAuthorityAreasFile,
  ) {
    for (const area of rates.areas) this.byKey.set(area.key, area);
    for (const entry of localAuthorityAreas.authorities) this.byAuthority.set(entry.localAuthority, entry);
    for (const area of housingBenefitRates.areas) this.weeklyByKey.set(lhaAreaKey(area.name), area.values);
  }

  get areas(): readonly LhaArea[] {
    return this.rates.areas;
  }

  /** The BRMA with this name (matched as `lhaAreaKey` says), or undefined. */
  areaNamed(brma: string): LhaArea | undefined {
    return this.byKey.get(lhaAreaKey(brma));
  }

  /** Every BRMA of a nation, in the order of the rates file (alphabetical). */
  areasOf(nation: Country): LhaArea[] {
    return this.rates.areas.filter((area) => area.nation === nation);
  }

  /** The table's row for a local authority (GSS code in any case), or undefined. */
  authority(localAuthority: string): LocalAuthorityAreas | undefined {
    return this.byAuthority.get(localAuthority.trim().toUpperCase());
  }

  /** Whether Housing Benefit's published weekly rates are held for an area (otherwise they are estimated). */
  hasPublishedHousingBenefitRates(area: LhaArea): boolean {
    return this.weeklyByKey.has(area.key);
  }

  /**
   * The areas a household could live in, before any is chosen: the authority's when it is in the table, otherwise
   * every area of the nation. This is what the questionnaire offers.
   */
  candidateAreas(query: Omit<LhaAreaQuery, 'brma' | 'brmaFrom'>): { areas: LhaArea[]; authority: LocalAuthorityAreas | null } {
    const authority = query.localAuthority ? this.authority(query.localAuthority) : undefined;
    if (authority) return { areas: authority.brmas.map((name) => this.byKey.get(lhaAreaKey(name))!), authority };
    return { areas: this.areasOf(query.country), authority: null };
  }

  /**
   * The BRMA whose LHA applies. A BRMA the household names wins over its local authority (it is more precise);
   * a name not in the data is an error (the API refuses it as bad input before it gets here). Otherwise the
   * authority's areas: one is settled; several, or an authority not given or not held, leave it unsettled among
   * the candidates, and the caller uses the lowest rate among them, never the rent unchecked.
   */
  findLhaArea(query: LhaAreaQuery): LhaAreaFinding {
    const authority = (query.localAuthority && this.authority(query.localAuthority)) || null;
    if (query.brma && query.brma.trim() !== '') {
      const area = this.areaNamed(query.brma);
      if (!area) throw new UnknownLhaAreaError(query.brma);
      return { kind: 'settled', area, basis: query.brmaFrom ?? 'GIVEN', authority };
    }
    const { areas } = this.candidateAreas(query);
    if (authority && areas.length === 1) return { kind: 'settled', area: areas[0]!, basis: 'LOCAL_AUTHORITY', authority };
    const reason: LhaUnsettledReason = authority
      ? 'SPLIT_AUTHORITY'
      : query.localAuthority
        ? 'LOCAL_AUTHORITY_NOT_HELD'
        : 'NO_LOCAL_AUTHORITY';
    return { kind: 'unsettled', candidates: areas, reason, authority };
  }

  /** The rates of a scheme in force on `date` for a BRMA, with their source; throws when none is (see `rate`). */
  ratesInForce(brma: string, category: LhaCategory, date: string, scheme: LhaScheme = 'UNIVERSAL_CREDIT'): LhaRatesFrom {
    const area = this.areaNamed(brma);
    if (!area) throw new UnknownLhaAreaError(brma);
    const name = `the ${scheme === 'UNIVERSAL_CREDIT' ? '' : 'Housing Benefit (weekly) '}Local Housing Allowance for ${area.name} (${LHA_CATEGORY_WORDS[category]})`;
    if (!isRealDate(date)) throw new ParameterNotInForceError(name, date, 'the date must be a real yyyy-mm-dd date');
    const until = scheme === 'UNIVERSAL_CREDIT' ? this.rates.until : this.housingBenefitRates.until;
    // No silent uprating: the freeze is confirmed to `until` only, so a later date is refused, not given 2026/27's figure.
    if (date > until) throw new ParameterNotInForceError(name, date, `the rates held end on ${until}`);
    const values = scheme === 'UNIVERSAL_CREDIT' ? area.values : (this.weeklyByKey.get(area.key) ?? this.estimatedWeeklyValues(area));
    let inForce: LhaRatesFrom | undefined;
    for (const dated of values) if (dated.from <= date) inForce = dated;
    if (!inForce) throw new ParameterNotInForceError(name, date, `its first rate takes effect on ${values[0]!.from}`);
    return inForce;
  }

  /** Housing Benefit's weekly rates estimated from each dated monthly value (`estimatedWeeklyRate`), with its source. */
  private estimatedWeeklyValues(area: LhaArea): LhaRatesFrom[] {
    return area.values.map((monthly) => ({
      from: monthly.from,
      source: monthly.source,
      note: 'Estimated from the monthly rate (x 12 / 365 x 7): the published weekly rate for Housing Benefit is not held for this area.',
      shared: estimatedWeeklyRate(monthly.shared),
      oneBedroom: estimatedWeeklyRate(monthly.oneBedroom),
      twoBedrooms: estimatedWeeklyRate(monthly.twoBedrooms),
      threeBedrooms: estimatedWeeklyRate(monthly.threeBedrooms),
      fourBedrooms: estimatedWeeklyRate(monthly.fourBedrooms),
    }));
  }

  /** The LHA in whole pence, a month for Universal Credit or a week for Housing Benefit, for a BRMA and category on `date`. */
  rate(brma: string, category: LhaCategory, date: string, scheme: LhaScheme): Pence {
    return this.ratesInForce(brma, category, date, scheme)[CATEGORY_FIELDS[category]];
  }

  /** The monthly LHA (Universal Credit) in whole pence. */
  lhaMonthlyRate(brma: string, category: LhaCategory, date: string): Pence {
    return this.rate(brma, category, date, 'UNIVERSAL_CREDIT');
  }

  /** The period a scheme's rates are for. */
  static periodOf(scheme: LhaScheme): 'month' | 'week' {
    return SCHEME_PERIOD[scheme];
  }

  /**
   * The rate a benefit uses: the settled area's, or, when unsettled, the lowest among the candidates (ties go to
   * the first in the table's order) with the highest, so the result can state the range.
   */
  chooseRate(finding: LhaAreaFinding, category: LhaCategory, date: string, scheme: LhaScheme): LhaRateChosen {
    const estimated = (area: LhaArea) => scheme === 'HOUSING_BENEFIT' && !this.hasPublishedHousingBenefitRates(area);
    if (finding.kind === 'settled')
      return { area: finding.area, rate: this.rate(finding.area.name, category, date, scheme), estimated: estimated(finding.area) };
    const rated = finding.candidates.map((area) => ({ area, rate: this.rate(area.name, category, date, scheme) }));
    const lowest = rated.reduce((best, candidate) => (candidate.rate < best.rate ? candidate : best));
    const highest = rated.reduce((best, candidate) => (candidate.rate > best.rate ? candidate : best));
    return { ...lowest, estimated: estimated(lowest.area), highest };
  }
}

/**
 * Which Local Housing Allowance a private tenant's benefit used, and why: the area settled (named by the
 * household, placed by the postcode lookup, or the only area of the council), or, when it could not be settled,
 * the lowest rate among the areas it could be, with the highest so the range can be given. Universal Credit and
 * Housing Benefit both decide it here, so their sentences and the result's summary say the same thing.
 */
export interface LhaUsed {
  scheme: LhaScheme;
  category: LhaCategory;
  basis: LhaAreaBasis | 'LOWEST_OF_CANDIDATES';
  unsettledReason: LhaUnsettledReason | null;
  /** The area whose rate was used. */
  area: string;
  /** Every area the home could be in (just the one when settled). */
  candidates: string[];
  /** The council's name when the table holds it. */
  localAuthorityName: string | null;
  /**
   * When the area was settled from the council alone: whether an official page confirms the council is wholly in
   * it (our table's row is `confirmed`); null when the area was settled otherwise, or not settled.
   */
  areaConfirmed: boolean | null;
  /** A month for Universal Credit, a week for Housing Benefit. */
  ratePence: Pence;
  /** Housing Benefit: the weekly rate was estimated from the monthly one, its published figure not being held. */
  rateEstimated: boolean;
  highest: { area: string; ratePence: Pence } | null;
}
