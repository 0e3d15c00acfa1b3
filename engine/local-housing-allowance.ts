/**
 * Local Housing Allowance (LHA): the rate per Broad Rental Market Area (BRMA) that caps a private tenant's rent,
 * monthly for Universal Credit's housing costs element and weekly for Housing Benefit, and the table saying which
 * BRMAs cover each local authority. The data is `rulesets/local-housing-allowance/` (see its README.md), read by the
 * engine's loader (`engine/load.ts`) with the rest of the rules and checked here, so a broken file stops the start.
 */
import { parseIsoDate } from '../common/dates/calendar.js';
import { ParameterNotInForceError, type Citation } from '../common/parameters/dated-parameter.js';
import { officialSourceProblem } from './parameters/official-sources.js';
import type { Country } from './household.js';
import { scalePence, type Pence } from '../common/money.js';
import { Contract, readSchema } from './schemas/json-schema.js';

/** The tables of rates a date after `until` is missing from, as ParameterNotInForceError names them for grouping. */
export const LHA_MONTHLY_TABLE = 'lha-monthly';
export const LHA_WEEKLY_TABLE = 'lha-weekly';

export const LHA_CATEGORIES = ['SHARED', 'ONE_BEDROOM', 'TWO_BEDROOMS', 'THREE_BEDROOMS', 'FOUR_BEDROOMS'] as const;
export type LhaCategory = (typeof LHA_CATEGORIES)[number];

/** The field of a dated value holding each category's rate in pence. */
export const LHA_CATEGORY_FIELDS = {
  SHARED: 'shared',
  ONE_BEDROOM: 'oneBedroom',
  TWO_BEDROOMS: 'twoBedrooms',
  THREE_BEDROOMS: 'threeBedrooms',
  FOUR_BEDROOMS: 'fourBedrooms',
} as const satisfies Record<LhaCategory, string>;
type CategoryField = (typeof LHA_CATEGORY_FIELDS)[LhaCategory];

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

/**
 * Private-renting households by English local authority: not used in any calculation, only to weight the accuracy
 * page's share of private renters whose area is settled by their council (`api/src/accuracy/`).
 */
