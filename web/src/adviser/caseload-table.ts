import { changeOf, type CaseloadClientRow } from '../../../common/adviser/caseload';
import type { Period } from '../result/money';

/**
 * The caseload table's order and the chart's bands, as plain functions so they are tested without a browser.
 * Amounts are pence; a client that could not be recalculated has no figures and always comes last.
 */

export type SortColumn = 'client' | 'total' | { benefit: string };
export type SortDirection = 'ascending' | 'descending';
export interface SortOrder {
  column: SortColumn;
  direction: SortDirection;
}

export const DEFAULT_ORDER: SortOrder = { column: 'total', direction: 'ascending' };

export function isSameColumn(a: SortColumn, b: SortColumn): boolean {
  return typeof a === 'string' || typeof b === 'string' ? a === b : a.benefit === b.benefit;
}

/**
 * A column's change for a client, or null when the client has no figures or the benefit's change is not known. A
 * benefit the client never gets is 0.
 */
export function columnChange(row: CaseloadClientRow, column: SortColumn, period: Period): number | null {
  if (!row.total) return null;
  if (column === 'total') return changeOf(row.total, period);
  if (column === 'client') return null;
  const amounts = row.benefits[column.benefit];
  // Worked out at one date only: no change to sort by, as for a client with no figures.
  if (amounts?.notKnown) return null;
  return amounts ? changeOf(amounts, period) : 0;
}

export function sortedRows(rows: readonly CaseloadClientRow[], order: SortOrder, period: Period): CaseloadClientRow[] {
  const sign = order.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (order.column === 'client') return sign * a.displayName.localeCompare(b.displayName, 'en-GB', { sensitivity: 'base' });
    const left = columnChange(a, order.column, period);
    const right = columnChange(b, order.column, period);
    if (left === null || right === null) return (left === null ? 1 : 0) - (right === null ? 1 : 0);
    return sign * (left - right) || a.displayName.localeCompare(b.displayName, 'en-GB');
  });
}

/** Clicking a column's heading: sorted by it ascending, then the other way each click. */
export function nextOrder(current: SortOrder, column: SortColumn): SortOrder {
  if (isSameColumn(current.column, column)) {
    return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { column, direction: 'ascending' };
}

/** The chart's bands of total change, in pence: a week's £5 and £20, or a month's £20 and £80. */
export function changeBands(period: Period): { label: string; test(pence: number): boolean; kind: 'lose' | 'same' | 'gain' }[] {
  const [small, large] = period === 'weekly' ? [500, 2000] : [2000, 8000];
  const pounds = (pence: number) => `£${pence / 100}`;
  return [
    { label: `Lose more than ${pounds(large)}`, kind: 'lose', test: (change) => change < -large },
    { label: `Lose ${pounds(small)} to ${pounds(large)}`, kind: 'lose', test: (change) => change >= -large && change < -small },
    { label: `Lose up to ${pounds(small)}`, kind: 'lose', test: (change) => change >= -small && change < 0 },
    { label: 'No change', kind: 'same', test: (change) => change === 0 },
    { label: `Gain up to ${pounds(small)}`, kind: 'gain', test: (change) => change > 0 && change <= small },
    { label: `Gain ${pounds(small)} to ${pounds(large)}`, kind: 'gain', test: (change) => change > small && change <= large },
    { label: `Gain more than ${pounds(large)}`, kind: 'gain', test: (change) => change > large },
  ];
}

/** How many clients fall in each band of total change. */
export function bandCounts(rows: readonly CaseloadClientRow[], period: Period): { label: string; kind: string; count: number }[] {
  const changes = rows.flatMap((row) => (row.total ? [changeOf(row.total, period)] : []));
  return changeBands(period).map((band) => ({
    label: band.label,
    kind: band.kind,
    count: changes.filter((change) => band.test(change)).length,
  }));
}

/** 'gain', 'lose' or 'same' counts, for the summary sentence. */
export function gainersAndLosers(
  rows: readonly CaseloadClientRow[],
  period: Period,
): { gain: number; lose: number; same: number; none: number } {
  const counts = { gain: 0, lose: 0, same: 0, none: 0 };
  for (const row of rows) {
    if (!row.total) counts.none += 1;
    else {
      const change = changeOf(row.total, period);
      counts[change > 0 ? 'gain' : change < 0 ? 'lose' : 'same'] += 1;
    }
  }
  return counts;
}
