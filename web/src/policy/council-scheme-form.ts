import { formatAmount, parsePence } from '../../../common/money.js';
import { isObject, type Json } from './json-object.js';

/**
 * The workbench's form for a council's working-age Council Tax Reduction scheme (issue 30, point 3), read into the
 * year's entry of the council's scheme file (definitions/schemas/council-tax-scheme.schema.json, SchemeValue). The
 * form asks for the two kinds the schemes use: a taper (a share of income above the applicable amount taken off) or
 * income bands (a share of the bill by income, in tables by household and children); and for each, a share of the
 * bill at most, what counts as income, a capital limit, a smallest award and the deductions for other adults. The
 * server checks the entry as the loader checks the files.
 */

/**
 * The groups a scheme can treat more kindly, as the questionnaire can tell them (SchemeValue's protectedGroups), in a
 * policy officer's words.
 */
export const PROTECTED_GROUP_CHOICES = [
  { value: 'DISABILITY_BENEFIT', text: 'The claimant or partner gets a disability benefit (PIP, ADP, DLA, Attendance Allowance)' },
  { value: 'HIGHEST_CARE_BENEFIT', text: 'The claimant or partner gets the highest rate of a disability benefit for care' },
  { value: 'LCWRA', text: 'The claimant or partner has limited capability for work and work-related activity' },
  { value: 'TERMINALLY_ILL', text: 'The claimant or partner is terminally ill' },
  { value: 'DISABLED_CHILD', text: 'A child gets a disability benefit' },
  { value: 'CARER', text: 'The claimant or partner is a carer' },
  { value: 'LONE_PARENT_CHILD_UNDER_5', text: 'A lone parent with a child under 5' },
  { value: 'CHILD_UNDER_5', text: 'Any household with a child under 5' },
  { value: 'CHILD_UNDER_6', text: 'Any household with a child aged 5 or under' },
  { value: 'SINGLE_UNDER_25_NO_CHILDREN', text: 'A single person under 25 with no children' },
] as const;
export type ProtectedGroupChoice = (typeof PROTECTED_GROUP_CHOICES)[number]['value'];

/**
 * One kinder rule for some groups: its figures replace the scheme's, and a field left empty (or 'SAME') keeps the
 * scheme's. The first rule whose group matches applies.
 */
export interface ProtectedRuleText {
  groups: ProtectedGroupChoice[];
  /** Only when neither the claimant nor the partner has earnings ('disabled and not working'). */
  withoutEarnings: boolean;
  maximumSupport: string;
  /** 'SAME': the scheme's band limit; '': no band limit; 'A' to 'H'. */
  bandCap: string;
  reduction: 'SAME' | 'TAPER' | 'BANDS';
  taper: string;
  /** Read with the scheme's band period and measure. */
  tables: BandTableText[];
  capitalLimit: string;
}

export const NEW_PROTECTED_RULE: ProtectedRuleText = {
  groups: [],
  withoutEarnings: false,
  maximumSupport: '',
  bandCap: 'SAME',
  reduction: 'SAME',
  taper: '',
  tables: [{ household: 'ANY', children: '0', bands: '' }],
  capitalLimit: '',
};

/** One table of income bands: whom it is for, and its bands one a line ('£105.00 60%': from that income, that share). */
export interface BandTableText {
  household: 'SINGLE' | 'COUPLE' | 'ANY';
  /** At least this many children: '0' for none. */
  children: string;
  bands: string;
}

/** The Universal Credit elements a scheme can take off the award before counting it, in a policy officer's words. */
export const UC_ELEMENT_CHOICES = [
  { value: 'STANDARD_ALLOWANCE', text: 'Standard allowance' },
  { value: 'CHILD', text: 'Child element' },
  { value: 'DISABLED_CHILD', text: 'Disabled child element' },
  { value: 'LCWRA', text: 'Limited capability for work and work-related activity element' },
  { value: 'CARER', text: 'Carer element' },
  { value: 'CHILDCARE', text: 'Childcare costs element' },
  { value: 'HOUSING', text: 'Housing costs element' },
] as const;
export type UcElementChoice = (typeof UC_ELEMENT_CHOICES)[number]['value'];

