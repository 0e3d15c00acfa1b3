import { parsePence } from '../../../common/money';

/**
 * The workbench's form for a council's working-age Council Tax Reduction scheme (issue 30, point 3), read into the
 * year's entry of the council's scheme file (definitions/schemas/council-tax-scheme.schema.json, SchemeValue). The
 * form asks for the two kinds the schemes use: a taper (a share of income above the applicable amount taken off) or
 * income bands (a share of the bill by income, in tables by household and children); and for each, a share of the
 * bill at most, what counts as income, a capital limit, a smallest award and the deductions for other adults. The
 * server checks the entry as the loader checks the files.
 */

/** One table of income bands: whom it is for, and its bands one a line ('£105.00 60%': from that income, that share). */
export interface BandTableText {
  household: 'SINGLE' | 'COUPLE' | 'ANY';
  /** At least this many children: '0' for none. */
  children: string;
  bands: string;
}

export interface CouncilSchemeText {
  maximumSupport: string;
  bandCap: string;
  reduction: 'TAPER' | 'BANDS';
  taper: string;
  bandPeriod: 'WEEK' | 'MONTH';
  bandMeasure: 'INCOME' | 'EXCESS_INCOME';
  tables: BandTableText[];
  universalCredit: 'IN_FULL' | 'IGNORED';
  earnings: boolean;
  otherIncome: boolean;
  childMaintenance: boolean;
  capitalLimit: string;
  minimumAward: string;
  otherAdults: 'NOT_HELD' | 'NONE' | 'BY_WORK';
  inWork: string;
  notInWork: string;
  note: string;
}

/** A form field's problem: its name in the form (as the ids end: 'taper', 'tables-0-bands'), and what to do. */
export interface SchemeProblem {
  field: keyof CouncilSchemeText | `tables-${number}-${'children' | 'bands'}`;
  message: string;
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
  const pounds = (field: 'capitalLimit' | 'minimumAward' | 'inWork' | 'notInWork', words: string, example: string) => {
    const pence = parsePence(text[field].trim().replace(/^£/, ''));
    if (pence === null || pence < 0) problems.push({ field, message: `Enter ${words} in pounds, such as ${example}.` });
    return pence;
  };
  const maximumSupport = share('maximumSupport', 'the most of the bill the scheme pays');
  const taper = text.reduction === 'TAPER' ? share('taper', 'the share of income above the applicable amount taken off') : null;
  const tables =
    text.reduction === 'BANDS'
      ? text.tables.map((table, index) => {
          if (!/^\d{1,2}$/.test(table.children.trim()) || Number(table.children) > 10)
            problems.push({
              field: `tables-${index}-children`,
              message: `Enter the number of children for table ${index + 1}, from 0 to 10.`,
            });
          const lines = table.bands.split('\n').filter((line) => line.trim());
          const bands = lines.map(bandOf);
          const unread = lines.findIndex((_, at) => bands[at] === null);
          if (lines.length === 0 || unread >= 0)
            problems.push({
              field: `tables-${index}-bands`,
              message:
                unread >= 0
                  ? `Line ${unread + 1} of table ${index + 1} is not an income and a share: write it as £105.00 60%.`
                  : `Enter the bands of table ${index + 1}, one a line: the income it starts at, then the share, such as £0.00 80%.`,
            });
          return { household: table.household, children: Number(table.children), bands };
        })
      : [];
  if (text.reduction === 'BANDS' && text.tables.length === 0)
    problems.push({ field: 'reduction', message: 'Add at least one table of income bands.' });
  const capitalLimit = pounds('capitalLimit', 'the savings limit', '6,000.00');
  const minimumAwardWeekly = text.minimumAward.trim() === '' ? null : pounds('minimumAward', 'the smallest award a week', '1.00');
  let nonDependantDeductions: unknown = text.otherAdults === 'NOT_HELD' ? 'NOT_HELD' : [];
  if (text.otherAdults === 'BY_WORK') {
    const inWork = pounds('inWork', 'the deduction a week for another adult who works 16 hours or more', '10.00');
    const notInWork = pounds('notInWork', 'the deduction a week for another adult who does not', '5.00');
    nonDependantDeductions = { inWork: [{ fromWeeklyIncome: 0, deduction: inWork }], notInWork };
  }
  if (problems.length > 0) return { problems };
  const note = text.note.trim();
  return {
    scheme: {
      maximumSupport,
      bandCap: text.bandCap === '' ? null : text.bandCap,
      taper,
      incomeBands:
        text.reduction === 'BANDS'
          ? { period: text.bandPeriod, ...(text.bandMeasure === 'EXCESS_INCOME' ? { measure: 'EXCESS_INCOME' } : {}), tables }
          : null,
      income: {
        universalCredit: text.universalCredit,
        earnings: text.earnings,
        otherIncome: text.otherIncome,
        childMaintenance: text.childMaintenance,
        earningsDisregardWeekly: null,
      },
      capitalLimit,
      minimumAwardWeekly,
      nonDependantDeductions,
      protectedGroups: [],
      ...(note ? { note } : {}),
      readVia: 'Entered in the policy workbench from the council’s scheme document.',
    },
  };
}
