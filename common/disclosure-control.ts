/**
 * The disclosure control of every aggregate of real calculations (management information, and the policy impact over
 * the calculations kept): the methods statistics offices use for tables, so that no figure, and no difference between
 * figures, gives away one household. docs/privacy.md, 'Aggregates: the disclosure control', describes it for readers.
 *
 * 1. Threshold: a count of 1 to 9 households is not shown; money, and anything else worked out from fewer than 10
 *    households, is withheld. Where the asker chooses who is counted (a draft's impact), a count of 0 is withheld too,
 *    since "none" against "a few" would tell whether one person is in the group.
 * 2. Cell key perturbation (the ONS cell key method): each calculation has a random record key, stored with it and
 *    never shown; a cell's key is the sum of its records' keys. Every random choice below is drawn from the cell key,
 *    so the same households give the same figure however and however often they are asked for, and a cell that differs
 *    by one household draws afresh.
 * 3. Rounding: counts to a multiple of 5 and money to a multiple of £10,000 a year, up or down at random (unbiased:
 *    Statistics New Zealand's fixed random rounding), the choice drawn from the cell key. Money is first moved by up to
 *    the size of the cell's largest single contribution (the magnitude perturbation of ABS TableBuilder), so that even a
 *    household whose change is larger than the base is not read off a difference.
 * 4. Secondary suppression: a table's sums (months to a year, parts to a total, and figures left unpublished, such as
 *    those who found nothing) are checked as linear equations; while a withheld figure could be worked out from the
 *    published ones, the smallest published figure in the equations nearest it is withheld too.
 *
 * Plain TypeScript, no framework and no Node built-in: the API and the web app share it.
 */

export const DISCLOSURE_CONTROL = {
  /** Households: a count below this is not shown, and nothing is worked out from fewer. */
  threshold: 10,
  /** Counts are published as a multiple of this. */
  countBase: 5,
  /** Money is published as a multiple of this, in pence: £10,000 a year. */
  moneyBasePence: 1_000_000,
  /** Money is moved by up to this share of the cell's largest single contribution before rounding. */
  largestContributionShare: 1,
} as const;

/**
 * Why a figure is not shown: a count of 1 to 9 ('fewer-than-10'); money, a share or (where 0 would tell) a count from
 * fewer than 10 households ('too-few'); or a figure that, with the others, would give a withheld one back
 * ('would-reveal-another').
 */
export const WITHHELD_REASONS = ['fewer-than-10', 'too-few', 'would-reveal-another'] as const;
export type WithheldReason = (typeof WITHHELD_REASONS)[number];

/** A published figure: its value after rounding, or why it is withheld. */
export type Figure = { value: number; withheld: null } | { value: null; withheld: WithheldReason };

/** How each reason reads on a screen and in a CSV: 'fewer than 10' only ever for a count of 1 to 9. */
export const WITHHELD_TEXT: Record<WithheldReason, string> = {
  'fewer-than-10': 'fewer than 10',
  'too-few': 'withheld: too few',
  'would-reveal-another': 'withheld: would reveal another figure',
};

/** A figure as text: its value in `format`, or why it is withheld. */
export function figureText(figure: Figure, format: (value: number) => string = String): string {
  return figure.withheld === null ? format(figure.value) : WITHHELD_TEXT[figure.withheld];
}

export const shownFigure = (value: number): Figure => ({ value, withheld: null });
export const withheldFigure = (withheld: WithheldReason): Figure => ({ value: null, withheld });

/**
 * Whether a count of 0 is shown as 0 ('shown': the asker does not choose who is counted, as in management
 * information) or withheld with 1 to 9 ('withheld': the asker chooses the group, as a draft's impact does).
 */
export type Zeros = 'shown' | 'withheld';

/** The households of one cell: how many, their keys' sum, and (for money) their contributions. */
export class Cell {
  count = 0;
  /** The sum of the records' keys, modulo 2^32. */
  key = 0;
  totalPence = 0;
  /** The largest contribution, whatever its sign, in pence. */
  largestPence = 0;

  /** Adds one household with its record key and, for a cell of money, what it contributes in pence. */
  add(recordKey: number, pence = 0): this {
    this.count += 1;
    this.key = (this.key + (recordKey >>> 0)) >>> 0;
    this.totalPence += pence;
    this.largestPence = Math.max(this.largestPence, Math.abs(pence));
    return this;
  }
}

