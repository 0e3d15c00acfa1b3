import type { Citation } from '../../common/parameters/dated-parameter.js';
import { officialSourceProblem } from '../parameters/official-sources.js';
import type { CouncilTaxBand, Country, OtherIncomeType } from '../household.js';
import type { Pence } from '../../common/money.js';
import { Contract, readSchema } from '../schemas/json-schema.js';
import { filesUnder, requiredFile, type SourceFiles } from '../source-files.js';

/**
 * The council tax data of `rulesets/council-tax-reduction/` (see its README.md): Band D per billing authority for
 * each council tax year held (`band-d.json`, with each nation's band proportions) and England's local working-age
 * schemes (`england-working-age-schemes/`: `default.json` and one file per council). Checked on loading, so a
 * misspelt field or a figure that is not whole pence stops the start instead of giving someone a wrong bill.
 */

export type CouncilTaxNation = Exclude<Country, 'NORTHERN_IRELAND'>;

export interface BandDFile {
  description: string;
  unit: 'pence a year';
  compiledFrom: Citation;
  nations: Record<
    CouncilTaxNation,
    { source: Citation; bands: { legislation: Citation; denominator: number; numerators: Partial<Record<CouncilTaxBand, number>> } }
  >;
  authorities: Record<string, { name: string; nation: CouncilTaxNation; values: { year: string; bandD: Pence; source?: Citation }[] }>;
}

/** A share of the liability by income, from `fromIncome` (in the table's period) up to the next band's. */
export interface IncomeBand {
  fromIncome: Pence;
  share: number;
}

export interface NonDependantBand {
  fromWeeklyIncome: Pence;
  deduction: Pence;
}

/**
 * Deductions that turn on work, as in the prescribed schemes: by gross weekly income for a non-dependant in
 * remunerative work (16 hours or more a week), one figure for anyone else. When whether they work is not known
 * (an API caller did not say), the in-work table applies by income, and the result says so.
 */
export interface WorkDependentDeductions {
  inWork: NonDependantBand[];
  notInWork: Pence;
}

export type NonDependantDeductions = NonDependantBand[] | WorkDependentDeductions;

export const isWorkDependent = (table: NonDependantDeductions): table is WorkDependentDeductions => !Array.isArray(table);

/** Who a household is, for picking a scheme's income band table. */
export const BAND_HOUSEHOLDS = ['SINGLE', 'COUPLE', 'ANY'] as const;
export type BandHousehold = (typeof BAND_HOUSEHOLDS)[number];

/**
 * One table of income bands: for single claimants, couples, or anyone, with at least `children` children (the
 * table with the most children not above the household's is used, so a '2' table is for 2 or more unless a '3'
 * table exists). Lone parents are SINGLE with children.
 */
export interface IncomeBandTable {
  household: BandHousehold;
  children: number;
  bands: IncomeBand[];
}

export interface IncomeBands {
  /** The period the thresholds are written in, as the scheme writes them. */
  period: 'WEEK' | 'MONTH';
  /**
   * What the bands are read against: INCOME (the default: the income the scheme counts) or EXCESS_INCOME (that
   * income less the applicable amount, not below nil: a scheme whose bands are 'income above your allowance').
   */
  measure?: 'INCOME' | 'EXCESS_INCOME';
  tables: IncomeBandTable[];
}

/** Universal Credit elements a scheme can leave out of the income it counts (the codes of the UC result). */
export const UC_ELEMENT_CODES = ['STANDARD_ALLOWANCE', 'CHILD', 'DISABLED_CHILD', 'LCWRA', 'CARER', 'CHILDCARE', 'HOUSING'] as const;
export type UcElementCode = (typeof UC_ELEMENT_CODES)[number];

/**
 * What counts as income (for the taper, or to pick the income band), for a claimant on Universal Credit. Each
 * part is the scheme's own choice, so the data says which, and the result says what was counted.
 */
