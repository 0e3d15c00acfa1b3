import type { Figure } from '../disclosure-control.js';

/**
 * Management information for an organisation admin (issue 20): aggregate figures only, never a person's data. Every
 * figure of calculations goes through the disclosure control (common/disclosure-control.ts): a count of 1 to 9 reads
 * 'fewer than 10' and 0 reads 0; other counts are rounded to a multiple of 5 and money to a multiple of £10,000; money
 * from fewer than 10 calculations is withheld; and a figure that, with the others, would give a withheld one back is
 * withheld too. The periods are fixed: calendar months, and their total only over a fixed year (April to March), so no
 * two answers overlap in a way whose difference is one person.
 */

/** Whose calculations: the organisation's clients', or the public's in the partner portal the organisation runs. */
export const MANAGEMENT_INFORMATION_SCOPES = ['organisation', 'partner'] as const;
export type ManagementInformationScope = (typeof MANAGEMENT_INFORMATION_SCOPES)[number];

/** A year as the API takes it: April to March, written '2026-27'. */
export const YEAR_PATTERN = /^\d{4}-\d{2}$/;

/** Whether `text` is a year written '2026-27' (the second part the year after the first). */
export function isYear(text: string): boolean {
  if (!YEAR_PATTERN.test(text)) return false;
  const first = Number(text.slice(0, 4));
  return Number(text.slice(5, 7)) === (first + 1) % 100;
}

/** The year (April to March) a month (yyyy-mm) is in: '2026-11' is in '2026-27', '2027-03' too. */
export function yearOf(month: string): string {
  const calendarYear = Number(month.slice(0, 4));
  const first = Number(month.slice(5, 7)) >= 4 ? calendarYear : calendarYear - 1;
  return `${first}-${String((first + 1) % 100).padStart(2, '0')}`;
}

/** The twelve months of a year, April to March, each yyyy-mm. */
export function monthsOfYear(year: string): string[] {
  const first = `${year.slice(0, 4)}-04`;
  return Array.from({ length: 12 }, (_, index) => addMonths(first, index));
}

/** The year before: '2026-27' gives '2025-26'. */
export function yearBefore(year: string): string {
  return yearOf(addMonths(`${year.slice(0, 4)}-04`, -12));
}

/** One month's calculations, or the whole year's. */
export interface PeriodFigures {
  /** Calculations started. */
  started: Figure;
  /** Calculations finished. */
  finished: Figure;
  /** Of those finished, how many found at least one benefit with an amount to claim. */
  foundSomething: Figure;
  /** foundSomething as a whole percentage of finished, from the published figures; null when none finished. */
  foundSomethingPercent: Figure | null;
}

export interface MonthFigures extends PeriodFigures {
  /** yyyy-mm. */
  month: string;
}

/** One benefit across the year's finished calculations. */
export interface BenefitFigures {
  code: string;
  name: string;
  /** Finished calculations that found this benefit with an amount. */
  calculations: Figure;
  /** The estimated yearly entitlement found, in pence: each calculation's monthly amount times 12, added up. */
  yearlyPence: Figure;
}

/**
 * One API key's calls on one day (UK date). Exact: they count the organisation's own calls, not people, and the key
 * list already shows today's.
 */
export interface ApiKeyDayUsage {
  /** yyyy-mm-dd. */
  day: string;
  calls: number;
  refused: number;
}

export interface ApiKeyUsage {
  name: string;
  /** The key's first characters, as the key list shows them: never the key. */
  prefix: string;
  revoked: boolean;
  days: ApiKeyDayUsage[];
  totalCalls: number;
  totalRefused: number;
}

export interface ManagementInformationResponse {
  /** The year, April to March, written '2026-27'. */
  year: string;
  /** yyyy-mm, its first month (April). */
  from: string;
  /** yyyy-mm, its last month (March). */
  to: string;
  scope: ManagementInformationScope;
  /** The partner portal the organisation runs, whose figures `scope: 'partner'` gives; null when it runs none. */
  partner: { id: string; name: string } | null;
  /** The twelve months, April to March. */
  months: MonthFigures[];
  /** The whole year. */
  totals: PeriodFigures;
  /** Every benefit the calculator works out, in its order. */
  benefits: BenefitFigures[];
  apiKeys: ApiKeyUsage[];
}

/** yyyy-mm of the month `count` months after `month` (before, when negative). */
export function addMonths(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
