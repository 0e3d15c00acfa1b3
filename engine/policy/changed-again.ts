import type { PolicyEdit } from '../../common/policy/model.js';

/**
 * What an edit sets, as a key per thing set: two edits with a key in common set the same thing (the same rate from
 * the same day, the same rule, the same council's Band D for the same year...), so the later one changes again what
 * the earlier one set.
 */
export function thingsSet(edit: PolicyEdit): string[] {
  switch (edit.kind) {
    case 'parameter-value':
      return [`value ${edit.parameter} ${edit.from}`];
    case 'rates-held':
      return ['rates held'];
    case 'lha-rates-held':
      return [`lha held ${edit.scheme}`];
    case 'lha-rates':
      return [`lha ${edit.scheme} ${edit.area} ${edit.from}`];
    case 'lha-council-areas':
      return [`lha council ${edit.authority}`];
    case 'ctr-scheme':
      return [`ctr scheme ${edit.authority} ${edit.year}`];
    case 'band-d':
      return edit.figures.map(({ authority }) => `band d ${edit.year} ${authority}`);
    case 'rule':
      return [`rule ${edit.ruleset} ${edit.rule}`];
    case 'question':
      return [`question ${edit.page} ${edit.question}`];
    case 'extra-help-item':
      return [`extra help ${edit.category} ${String(edit.item.name)}`];
    case 'case':
      return [`case ${edit.ruleset} ${edit.case.name}`];
  }
}

export interface PublishedSetOutline {
  id: number;
  /** The order it was published in. */
  seq: number;
  title: string;
  edits: readonly PolicyEdit[];
}

/**
 * The published change sets that set again something this one set (published after it: `changedAgainBy`), and those
 * whose settings this one sets again (published before it: `changesAgain`), so each shows the link to the other.
 */
export function changedAgainLinks(
  set: Pick<PublishedSetOutline, 'id' | 'seq' | 'edits'>,
  published: readonly PublishedSetOutline[],
): { changedAgainBy: { id: number; title: string }[]; changesAgain: { id: number; title: string }[] } {
  const own = new Set(set.edits.flatMap(thingsSet));
  const overlapping = published.filter(
    (other) => other.id !== set.id && other.edits.some((edit) => thingsSet(edit).some((thing) => own.has(thing))),
  );
  const outline = ({ id, title }: PublishedSetOutline) => ({ id, title });
  return {
    changedAgainBy: overlapping
      .filter((other) => other.seq > set.seq)
      .sort((a, b) => a.seq - b.seq)
      .map(outline),
    changesAgain: overlapping
      .filter((other) => other.seq < set.seq)
      .sort((a, b) => a.seq - b.seq)
      .map(outline),
  };
}