export interface SchemeIncomeRules {
  /**
   * The Universal Credit award: IN_FULL, IGNORED, or the award less some of its elements (each at a share: a
   * scheme that ignores half the carer element lists CARER at 5000), not below nil.
   */
  universalCredit: 'IN_FULL' | 'IGNORED' | { less: { element: UcElementCode; share: number }[] };
  /** Earnings after tax and National Insurance (and self-employed profit). */
  earnings: boolean;
  /**
   * Pensions, new-style JSA and ESA, Carer's Allowance, spousal maintenance and other unearned income: true for all
   * of them, or the kinds the scheme counts (a scheme that counts only income not paid by the DWP lists those).
   */
  otherIncome: boolean | OtherIncomeType[];
  childMaintenance: boolean;
  /** Weekly earnings ignored, by who the claimant is (the highest that applies); null when none. */
  earningsDisregardWeekly: { single: Pence; couple: Pence; loneParent: Pence; disabledOrCarer: Pence; coupleWithChildren?: Pence } | null;
  /**
   * Savings a scheme counts as weekly income (tariff income): `weekly` for each `step` of capital, or part of one,
   * above `from`. Only with `universalCredit: 'IGNORED'`: where the award counts, it is counted before its deduction
   * for savings, which is the award plus the income Universal Credit assumes from them, so the savings already count.
   */
  tariffIncome?: { from: Pence; step: Pence; weekly: Pence };
  /** The Universal Credit award is ignored when neither the claimant nor partner has earnings (otherwise `universalCredit`). */
  universalCreditIgnoredWithoutEarnings?: boolean;
  /** Child Benefit counts as income (as worked out by the calculator); absent: it does not. */
  childBenefit?: boolean;
  /**
   * The applicable amount the taper (or EXCESS_INCOME bands) compare income with: UC_MAXIMUM_AMOUNT (the default:
   * the sum of the Universal Credit elements) or UC_STANDARD_ALLOWANCE (the standard allowance alone).
   */
  applicableAmount?: 'UC_MAXIMUM_AMOUNT' | 'UC_STANDARD_ALLOWANCE';
}

/**
 * Groups some schemes treat more kindly, as far as the questionnaire can tell them:
 * DISABILITY_BENEFIT: the claimant or partner gets PIP, ADP, DLA, Attendance Allowance, AFIP or Constant Attendance;
 * HIGHEST_CARE_BENEFIT: the claimant or partner gets the highest rate of DLA care, the enhanced rate of PIP or ADP
 * daily living, the higher rate of Attendance Allowance, or AFIP; LCWRA: the claimant or partner has limited
 * capability for work and work-related activity (or is terminally ill); TERMINALLY_ILL: the claimant or partner is
 * terminally ill; SINGLE_UNDER_25_NO_CHILDREN: a single claimant under 25 with no child;
 * DISABLED_CHILD: a child gets DLA, PIP or Child Disability Payment; CARER: the claimant or partner gets Carer's
 * Allowance or cares 35 hours a week for someone on a qualifying benefit; LONE_PARENT_CHILD_UNDER_5: no partner and
 * a child under 5; CHILD_UNDER_5: any child under 5; CHILD_UNDER_6: any child aged 5 or under.
 */
export const PROTECTED_GROUPS = [
  'DISABILITY_BENEFIT',
  'HIGHEST_CARE_BENEFIT',
  'LCWRA',
  'TERMINALLY_ILL',
  'DISABLED_CHILD',
  'CARER',
  'LONE_PARENT_CHILD_UNDER_5',
  'CHILD_UNDER_5',
  'CHILD_UNDER_6',
  'SINGLE_UNDER_25_NO_CHILDREN',
] as const;
export type ProtectedGroup = (typeof PROTECTED_GROUPS)[number];

/** Different figures for a group; the first rule whose group matches applies, each figure it gives replacing the scheme's. */
export interface ProtectedRule {
  /** Any of these. */
  groups: ProtectedGroup[];
  /** Only when neither the claimant nor the partner has earnings (e.g. 'disabled and not working'). */
  withoutEarnings: boolean;
  maximumSupport?: number;
  bandCap?: CouncilTaxBand | null;
  taper?: number | null;
  incomeBands?: IncomeBands | null;
  capitalLimit?: Pence;
}

