import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Citation } from '../../common/parameters/dated-parameter.js';
import { officialSourceProblem } from '../parameters/official-sources.js';
import { OTHER_INCOME_TYPES, type CouncilTaxBand, type Country, type OtherIncomeType } from '../household.js';
import type { Pence } from '../../common/money.js';

/**
 * The council tax data of `rulesets/council-tax-reduction/` (see its README.md): Band D per billing authority for
 * each council tax year held (`band-d.json`, with each nation's band proportions) and England's local working-age
 * schemes (`england-working-age-schemes/`: `default.json` and one file per council). Checked on loading, so a
 * misspelt field or a figure that is not whole pence stops the start instead of giving someone a wrong bill.
 */

export type CouncilTaxNation = Exclude<Country, 'NORTHERN_IRELAND'>;
const NATIONS: readonly CouncilTaxNation[] = ['ENGLAND', 'WALES', 'SCOTLAND'];

export interface BandDFile {
  description: string;
  unit: 'pence a year';
  compiledFrom: Citation;
  nations: Record<
    CouncilTaxNation,
    { source: Citation; bands: { legislation: Citation; denominator: number; numerators: Partial<Record<CouncilTaxBand, number>> } }
  >;
  authorities: Record<string, { name: string; nation: CouncilTaxNation; values: { year: string; bandD: Pence }[] }>;
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

const GSS_CODE = /^[ESW]\d{8}$/;
const YEAR = /^(\d{4})\/(\d{2})$/;
const BANDS: readonly string[] = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'];
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPence = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isShare = (value: unknown): value is number => isPence(value) && value <= 10000;

function checkFields(
  value: Record<string, unknown>,
  path: string,
  required: readonly string[],
  optional: readonly string[],
  problems: string[],
): void {
  for (const name of required) if (!(name in value)) problems.push(`${path}: missing field "${name}"`);
  for (const name of Object.keys(value))
    if (!required.includes(name) && !optional.includes(name)) problems.push(`${path}: unknown field "${name}"`);
}

function checkCitation(value: unknown, path: string, problems: string[]): void {
  if (
    !isObject(value) ||
    typeof value.title !== 'string' ||
    !value.title.trim() ||
    typeof value.url !== 'string' ||
    !/^https?:\/\/\S+$/.test(value.url)
  ) {
    problems.push(`${path} must be a citation { title, url } with an http(s) address`);
    return;
  }
  const notOfficial = officialSourceProblem(value.url as string);
  if (notOfficial) problems.push(`${path}.url ${notOfficial}`);
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
    if (bands.numerators.D !== bands.denominator)
      problems.push(`nations.${nation}.bands: band D must be the whole of Band D (numerator = denominator)`);
    for (const [band, numerator] of Object.entries(bands.numerators))
      if (!/^[A-I]$/.test(band) || !isPence(numerator))
        problems.push(`nations.${nation}.bands.numerators.${band} must be a whole number for a band A to I`);
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
    if (!NATIONS.includes(authority.nation as CouncilTaxNation) || String(authority.nation)[0] !== code[0])
      problems.push(`${path}.nation must be the nation of its code`);
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

/** A list of bands: objects with `fromField` (whole pence, the first 0, rising) and `amountField`. */
function checkBands(
  bands: unknown,
  path: string,
  fromField: string,
  amountField: string,
  isAmount: (value: unknown) => boolean,
  amountWords: string,
  problems: string[],
): void {
  if (!Array.isArray(bands) || bands.length === 0) {
    problems.push(`${path} must be a non-empty list`);
    return;
  }
  bands.forEach((band: unknown, index) => {
    const at = `${path}[${index}]`;
    if (!isObject(band)) return problems.push(`${at} must be an object`);
    checkFields(band, at, [fromField, amountField], [], problems);
    if (!isPence(band[fromField])) problems.push(`${at}.${fromField} must be whole pence`);
    if (!isAmount(band[amountField])) problems.push(`${at}.${amountField} must be ${amountWords}`);
    const before = bands[index - 1] as Record<string, unknown> | undefined;
    if (index === 0 && band[fromField] !== 0) problems.push(`${at}: the first band must start at 0`);
    if (before && Number(band[fromField]) <= Number(before[fromField])) problems.push(`${at}: bands must be in order of income`);
  });
}

function checkIncomeBands(value: unknown, path: string, problems: string[]): void {
  if (!isObject(value)) return void problems.push(`${path} must be an object { period, tables }`);
  checkFields(value, path, ['period', 'tables'], ['measure'], problems);
  if (value.period !== 'WEEK' && value.period !== 'MONTH') problems.push(`${path}.period must be WEEK or MONTH`);
  if ('measure' in value && value.measure !== 'INCOME' && value.measure !== 'EXCESS_INCOME')
    problems.push(`${path}.measure must be INCOME or EXCESS_INCOME`);
  if (!Array.isArray(value.tables) || value.tables.length === 0) return void problems.push(`${path}.tables must be a non-empty list`);
  const seen = new Set<string>();
  value.tables.forEach((table: unknown, index) => {
    const at = `${path}.tables[${index}]`;
    if (!isObject(table)) return problems.push(`${at} must be an object`);
    checkFields(table, at, ['household', 'children', 'bands'], [], problems);
    if (!BAND_HOUSEHOLDS.includes(table.household as BandHousehold))
      problems.push(`${at}.household must be one of ${BAND_HOUSEHOLDS.join(', ')}`);
    if (!Number.isInteger(table.children) || (table.children as number) < 0 || (table.children as number) > 10)
      problems.push(`${at}.children must be a whole number 0 to 10`);
    const key = `${String(table.household)}/${String(table.children)}`;
    if (seen.has(key)) problems.push(`${at}: a second table for ${String(table.household)} with ${String(table.children)} children`);
    seen.add(key);
    checkBands(table.bands, `${at}.bands`, 'fromIncome', 'share', isShare, 'basis points (0 to 10000)', problems);
  });
  // Every household must find a table: one for ANY, or one each for SINGLE and COUPLE, starting at 0 children.
  const tables = value.tables.filter(isObject);
  const covers = (household: string) =>
    tables.some((table) => (table.household === household || table.household === 'ANY') && table.children === 0);
  if (!covers('SINGLE') || !covers('COUPLE'))
    problems.push(`${path}.tables must include a table with 0 children for SINGLE and COUPLE (or ANY)`);
}

function checkIncomeRules(value: unknown, path: string, problems: string[]): void {
  if (!isObject(value)) return void problems.push(`${path} must be an object`);
  checkFields(
    value,
    path,
    ['universalCredit', 'earnings', 'otherIncome', 'childMaintenance', 'earningsDisregardWeekly'],
    ['childBenefit', 'applicableAmount', 'tariffIncome', 'universalCreditIgnoredWithoutEarnings'],
    problems,
  );
  if ('universalCreditIgnoredWithoutEarnings' in value && typeof value.universalCreditIgnoredWithoutEarnings !== 'boolean')
    problems.push(`${path}.universalCreditIgnoredWithoutEarnings must be true or false`);
  if ('tariffIncome' in value) {
    const tariff = value.tariffIncome;
    if (!isObject(tariff)) problems.push(`${path}.tariffIncome must be { from, step, weekly } in pence`);
    else {
      checkFields(tariff, `${path}.tariffIncome`, ['from', 'step', 'weekly'], [], problems);
      for (const field of ['from', 'step', 'weekly'])
        if (!isPence(tariff[field])) problems.push(`${path}.tariffIncome.${field} must be whole pence`);
      if (tariff.step === 0) problems.push(`${path}.tariffIncome.step must be more than nothing`);
    }
    // Where the award counts, Universal Credit's own assumed income from savings is already in it (the award is
    // counted before its deduction for savings): a tariff on top would count the savings twice.
    if (value.universalCredit !== 'IGNORED')
      problems.push(
        `${path}.tariffIncome is only for a scheme that ignores Universal Credit: where the award counts, the income UC assumes from savings already does`,
      );
  }
  if ('childBenefit' in value && typeof value.childBenefit !== 'boolean') problems.push(`${path}.childBenefit must be true or false`);
  if ('applicableAmount' in value && value.applicableAmount !== 'UC_MAXIMUM_AMOUNT' && value.applicableAmount !== 'UC_STANDARD_ALLOWANCE') {
    problems.push(`${path}.applicableAmount must be UC_MAXIMUM_AMOUNT or UC_STANDARD_ALLOWANCE`);
  }
  const uc = value.universalCredit;
  if (uc !== 'IN_FULL' && uc !== 'IGNORED') {
    if (!isObject(uc) || !Array.isArray(uc.less) || uc.less.length === 0)
      problems.push(`${path}.universalCredit must be IN_FULL, IGNORED or { less: [{ element, share }] }`);
    else {
      checkFields(uc, `${path}.universalCredit`, ['less'], [], problems);
      uc.less.forEach((part: unknown, index) => {
        const at = `${path}.universalCredit.less[${index}]`;
        if (!isObject(part)) return problems.push(`${at} must be an object`);
        checkFields(part, at, ['element', 'share'], [], problems);
        if (!UC_ELEMENT_CODES.includes(part.element as UcElementCode))
          problems.push(`${at}.element must be one of ${UC_ELEMENT_CODES.join(', ')}`);
        if (!isShare(part.share) || part.share === 0) problems.push(`${at}.share must be basis points (1 to 10000)`);
      });
    }
  }
  for (const field of ['earnings', 'childMaintenance'])
    if (typeof value[field] !== 'boolean') problems.push(`${path}.${field} must be true or false`);
  const other = value.otherIncome;
  const isIncomeType = (type: unknown) => OTHER_INCOME_TYPES.includes(type as OtherIncomeType) && type !== 'CHILD_MAINTENANCE';
  if (typeof other !== 'boolean' && !(Array.isArray(other) && other.length > 0 && other.every(isIncomeType))) {
    problems.push(
      `${path}.otherIncome must be true, false or a list of ${OTHER_INCOME_TYPES.filter((type) => type !== 'CHILD_MAINTENANCE').join(', ')}`,
    );
  }
  const disregard = value.earningsDisregardWeekly;
  if (disregard !== null) {
    if (!isObject(disregard))
      problems.push(`${path}.earningsDisregardWeekly must be null or { single, couple, loneParent, disabledOrCarer }`);
    else {
      checkFields(
        disregard,
        `${path}.earningsDisregardWeekly`,
        ['single', 'couple', 'loneParent', 'disabledOrCarer'],
        ['coupleWithChildren'],
        problems,
      );
      for (const [field, amount] of Object.entries(disregard))
        if (!isPence(amount)) problems.push(`${path}.earningsDisregardWeekly.${field} must be whole pence`);
    }
  }
}

const isBand = (value: unknown): value is CouncilTaxBand => typeof value === 'string' && BANDS.includes(value);

function checkProtectedRules(value: unknown, path: string, problems: string[]): void {
  if (!Array.isArray(value)) return void problems.push(`${path} must be a list ([] when the scheme has no protected groups)`);
  value.forEach((rule: unknown, index) => {
    const at = `${path}[${index}]`;
    if (!isObject(rule)) return problems.push(`${at} must be an object`);
    checkFields(rule, at, ['groups', 'withoutEarnings'], ['maximumSupport', 'bandCap', 'taper', 'incomeBands', 'capitalLimit'], problems);
    if (
      !Array.isArray(rule.groups) ||
      rule.groups.length === 0 ||
      rule.groups.some((group) => !PROTECTED_GROUPS.includes(group as ProtectedGroup))
    ) {
      problems.push(`${at}.groups must list one or more of ${PROTECTED_GROUPS.join(', ')}`);
    }
    if (typeof rule.withoutEarnings !== 'boolean') problems.push(`${at}.withoutEarnings must be true or false`);
    if ('maximumSupport' in rule && !isShare(rule.maximumSupport)) problems.push(`${at}.maximumSupport must be basis points (0 to 10000)`);
    if ('bandCap' in rule && rule.bandCap !== null && !isBand(rule.bandCap)) problems.push(`${at}.bandCap must be a band A to I, or null`);
    if ('taper' in rule && rule.taper !== null && !isShare(rule.taper)) problems.push(`${at}.taper must be basis points or null`);
    if ('incomeBands' in rule && rule.incomeBands !== null) checkIncomeBands(rule.incomeBands, `${at}.incomeBands`, problems);
    if ('capitalLimit' in rule && !isPence(rule.capitalLimit)) problems.push(`${at}.capitalLimit must be whole pence`);
    const changes = ['maximumSupport', 'bandCap', 'taper', 'incomeBands', 'capitalLimit'].filter((field) => field in rule);
    if (changes.length === 0)
      problems.push(`${at} changes nothing: give at least one of maximumSupport, bandCap, taper, incomeBands, capitalLimit`);
  });
}

function checkSchemeFigures(value: Record<string, unknown>, path: string, problems: string[]): void {
  if (!isShare(value.maximumSupport)) problems.push(`${path}.maximumSupport must be basis points (0 to 10000)`);
  if (value.bandCap !== null && !isBand(value.bandCap)) problems.push(`${path}.bandCap must be a band A to I, or null`);
  if (value.taper !== null && !isShare(value.taper)) problems.push(`${path}.taper must be basis points or null`);
  if ((value.taper === null) === (value.incomeBands === null)) problems.push(`${path}: a scheme has either a taper or income bands`);
  if (value.incomeBands !== null) checkIncomeBands(value.incomeBands, `${path}.incomeBands`, problems);
  checkIncomeRules(value.income, `${path}.income`, problems);
  if (!isPence(value.capitalLimit)) problems.push(`${path}.capitalLimit must be whole pence`);
  if (value.minimumAwardWeekly !== null && !isPence(value.minimumAwardWeekly))
    problems.push(`${path}.minimumAwardWeekly must be whole pence or null`);
  const deductions = value.nonDependantDeductions;
  if (deductions !== null && deductions !== 'NOT_HELD') {
    if (Array.isArray(deductions) && deductions.length === 0) {
      // [] is allowed: the scheme takes no non-dependant deductions.
    } else if (isObject(deductions)) {
      checkFields(deductions, `${path}.nonDependantDeductions`, ['inWork', 'notInWork'], [], problems);
      checkBands(
        deductions.inWork,
        `${path}.nonDependantDeductions.inWork`,
        'fromWeeklyIncome',
        'deduction',
        isPence,
        'whole pence',
        problems,
      );
      if (!isPence(deductions.notInWork)) problems.push(`${path}.nonDependantDeductions.notInWork must be whole pence`);
    } else checkBands(deductions, `${path}.nonDependantDeductions`, 'fromWeeklyIncome', 'deduction', isPence, 'whole pence', problems);
  }
  if (
    'nonDependantMinimumAge' in value &&
    (!Number.isInteger(value.nonDependantMinimumAge) ||
      (value.nonDependantMinimumAge as number) < 18 ||
      (value.nonDependantMinimumAge as number) > 25)
  ) {
    problems.push(`${path}.nonDependantMinimumAge must be a whole number of years, 18 to 25`);
  }
  if ('capitalLimitIncluded' in value && typeof value.capitalLimitIncluded !== 'boolean')
    problems.push(`${path}.capitalLimitIncluded must be true or false`);
  checkProtectedRules(value.protectedGroups, `${path}.protectedGroups`, problems);
}

const SCHEME_FIELDS = [
  'maximumSupport',
  'bandCap',
  'taper',
  'incomeBands',
  'income',
  'capitalLimit',
  'minimumAwardWeekly',
  'nonDependantDeductions',
  'protectedGroups',
];
/** Fields a scheme gives only when it departs from the usual rule. */
const OPTIONAL_SCHEME_FIELDS = ['capitalLimitIncluded', 'nonDependantMinimumAge'];

/** Every problem in `england-working-age-schemes/default.json`. */
export function checkDefaultSchemeFile(json: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(json)) return ['must be a JSON object'];
  checkFields(json, '(top)', ['description', 'legislation', 'default'], [], problems);
  checkCitation(json.legislation, 'legislation', problems);
  if (!isObject(json.default)) problems.push('default must be an object');
  else {
    checkFields(json.default, 'default', ['name', 'assumptions', ...SCHEME_FIELDS], OPTIONAL_SCHEME_FIELDS, problems);
    checkSchemeFigures(json.default, 'default', problems);
  }
  return problems;
}

/** Every problem in one council's file; `fileName` must be its GSS code and name, as COUNCIL_SCHEME_FILE. */
export function checkCouncilSchemeFile(fileName: string, json: unknown): string[] {
  const problems: string[] = [];
  const named = COUNCIL_SCHEME_FILE.exec(fileName);
  if (!named) problems.push(`the file name must be the council's GSS code and name, such as E08000001-bolton.json`);
  if (!isObject(json)) return [...problems, 'must be a JSON object'];
  checkFields(json, '(top)', ['localAuthority', 'name', 'values'], [], problems);
  if (typeof json.localAuthority !== 'string' || !/^E\d{8}$/.test(json.localAuthority))
    problems.push('localAuthority must be the GSS code of an English authority');
  else if (named && named[1] !== json.localAuthority)
    problems.push(`localAuthority ${json.localAuthority} is not the code the file is named with (${named[1]})`);
  if (typeof json.name !== 'string' || !json.name.trim()) problems.push("name must be the council's name");
  if (!Array.isArray(json.values) || json.values.length === 0) return [...problems, 'values must be a non-empty list'];
  let previous = '';
  json.values.forEach((value: unknown, index) => {
    const at = `values[${index}]`;
    if (!isObject(value)) return problems.push(`${at} must be an object`);
    checkFields(value, at, ['from', 'source', ...SCHEME_FIELDS], ['note', 'readVia', 'alsoSources', ...OPTIONAL_SCHEME_FIELDS], problems);
    if (typeof value.from !== 'string' || !/^\d{4}-04-01$/.test(value.from))
      problems.push(`${at}.from must be 1 April of a year (a scheme runs for a council tax year)`);
    else if (value.from <= previous) problems.push(`${at}.from: dates must be unique and oldest first`);
    else previous = value.from;
    checkCitation(value.source, `${at}.source`, problems);
    if ('alsoSources' in value) {
      if (!Array.isArray(value.alsoSources) || value.alsoSources.length === 0)
        problems.push(`${at}.alsoSources must be a non-empty list when given`);
      else value.alsoSources.forEach((source: unknown, at2) => checkCitation(source, `${at}.alsoSources[${at2}]`, problems));
    }
    if ('note' in value && (typeof value.note !== 'string' || !value.note.trim()))
      problems.push(`${at}.note must be a non-empty text when given`);
    if ('readVia' in value && (typeof value.readVia !== 'string' || !value.readVia.trim()))
      problems.push(`${at}.readVia must be a non-empty text when given`);
    checkSchemeFigures(value, at, problems);
  });
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
  | ({ kind: 'local'; name: string; year: string; source: Citation; note: string | null } & WorkingAgeSchemeFigures)
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
    if (value)
      return { kind: 'found', name: authority.name, year, bandD: value.bandD, source: this.bandDFile.nations[authority.nation].source };
    return { kind: 'year-not-held', name: authority.name, year, latest: authority.values[authority.values.length - 1]! };
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

/** The text of the schemes folder: `default.json` and each council's file by its name. */
export interface SchemesFolderText {
  defaultFile: string;
  councils: { fileName: string; text: string }[];
}

/** Checks and loads Band D and the schemes from their text; throws CouncilTaxDataError naming every problem. */
export function loadCouncilTaxData(texts: { bandD: string; schemes: SchemesFolderText }): CouncilTaxData {
  const bandD = parse('band-d.json', texts.bandD);
  const bandDProblems = checkBandDFile(bandD);
  if (bandDProblems.length > 0) throw new CouncilTaxDataError('band-d.json', bandDProblems);
  const folder = 'england-working-age-schemes';
  const defaultFile = parse(`${folder}/${DEFAULT_SCHEME_FILE}`, texts.schemes.defaultFile);
  const defaultProblems = checkDefaultSchemeFile(defaultFile);
  if (defaultProblems.length > 0) throw new CouncilTaxDataError(`${folder}/${DEFAULT_SCHEME_FILE}`, defaultProblems);
  const schemes: SchemesFile['schemes'] = {};
  for (const { fileName, text } of texts.schemes.councils) {
    const path = `${folder}/${fileName}`;
    const json = parse(path, text);
    const problems = checkCouncilSchemeFile(fileName, json);
    const { localAuthority, name, values } = json as CouncilSchemeFile;
    if (problems.length === 0 && schemes[localAuthority]) problems.push(`a second file for ${localAuthority}`);
    if (problems.length > 0) throw new CouncilTaxDataError(path, problems);
    schemes[localAuthority] = { name, values };
  }
  return new CouncilTaxData(bandD as BandDFile, { ...(defaultFile as DefaultSchemeFile), schemes });
}

/** Reads the schemes folder: `default.json` and every other `.json` file in it, in name order. */
export function readSchemesFolder(folder: string): SchemesFolderText {
  const names = readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort();
  return {
    defaultFile: readFileSync(join(folder, DEFAULT_SCHEME_FILE), 'utf8'),
    councils: names
      .filter((name) => name !== DEFAULT_SCHEME_FILE)
      .map((fileName) => ({ fileName, text: readFileSync(join(folder, fileName), 'utf8') })),
  };
}

let loaded: CouncilTaxData | undefined;

/**
 * The data under `rulesets/council-tax-reduction/`, read once on first use. The engine's loader hands a calculator
 * only its ruleset, sentences, rates and the LHA data, so this benefit reads its own files (from the working
 * directory, as `RULESETS_DIR` does).
 */
export function councilTaxData(): CouncilTaxData {
  loaded ??= loadCouncilTaxData({
    bandD: readFileSync(resolve('rulesets', 'council-tax-reduction', 'band-d.json'), 'utf8'),
    schemes: readSchemesFolder(resolve('rulesets', 'council-tax-reduction', 'england-working-age-schemes')),
  });
  return loaded;
}
