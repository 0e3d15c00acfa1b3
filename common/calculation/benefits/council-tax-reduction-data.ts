import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Citation } from '../../parameters/dated-parameter.js';
import type { CouncilTaxBand, Country } from '../household.js';
import type { Pence } from '../money.js';

/**
 * The council tax data of `rulesets/council-tax-reduction/` (see its README.md): Band D per billing authority for
 * each council tax year held (`band-d.json`, with each nation's band proportions) and England's local working-age
 * schemes (`england-working-age-schemes.json`). Checked on loading, so a misspelt field or a figure that is not
 * whole pence stops the start instead of giving someone a wrong bill.
 */

export type CouncilTaxNation = Exclude<Country, 'NORTHERN_IRELAND'>;
const NATIONS: readonly CouncilTaxNation[] = ['ENGLAND', 'WALES', 'SCOTLAND'];

export interface BandDFile {
  description: string;
  unit: 'pence a year';
  compiledFrom: Citation;
  nations: Record<CouncilTaxNation, { source: Citation; bands: { legislation: Citation; denominator: number; numerators: Partial<Record<CouncilTaxBand, number>> } }>;
  authorities: Record<string, { name: string; nation: CouncilTaxNation; values: { year: string; bandD: Pence }[] }>;
}

/** A share of the charge by weekly income, from `fromWeeklyIncome` up to the next band's. */
export interface IncomeBand {
  fromWeeklyIncome: Pence;
  share: number;
}

export interface NonDependantBand {
  fromWeeklyIncome: Pence;
  deduction: Pence;
}

/** One working-age scheme's figures (money in pence, shares in basis points); see the file's description. */
export interface WorkingAgeSchemeFigures {
  maximumSupport: number;
  taper: number | null;
  capitalLimit: Pence;
  minimumAwardWeekly: Pence | null;
  incomeBands: IncomeBand[] | null;
  /** Null: the prescribed pension-age scheme's deductions (`gov/local_authorities/england/.../non_dependant_deductions`). */
  nonDependantDeductions: NonDependantBand[] | null;
}

export interface SchemesFile {
  description: string;
  legislation: Citation;
  default: WorkingAgeSchemeFigures & { name: string; assumptions: string };
  schemes: Record<string, { name: string; values: (WorkingAgeSchemeFigures & { from: string; source: Citation; note?: string })[] }>;
}