/** One working-age scheme's figures (money in pence, shares in basis points); see the file's description. */
export interface WorkingAgeSchemeFigures {
  /** The share of the (capped) weekly liability that maximum support covers. */
  maximumSupport: number;
  /** Support is worked out on at most this band's charge; null when the scheme has no band cap. */
  bandCap: CouncilTaxBand | null;
  /** The share of weekly income above the applicable amount taken off (a taper scheme); null for a band scheme. */
  taper: number | null;
  /** A band scheme's tables; null for a taper scheme. */
  incomeBands: IncomeBands | null;
  income: SchemeIncomeRules;
  capitalLimit: Pence;
  /** True when capital of exactly the limit already excludes ('£10,000 or more'); absent: only capital above it. */
  capitalLimitIncluded?: boolean;
  /** An award below it is not paid; null: none. */
  minimumAwardWeekly: Pence | null;
  /**
   * Weekly deductions: by a non-dependant's gross weekly income whatever their work (a list of bands), or by work
   * (`{ inWork, notInWork }`); null: the prescribed pension-age scheme's figures (by work too); NOT_HELD: the
   * scheme's deductions turn on something the questionnaire does not ask, so with a non-dependant the amount is not
   * shown.
   */
  nonDependantDeductions: NonDependantDeductions | null | 'NOT_HELD';
  /** No deduction for a non-dependant younger than this (the law's default is 18). */
  nonDependantMinimumAge?: number;
  /** Kinder figures for some groups; [] when the scheme has none. */
  protectedGroups: ProtectedRule[];
}

export interface SchemeValue extends WorkingAgeSchemeFigures {
  from: string;
  source: Citation;
  /** Further pages the figures were checked against (the council's summary, a cabinet report). */
  alsoSources?: Citation[];
  /** How the figures were read, and what the scheme has that the calculator does not apply. */
  note?: string;
  /** How the figures were transcribed (for policy staff checking them against the source; not shown to the public). */
  readVia?: string;
}

/** `england-working-age-schemes/default.json`: what the folder holds, the law, and the default scheme. */
export interface DefaultSchemeFile {
  description: string;
  legislation: Citation;
  default: WorkingAgeSchemeFigures & { name: string; assumptions: string };
}

/** One council's file, `england-working-age-schemes/<GSS code>-<name>.json`: its scheme for each year held. */
export interface CouncilSchemeFile {
  localAuthority: string;
  name: string;
  values: SchemeValue[];
}

/** The folder as loaded: the default file and every council's scheme by GSS code. */
export interface SchemesFile extends DefaultSchemeFile {
  schemes: Record<string, { name: string; values: SchemeValue[] }>;
}

/** The file name of a council's scheme: its GSS code, then its name in lower case with hyphens. */
export const COUNCIL_SCHEME_FILE = /^(E\d{8})-[a-z0-9]+(?:-[a-z0-9]+)*\.json$/;

/** A council's scheme file's name: its GSS code and its name in lower case, words joined by '-' (E08000001-bolton.json). */
export function councilSchemeFileName(authority: string, name: string): string {
  const words = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${authority}-${words || 'council'}.json`;
}
export const DEFAULT_SCHEME_FILE = 'default.json';

export class CouncilTaxDataError extends Error {
  override name = 'CouncilTaxDataError';
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(
      `${file} has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
  }
}

const YEAR = /^(\d{4})\/(\d{2})$/;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * The shape of each file is a JSON Schema (definitions/schemas/council-tax-band-d.schema.json and
 * council-tax-scheme.schema.json), checked with ajv; the code below adds only what a schema cannot say: one value
 * against another, the file's own name, and every address an official source. It looks only at values of the right
 * type: the schema reports the rest.
 */
const knownFields = (allowed: readonly string[]) => `is not a known field (allowed: ${allowed.join(', ')})`;
const BAND_D_CONTRACT = Contract.named('council-tax-band-d.schema.json', knownFields);
const SCHEME_SCHEMA = readSchema('council-tax-scheme.schema.json');
const COUNCIL_SCHEME_CONTRACT = new Contract(SCHEME_SCHEMA, knownFields);
const DEFAULT_SCHEME_CONTRACT = new Contract(
  { $schema: SCHEME_SCHEMA.$schema, $defs: SCHEME_SCHEMA.$defs, $ref: '#/$defs/DefaultFile' },
  knownFields,
);

type Segment = string | number;
type CrossCheck = { segments: Segment[]; message: string };

/** The schema's problems and the cross-checks', one per field in the schema's order, as `path message` without the full stop. */
function problemsOf(contract: Contract, json: unknown, more: CrossCheck[]): string[] {
  return contract.problemsWith(json, more).map(({ message }) => message.replace(/\.$/, ''));
}

