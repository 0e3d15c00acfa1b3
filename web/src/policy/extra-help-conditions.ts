// With its extension: test/policy/ reads this file under Node's module resolution too.
import { formatAmount, parsePence } from '../../../common/money.js';
import { isObject, type Json } from './json-object.js';

/**
 * An extra-help item's condition (json-rules-engine's, over the extra-help facts) as the workbench's form shows it
 * (issue 30, point 3): 'all' or 'any' of rows, each a fact compared with a value typed or a rate, or a group of such
 * rows, groups within groups to MAX_DEPTH levels. A condition that is one fact is read as 'all' of it. A text fact
 * can be one of several values ('in', 'notIn'). Anything else (a fact's path, 'not') is kept as it is, and the form
 * says so.
 */

export type Join = 'all' | 'any';
export type FactType = 'boolean' | 'number' | 'string';
export type Comparison = 'yes' | 'no' | 'atLeast' | 'atMost' | 'moreThan' | 'lessThan' | 'is' | 'isNot' | 'isOneOf' | 'isNoneOf';

/** The comparisons of a text fact with several values at once: the row's value holds them, joined by commas. */
export const LIST_COMPARISONS: readonly Comparison[] = ['isOneOf', 'isNoneOf'];

/** A fact the form offers: its name, type and words; money in pounds where it holds pence. */
export interface FactOffered {
  name: string;
  type: FactType;
  label: string;
  pounds: boolean;
  values: { value: string; text: string }[] | null;
}

export interface FactRow {
  kind: 'fact';
  fact: string;
  comparison: Comparison;
  /** The value typed (pounds for money), a text fact's code, or its codes joined by commas ('is one of'). */
  value: string;
  /** A rate's name to compare with instead of a value typed; '' for a value typed. */
  rate: string;
  /** Why the condition is there, in a sentence (the condition's `source`); '' for none. */
  why: string;
}

export interface GroupRow {
  kind: 'group';
  join: Join;
  rows: (FactRow | GroupRow)[];
}

export interface ConditionForm {
  join: Join;
  rows: (FactRow | GroupRow)[];
}

export const COMPARISONS: Record<FactType, { value: Comparison; text: string }[]> = {
  boolean: [
    { value: 'yes', text: 'is yes' },
    { value: 'no', text: 'is no' },
  ],
  number: [
    { value: 'atLeast', text: 'is at least' },
    { value: 'atMost', text: 'is at most' },
    { value: 'moreThan', text: 'is more than' },
    { value: 'lessThan', text: 'is less than' },
    { value: 'is', text: 'is exactly' },
  ],
  string: [
    { value: 'is', text: 'is' },
    { value: 'isNot', text: 'is not' },
    { value: 'isOneOf', text: 'is one of' },
    { value: 'isNoneOf', text: 'is none of' },
  ],
};

const OPERATORS: Record<Exclude<Comparison, 'yes' | 'no'>, string> = {
  atLeast: 'greaterThanInclusive',
  atMost: 'lessThanInclusive',
  moreThan: 'greaterThan',
  lessThan: 'lessThan',
  is: 'equal',
  isNot: 'notEqual',
  isOneOf: 'in',
  isNoneOf: 'notIn',
};

export function newFactRow(fact: FactOffered): FactRow {
  return {
    kind: 'fact',
    fact: fact.name,
    comparison: COMPARISONS[fact.type][0]!.value,
    value: fact.values?.[0]?.value ?? '',
    rate: '',
    why: '',
  };
}

function joinOf(condition: Json): { join: Join; list: unknown[] } | null {
  const keys = Object.keys(condition);
  if (keys.length !== 1 || (keys[0] !== 'all' && keys[0] !== 'any') || !Array.isArray(condition[keys[0]])) return null;
  return { join: keys[0], list: condition[keys[0]] as unknown[] };
}