/** The kinds of other income a scheme may count only some of. */
export const OTHER_INCOME_CHOICES = [
  { value: 'STATE_PENSION', text: 'State Pension' },
  { value: 'PRIVATE_PENSION', text: 'Private or work pensions' },
  { value: 'NEW_STYLE_JSA', text: 'New style Jobseeker’s Allowance' },
  { value: 'NEW_STYLE_ESA', text: 'New style Employment and Support Allowance' },
  { value: 'CARERS_ALLOWANCE', text: 'Carer’s Allowance' },
  { value: 'MAINTENANCE_SPOUSAL', text: 'Maintenance from a former partner' },
  { value: 'STUDENT_INCOME', text: 'Student loans and grants' },
  { value: 'OTHER_UNEARNED', text: 'Other unearned income' },
] as const;
export type OtherIncomeChoice = (typeof OTHER_INCOME_CHOICES)[number]['value'];

/** Weekly earnings a scheme ignores, by who the claimant is (the highest that applies); all empty: none. */
export interface DisregardText {
  single: string;
  couple: string;
  loneParent: string;
  disabledOrCarer: string;
  /** Optional: a couple with children, where the scheme sets it apart. */
  coupleWithChildren: string;
}

export interface CouncilSchemeText {
  maximumSupport: string;
  bandCap: string;
  reduction: 'TAPER' | 'BANDS';
  taper: string;
  bandPeriod: 'WEEK' | 'MONTH';
  bandMeasure: 'INCOME' | 'EXCESS_INCOME';
  tables: BandTableText[];
  /** What the taper (or bands read against income above it) compare income with. */
  applicableAmount: 'UC_MAXIMUM_AMOUNT' | 'UC_STANDARD_ALLOWANCE';
  /** LESS: the award less some of its elements (`ucLess`). */
  universalCredit: 'IN_FULL' | 'IGNORED' | 'LESS';
  /** The share of each element taken off the award, as a percentage; '' where it is not. */
  ucLess: Record<UcElementChoice, string>;
  /** The award is ignored when nobody in the couple has earnings (where it otherwise counts). */
  ucIgnoredWithoutEarnings: boolean;
  earnings: boolean;
  disregard: DisregardText;
  otherIncome: 'ALL' | 'NONE' | 'SOME';
  otherIncomeKinds: OtherIncomeChoice[];
  childMaintenance: boolean;
  childBenefit: boolean;
  /** Savings counted as weekly income (with the award ignored only): from, each step of, and the weekly income a step. */
  tariffFrom: string;
  tariffStep: string;
  tariffWeekly: string;
  capitalLimit: string;
  /** True when savings of exactly the limit already exclude ('£6,000 or more'). */
  capitalLimitIncluded: boolean;
  minimumAward: string;
  otherAdults: 'NOT_HELD' | 'NONE' | 'BY_WORK' | 'BY_INCOME';
  /** One amount, or one a line by gross weekly income ('£200.00 £11.00'). */
  inWork: string;
  notInWork: string;
  /** By gross weekly income whatever their work, one a line ('£0.00 £4.80'). */
  byIncome: string;
  /** No deduction for another adult younger than this; '' for the law's 18. */
  otherAdultMinimumAge: string;
  /** Kinder rules for some groups, in order: the first that matches applies. */
  protectedRules: ProtectedRuleText[];
  note: string;
}

type TableField = `tables-${number}-${'children' | 'bands'}`;
type ProtectedField = `protected-${number}-${'groups' | 'maximumSupport' | 'taper' | 'capitalLimit' | 'changes' | TableField}`;

/** A form field's problem: its name in the form (as the ids end: 'taper', 'tables-0-bands', 'protected-0-groups'), and what to do. */
export interface SchemeProblem {
  field: keyof CouncilSchemeText | TableField | ProtectedField | `ucLess-${UcElementChoice}` | `disregard-${keyof DisregardText}`;
  message: string;
}