function citationChecks(value: unknown, segments: Segment[], found: CrossCheck[]): void {
  if (!isObject(value) || typeof value.url !== 'string') return;
  const notOfficial = officialSourceProblem(value.url);
  if (notOfficial) found.push({ segments: [...segments, 'url'], message: notOfficial });
}

/** Every problem in `band-d.json`. */
export function checkBandDFile(json: unknown): string[] {
  const found: CrossCheck[] = [];
  if (isObject(json)) {
    citationChecks(json.compiledFrom, ['compiledFrom'], found);
    for (const [nation, entry] of Object.entries(isObject(json.nations) ? json.nations : {})) {
      if (!isObject(entry)) continue;
      citationChecks(entry.source, ['nations', nation, 'source'], found);
      const bands = isObject(entry.bands) ? entry.bands : {};
      citationChecks(bands.legislation, ['nations', nation, 'bands', 'legislation'], found);
      if (isObject(bands.numerators) && typeof bands.denominator === 'number' && bands.numerators.D !== bands.denominator)
        found.push({ segments: ['nations', nation, 'bands'], message: 'band D must be the whole of Band D (numerator = denominator)' });
    }
    for (const [code, authority] of Object.entries(isObject(json.authorities) ? json.authorities : {})) {
      if (!isObject(authority)) continue;
      if (typeof authority.nation === 'string' && authority.nation[0] !== code[0])
        found.push({ segments: ['authorities', code, 'nation'], message: 'must be the nation of its code' });
      let previous = '';
      listOf(authority.values).forEach((value, index) => {
        const year = isObject(value) && typeof value.year === 'string' ? YEAR.exec(value.year) : null;
        if (!year) return;
        const at = ['authorities', code, 'values', index, 'year'];
        if (isObject(value)) citationChecks(value.source, ['authorities', code, 'values', index, 'source'], found);
        if ((Number(year[1]) + 1) % 100 !== Number(year[2]))
          found.push({ segments: at, message: 'must be a council tax year such as 2026/27' });
        else if (year[0] <= previous) found.push({ segments: at, message: 'years must be unique and oldest first' });
        else previous = year[0];
      });
    }
  }
  return problemsOf(BAND_D_CONTRACT, json, found);
}

const POPULATION_CONTRACT = Contract.named('england-councils-by-population.schema.json', knownFields);

/** Every problem in `england-councils-by-population.json`. */
export function checkPopulationFile(json: unknown): string[] {
  const found: CrossCheck[] = [];
  if (isObject(json)) {
    citationChecks(json.source, ['source'], found);
    const seen = new Set<unknown>();
    let previous = Infinity;
    listOf(json.authorities).forEach((authority, index) => {
      if (!isObject(authority)) return;
      if (typeof authority.rank === 'number' && authority.rank !== index + 1)
        found.push({ segments: ['authorities', index, 'rank'], message: `must be ${index + 1}: the ranks go 1, 2, 3... in order` });
      if (seen.has(authority.localAuthority))
        found.push({ segments: ['authorities', index, 'localAuthority'], message: 'is listed twice' });
      seen.add(authority.localAuthority);
      if (typeof authority.population === 'number') {
        if (authority.population > previous)
          found.push({
            segments: ['authorities', index, 'population'],
            message: 'must be no larger than the one before: most populous first',
          });
        previous = authority.population;
      }
    });
  }
  return problemsOf(POPULATION_CONTRACT, json, found);
}

/** A list of bands: the first from 0, each from more than the last. */
function bandOrderChecks(bands: unknown, segments: Segment[], fromField: string, found: CrossCheck[]): void {
  listOf(bands).forEach((band, index, all) => {
    const from = isObject(band) ? band[fromField] : undefined;
    if (typeof from !== 'number') return;
    const before = all[index - 1];
    if (index === 0 && from !== 0) found.push({ segments: [...segments, index], message: 'the first band must start at 0' });
    if (isObject(before) && typeof before[fromField] === 'number' && from <= before[fromField])
      found.push({ segments: [...segments, index], message: 'bands must be in order of income' });
  });
}

