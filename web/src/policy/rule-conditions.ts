import { isObject } from './json-object';

/**
 * The leaf conditions of a rule (json-rules-engine's `{ fact, operator, value }` inside `all`, `any` and `not`), so
 * the rule form can show each as a fact, an operator and a value, and put the changed ones back where they were.
 */

export const OPERATORS = [
  ['equal', 'is'],
  ['notEqual', 'is not'],
  ['greaterThan', 'is more than'],
  ['greaterThanInclusive', 'is at least'],
  ['lessThan', 'is less than'],
  ['lessThanInclusive', 'is at most'],
  ['in', 'is one of'],
  ['notIn', 'is not one of'],
  ['contains', 'contains'],
  ['doesNotContain', 'does not contain'],
] as const;

/** How a value is typed: a number, text, a parameter's name (read from the rates at the date), or JSON. */
export type LeafValueKind = 'number' | 'text' | 'parameter' | 'json';

export interface ConditionLeaf {
  /** Where it is: ['all', 0, 'any', 1]. */
  path: (string | number)[];
  fact: string;
  operator: string;
  kind: LeafValueKind;
  /** The value as typed in its field. */
  text: string;
  /** The condition as the rule holds it (its `params`, `path`... are kept). */
  original: Record<string, unknown>;
}

function parameterName(value: unknown): string | null {
  if (!isObject(value) || value.fact !== 'parameter' || !isObject(value.params)) return null;
  return typeof value.params.name === 'string' ? value.params.name : null;
}

export function conditionLeaves(conditions: unknown, path: (string | number)[] = []): ConditionLeaf[] {
  if (!isObject(conditions)) return [];
  if (typeof conditions.fact === 'string' && typeof conditions.operator === 'string') {
    const { value } = conditions;
    const parameter = parameterName(value);
    const kind: LeafValueKind =
      parameter !== null ? 'parameter' : typeof value === 'number' ? 'number' : typeof value === 'string' ? 'text' : 'json';
    const text = parameter ?? (kind === 'json' ? JSON.stringify(value) : String(value));
    return [{ path, fact: conditions.fact, operator: conditions.operator, kind, text, original: conditions }];
  }
  const leaves: ConditionLeaf[] = [];
  for (const key of ['all', 'any'] as const) {
    const list = conditions[key];
    if (Array.isArray(list)) list.forEach((child, index) => leaves.push(...conditionLeaves(child, [...path, key, index])));
  }
  if (conditions.not !== undefined) leaves.push(...conditionLeaves(conditions.not, [...path, 'not']));
  return leaves;
}

/** 'all-0-any-1': the part of a field's id for a leaf, matching the API's `conditions.all[0].any[1]` paths. */
export function leafId(leaf: Pick<ConditionLeaf, 'path'>): string {
  return leaf.path.join('-');
}

/** The value a leaf's field holds, as the rule file writes it; an error message when it cannot be read. */
export function leafValue(leaf: Pick<ConditionLeaf, 'kind' | 'text'>): { value: unknown } | { error: string } {
  switch (leaf.kind) {
    case 'number': {
      const number = Number(leaf.text.trim());
      return leaf.text.trim() !== '' && Number.isFinite(number) ? { value: number } : { error: 'Enter a number.' };
    }
    case 'text':
      return { value: leaf.text };
    case 'parameter':
      return /^[a-z0-9_]+(\/[a-z0-9_]+)+$/.test(leaf.text.trim())
        ? { value: { fact: 'parameter', params: { name: leaf.text.trim() } } }
        : { error: 'Enter a parameter’s name, such as gov/dwp/universal_credit/standard_allowance/single_over_25.' };
    case 'json':
      try {
        return { value: JSON.parse(leaf.text) as unknown };
      } catch {
        return { error: 'Enter the value as JSON, such as ["ENGLAND", "WALES"] or true.' };
      }
  }
}

/** The conditions with each leaf replaced by its changed fact, operator and value (values already read). */
export function withLeaves(conditions: unknown, leaves: readonly (ConditionLeaf & { value: unknown })[]): Record<string, unknown> {
  // Conditions are JSON (they come from a rule file), so a JSON copy is an exact one.
  const copy = JSON.parse(JSON.stringify(conditions)) as Record<string, unknown>;
  for (const leaf of leaves) {
    const replacement = { ...leaf.original, fact: leaf.fact, operator: leaf.operator, value: leaf.value };
    if (leaf.path.length === 0) return replacement;
    let parent: Record<string | number, unknown> = copy;
    for (const step of leaf.path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
    parent[leaf.path[leaf.path.length - 1]] = replacement;
  }
  return copy;
}
