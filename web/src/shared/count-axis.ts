/**
 * The axis of a chart that counts people or households: whole numbers, round steps (1, 2 or 5 times a power of ten)
 * and at most five of them above zero, so that 7,343 households are drawn against 0, 2,000, 4,000, 6,000 and 8,000
 * rather than against steps of 1,469.
 */
export interface CountAxis {
  max: number;
  tickAmount: number;
}

const MOST_STEPS = 5;

export function countAxis(largest: number): CountAxis {
  const top = Math.max(1, Math.ceil(largest));
  if (top <= MOST_STEPS) return { max: top, tickAmount: top };
  const power = 10 ** Math.floor(Math.log10(top / MOST_STEPS));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => Math.ceil(top / candidate) <= MOST_STEPS)!;
  const steps = Math.ceil(top / step);
  return { max: steps * step, tickAmount: steps };
}

/** A count as an axis label: whole, with a comma for thousands (12,500). */
export function countLabel(value: number): string {
  return Math.round(value).toLocaleString('en-GB');
}

/**
 * A band's label in two short lines, so that it is read whole under a narrow column: what it is, then 'a month less'
 * or 'a month more' ('£100 or more' over 'a month less'); a label that says neither is split after its comma.
 */
export function chartLabelLines(label: string): string[] {
  const at = label.search(/ a month (less|more)$/);
  if (at > 0) return [label.slice(0, at), label.slice(at + 1)];
  const comma = label.indexOf(', ');
  return comma > 0 ? [label.slice(0, comma + 1), label.slice(comma + 2)] : [label];
}