function incomeBandsChecks(value: unknown, segments: Segment[], found: CrossCheck[]): void {
  if (!isObject(value) || !Array.isArray(value.tables)) return;
  const seen = new Set<string>();
  value.tables.forEach((table: unknown, index) => {
    if (!isObject(table)) return;
    const key = `${String(table.household)}/${String(table.children)}`;
    if (seen.has(key))
      found.push({
        segments: [...segments, 'tables', index],
        message: `a second table for ${String(table.household)} with ${String(table.children)} children`,
      });
    seen.add(key);
    bandOrderChecks(table.bands, [...segments, 'tables', index, 'bands'], 'fromIncome', found);
  });
  // Every household must find a table: one for ANY, or one each for SINGLE and COUPLE, starting at 0 children.
  const tables = value.tables.filter(isObject);
  const covers = (household: string) =>
    tables.some((table) => (table.household === household || table.household === 'ANY') && table.children === 0);
  if (value.tables.length > 0 && (!covers('SINGLE') || !covers('COUPLE')))
    found.push({ segments: [...segments, 'tables'], message: 'must include a table with 0 children for SINGLE and COUPLE (or ANY)' });
}

function schemeFiguresChecks(value: Record<string, unknown>, segments: Segment[], found: CrossCheck[]): void {
  if ('taper' in value && 'incomeBands' in value && (value.taper === null) === (value.incomeBands === null))
    found.push({ segments, message: 'a scheme has either a taper or income bands' });
  incomeBandsChecks(value.incomeBands, [...segments, 'incomeBands'], found);
  const income = isObject(value.income) ? value.income : {};
  // Where the award counts, Universal Credit's own assumed income from savings is already in it (the award is
  // counted before its deduction for savings): a tariff on top would count the savings twice.
  if ('tariffIncome' in income && income.universalCredit !== 'IGNORED')
    found.push({
      segments: [...segments, 'income', 'tariffIncome'],
      message:
        'is only for a scheme that ignores Universal Credit: where the award counts, the income UC assumes from savings already does',
    });
  const deductions = value.nonDependantDeductions;
  if (Array.isArray(deductions)) bandOrderChecks(deductions, [...segments, 'nonDependantDeductions'], 'fromWeeklyIncome', found);
  else if (isObject(deductions))
    bandOrderChecks(deductions.inWork, [...segments, 'nonDependantDeductions', 'inWork'], 'fromWeeklyIncome', found);
  listOf(value.protectedGroups).forEach((rule, index) => {
    if (isObject(rule)) incomeBandsChecks(rule.incomeBands, [...segments, 'protectedGroups', index, 'incomeBands'], found);
  });
}

/** Every problem in `england-working-age-schemes/default.json`. */
export function checkDefaultSchemeFile(json: unknown): string[] {
  const found: CrossCheck[] = [];
  if (isObject(json)) {
    citationChecks(json.legislation, ['legislation'], found);
    if (isObject(json.default)) schemeFiguresChecks(json.default, ['default'], found);
  }
  return problemsOf(DEFAULT_SCHEME_CONTRACT, json, found);
}

/** Every problem in one council's file; `fileName` must be its GSS code and name, as COUNCIL_SCHEME_FILE. */
export function checkCouncilSchemeFile(fileName: string, json: unknown): string[] {
  const named = COUNCIL_SCHEME_FILE.exec(fileName);
  const found: CrossCheck[] = [];
  if (!named) found.push({ segments: [], message: `the file name must be the council's GSS code and name, such as E08000001-bolton.json` });
  if (isObject(json)) {
    if (named && typeof json.localAuthority === 'string' && /^E\d{8}$/.test(json.localAuthority) && named[1] !== json.localAuthority)
      found.push({ segments: ['localAuthority'], message: `${json.localAuthority} is not the code the file is named with (${named[1]})` });
    let previous = '';
    listOf(json.values).forEach((value, index) => {
      if (!isObject(value)) return;
      if (typeof value.from === 'string' && /^\d{4}-04-01$/.test(value.from)) {
        if (value.from <= previous) found.push({ segments: ['values', index, 'from'], message: 'dates must be unique and oldest first' });
        else previous = value.from;
      }
      citationChecks(value.source, ['values', index, 'source'], found);
      listOf(value.alsoSources).forEach((source, at) => citationChecks(source, ['values', index, 'alsoSources', at], found));
      schemeFiguresChecks(value, ['values', index], found);
    });
  }
  return problemsOf(COUNCIL_SCHEME_CONTRACT, json, found);
}