/** The form's fields before anything is typed: a taper scheme counting income as most schemes do. */
export const EMPTY_SCHEME: CouncilSchemeText = {
  maximumSupport: '',
  bandCap: '',
  reduction: 'TAPER',
  taper: '',
  bandPeriod: 'WEEK',
  bandMeasure: 'INCOME',
  tables: [{ household: 'ANY', children: '0', bands: '' }],
  applicableAmount: 'UC_MAXIMUM_AMOUNT',
  universalCredit: 'IN_FULL',
  ucLess: { STANDARD_ALLOWANCE: '', CHILD: '', DISABLED_CHILD: '', LCWRA: '', CARER: '', CHILDCARE: '', HOUSING: '' },
  ucIgnoredWithoutEarnings: false,
  earnings: true,
  disregard: { single: '', couple: '', loneParent: '', disabledOrCarer: '', coupleWithChildren: '' },
  otherIncome: 'ALL',
  otherIncomeKinds: [],
  childMaintenance: false,
  childBenefit: false,
  tariffFrom: '',
  tariffStep: '',
  tariffWeekly: '',
  capitalLimit: '',
  capitalLimitIncluded: false,
  minimumAward: '',
  otherAdults: 'NOT_HELD',
  inWork: '',
  notInWork: '',
  byIncome: '',
  otherAdultMinimumAge: '',
  protectedRules: [],
  note: '',
};

/**
 * A deduction's line: the gross weekly income it starts at and the deduction a week, such as '£200.00 £11.00' or,
 * pasted from a scheme's table, '£200.00 - £345.99 £11.00' (the first amount and the last are read); a line of one
 * amount is the deduction from no income.
 */
export function deductionBandOf(line: string): { fromWeeklyIncome: number; deduction: number } | null {
  const amounts = [...line.matchAll(/£?\s*(\d[\d,]*(?:\.\d{1,2})?)/g)].map((match) => parsePence(match[1]!));
  if (amounts.length === 0 || amounts.some((amount) => amount === null)) return null;
  if (amounts.length === 1) return { fromWeeklyIncome: 0, deduction: amounts[0]! };
  return { fromWeeklyIncome: amounts[0]!, deduction: amounts[amounts.length - 1]! };
}

/**
 * A band's line: the income it starts at and the share of the bill, such as '£105.00 60%' or, pasted from a scheme's
 * table, '£105.00 - £170.99 60%' (the first amount and the last percentage are read).
 */
export function bandOf(line: string): { fromIncome: number; share: number } | null {
  const match = /^£?\s*([\d,]+(?:\.\d{1,2})?)\b.*?(\d{1,3}(?:\.\d{1,2})?)\s*%\s*$/.exec(line.trim());
  if (!match) return null;
  const fromIncome = parsePence(match[1]!);
  const share = basisPointsOf(match[2]!);
  return fromIncome === null || share === null ? null : { fromIncome, share };
}

/** A percentage with at most two decimals (72.5) as basis points (7250), or null. */
export function basisPointsOf(text: string): number | null {
  const cleaned = text.trim().replace(/%$/, '').trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(cleaned)) return null;
  const points = Math.round(Number(cleaned) * 100);
  return points <= 10_000 ? points : null;
}

