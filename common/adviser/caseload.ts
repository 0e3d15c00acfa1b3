import { andList } from '../words.js';

/**
 * Caseload runs (issue 18): the wire shapes of `/api/adviser/caseload-runs` and what the caseload screen reads.
 * Money is whole pence, weekly and monthly, as the engine works it out; the screen and the CSV write pounds.
 */

export const CASELOAD_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type CaseloadRunStatus = (typeof CASELOAD_RUN_STATUSES)[number];

/** Why a client's latest calculation could not be recalculated. */
export const CASELOAD_PROBLEMS = ['not-finished', 'needs-answers', 'rates-not-held', 'error'] as const;
export type CaseloadProblem = (typeof CASELOAD_PROBLEMS)[number];

/** What the screen and the CSV say for each problem, in plain English. */
export const CASELOAD_PROBLEM_TEXT: Record<CaseloadProblem, string> = {
  'not-finished': 'The latest calculation is not finished.',
  'needs-answers': 'The latest calculation has answers that need changing or giving.',
  'rates-not-held': 'The rates for one of the dates are not held.',
  error: 'Something went wrong recalculating this client.',
};

export interface CaseloadRunSummary {
  id: string;
  /** The date the calculations are recalculated at, yyyy-mm-dd. */
  atDate: string;
  status: CaseloadRunStatus;
  /** The rules version the run was worked out with ('2027-28+cs7'); '' for runs from before it was recorded. */
  rulesVersion: string;
  /**
   * Set when that version holds rates published to take effect after today (next April's, announced ahead): the
   * figures are provisional until `inForceFrom`, yyyy-mm-dd; or a change set approved but not yet published, which
   * has no date yet (`approvedNotPublished`). Null when every rate used is in force today.
   */
  provisional: {
    inForceFrom: string | null;
    approvedNotPublished: { changeSet: number; title: string } | null;
  } | null;
  /** Clients with a calculation to recalculate, once the job has counted them (0 while queued). */
  total: number;
  /** Clients worked through so far, including those that could not be recalculated. */
  done: number;
  /** Clients that could not be recalculated. */
  failed: number;
  /** ISO date-times. */
  createdAt: string;
  finishedAt: string | null;
}

export interface CaseloadAmounts {
  beforeWeeklyPence: number;
  beforeMonthlyPence: number;
  afterWeeklyPence: number;
  afterMonthlyPence: number;
  /**
   * A benefit's amount shown at one of the two dates only (Council Tax Reduction on a date whose Band D the council has
   * not set yet, say): its change is not known, and the total leaves it out at both dates. The other side counts 0.
   */
  notKnown?: boolean;
}

export interface CaseloadClientRow {
  clientGuid: string;
  displayName: string;
  /** The calculation recalculated: the client's latest. */
  session: string;
  /** The day that calculation was last saved: its 'before' figures are worked out on this date. yyyy-mm-dd. */
  savedOn: string;
  problem: CaseloadProblem | null;
  /** Each benefit paid before or after, by benefit code; a benefit not paid at one of the dates counts 0 there. */
  benefits: Record<string, CaseloadAmounts>;
  /** The benefit total of the household's system (Universal Credit, or pension age); null with a problem. */
  total: CaseloadAmounts | null;
}

export interface CaseloadRunResponse {
  run: CaseloadRunSummary;
  /** The columns: every benefit any client gets before or after, in the engine's order. */
  benefits: { code: string; name: string }[];
  /** Every client of the run, once it is done; empty until then. */
  clients: CaseloadClientRow[];
}

export interface CaseloadRunsResponse {
  /** The date the screen offers first: the next 6 April when its rates are held, else the last date they cover. */
  defaultDate: string;
  /** The dates a run may ask for, yyyy-mm-dd. */
  ratesHeldFrom: string;
  ratesHeldUntil: string;
  /** The organisation's latest runs, newest first. */
  runs: CaseloadRunSummary[];
  /**
   * Change sets the policy team has approved but not yet published (next April's rates, announced), latest first: a
   * run can be worked out with one, its figures marked provisional. Each with the dates a run with it may ask for.
   */
  changeSets: CaseloadChangeSetChoice[];
}

export interface CaseloadChangeSetChoice {
  id: number;
  title: string;
  /** The date to offer with it, and the last date a run with it may ask for, yyyy-mm-dd. */
  defaultDate: string;
  ratesHeldUntil: string;
}

export interface StartCaseloadRunResponse {
  run: CaseloadRunSummary;
}

/** The benefits a client's figures do not know the change of, by code. */
export function notKnownCodes(row: Pick<CaseloadClientRow, 'benefits'>): string[] {
  return Object.entries(row.benefits)
    .filter(([, amounts]) => amounts.notKnown)
    .map(([code]) => code);
}

/**
 * What a client's row says of the benefits whose change is not known, in words ('' when none): Council Tax Reduction
 * on a date whose Band D the council has not set yet, say.
 */
export function notKnownNote(row: Pick<CaseloadClientRow, 'benefits'>, benefits: readonly { code: string; name: string }[]): string {
  const names = notKnownCodes(row).map((code) => benefits.find((benefit) => benefit.code === code)?.name ?? code);
  if (names.length === 0) return '';
  return `${andList(names)} cannot be worked out at one of the dates (for Council Tax Reduction, usually because the council has not set its Band D for the year yet), so the totals leave ${names.length === 1 ? 'it' : 'them'} out.`;
}

/** The change of one amount, after minus before. */
export function changeOf(amounts: CaseloadAmounts, period: 'weekly' | 'monthly'): number {
  return period === 'weekly'
    ? amounts.afterWeeklyPence - amounts.beforeWeeklyPence
    : amounts.afterMonthlyPence - amounts.beforeMonthlyPence;
}