/** The council tax year (1 April to 31 March) a date falls in: 2026-11-21 -> 2026/27. */
export function councilTaxYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const start = date.slice(5) >= '04-01' ? year : year - 1;
  return `${start}/${String((start + 1) % 100).padStart(2, '0')}`;
}

export type BandDFinding =
  | { kind: 'found'; name: string; year: string; bandD: Pence; source: Citation }
  | { kind: 'authority-not-held' }
  | { kind: 'year-not-held'; name: string; year: string; latest: { year: string; bandD: Pence }; yearsHeld: string[] };

export type WorkingAgeScheme =
  | ({ kind: 'local'; name: string; year: string; source: Citation; note: string | null } & WorkingAgeSchemeFigures)
  | ({ kind: 'default'; name: string; assumptions: string } & WorkingAgeSchemeFigures);

/** One of England's most populous local authorities, for the accuracy page's count of schemes held (no calculation). */
export interface PopulousAuthority {
  rank: number;
  localAuthority: string;
  name: string;
  population: number;
}

export class CouncilTaxData {
  constructor(
    readonly bandDFile: BandDFile,
    readonly schemesFile: SchemesFile,
    /** England's most populous local authorities, most populous first (`england-councils-by-population.json`). */
    readonly mostPopulous: readonly PopulousAuthority[] = [],
  ) {}

  /** The name of an English, Welsh or Scottish authority held, or null. */
  authorityName(localAuthority: string): string | null {
    return this.bandDFile.authorities[localAuthority]?.name ?? null;
  }

  /**
   * Band D for the council tax year of `date`. Only that year's figure is used: a council sets a new Band D every
   * April, so last year's figure would understate the bill (no silent uprating).
   */
  bandDOn(localAuthority: string, date: string): BandDFinding {
    const authority = this.bandDFile.authorities[localAuthority];
    if (!authority) return { kind: 'authority-not-held' };
    const year = councilTaxYearOf(date);
    const value = authority.values.find((candidate) => candidate.year === year);
    if (value)
      return {
        kind: 'found',
        name: authority.name,
        year,
        bandD: value.bandD,
        // A year added in the policy workbench cites its own table; the others the nation's.
        source: value.source ?? this.bandDFile.nations[authority.nation].source,
      };
    return {
      kind: 'year-not-held',
      name: authority.name,
      year,
      latest: authority.values[authority.values.length - 1]!,
      yearsHeld: authority.values.map((held) => held.year),
    };
  }

  /** A band's share of Band D in a nation, or null when the nation has no such band (band I outside Wales). */
  bandProportion(nation: CouncilTaxNation, band: CouncilTaxBand): { numerator: number; denominator: number; legislation: Citation } | null {
    const { numerators, denominator, legislation } = this.bandDFile.nations[nation].bands;
    const numerator = numerators[band];
    return numerator === undefined ? null : { numerator, denominator, legislation };
  }

  /** Schemes already looked up, by council and date: the same frozen answer for every household (bounded below). */
  private readonly schemesFound = new Map<string, WorkingAgeScheme>();

  /** The council's own working-age scheme for the council tax year of `date`, or the default scheme (an estimate). */
  workingAgeSchemeOn(localAuthority: string | null, date: string): WorkingAgeScheme {
    const key = `${localAuthority ?? ''}|${date}`;
    let found = this.schemesFound.get(key);
    if (found) return found;
    found = Object.freeze(this.findWorkingAgeScheme(localAuthority, date));
    if (this.schemesFound.size >= 20_000) this.schemesFound.clear();
    this.schemesFound.set(key, found);
    return found;
  }

  private findWorkingAgeScheme(localAuthority: string | null, date: string): WorkingAgeScheme {
    const scheme = localAuthority ? this.schemesFile.schemes[localAuthority] : undefined;
    const year = councilTaxYearOf(date);
    const value = scheme?.values.find((candidate) => councilTaxYearOf(candidate.from) === year);
    if (scheme && value) {
      const { from: _from, note, source, alsoSources: _also, ...figures } = value;
      return { kind: 'local', name: scheme.name, year, source, note: note ?? null, ...figures };
    }
    return { kind: 'default', ...this.schemesFile.default };
  }
}