function factRowOf(condition: unknown, facts: ReadonlyMap<string, FactOffered>): FactRow | null {
  if (!isObject(condition) || Object.keys(condition).some((key) => !['fact', 'operator', 'value', 'source'].includes(key))) return null;
  const fact = typeof condition.fact === 'string' ? facts.get(condition.fact) : undefined;
  if (!fact || (condition.source !== undefined && typeof condition.source !== 'string')) return null;
  const why = (condition.source as string | undefined) ?? '';
  const value = condition.value;
  if (fact.type === 'boolean') {
    if (condition.operator !== 'equal' || typeof value !== 'boolean') return null;
    return { kind: 'fact', fact: fact.name, comparison: value ? 'yes' : 'no', value: '', rate: '', why };
  }
  const comparison = (Object.keys(OPERATORS) as (keyof typeof OPERATORS)[]).find(
    (key) => OPERATORS[key] === condition.operator && COMPARISONS[fact.type].some((offered) => offered.value === key),
  );
  if (!comparison) return null;
  if (isObject(value)) {
    const params = value.params;
    if (value.fact !== 'parameter' || !isObject(params) || typeof params.name !== 'string' || Object.keys(value).length !== 2) return null;
    return { kind: 'fact', fact: fact.name, comparison, value: '', rate: params.name, why };
  }
  if (fact.type === 'number' && typeof value === 'number' && Number.isInteger(value))
    return {
      kind: 'fact',
      fact: fact.name,
      comparison,
      value: fact.pounds ? formatAmount(value).replace('£', '') : String(value),
      rate: '',
      why,
    };
  if (fact.type === 'string' && LIST_COMPARISONS.includes(comparison)) {
    if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === 'string' && !item.includes(','))) return null;
    return { kind: 'fact', fact: fact.name, comparison, value: value.join(','), rate: '', why };
  }
  if (fact.type === 'string' && typeof value === 'string') return { kind: 'fact', fact: fact.name, comparison, value, rate: '', why };
  return null;
}

/** How many levels of groups the form shows: the items held go to five (free prescriptions in England). */
export const MAX_DEPTH = 5;

function rowsOf(list: unknown[], facts: ReadonlyMap<string, FactOffered>, depth: number): (FactRow | GroupRow)[] | null {
  const rows: (FactRow | GroupRow)[] = [];
  for (const entry of list) {
    const row = factRowOf(entry, facts);
    if (row) {
      rows.push(row);
      continue;
    }
    const group = isObject(entry) && depth < MAX_DEPTH ? joinOf(entry) : null;
    const inner = group ? rowsOf(group.list, facts, depth + 1) : null;
    if (!group || !inner) return null;
    rows.push({ kind: 'group', join: group.join, rows: inner });
  }
  return rows;
}

/** The form of a condition, or null when it is more than the form shows (other operators, groups too deep). */
export function conditionFormOf(condition: unknown, facts: readonly FactOffered[]): ConditionForm | null {
  const byName = new Map(facts.map((fact) => [fact.name, fact]));
  const single = factRowOf(condition, byName);
  if (single) return { join: 'all', rows: [single] };
  const top = isObject(condition) ? joinOf(condition) : null;
  const rows = top ? rowsOf(top.list, byName, 1) : null;
  return top && rows ? { join: top.join, rows } : null;
}

/** A row's place: its index at each level, joined by '-' ('2', '2-1', '2-1-0'). */
export type RowPath = readonly number[];
export const pathKey = (path: RowPath): string => path.join('-');

function mapRows(rows: (FactRow | GroupRow)[], path: RowPath, change: (row: FactRow | GroupRow) => FactRow | GroupRow | null) {
  const [head, ...rest] = path;
  const changed: (FactRow | GroupRow)[] = [];
  rows.forEach((row, index) => {
    if (index !== head) return changed.push(row);
    if (rest.length === 0) {
      const next = change(row);
      if (next) changed.push(next);
      return;
    }
    changed.push(row.kind === 'group' ? { ...row, rows: mapRows(row.rows, rest, change) } : row);
  });
  return changed;
}

/** The form with the row at `path` changed (or taken out where `change` gives null). */
export function changeRowAt(
  form: ConditionForm,
  path: RowPath,
  change: (row: FactRow | GroupRow) => FactRow | GroupRow | null,
): ConditionForm {
  return { ...form, rows: mapRows(form.rows, path, change) };
}

/** The form with a row added at the end of the group at `group` (the top level when it is empty). */
export function addRowTo(form: ConditionForm, group: RowPath, row: FactRow | GroupRow): ConditionForm {
  if (group.length === 0) return { ...form, rows: [...form.rows, row] };
  return changeRowAt(form, group, (found) => (found.kind === 'group' ? { ...found, rows: [...found.rows, row] } : found));
}