/** The year's scheme from the form, or the problems at its fields. */
export function councilSchemeOf(text: CouncilSchemeText): { scheme: Record<string, unknown> } | { problems: SchemeProblem[] } {
  const problems: SchemeProblem[] = [];
  const share = (field: 'maximumSupport' | 'taper', words: string) => {
    const points = basisPointsOf(text[field]);
    if (points === null)
      problems.push({ field, message: `Enter ${words} as a percentage from 0 to 100, such as ${field === 'taper' ? '20' : '80'}.` });
    return points;
  };
  const poundsIn = (field: SchemeProblem['field'], typed: string, words: string, example: string) => {
    const pence = parsePence(typed.trim().replace(/^£/, ''));
    if (pence === null || pence < 0) problems.push({ field, message: `Enter ${words} in pounds, such as ${example}.` });
    return pence;
  };
  const pounds = (
    field: 'capitalLimit' | 'minimumAward' | 'notInWork' | 'tariffFrom' | 'tariffStep' | 'tariffWeekly',
    words: string,
    example: string,
  ) => poundsIn(field, text[field], words, example);
  const maximumSupport = share('maximumSupport', 'the most of the bill the scheme pays');
  const taper = text.reduction === 'TAPER' ? share('taper', 'the share of income above the applicable amount taken off') : null;
  const tables = text.reduction === 'BANDS' ? tablesOf(text.tables, '', problems) : [];
  if (text.reduction === 'BANDS' && text.tables.length === 0)
    problems.push({ field: 'reduction', message: 'Add at least one table of income bands.' });
  const incomeBandsOf = (read: unknown[]) => ({
    period: text.bandPeriod,
    ...(text.bandMeasure === 'EXCESS_INCOME' ? { measure: 'EXCESS_INCOME' } : {}),
    tables: read,
  });
  const protectedGroups = text.protectedRules.map((rule, index) => protectedRuleOf(rule, index, problems, incomeBandsOf, text.reduction));
  const capitalLimit = pounds('capitalLimit', 'the savings limit', '6,000.00');
  const minimumAwardWeekly = text.minimumAward.trim() === '' ? null : pounds('minimumAward', 'the smallest award a week', '1.00');
  const deductionBands = (field: 'inWork' | 'byIncome', words: string) => {
    // After the first line, each must say the income it starts at: one amount alone there is not read.
    const {
      lines,
      read: bands,
      unread,
    } = linesRead(text[field], (line, at) => {
      const band = deductionBandOf(line);
      return band && (at === 0 || band.fromWeeklyIncome > 0) ? band : null;
    });
    if (lines === 0 || unread >= 0)
      problems.push({
        field,
        message:
          unread >= 0 && lines > 1
            ? `Line ${unread + 1} of ${words} is not an income and a deduction: write it as £200.00 £11.00.`
            : `Enter ${words} in pounds: one amount, or one a line by gross weekly income, such as £0.00 £4.80 then £200.00 £11.00.`,
      });
    return bands;
  };
  let nonDependantDeductions: unknown = text.otherAdults === 'NOT_HELD' ? 'NOT_HELD' : [];
  if (text.otherAdults === 'BY_WORK') {
    const inWork = deductionBands('inWork', 'the deduction a week for another adult who works 16 hours or more');
    const notInWork = pounds('notInWork', 'the deduction a week for another adult who does not', '5.00');
    nonDependantDeductions = { inWork, notInWork };
  }
  if (text.otherAdults === 'BY_INCOME') nonDependantDeductions = deductionBands('byIncome', 'the deductions by income');
  let nonDependantMinimumAge: number | undefined;
  if (text.otherAdults !== 'NOT_HELD' && text.otherAdults !== 'NONE' && text.otherAdultMinimumAge.trim()) {
    nonDependantMinimumAge = Number(text.otherAdultMinimumAge.trim());
    if (!/^\d{2}$/.test(text.otherAdultMinimumAge.trim()) || nonDependantMinimumAge < 16 || nonDependantMinimumAge > 30)
      problems.push({ field: 'otherAdultMinimumAge', message: 'Enter the age from which other adults count, from 16 to 30, such as 18.' });
  }
  const income = incomeRulesOf(text, problems, poundsIn, pounds);
  if (problems.length > 0) return { problems };
  const note = text.note.trim();
  return {
    scheme: {
      maximumSupport,
      bandCap: text.bandCap === '' ? null : text.bandCap,
      taper,
      incomeBands: text.reduction === 'BANDS' ? incomeBandsOf(tables) : null,
      income,
      capitalLimit,
      ...(text.capitalLimitIncluded ? { capitalLimitIncluded: true } : {}),
      minimumAwardWeekly,
      nonDependantDeductions,
      ...(nonDependantMinimumAge !== undefined ? { nonDependantMinimumAge } : {}),
      protectedGroups,
      ...(note ? { note } : {}),
      readVia: 'Entered in the policy workbench from the council’s scheme document.',
    },
  };
}

