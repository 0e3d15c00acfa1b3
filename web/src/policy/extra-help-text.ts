/**
 * An extra-help item's words as a policy officer reads and writes them: a rate the text shows (held in the file as
 * `{{parameter <name>}}`, filled in with the rate in force when the result is shown) appears as its label in square
 * brackets, [Healthy Start: a child under this age], and is put back by that label when the item is saved.
 */

const IN_FILE = /\{\{\s*parameter\s+([a-z][a-z0-9_]*(?:\/[a-z][a-z0-9_]*)*)\s*\}\}/g;
const IN_WORDS = /\[([^[\]]+)\]/g;

export interface RateLabels {
  /** A rate's label by its name. */
  labelOf: ReadonlyMap<string, string>;
}

/** The text with each rate shown by its label (a rate without one keeps its place as it is). */
export function textInWords(text: string, labelOf: ReadonlyMap<string, string>): string {
  return text.replace(IN_FILE, (whole, name: string) => {
    const label = labelOf.get(name);
    return label ? `[${label}]` : whole;
  });
}

/** The text as the file holds it: each [label] of a rate back to its place; other brackets are left as typed. */
export function textForFile(text: string, labelOf: ReadonlyMap<string, string>): string {
  const nameOf = new Map<string, string>();
  // A label two rates share is not put back: it would be a guess which one was meant.
  const shared = new Set<string>();
  for (const [name, label] of labelOf) {
    if (nameOf.has(label)) shared.add(label);
    nameOf.set(label, name);
  }
  return text.replace(IN_WORDS, (whole, label: string) => {
    const name = shared.has(label.trim()) ? undefined : nameOf.get(label.trim());
    return name ? `{{parameter ${name}}}` : whole;
  });
}
