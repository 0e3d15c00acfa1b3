import { parsePence } from '../../../common/money';

/**
 * The workbench's form for a council's working-age Council Tax Reduction scheme (issue 30, point 3), read into the
 * year's entry of the council's scheme file (definitions/schemas/council-tax-scheme.schema.json, SchemeValue). The
 * form asks for a taper scheme, the kind most councils use: a share of the bill at most, a share of income above
 * the applicable amount taken off, what counts as income, a capital limit, a smallest award and the deductions for
 * other adults. The server checks the entry as the loader checks the files.
 */

export interface CouncilSchemeText {
  maximumSupport: string;
  bandCap: string;
  taper: string;
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

/** A form field's problem: its name in the form (as the ids end), and what to do. */
export interface SchemeProblem {
  field: keyof CouncilSchemeText;
  message: string;
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
  const taper = share('taper', 'the share of income above the applicable amount taken off');
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
      incomeBands: null,
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