/** What counts as income, as the scheme file holds it: only the optional rules the scheme has are written. */
function incomeRulesOf(
  text: CouncilSchemeText,
  problems: SchemeProblem[],
  poundsIn: (field: SchemeProblem['field'], typed: string, words: string, example: string) => number | null,
  pounds: (field: 'tariffFrom' | 'tariffStep' | 'tariffWeekly', words: string, example: string) => number | null,
): Record<string, unknown> {
  let universalCredit: unknown = text.universalCredit;
  if (text.universalCredit === 'LESS') {
    const less = UC_ELEMENT_CHOICES.filter(({ value }) => text.ucLess[value].trim()).map(({ value, text: name }) => {
      const share = basisPointsOf(text.ucLess[value]);
      if (share === null || share === 0)
        problems.push({
          field: `ucLess-${value}`,
          message: `Enter the share of the ${name.toLowerCase()} taken off as a percentage from 1 to 100, or leave it empty.`,
        });
      return { element: value, share };
    });
    if (less.length === 0)
      problems.push({
        field: 'universalCredit',
        message: 'Give the share of at least one element taken off the award, such as 100 for the carer element.',
      });
    universalCredit = { less };
  }
  const disregardTyped = Object.values(text.disregard).some((typed) => typed.trim());
  const disregard = (key: keyof DisregardText, words: string) =>
    poundsIn(`disregard-${key}`, text.disregard[key], `the earnings ignored a week for ${words}`, '5.00');
  const earningsDisregardWeekly = disregardTyped
    ? {
        single: disregard('single', 'a single person'),
        couple: disregard('couple', 'a couple'),
        loneParent: disregard('loneParent', 'a lone parent'),
        disabledOrCarer: disregard('disabledOrCarer', 'a disabled person or carer'),
        ...(text.disregard.coupleWithChildren.trim()
          ? { coupleWithChildren: disregard('coupleWithChildren', 'a couple with children') }
          : {}),
      }
    : null;
  if (text.otherIncome === 'SOME' && text.otherIncomeKinds.length === 0)
    problems.push({ field: 'otherIncomeKinds', message: 'Choose the kinds of other income the scheme counts.' });
  const tariffTyped = [text.tariffFrom, text.tariffStep, text.tariffWeekly].some((typed) => typed.trim());
  if (tariffTyped && text.universalCredit !== 'IGNORED')
    problems.push({
      field: 'tariffFrom',
      message:
        'Savings count as income only where the Universal Credit award is ignored: the award already counts them. Leave these empty.',
    });
  const tariffIncome = tariffTyped
    ? {
        from: pounds('tariffFrom', 'the savings above which income is assumed', '6,000.00'),
        step: pounds('tariffStep', 'each step of savings', '250.00'),
        weekly: pounds('tariffWeekly', 'the income a week for each step', '1.00'),
      }
    : undefined;
  if (tariffIncome && tariffIncome.step === 0)
    problems.push({ field: 'tariffStep', message: 'Enter each step of savings, more than £0.00, such as 250.00.' });
  return {
    universalCredit,
    earnings: text.earnings,
    otherIncome: text.otherIncome === 'SOME' ? [...text.otherIncomeKinds] : text.otherIncome === 'ALL',
    childMaintenance: text.childMaintenance,
    earningsDisregardWeekly,
    ...(tariffIncome ? { tariffIncome } : {}),
    ...(text.ucIgnoredWithoutEarnings && text.universalCredit !== 'IGNORED' ? { universalCreditIgnoredWithoutEarnings: true } : {}),
    ...(text.childBenefit ? { childBenefit: true } : {}),
    ...(text.applicableAmount === 'UC_STANDARD_ALLOWANCE' ? { applicableAmount: 'UC_STANDARD_ALLOWANCE' } : {}),
  };
}

/** A text area's lines that are not blank, each read by `read`; `unread` is the index of the first it could not read, or -1. */
function linesRead<T>(text: string, read: (line: string, at: number) => T | null): { lines: number; read: (T | null)[]; unread: number } {
  const each = text
    .split('\n')
    .filter((line) => line.trim())
    .map(read);
  return { lines: each.length, read: each, unread: each.indexOf(null) };
}

/**
 * The tables of income bands, each band read from its line; a problem at each field to put right. `prefix` is ''
 * for the scheme's own tables and 'protected-0-' for a kinder rule's, as the fields' ids are.
 */
function tablesOf(tables: readonly BandTableText[], prefix: '' | `protected-${number}-`, problems: SchemeProblem[]): unknown[] {
  const whose = prefix ? ` of kinder rule ${Number(prefix.split('-')[1]) + 1}` : '';
  return tables.map((table, index) => {
    if (!/^\d{1,2}$/.test(table.children.trim()) || Number(table.children) > 10)
      problems.push({
        field: `${prefix}tables-${index}-children` as SchemeProblem['field'],
        message: `Enter the number of children for table ${index + 1}${whose}, from 0 to 10.`,
      });
    const { lines, read: bands, unread } = linesRead(table.bands, bandOf);
    if (lines === 0 || unread >= 0)
      problems.push({
        field: `${prefix}tables-${index}-bands` as SchemeProblem['field'],
        message:
          unread >= 0
            ? `Line ${unread + 1} of table ${index + 1}${whose} is not an income and a share: write it as £105.00 60%.`
            : `Enter the bands of table ${index + 1}${whose}, one a line: the income it starts at, then the share, such as £0.00 80%.`,
      });
    return { household: table.household, children: Number(table.children), bands };
  });
}