export class CouncilTaxDataError extends Error {
  override name = 'CouncilTaxDataError';
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(`${file} has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

const GSS_CODE = /^[ESW]\d{8}$/;
const YEAR = /^(\d{4})\/(\d{2})$/;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPence = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isShare = (value: unknown): value is number => isPence(value) && value <= 10000;

function checkFields(value: Record<string, unknown>, path: string, required: readonly string[], optional: readonly string[], problems: string[]): void {
  for (const name of required) if (!(name in value)) problems.push(`${path}: missing field "${name}"`);
  for (const name of Object.keys(value)) if (!required.includes(name) && !optional.includes(name)) problems.push(`${path}: unknown field "${name}"`);
}

function checkCitation(value: unknown, path: string, problems: string[]): void {
  if (!isObject(value) || typeof value.title !== 'string' || !value.title.trim() || typeof value.url !== 'string' || !/^https?:\/\/\S+$/.test(value.url)) {
    problems.push(`${path} must be a citation { title, url } with an http(s) address`);
  }
}

/** Every problem in `band-d.json`. */
export function checkBandDFile(json: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(json)) return ['must be a JSON object'];
  checkFields(json, '(top)', ['description', 'unit', 'compiledFrom', 'nations', 'authorities'], [], problems);
  if (json.unit !== 'pence a year') problems.push('unit must be "pence a year"');
  checkCitation(json.compiledFrom, 'compiledFrom', problems);
  const nations = isObject(json.nations) ? json.nations : {};
  for (const nation of NATIONS) {
    const entry = nations[nation];
    if (!isObject(entry)) {
      problems.push(`nations.${nation} is missing`);
      continue;
    }
    checkCitation(entry.source, `nations.${nation}.source`, problems);
    const bands = entry.bands;
    if (!isObject(bands) || !isPence(bands.denominator) || bands.denominator === 0 || !isObject(bands.numerators)) {
      problems.push(`nations.${nation}.bands must give a denominator and numerators by band`);
      continue;
    }
    checkCitation(bands.legislation, `nations.${nation}.bands.legislation`, problems);
    if (bands.numerators.D !== bands.denominator) problems.push(`nations.${nation}.bands: band D must be the whole of Band D (numerator = denominator)`);
    for (const [band, numerator] of Object.entries(bands.numerators)) if (!/^[A-I]$/.test(band) || !isPence(numerator)) problems.push(`nations.${nation}.bands.numerators.${band} must be a whole number for a band A to I`);
  }
  if (!isObject(json.authorities)) return [...problems, 'authorities must be an object by GSS code'];
  for (const [code, authority] of Object.entries(json.authorities)) {
    const path = `authorities.${code}`;
    if (!GSS_CODE.test(code)) problems.push(`${path}: not a GSS code of an English, Welsh or Scottish authority`);
    if (!isObject(authority)) {
      problems.push(`${path} must be an object`);
      continue;
    }
    checkFields(authority, path, ['name', 'nation', 'values'], [], problems);
    if (!NATIONS.includes(authority.nation as CouncilTaxNation) || String(authority.nation)[0] !== code[0]) problems.push(`${path}.nation must be the nation of its code`);
    if (!Array.isArray(authority.values) || authority.values.length === 0) {
      problems.push(`${path}.values must be a non-empty list`);
      continue;
    }
    let previous = '';
    authority.values.forEach((value: unknown, index) => {
      const at = `${path}.values[${index}]`;
      if (!isObject(value)) return problems.push(`${at} must be an object`);
      checkFields(value, at, ['year', 'bandD'], [], problems);
      const year = YEAR.exec(String(value.year));
      if (!year || (Number(year[1]) + 1) % 100 !== Number(year[2])) problems.push(`${at}.year must be a council tax year such as 2026/27`);
      else if (String(value.year) <= previous) problems.push(`${at}.year: years must be unique and oldest first`);
      else previous = String(value.year);
      if (!isPence(value.bandD) || value.bandD === 0) problems.push(`${at}.bandD must be whole, positive pence`);
    });
  }
  return problems;
}

function checkSchemeFigures(value: Record<string, unknown>, path: string, problems: string[]): void {
  if (!isShare(value.maximumSupport)) problems.push(`${path}.maximumSupport must be basis points (0 to 10000)`);
  if (value.taper !== null && !isShare(value.taper)) problems.push(`${path}.taper must be basis points or null`);
  if (!isPence(value.capitalLimit)) problems.push(`${path}.capitalLimit must be whole pence`);
  if (value.minimumAwardWeekly !== null && !isPence(value.minimumAwardWeekly)) problems.push(`${path}.minimumAwardWeekly must be whole pence or null`);
  if ((value.taper === null) === (value.incomeBands === null)) problems.push(`${path}: a scheme has either a taper or income bands`);
  for (const [field, amount] of [
    ['incomeBands', 'share'],
    ['nonDependantDeductions', 'deduction'],
  ] as const) {
    const bands = value[field];
    if (bands === null) continue;
    if (!Array.isArray(bands) || bands.length === 0) {
      problems.push(`${path}.${field} must be a non-empty list or null`);
      continue;
    }
    bands.forEach((band: unknown, index) => {
      const at = `${path}.${field}[${index}]`;
      if (!isObject(band)) return problems.push(`${at} must be an object`);
      checkFields(band, at, ['fromWeeklyIncome', amount], [], problems);
      if (!isPence(band.fromWeeklyIncome)) problems.push(`${at}.fromWeeklyIncome must be whole pence`);
      if (!(amount === 'share' ? isShare(band[amount]) : isPence(band[amount]))) problems.push(`${at}.${amount} must be ${amount === 'share' ? 'basis points' : 'whole pence'}`);
      const before = bands[index - 1] as { fromWeeklyIncome?: unknown } | undefined;
      if (index === 0 && band.fromWeeklyIncome !== 0) problems.push(`${at}: the first band must start at 0`);
      if (before && Number(band.fromWeeklyIncome) <= Number(before.fromWeeklyIncome)) problems.push(`${at}: bands must be in order of income`);
    });
  }
}

const SCHEME_FIELDS = ['maximumSupport', 'taper', 'capitalLimit', 'minimumAwardWeekly', 'incomeBands', 'nonDependantDeductions'];

/** Every problem in `england-working-age-schemes.json`. */
export function checkSchemesFile(json: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(json)) return ['must be a JSON object'];
  checkFields(json, '(top)', ['description', 'legislation', 'default', 'schemes'], [], problems);
  checkCitation(json.legislation, 'legislation', problems);
  if (!isObject(json.default)) problems.push('default must be an object');
  else {
    checkFields(json.default, 'default', ['name', 'assumptions', ...SCHEME_FIELDS], [], problems);
    checkSchemeFigures(json.default, 'default', problems);
  }
  if (!isObject(json.schemes)) return [...problems, 'schemes must be an object by GSS code'];
  for (const [code, scheme] of Object.entries(json.schemes)) {
    const path = `schemes.${code}`;
    if (!/^E\d{8}$/.test(code)) problems.push(`${path}: not the GSS code of an English authority`);
    if (!isObject(scheme) || typeof scheme.name !== 'string' || !Array.isArray(scheme.values) || scheme.values.length === 0) {
      problems.push(`${path} must have a name and a non-empty list of values`);
      continue;
    }
    checkFields(scheme, path, ['name', 'values'], [], problems);
    let previous = '';
    scheme.values.forEach((value: unknown, index) => {
      const at = `${path}.values[${index}]`;
      if (!isObject(value)) return problems.push(`${at} must be an object`);
      checkFields(value, at, ['from', 'source', ...SCHEME_FIELDS], ['note'], problems);
      if (typeof value.from !== 'string' || !/^\d{4}-04-01$/.test(value.from)) problems.push(`${at}.from must be 1 April of a year (a scheme runs for a council tax year)`);
      else if (value.from <= previous) problems.push(`${at}.from: dates must be unique and oldest first`);
      else previous = value.from;
      checkCitation(value.source, `${at}.source`, problems);
      checkSchemeFigures(value, at, problems);
    });
  }
  return problems;
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
  | { kind: 'year-not-held'; name: string; year: string; latest: { year: string; bandD: Pence } };

export type WorkingAgeScheme =
  | ({ kind: 'local'; name: string; year: string; source: Citation } & WorkingAgeSchemeFigures)
  | ({ kind: 'default'; name: string; assumptions: string } & WorkingAgeSchemeFigures);

export class CouncilTaxData {
  constructor(
    readonly bandDFile: BandDFile,
    readonly schemesFile: SchemesFile,
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
    if (value) return { kind: 'found', name: authority.name, year, bandD: value.bandD, source: this.bandDFile.nations[authority.nation].source };
    return { kind: 'year-not-held', name: authority.name, year, latest: authority.values[authority.values.length - 1]! };
  }

  /** A band's share of Band D in a nation, or null when the nation has no such band (band I outside Wales). */
  bandProportion(nation: CouncilTaxNation, band: CouncilTaxBand): { numerator: number; denominator: number; legislation: Citation } | null {
    const { numerators, denominator, legislation } = this.bandDFile.nations[nation].bands;
    const numerator = numerators[band];
    return numerator === undefined ? null : { numerator, denominator, legislation };
  }

  /** The council's own working-age scheme for the council tax year of `date`, or the default scheme (an estimate). */
  workingAgeSchemeOn(localAuthority: string | null, date: string): WorkingAgeScheme {
    const scheme = localAuthority ? this.schemesFile.schemes[localAuthority] : undefined;
    const year = councilTaxYearOf(date);
    const value = scheme?.values.find((candidate) => councilTaxYearOf(candidate.from) === year);
    if (scheme && value) {
      const { from: _from, note: _note, source, ...figures } = value;
      return { kind: 'local', name: scheme.name, year, source, ...figures };
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

/** Checks and loads both files from their text; throws CouncilTaxDataError naming every problem. */
export function loadCouncilTaxData(texts: { bandD: string; schemes: string }): CouncilTaxData {
  const bandD = parse('band-d.json', texts.bandD);
  const bandDProblems = checkBandDFile(bandD);
  if (bandDProblems.length > 0) throw new CouncilTaxDataError('band-d.json', bandDProblems);
  const schemes = parse('england-working-age-schemes.json', texts.schemes);
  const schemeProblems = checkSchemesFile(schemes);
  if (schemeProblems.length > 0) throw new CouncilTaxDataError('england-working-age-schemes.json', schemeProblems);
  return new CouncilTaxData(bandD as BandDFile, schemes as SchemesFile);
}

let loaded: CouncilTaxData | undefined;

/**
 * The data under `rulesets/council-tax-reduction/`, read once on first use. The engine's loader hands a calculator
 * only its ruleset, sentences, rates and the LHA data, so this benefit reads its own two files (from the working
 * directory, as `RULESETS_DIR` does).
 */
export function councilTaxData(): CouncilTaxData {
  loaded ??= loadCouncilTaxData({
    bandD: readFileSync(resolve('rulesets', 'council-tax-reduction', 'band-d.json'), 'utf8'),
    schemes: readFileSync(resolve('rulesets', 'council-tax-reduction', 'england-working-age-schemes.json'), 'utf8'),
  });
  return loaded;
}