export interface PrivateRentingHouseholdsFile {
  description: string;
  sources: Citation[];
  licence: string;
  notExpressed?: string;
  authorities: {
    localAuthority: string;
    name: string;
    households2021: number;
    /** A percentage, to 2 decimal places. */
    privateRentShare2023: number;
    privateRentingHouseholds: number;
  }[];
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

/** Where the data is, relative to the repository root; each problem names its file by this path. */
export const LHA_FOLDER = 'rulesets/local-housing-allowance';
export const LHA_FILES = {
  rates: `${LHA_FOLDER}/rates.json`,
  housingBenefitRates: `${LHA_FOLDER}/housing-benefit-rates.json`,
  localAuthorityAreas: `${LHA_FOLDER}/local-authority-areas.json`,
  privateRentingHouseholds: `${LHA_FOLDER}/private-renting-households.json`,
} as const;

export interface LhaDataProblem {
  /** The file's path from the repository root: `rulesets/local-housing-allowance/rates.json`. */
  file: string;
  /** JSON path inside the file, e.g. `areas[3].values[0].shared`. */
  path: string;
  /** The path and what is wrong: `areas[3].values[0].shared must be whole, positive pence`. */
  message: string;
}

export class LhaDataError extends Error {
  override name = 'LhaDataError';
  constructor(readonly problems: readonly LhaDataProblem[]) {
    const files = [...new Set(problems.map((problem) => problem.file))];
    super(
      files
        .map((file) => {
          const own = problems.filter((problem) => problem.file === file);
          return `${file} has ${own.length} problem${own.length === 1 ? '' : 's'}:\n${own.map((p) => `  - ${p.message}`).join('\n')}`;
        })
        .join('\n'),
    );
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

const NATION_OF_CODE: Record<string, Country> = { E: 'ENGLAND', S: 'SCOTLAND', W: 'WALES', N: 'NORTHERN_IRELAND' };

function isRealDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  // The quick answer for the dates a calculation asks about (read for every rate looked up); years before 1000 below.
  if (parseIsoDate(value) !== null) return true;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * The shape of each file is a JSON Schema (definitions/schemas/local-housing-allowance-rates.schema.json, whose
 * $defs/HousingBenefitRatesFile is the weekly file, local-housing-allowance-areas.schema.json and
 * private-renting-households.schema.json), checked with ajv; the code below adds only what a schema cannot say: one
 * value against another or against the rates file, and every address an official source. It looks only at values
 * of the right type: the schema reports the rest.
 */
const knownFields = (allowed: readonly string[]) => `is not a known field (allowed: ${allowed.join(', ')})`;
const RATES_SCHEMA = readSchema('local-housing-allowance-rates.schema.json');
const RATES_CONTRACT = new Contract(RATES_SCHEMA, knownFields);
const WEEKLY_RATES_CONTRACT = new Contract(
  { $schema: RATES_SCHEMA.$schema, $defs: RATES_SCHEMA.$defs, $ref: '#/$defs/HousingBenefitRatesFile' },
  knownFields,
);
const AREAS_CONTRACT = Contract.named('local-housing-allowance-areas.schema.json', knownFields);
const PRIVATE_RENTING_CONTRACT = Contract.named('private-renting-households.schema.json', knownFields);

type Segment = string | number;
type CrossCheck = { segments: Segment[]; message: string };

function citationChecks(value: unknown, segments: Segment[], found: CrossCheck[]): void {
  if (!isObject(value) || typeof value.url !== 'string') return;
  const notOfficial = officialSourceProblem(value.url);
  if (notOfficial) found.push({ segments: [...segments, 'url'], message: notOfficial });
}

/** Dated rates oldest first, no date twice (the schema checks each is a real date), each cited to an official page. */
function datedRatesChecks(values: unknown, segments: Segment[], found: CrossCheck[]): void {
  let previous = '';
  listOf(values).forEach((dated, index) => {
    if (!isObject(dated)) return;
    citationChecks(dated.source, [...segments, index, 'source'], found);
    if (!isRealDate(dated.from)) return;
    if (dated.from <= previous) found.push({ segments: [...segments, index, 'from'], message: 'dates must be unique and oldest first' });
    else previous = dated.from;
  });
}

/**
 * Every area of the monthly file by its exact name, with its nation: the other files name areas as it does. Null
 * when the file holds no list of areas, so its own problem is reported, not every name the other files give.
 */
function areaNationsOf(rates: unknown): Map<string, string> | null {
  if (!isObject(rates) || !Array.isArray(rates.areas)) return null;
  const nations = new Map<string, string>();
  for (const area of rates.areas) {
    if (isObject(area) && typeof area.name === 'string') nations.set(area.name, String(area.nation));
  }
  return nations;
}

function ratesChecks(rates: unknown): CrossCheck[] {
  const found: CrossCheck[] = [];
  if (!isObject(rates)) return found;
  citationChecks(rates.legislation, ['legislation'], found);
  const keys = new Map<string, number>();
  listOf(rates.areas).forEach((area, index) => {
    if (!isObject(area) || typeof area.name !== 'string') return;
    const key = lhaAreaKey(area.name);
    if (typeof area.key === 'string' && area.key !== key)
      found.push({ segments: ['areas', index, 'key'], message: `must be "${key}", the key of its name` });
    // Two names with one key would be one area to the lenient matching used for input.
    const seen = keys.get(key);
    if (seen !== undefined)
      found.push({ segments: ['areas', index, 'name'], message: `duplicate BRMA: "${area.name}" is also areas[${seen}]` });
    else keys.set(key, index);
    datedRatesChecks(area.values, ['areas', index, 'values'], found);
  });
  return found;
}

function weeklyRatesChecks(weekly: unknown, areaNations: ReadonlyMap<string, string> | null): CrossCheck[] {
  const found: CrossCheck[] = [];
  if (!isObject(weekly)) return found;
  citationChecks(weekly.legislation, ['legislation'], found);
  const listed = new Set<string>();
  listOf(weekly.areas).forEach((area, index) => {
    if (!isObject(area)) return;
    // Exact names, so the weekly and monthly files cannot drift apart under the lenient matching used for input.
    if (typeof area.name === 'string' && areaNations) {
      if (!areaNations.has(area.name))
        found.push({ segments: ['areas', index, 'name'], message: `"${area.name}" is not a BRMA name in the rates file` });
      else if (listed.has(area.name)) found.push({ segments: ['areas', index, 'name'], message: `"${area.name}" is listed twice` });
      else listed.add(area.name);
    }
    datedRatesChecks(area.values, ['areas', index, 'values'], found);
  });
  return found;
}

function authorityAreasChecks(table: unknown, areaNations: ReadonlyMap<string, string> | null): CrossCheck[] {
  const found: CrossCheck[] = [];
  if (!isObject(table)) return found;
  const codes = new Set<string>();
  listOf(table.authorities).forEach((entry, index) => {
    if (!isObject(entry)) return;
    const at = (...segments: Segment[]) => ['authorities', index, ...segments];
    const code = typeof entry.localAuthority === 'string' ? entry.localAuthority : '';
    if (codes.has(code)) found.push({ segments: at('localAuthority'), message: `duplicate local authority ${code}` });
    else codes.add(code);
    const brmas = listOf(entry.brmas);
    brmas.forEach((brma, position) => {
      if (typeof brma !== 'string' || !areaNations) return;
      // Exact names, so the table and the rates cannot drift apart under the lenient matching used for input.
      if (!areaNations.has(brma))
        found.push({ segments: at('brmas', position), message: `"${brma}" is not a BRMA name in the rates file` });
      else if (NATION_OF_CODE[code[0] ?? ''] && areaNations.get(brma) !== NATION_OF_CODE[code[0]!])
        found.push({ segments: at('brmas', position), message: `"${brma}" is in ${areaNations.get(brma)}, not the authority's nation` });
    });
    if (typeof entry.split === 'boolean' && brmas.length > 0 && entry.split !== brmas.length > 1)
      found.push({
        segments: at('split'),
        message: `must be ${brmas.length > 1}: the authority lists ${brmas.length} BRMA${brmas.length === 1 ? '' : 's'}`,
      });
    if (entry.confirmed === true && Array.isArray(entry.sources) && entry.sources.length === 0)
      found.push({ segments: at('sources'), message: 'must cite the official page that confirms the areas' });
    listOf(entry.sources).forEach((source, position) => citationChecks(source, at('sources', position), found));
  });
  return found;
}

function privateRentingChecks(households: unknown): CrossCheck[] {
  const found: CrossCheck[] = [];
  if (!isObject(households)) return found;
  listOf(households.sources).forEach((source, index) => citationChecks(source, ['sources', index], found));
  const codes = new Set<string>();
  listOf(households.authorities).forEach((entry, index) => {
    if (!isObject(entry)) return;
    const code = typeof entry.localAuthority === 'string' ? entry.localAuthority : '';
    if (codes.has(code)) found.push({ segments: ['authorities', index, 'localAuthority'], message: `duplicate local authority ${code}` });
    else codes.add(code);
    const { households2021: all, privateRentShare2023: share, privateRentingHouseholds: renting } = entry;
    if (typeof all !== 'number' || typeof share !== 'number' || typeof renting !== 'number') return;
    // In hundredths of a percent, so the product is exact; halves round up.
    const expected = Math.floor((all * Math.round(share * 100) + 5000) / 10000);
    if (renting !== expected)
      found.push({
        segments: ['authorities', index, 'privateRentingHouseholds'],
        message: `must be ${expected}: households2021 times privateRentShare2023 / 100, to the nearest household`,
      });
  });
  return found;
}

/** JSON.parse, or the problem that the file is not JSON. */
function parsed(file: string, text: string, problems: LhaDataProblem[]): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    problems.push({ file, path: '', message: `invalid JSON: ${(error as Error).message}` });
    return undefined;
  }
}

/** The schema's problems and the cross-checks', one per field in the schema's order, without the full stop. */
function fileProblems(file: string, contract: Contract, json: unknown, more: CrossCheck[]): LhaDataProblem[] {
  return contract.problemsWith(json, more).map(({ path, message }) => ({ file, path, message: message.replace(/\.$/, '') }));
}

export interface LhaDataFiles {
  /** Text of `rulesets/local-housing-allowance/rates.json` (Universal Credit, monthly). */
  rates: string;
  /** Text of `rulesets/local-housing-allowance/housing-benefit-rates.json` (Housing Benefit, weekly). */
  housingBenefitRates: string;
  /** Text of `rulesets/local-housing-allowance/local-authority-areas.json`. */
  localAuthorityAreas: string;
  /** Text of `rulesets/local-housing-allowance/private-renting-households.json` (the accuracy page's weights only). */
  privateRentingHouseholds: string;
}

/** Every problem in the four files, without throwing (for the data check and for error reports). */
export function checkLhaData(files: LhaDataFiles): LhaDataProblem[] {
  const problems: LhaDataProblem[] = [];
  const check = (file: string, text: string, contract: Contract, crossChecks: (json: unknown) => CrossCheck[]): unknown => {
    const json = parsed(file, text, problems);
    if (json !== undefined) problems.push(...fileProblems(file, contract, json, crossChecks(json)));
    return json;
  };
  const rates = check(LHA_FILES.rates, files.rates, RATES_CONTRACT, ratesChecks);
  const areaNations = areaNationsOf(rates);
  check(LHA_FILES.housingBenefitRates, files.housingBenefitRates, WEEKLY_RATES_CONTRACT, (json) => weeklyRatesChecks(json, areaNations));
  check(LHA_FILES.localAuthorityAreas, files.localAuthorityAreas, AREAS_CONTRACT, (json) => authorityAreasChecks(json, areaNations));
  check(LHA_FILES.privateRentingHouseholds, files.privateRentingHouseholds, PRIVATE_RENTING_CONTRACT, privateRentingChecks);
  return problems;
}

/** Loads and checks the four files; throws `LhaDataError` listing every problem, file by file. */
export function loadLhaData(files: LhaDataFiles): LocalHousingAllowance {
  const problems = checkLhaData(files);
  if (problems.length > 0) throw new LhaDataError(problems);
  return new LocalHousingAllowance(
    JSON.parse(files.rates) as LhaRatesFile,
    JSON.parse(files.housingBenefitRates) as HousingBenefitRatesFile,
    JSON.parse(files.localAuthorityAreas) as LocalAuthorityAreasFile,
    JSON.parse(files.privateRentingHouseholds) as PrivateRentingHouseholdsFile,
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
    readonly privateRentingHouseholds: PrivateRentingHouseholdsFile,
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
    if (date > until)
      throw new ParameterNotInForceError(name, date, `the rates held end on ${until}`, {
        table: scheme === 'UNIVERSAL_CREDIT' ? LHA_MONTHLY_TABLE : LHA_WEEKLY_TABLE,
        heldUntil: until,
      });
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
    return this.ratesInForce(brma, category, date, scheme)[LHA_CATEGORY_FIELDS[category]];
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
  /** The rent (with eligible service charges) the rate was set against, in the rate's period: above it, a shortfall. */
  rentPence: Pence;
  /** Housing Benefit: the weekly rate was estimated from the monthly one, its published figure not being held. */
  rateEstimated: boolean;
  highest: { area: string; ratePence: Pence } | null;
}