/** A kinder rule for some groups as the scheme file holds it: only the figures it changes. */
function protectedRuleOf(
  rule: ProtectedRuleText,
  index: number,
  problems: SchemeProblem[],
  incomeBandsOf: (tables: unknown[]) => unknown,
  schemes: CouncilSchemeText['reduction'],
): Record<string, unknown> {
  const field = (name: string) => `protected-${index}-${name}` as SchemeProblem['field'];
  const which = `kinder rule ${index + 1}`;
  if (rule.groups.length === 0) problems.push({ field: field('groups'), message: `Choose at least one group for ${which}.` });
  const changes: Record<string, unknown> = {};
  if (rule.maximumSupport.trim()) {
    const points = basisPointsOf(rule.maximumSupport);
    if (points === null)
      problems.push({
        field: field('maximumSupport'),
        message: `Enter the most of the bill paid for ${which} as a percentage from 0 to 100.`,
      });
    changes.maximumSupport = points;
  }
  if (rule.bandCap !== 'SAME') changes.bandCap = rule.bandCap === '' ? null : rule.bandCap;
  if (rule.reduction === 'TAPER') {
    const points = basisPointsOf(rule.taper);
    if (points === null)
      problems.push({ field: field('taper'), message: `Enter the taper for ${which} as a percentage from 0 to 100, such as 15.` });
    // The scheme's bands are set aside only where it has them (a taper scheme's are null already).
    Object.assign(changes, { taper: points, ...(schemes === 'BANDS' ? { incomeBands: null } : {}) });
  }
  if (rule.reduction === 'BANDS') {
    if (rule.tables.length === 0)
      problems.push({ field: field('changes'), message: `Add at least one table of income bands for ${which}.` });
    Object.assign(changes, {
      ...(schemes === 'TAPER' ? { taper: null } : {}),
      incomeBands: incomeBandsOf(tablesOf(rule.tables, `protected-${index}-`, problems)),
    });
  }
  if (rule.capitalLimit.trim()) {
    const pence = parsePence(rule.capitalLimit.trim().replace(/^£/, ''));
    if (pence === null || pence < 0)
      problems.push({ field: field('capitalLimit'), message: `Enter the savings limit for ${which} in pounds, such as 16,000.00.` });
    changes.capitalLimit = pence;
  }
  if (Object.keys(changes).length === 0)
    problems.push({
      field: field('changes'),
      message: `Kinder rule ${index + 1} changes nothing: give at least one figure that is different for the group.`,
    });
  return { groups: [...rule.groups], withoutEarnings: rule.withoutEarnings, ...changes };
}

/** Pounds as the form shows them ('6,000.00'), from pence. */
const poundsText = (pence: unknown): string => (typeof pence === 'number' ? formatAmount(pence).replace('£', '') : '');
/** A percentage as the form shows it ('72.5'), from basis points. */
const percentText = (points: unknown): string => (typeof points === 'number' ? String(points / 100) : '');

function bandTablesText(bands: unknown): BandTableText[] {
  const tables = isObject(bands) && Array.isArray(bands.tables) ? bands.tables : [];
  return tables.filter(isObject).map((table) => ({
    household: table.household as BandTableText['household'],
    children: String(table.children ?? 0),
    bands: (Array.isArray(table.bands) ? table.bands : [])
      .filter(isObject)
      .map((band) => `£${poundsText(band.fromIncome)} ${percentText(band.share)}%`)
      .join('\n'),
  }));
}

const deductionLines = (bands: unknown): string =>
  (Array.isArray(bands) ? bands : [])
    .filter(isObject)
    .map((band) => `£${poundsText(band.fromWeeklyIncome)} £${poundsText(band.deduction)}`)
    .join('\n');

/**
 * The form's fields filled in from a scheme held (the year's entry of a council's file), to start next year's from
 * it: councilSchemeOf gives the same scheme back. Its source, from and readVia are the edit's own, not the form's.
 */