/**
 * A problem at a row: `at` is the row's place ('2', or '2-1' for the first row of the group at 2), `part` the field
 * of the row it concerns.
 */
export interface ConditionProblem {
  at: string;
  part: 'value' | 'why' | 'join';
  message: string;
}

/** The condition of the form, or the problems at its rows. */
export function conditionOf(form: ConditionForm, facts: readonly FactOffered[]): { condition: Json } | { problems: ConditionProblem[] } {
  const byName = new Map(facts.map((fact) => [fact.name, fact]));
  const problems: ConditionProblem[] = [];
  const factCondition = (row: FactRow, at: string): Json => {
    const fact = byName.get(row.fact);
    const why = row.why.trim() ? { source: row.why.trim() } : {};
    if (!fact) {
      problems.push({ at, part: 'value', message: `Choose what condition ${place(at)} is about.` });
      return {};
    }
    if (fact.type === 'boolean') return { fact: fact.name, operator: 'equal', value: row.comparison === 'yes', ...why };
    const operator = OPERATORS[row.comparison as keyof typeof OPERATORS];
    if (row.rate) return { fact: fact.name, operator, value: { fact: 'parameter', params: { name: row.rate } }, ...why };
    if (fact.type === 'string' && LIST_COMPARISONS.includes(row.comparison)) {
      const chosen = row.value.split(',').filter((value) => fact.values?.some((offered) => offered.value === value));
      if (chosen.length === 0) problems.push({ at, part: 'value', message: `Choose at least one value for condition ${place(at)}.` });
      return { fact: fact.name, operator, value: chosen, ...why };
    }
    if (fact.type === 'string') {
      if (!fact.values?.some((offered) => offered.value === row.value))
        problems.push({ at, part: 'value', message: `Choose a value for condition ${place(at)}.` });
      return { fact: fact.name, operator, value: row.value, ...why };
    }
    const text = row.value.trim();
    const number = fact.pounds ? parsePence(text.replace(/^£/, '')) : /^\d{1,9}$/.test(text) ? Number(text) : null;
    if (number === null || number < 0)
      problems.push({
        at,
        part: 'value',
        message: fact.pounds
          ? `Enter an amount in pounds for condition ${place(at)}, such as 1,250.00, or choose a rate.`
          : `Enter a whole number for condition ${place(at)}, or choose a rate.`,
      });
    // A threshold typed is the scheme's own: where it comes from is said beside it, as the definitions check asks of
    // every comparison but 'is exactly' and 0 ('more than 0' is 'any at all').
    if (!row.why.trim() && needsItsSource(row, number))
      problems.push({
        at,
        part: 'why',
        message: `Say where the figure in condition ${place(at)} comes from, such as the scheme’s rules for the year.`,
      });
    return { fact: fact.name, operator, value: number ?? 0, ...why };
  };
  if (form.rows.length === 0) problems.push({ at: '', part: 'join', message: 'Add at least one condition: who the item is for.' });
  const conditionsOf = (rows: (FactRow | GroupRow)[], parent: RowPath): Json[] =>
    rows.map((row, index) => {
      const path = [...parent, index];
      if (row.kind === 'fact') return factCondition(row, pathKey(path));
      if (row.rows.length === 0)
        problems.push({
          at: pathKey(path),
          part: 'join',
          message: `Add at least one condition to group ${groupWords(path)}, or remove it.`,
        });
      return { [row.join]: conditionsOf(row.rows, path) };
    });
  const list = conditionsOf(form.rows, []);
  return problems.length > 0 ? { problems } : { condition: { [form.join]: list } };
}

/** Whether a row's figure typed must say where it comes from: a threshold (more or less than it) other than 0. */
export function needsItsSource(row: Pick<FactRow, 'comparison' | 'rate'>, figure: number | null): boolean {
  return !row.rate && ['atLeast', 'atMost', 'moreThan', 'lessThan'].includes(row.comparison) && figure !== 0;
}

/** A group's name: its numbers from the top, '3', or '3.2' for the second group in the third. */
export function groupWords(path: RowPath): string {
  return path.map((index) => index + 1).join('.');
}

/** A row's place in words: '3', or '1 of group 3', or '2 of group 3.1'. */
function place(at: string): string {
  const path = at.split('-').map(Number);
  const own = String(path.at(-1)! + 1);
  return path.length === 1 ? own : `${own} of group ${groupWords(path.slice(0, -1))}`;
}