/** A 32-bit integer hash (Chris Wellons' lowbias32): neighbouring keys give unrelated values. */
function mix32(value: number): number {
  let x = value >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** The separate random choices one cell key makes, so that they are not the same number. */
const DRAWS = { countRounding: 0x9e3779b9, moneyPerturbation: 0x85ebca6b, moneyRounding: 0xc2b2ae35 } as const;

/** A number in [0, 1) drawn from a cell key: the same key always draws the same number. */
export function drawFromCellKey(cellKey: number, draw: keyof typeof DRAWS): number {
  return mix32(mix32((cellKey ^ DRAWS[draw]) >>> 0) + DRAWS[draw]) / 2 ** 32;
}

/**
 * `value` rounded to a multiple of `base`, up with a chance equal to how far it is past the multiple below (so the
 * rounding adds nothing on average), the chance decided by `draw` in [0, 1).
 */
export function randomRound(value: number, base: number, draw: number): number {
  const below = Math.floor(value / base) * base;
  const past = value - below;
  return past > 0 && draw < past / base ? below + base : below;
}

/** A count of households, controlled: see the module's comment. */
export function countFigure(cell: Cell, zeros: Zeros): Figure {
  const { threshold, countBase } = DISCLOSURE_CONTROL;
  if (cell.count === 0) return zeros === 'shown' ? shownFigure(0) : withheldFigure('too-few');
  if (cell.count < threshold) return withheldFigure(zeros === 'shown' ? 'fewer-than-10' : 'too-few');
  // A multiple of 5 that is at least 10, since the count is.
  return shownFigure(randomRound(cell.count, countBase, drawFromCellKey(cell.key, 'countRounding')));
}

/**
 * Money over the cell's households (each added with what it contributes, those contributing nothing left out),
 * controlled: withheld from fewer than 10 households; otherwise moved by up to the largest contribution and rounded to
 * a multiple of £10,000, both drawn from the cell key. With no household at all it is 0, or withheld as a count of
 * 0 would be.
 */
export function moneyFigure(cell: Cell, zeros: Zeros): Figure {
  const { threshold, moneyBasePence, largestContributionShare } = DISCLOSURE_CONTROL;
  if (cell.count === 0 && zeros === 'shown') return shownFigure(0);
  if (cell.count < threshold) return withheldFigure('too-few');
  const moved = Math.round(cell.largestPence * largestContributionShare * (2 * drawFromCellKey(cell.key, 'moneyPerturbation') - 1));
  const value = randomRound(cell.totalPence + moved, moneyBasePence, drawFromCellKey(cell.key, 'moneyRounding'));
  return shownFigure(value === 0 ? 0 : value); // never -0
}

/**
 * A whole percentage of `whole` that `part` is, worked out from the published figures only (so it tells nothing
 * they do not), at most 100; null when the whole is 0 (no share to give).
 */
export function shareFigure(part: Figure, whole: Figure): Figure | null {
  if (whole.withheld === null && whole.value === 0) return null;
  if (part.withheld === 'would-reveal-another' || whole.withheld === 'would-reveal-another') return withheldFigure('would-reveal-another');
  if (part.withheld !== null || whole.withheld !== null) return withheldFigure('too-few');
  return shownFigure(Math.min(100, Math.round((100 * part.value) / whole.value)));
}

interface Slot {
  /** The true value: a count, or pence. */
  truth: number;
  /** Withheld by the threshold (what secondary suppression protects). */
  sensitive: boolean;
  /** The published figure; null for a figure that is never published but follows from others (e.g. those who found nothing). */
  figure: Figure | null;
}

/** A handle of a figure in a DisclosureTable. */
export type FigureHandle = number;

/**
 * One table of figures and the sums that tie them: `count`, `money` and `unpublished` add figures, `sum` says that
 * one is the sum of others, `protect` applies secondary suppression, and `figure` reads each out. Counts and money go
 * in separate sums.
 */
export class DisclosureTable {
  private readonly slots: Slot[] = [];
  private readonly sums: { total: FigureHandle; parts: FigureHandle[] }[] = [];
  private protectedAlready = false;

  count(cell: Cell, zeros: Zeros): FigureHandle {
    const figure = countFigure(cell, zeros);
    return this.push({ truth: cell.count, sensitive: figure.withheld !== null, figure });
  }

  money(cell: Cell, zeros: Zeros): FigureHandle {
    const figure = moneyFigure(cell, zeros);
    return this.push({ truth: cell.totalPence, sensitive: figure.withheld !== null, figure });
  }

  /**
   * A count that is not published but follows from published ones (finished minus those that found something): never
   * known to a reader, and sensitive from 1 to 9, or from 0 to 9 where zeros are withheld.
   */
  unpublished(count: number, zeros: Zeros): FigureHandle {
    const sensitive = count < DISCLOSURE_CONTROL.threshold && (count > 0 || zeros === 'withheld');
    return this.push({ truth: count, sensitive, figure: null });
  }

  /** `total` is the sum of `parts`. */
  sum(total: FigureHandle, parts: FigureHandle[]): void {
    this.sums.push({ total, parts });
  }

  figure(handle: FigureHandle): Figure {
    if (!this.protectedAlready) throw new Error('Call protect() before reading a figure.');
    const { figure } = this.slots[handle]!;
    if (!figure) throw new Error('An unpublished figure has no figure to read.');
    return figure;
  }

  /**
   * Secondary suppression. Unknown to a reader: every figure withheld or never published (a 0 is withheld only where
   * zeros are, and there it is as unknown as 1 to 9, so none and a few leave the same figures withheld). While a
   * sensitive unknown (withheld by the threshold, or never published and under 10) can be worked out from the sums,
   * i.e. lies in the span of the sums' rows over the unknowns, the smallest published figure other than 0 in the sums
   * nearest it is withheld as well.
   */
  protect(): this {
    this.protectedAlready = true;
    for (;;) {
      const exposed = this.firstExposed();
      if (exposed === null) return this;
      const candidates = this.nearestPublished(exposed);
      if (candidates.length === 0) throw new Error('A withheld figure follows from figures that are all 0: the sums are wrong.');
      const smallest = candidates.reduce((best, handle) =>
        Math.abs(this.slots[handle]!.truth) < Math.abs(this.slots[best]!.truth) ? handle : best,
      );
      this.slots[smallest]!.figure = withheldFigure('would-reveal-another');
    }
  }

  /**
   * The published figures that are not 0 in the sums nearest a figure: those with it; if none, those sharing a figure
   * with them, and so on out (a figure can follow from sums it is not in, through one that links them).
   */
  private nearestPublished(handle: FigureHandle): FigureHandle[] {
    const reached = new Set<FigureHandle>([handle]);
    const used = new Set<number>();
    for (;;) {
      const next = this.sums.flatMap((sum, index) =>
        !used.has(index) && [sum.total, ...sum.parts].some((member) => reached.has(member)) ? [index] : [],
      );
      if (next.length === 0) return [];
      for (const index of next) used.add(index);
      // Parts before totals, so that of two equal figures the total (the more useful) stays.
      const members = next.flatMap((index) => [...this.sums[index]!.parts, this.sums[index]!.total]);
      const candidates = members.filter((member) => this.isPublished(member) && this.slots[member]!.truth !== 0);
      if (candidates.length > 0) return candidates;
      for (const member of members) reached.add(member);
    }
  }

  private push(slot: Slot): FigureHandle {
    this.slots.push(slot);
    return this.slots.length - 1;
  }

  private isPublished(handle: FigureHandle): boolean {
    return this.slots[handle]!.figure?.withheld === null;
  }

  /** The first sensitive unknown the sums determine, or null when none is. */
  private firstExposed(): FigureHandle | null {
    const unknowns = this.slots.flatMap((_, handle) => (this.isPublished(handle) ? [] : [handle]));
    if (unknowns.length === 0) return null;
    const column = new Map(unknowns.map((handle, index) => [handle, index]));
    const rows = this.sums.map(({ total, parts }) => {
      const row = new Array<number>(unknowns.length).fill(0);
      const add = (handle: FigureHandle, coefficient: number) => {
        const index = column.get(handle);
        if (index !== undefined) row[index]! += coefficient;
      };
      add(total, 1);
      for (const part of parts) add(part, -1);
      return row;
    });
    const basis = reducedRowEchelon(rows);
    for (const handle of unknowns) {
      if (!this.slots[handle]!.sensitive) continue;
      const unit = new Array<number>(unknowns.length).fill(0);
      unit[column.get(handle)!] = 1;
      if (inRowSpace(basis, unit)) return handle;
    }
    return null;
  }
}

const EPSILON = 1e-9;

/** The non-zero rows of the reduced row echelon form, each with its pivot column. */
function reducedRowEchelon(input: number[][]): { row: number[]; pivot: number }[] {
  const rows = input.map((row) => [...row]);
  const basis: { row: number[]; pivot: number }[] = [];
  const width = rows[0]?.length ?? 0;
  let next = 0;
  for (let column = 0; column < width && next < rows.length; column++) {
    let best = next;
    for (let index = next + 1; index < rows.length; index++)
      if (Math.abs(rows[index]![column]!) > Math.abs(rows[best]![column]!)) best = index;
    if (Math.abs(rows[best]![column]!) < EPSILON) continue;
    [rows[next], rows[best]] = [rows[best]!, rows[next]!];
    const pivotRow = rows[next]!;
    const pivotValue = pivotRow[column]!;
    for (let index = 0; index < width; index++) pivotRow[index]! /= pivotValue;
    for (let index = 0; index < rows.length; index++) {
      if (index === next) continue;
      const factor = rows[index]![column]!;
      if (Math.abs(factor) < EPSILON) continue;
      for (let cell = 0; cell < width; cell++) rows[index]![cell]! -= factor * pivotRow[cell]!;
    }
    basis.push({ row: pivotRow, pivot: column });
    next++;
  }
  return basis;
}

/** Whether `vector` is a combination of the basis rows: in reduced form, its pivot entries say which. */
function inRowSpace(basis: { row: number[]; pivot: number }[], vector: number[]): boolean {
  const rest = [...vector];
  for (const { row, pivot } of basis) {
    const factor = rest[pivot]!;
    if (Math.abs(factor) < EPSILON) continue;
    for (let index = 0; index < rest.length; index++) rest[index]! -= factor * row[index]!;
  }
  return rest.every((value) => Math.abs(value) < EPSILON);
}