export function schemeTextOf(scheme: Json): CouncilSchemeText {
  const income = isObject(scheme.income) ? scheme.income : {};
  const uc = income.universalCredit;
  const less = isObject(uc) && Array.isArray(uc.less) ? uc.less.filter(isObject) : [];
  const disregard = isObject(income.earningsDisregardWeekly) ? income.earningsDisregardWeekly : null;
  const tariff = isObject(income.tariffIncome) ? income.tariffIncome : null;
  const deductions = scheme.nonDependantDeductions;
  const bands = isObject(scheme.incomeBands) ? scheme.incomeBands : null;
  return {
    ...EMPTY_SCHEME,
    maximumSupport: percentText(scheme.maximumSupport),
    bandCap: typeof scheme.bandCap === 'string' ? scheme.bandCap : '',
    reduction: bands ? 'BANDS' : 'TAPER',
    taper: percentText(scheme.taper),
    bandPeriod: bands?.period === 'MONTH' ? 'MONTH' : 'WEEK',
    bandMeasure: bands?.measure === 'EXCESS_INCOME' ? 'EXCESS_INCOME' : 'INCOME',
    tables: bands ? bandTablesText(bands) : EMPTY_SCHEME.tables,
    applicableAmount: income.applicableAmount === 'UC_STANDARD_ALLOWANCE' ? 'UC_STANDARD_ALLOWANCE' : 'UC_MAXIMUM_AMOUNT',
    universalCredit: isObject(uc) ? 'LESS' : uc === 'IGNORED' ? 'IGNORED' : 'IN_FULL',
    ucLess: Object.fromEntries(
      UC_ELEMENT_CHOICES.map(({ value }) => [value, percentText(less.find((entry) => entry.element === value)?.share)]),
    ) as CouncilSchemeText['ucLess'],
    ucIgnoredWithoutEarnings: income.universalCreditIgnoredWithoutEarnings === true,
    earnings: income.earnings !== false,
    disregard: {
      single: poundsText(disregard?.single),
      couple: poundsText(disregard?.couple),
      loneParent: poundsText(disregard?.loneParent),
      disabledOrCarer: poundsText(disregard?.disabledOrCarer),
      coupleWithChildren: poundsText(disregard?.coupleWithChildren),
    },
    otherIncome: Array.isArray(income.otherIncome) ? 'SOME' : income.otherIncome === false ? 'NONE' : 'ALL',
    otherIncomeKinds: Array.isArray(income.otherIncome) ? (income.otherIncome as OtherIncomeChoice[]) : [],
    childMaintenance: income.childMaintenance === true,
    childBenefit: income.childBenefit === true,
    tariffFrom: poundsText(tariff?.from),
    tariffStep: poundsText(tariff?.step),
    tariffWeekly: poundsText(tariff?.weekly),
    capitalLimit: poundsText(scheme.capitalLimit),
    capitalLimitIncluded: scheme.capitalLimitIncluded === true,
    minimumAward: poundsText(scheme.minimumAwardWeekly),
    otherAdults:
      deductions === 'NOT_HELD' || deductions === null || deductions === undefined
        ? 'NOT_HELD'
        : Array.isArray(deductions)
          ? deductions.length === 0
            ? 'NONE'
            : 'BY_INCOME'
          : 'BY_WORK',
    inWork: isObject(deductions) ? deductionLines(deductions.inWork) : '',
    notInWork: isObject(deductions) ? poundsText(deductions.notInWork) : '',
    byIncome: Array.isArray(deductions) ? deductionLines(deductions) : '',
    otherAdultMinimumAge: typeof scheme.nonDependantMinimumAge === 'number' ? String(scheme.nonDependantMinimumAge) : '',
    protectedRules: (Array.isArray(scheme.protectedGroups) ? scheme.protectedGroups : [])
      .filter(isObject)
      .map((rule): ProtectedRuleText => ({
        groups: (Array.isArray(rule.groups) ? rule.groups : []) as ProtectedGroupChoice[],
        withoutEarnings: rule.withoutEarnings === true,
        maximumSupport: percentText(rule.maximumSupport),
        bandCap: !('bandCap' in rule) ? 'SAME' : typeof rule.bandCap === 'string' ? rule.bandCap : '',
        reduction: isObject(rule.incomeBands) ? 'BANDS' : typeof rule.taper === 'number' ? 'TAPER' : 'SAME',
        taper: percentText(rule.taper),
        tables: isObject(rule.incomeBands) ? bandTablesText(rule.incomeBands) : NEW_PROTECTED_RULE.tables,
        capitalLimit: poundsText(rule.capitalLimit),
      })),
    note: typeof scheme.note === 'string' ? scheme.note : '',
  };
}
