/**
 * Management information for an organisation admin (issue 20): aggregate figures only, never a person's data. A
 * count under SMALL_COUNT, and any figure worked out from fewer than SMALL_COUNT calculations, is suppressed: the API
 * gives it as `{ value: null, suppressed: true }` and the screen and the CSV show it as '<10', so no figure can point
 * at a handful of people.
 */

/** Counts below this are shown as '<10'. */
export const SMALL_COUNT = 10;
/** What a suppressed figure reads as on the screen and in the CSV. */
export const SUPPRESSED_TEXT = `<${SMALL_COUNT}`;
/** The longest period one request covers, in months. */
export const MOST_MONTHS = 24;

export type Figure = { value: number; suppressed: false } | { value: null; suppressed: true };

export const shown = (value: number): Figure => ({ value, suppressed: false });
export const SUPPRESSED: Figure = { value: null, suppressed: true };

/** A count: itself when at least SMALL_COUNT, otherwise suppressed (0 included: 'none' is a count under 10 too). */
export function countFigure(count: number): Figure {
  return count >= SMALL_COUNT ? shown(count) : SUPPRESSED;
}

/** A figure worked out from `basis` calculations: suppressed when they are fewer than SMALL_COUNT. */
export function derivedFigure(value: number, basis: number): Figure {
  return basis >= SMALL_COUNT ? shown(value) : SUPPRESSED;
}

/** One month's calculations. */
export interface MonthFigures {
  /** yyyy-mm. */
  month: string;
  /** Calculations started in the month. */
  started: Figure;
  /** Calculations finished in the month. */
  finished: Figure;
  /** Of those finished, how many found at least one benefit with an amount to claim. */
  foundSomething: Figure;
  /** foundSomething as a whole percentage of finished. */
  foundSomethingPercent: Figure;
}

/** One benefit across the period's finished calculations. */
export interface BenefitFigures {
  code: string;
  name: string;
  /** Finished calculations that found this benefit with an amount. */
  calculations: Figure;
  /** The estimated yearly entitlement found, in pence: each calculation's monthly amount times 12, added up. */
  yearlyPence: Figure;
}

/** One API key's calls on one day (UK date). */
export interface ApiKeyDayFigures {
  /** yyyy-mm-dd. */
  day: string;
  calls: Figure;
  refused: Figure;
}

export interface ApiKeyUsage {
  name: string;
  /** The key's first characters, as the key list shows them: never the key. */
  prefix: string;
  revoked: boolean;
  days: ApiKeyDayFigures[];
  totalCalls: Figure;
  totalRefused: Figure;
}

/** Whose calculations: the organisation's clients', or the public's in the partner portal the organisation runs. */
export const MANAGEMENT_INFORMATION_SCOPES = ['organisation', 'partner'] as const;
export type ManagementInformationScope = (typeof MANAGEMENT_INFORMATION_SCOPES)[number];

export interface ManagementInformationResponse {
  /** yyyy-mm, the first month covered. */
  from: string;
  /** yyyy-mm, the last month covered. */
  to: string;
  scope: ManagementInformationScope;
  /** The partner portal the organisation runs, whose figures `scope: 'partner'` gives; null when it runs none. */
  partner: { id: string; name: string } | null;
  months: MonthFigures[];
  /** The whole period. */
  totals: Omit<MonthFigures, 'month'>;
  benefits: BenefitFigures[];
  apiKeys: ApiKeyUsage[];
}

/** A figure as the screen and the CSV write it: '<10' when suppressed. */
export function figureText(figure: Figure, format: (value: number) => string = String): string {
  return figure.suppressed ? SUPPRESSED_TEXT : format(figure.value);
}

/** yyyy-mm of the month `count` months after `month` (before, when negative). */
export function addMonths(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The months from `from` to `to`, both yyyy-mm, in order. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  for (;;) {
    const text = `${year}-${String(month).padStart(2, '0')}`;
    if (text > to) return months;
    months.push(text);
    month += 1;
    if (month === 13) {
      month = 1;
      year += 1;
    }
  }
}