function parse(file: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CouncilTaxDataError(file, [`invalid JSON: ${(error as Error).message}`]);
  }
}

/** Where the data is, relative to the repository root; each problem names its file by this path. */
export const COUNCIL_TAX_FOLDER = 'rulesets/council-tax-reduction';
export const BAND_D_FILE = `${COUNCIL_TAX_FOLDER}/band-d.json`;
export const SCHEMES_FOLDER = `${COUNCIL_TAX_FOLDER}/england-working-age-schemes`;
export const POPULATION_FILE = `${COUNCIL_TAX_FOLDER}/england-councils-by-population.json`;

/** The text of the schemes folder: `default.json` and each council's file by its name. */
export interface SchemesFolderText {
  defaultFile: string;
  councils: { fileName: string; text: string }[];
}

/** The text of the council tax files: what readCouncilTaxFiles reads and loadCouncilTaxData checks. */
export interface CouncilTaxTexts {
  bandD: string;
  schemes: SchemesFolderText;
  /** `england-councils-by-population.json`; a caller without it (a test of Band D or the schemes) holds no list. */
  mostPopulous?: string;
}

/** The text of Band D, the schemes folder and the population list, read through the loaders' files (on disk, or with a change set laid over). */
export function readCouncilTaxFiles(files: SourceFiles): CouncilTaxTexts {
  return {
    bandD: requiredFile(files, BAND_D_FILE),
    mostPopulous: requiredFile(files, POPULATION_FILE),
    schemes: {
      defaultFile: requiredFile(files, `${SCHEMES_FOLDER}/${DEFAULT_SCHEME_FILE}`),
      councils: filesUnder(files, SCHEMES_FOLDER)
        .filter(({ path }) => path !== DEFAULT_SCHEME_FILE)
        .map(({ path, text }) => ({ fileName: path, text })),
    },
  };
}

/** Checks and loads Band D, the schemes and the population list from their text; throws CouncilTaxDataError naming the file and every problem. */
export function loadCouncilTaxData(texts: CouncilTaxTexts): CouncilTaxData {
  const bandD = parse(BAND_D_FILE, texts.bandD);
  const bandDProblems = checkBandDFile(bandD);
  if (bandDProblems.length > 0) throw new CouncilTaxDataError(BAND_D_FILE, bandDProblems);
  const defaultPath = `${SCHEMES_FOLDER}/${DEFAULT_SCHEME_FILE}`;
  const defaultFile = parse(defaultPath, texts.schemes.defaultFile);
  const defaultProblems = checkDefaultSchemeFile(defaultFile);
  if (defaultProblems.length > 0) throw new CouncilTaxDataError(defaultPath, defaultProblems);
  const schemes: SchemesFile['schemes'] = {};
  for (const { fileName, text } of texts.schemes.councils) {
    const path = `${SCHEMES_FOLDER}/${fileName}`;
    const json = parse(path, text);
    const problems = checkCouncilSchemeFile(fileName, json);
    const { localAuthority, name, values } = json as CouncilSchemeFile;
    if (problems.length === 0 && schemes[localAuthority]) problems.push(`a second file for ${localAuthority}`);
    if (problems.length > 0) throw new CouncilTaxDataError(path, problems);
    schemes[localAuthority] = { name, values };
  }
  let mostPopulous: PopulousAuthority[] = [];
  if (texts.mostPopulous !== undefined) {
    const json = parse(POPULATION_FILE, texts.mostPopulous);
    const problems = checkPopulationFile(json);
    if (problems.length > 0) throw new CouncilTaxDataError(POPULATION_FILE, problems);
    mostPopulous = (json as { authorities: PopulousAuthority[] }).authorities;
  }
  return new CouncilTaxData(bandD as BandDFile, { ...(defaultFile as DefaultSchemeFile), schemes }, mostPopulous);
}

/** Band D and the schemes, read through `files` and checked: the engine's loader calls this at start, with the rest. */
export function loadCouncilTaxDataFrom(files: SourceFiles): CouncilTaxData {
  return loadCouncilTaxData(readCouncilTaxFiles(files));
}
