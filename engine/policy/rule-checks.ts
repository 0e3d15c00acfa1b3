import type { PolicyEdit } from '../../common/policy/model.js';
import { PARAMETER_FACT } from '../core/ruleset.js';

/**
 * What the rule language lets a policy officer write but can never work (issue 28): checked when an edit is saved,
 * before the loaders' checks let it through and it reaches everyone's results. The rule language is
 * json-rules-engine's, evaluated by both the compiled evaluator (engine/core/compile-rules.ts) and json-rules-engine;
 * their operators take any value, and some mistakes throw for every household while others quietly give a wrong
 * answer. Every operator, what its fact and its value must be, and what happens otherwise there:
 *
 * | operator | the fact | the value | otherwise |
 * | --- | --- | --- | --- |
 * | equal, notEqual | any | a value the fact can take (or null) | never equal (a list or object is compared by identity) |
 * | lessThan, lessThanInclusive, greaterThan, greaterThanInclusive | a number | a number | a fact that is not a number never holds; a text value is compared as text is coerced by JavaScript |
 * | in, notIn | one value | a list of values the fact can take | a number, true, false or null value throws for every household ("indexOf is not a function"); a text value tests for a piece of the text |
 * | contains, doesNotContain | a list | one value the list can hold | a fact that is not a list never holds (both operators) |
 *
 * A value may also be another fact (`{ "fact": ... }`) or a rate (`{ "fact": "parameter", "params": { "name" } }`):
 * it is checked by what that fact or rate can be. Beside the types, a rule whose conditions contradict each other
 * (claimantAge over 65 and under 60) can never hold: refused too. What no static check can see (a condition that
 * throws only for some households) is found by working the edited rules out over a fixed set of households
 * (trial-run.ts).
 */

/** What a fact or a value is, as the operators see it. */
export type ValueKind = 'number' | 'string' | 'boolean' | 'null' | 'list';

/** What a fact can be: its kinds, and the kinds of a list's items. */
export interface FactShape {
  kinds: ReadonlySet<ValueKind>;
  items: ReadonlySet<ValueKind>;
}

export type FactShapes = ReadonlyMap<string, FactShape>;

export interface RuleCheckContext {
  /** The facts the conditions may name, with what each can be (a ruleset's, or extra help's). */
  facts: FactShapes;
  /** What a rate (`parameter` fact) can be: the kinds of its dated values; undefined for a name that is not one. */
  parameterKinds(name: string): ReadonlySet<ValueKind> | undefined;
}

export interface RuleCheckProblem {
  /** The field under the edit: `conditions.all[0].value`, `item.condition.any[1].operator`. */
  field: string;
  message: string;
}

export function kindOf(value: unknown): ValueKind | 'object' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    default:
      return 'object';
  }
}

/** A fact's shape from the values it was seen to take. */
export class FactShapeRecorder {
  private readonly kinds = new Map<string, Set<ValueKind>>();
  private readonly items = new Map<string, Set<ValueKind>>();

  record(fact: string, value: unknown): void {
    const kind = kindOf(value);
    if (kind === 'object') return;
    let kinds = this.kinds.get(fact);
    if (!kinds) this.kinds.set(fact, (kinds = new Set()));
    kinds.add(kind);
    if (kind === 'list') {
      let items = this.items.get(fact);
      if (!items) this.items.set(fact, (items = new Set()));
      for (const item of value as unknown[]) {
        const itemKind = kindOf(item);
        if (itemKind !== 'object' && itemKind !== 'list') items.add(itemKind);
      }
    }
  }

  shapes(): FactShapes {
    return new Map([...this.kinds].map(([fact, kinds]) => [fact, { kinds, items: this.items.get(fact) ?? new Set() }]));
  }
}

const COMPARISONS = new Set(['lessThan', 'lessThanInclusive', 'greaterThan', 'greaterThanInclusive']);
const OPERATOR_WORDS: Record<string, string> = {
  equal: 'equal (is)',
  notEqual: 'notEqual (is not)',
  lessThan: 'lessThan (is less than)',
  lessThanInclusive: 'lessThanInclusive (is at most)',
  greaterThan: 'greaterThan (is more than)',
  greaterThanInclusive: 'greaterThanInclusive (is at least)',
  in: 'in (is one of)',
  notIn: 'notIn (is none of)',
  contains: 'contains (the list holds)',
  doesNotContain: 'doesNotContain (the list does not hold)',
};

const KIND_WORDS: Record<ValueKind, string> = {
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  null: 'empty (null)',
  list: 'a list',
};

function describeKinds(kinds: ReadonlySet<ValueKind>): string {
  const words = [...kinds].filter((kind) => kind !== 'null' || kinds.size === 1).map((kind) => KIND_WORDS[kind]);
  return words.length === 0 ? 'nothing' : words.join(' or ');
}

/** A written value as a person reads it in a message: the number 3, the text "18", true, a list. */
function describeValue(value: unknown): string {
  const kind = kindOf(value);
  if (kind === 'number') return `the number ${String(value)}`;
  if (kind === 'string') return `the text ${JSON.stringify(value)}`;
  if (kind === 'boolean') return String(value);
  if (kind === 'null') return 'null (empty)';
  if (kind === 'list') return `the list ${JSON.stringify(value)}`;
  return 'an object';
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a value written in a condition can be: itself, or the fact or rate it refers to. */
function valueShape(value: unknown, context: RuleCheckContext): { shape: FactShape; written: boolean } | null {
  if (isObject(value) && typeof value.fact === 'string') {
    if (value.fact === PARAMETER_FACT) {
      const name = isObject(value.params) ? value.params.name : undefined;
      const kinds = typeof name === 'string' ? context.parameterKinds(name) : undefined;
      return kinds ? { shape: { kinds, items: new Set() }, written: false } : null;
    }
    const shape = context.facts.get(value.fact);
    return shape ? { shape, written: false } : null;
  }
  const kind = kindOf(value);
  if (kind === 'object') return null;
  const items = new Set<ValueKind>();
  if (kind === 'list')
    for (const item of value as unknown[]) {
      const itemKind = kindOf(item);
      if (itemKind !== 'object' && itemKind !== 'list') items.add(itemKind);
    }
  return { shape: { kinds: new Set([kind]), items }, written: true };
}

const overlaps = (a: ReadonlySet<ValueKind>, b: ReadonlySet<ValueKind>) => [...a].some((kind) => b.has(kind));
const withoutNull = (kinds: ReadonlySet<ValueKind>) => new Set([...kinds].filter((kind) => kind !== 'null'));

/** The problem with one comparison (`{ fact, operator, value }`), if any. */
function comparisonProblem(node: Record<string, unknown>, at: string, context: RuleCheckContext): RuleCheckProblem | null {
  const { fact, operator, value } = node;
  if (typeof fact !== 'string' || typeof operator !== 'string' || !(operator in OPERATOR_WORDS) || !('value' in node)) return null;
  const factShape =
    fact === PARAMETER_FACT
      ? (() => {
          const name = isObject(node.params) ? node.params.name : undefined;
          const kinds = typeof name === 'string' ? context.parameterKinds(name) : undefined;
          return kinds ? { kinds, items: new Set<ValueKind>() } : undefined;
        })()
      : context.facts.get(fact);
  // A fact the loaders do not know is their problem to report, with its own message.
  if (!factShape) return null;
  const found = valueShape(value, context);
  const words = OPERATOR_WORDS[operator]!;
  const factKinds = describeKinds(factShape.kinds);
  const shown = found?.written
    ? describeValue(value)
    : `${String((value as { fact: string }).fact)}, which is ${describeKinds(found?.shape.kinds ?? new Set())}`;
  if (isObject(value) && !found && typeof value.fact !== 'string')
    return { field: `${at}.value`, message: `The value must be a value or a fact, not an object: ${fact} can never equal it.` };
  if (!found) return null;
  const valueKinds = found.shape.kinds;

  if (operator === 'in' || operator === 'notIn') {
    if (!valueKinds.has('list'))
      return {
        field: `${at}.value`,
        message: `'${words}' checks whether ${fact} is one of a list of values, so the value must be a list, like [1, 2]: it is ${shown}. (This mistake stops every calculation that reads the rule.)`,
      };
    if (factShape.kinds.has('list'))
      return {
        field: `${at}.operator`,
        message: `${fact} is a list, so '${words}' can never hold: use 'contains' or 'doesNotContain' to look inside it.`,
      };
    if (found.written) {
      const problem = (value as unknown[]).findIndex((item) => {
        const itemKind = kindOf(item);
        return itemKind === 'object' || itemKind === 'list' || (itemKind !== 'null' && !factShape.kinds.has(itemKind));
      });
      if (problem >= 0)
        return {
          field: `${at}.value[${problem}]`,
          message: `${fact} is ${factKinds}, so it can never be ${describeValue((value as unknown[])[problem])}.`,
        };
    } else if (found.shape.items.size > 0 && !overlaps(found.shape.items, factShape.kinds))
      return { field: `${at}.value`, message: `${fact} is ${factKinds}, so it can never be one of ${shown}.` };
    return null;
  }

  if (operator === 'contains' || operator === 'doesNotContain') {
    if (!factShape.kinds.has('list'))
      return {
        field: `${at}.operator`,
        message: `'${words}' looks inside a list, but ${fact} is ${factKinds}: the condition would never hold. Use 'equal' or 'in' instead.`,
      };
    const kinds = withoutNull(valueKinds);
    if (kinds.has('list'))
      return { field: `${at}.value`, message: `'${words}' looks for one value in ${fact}, so the value must be one value, not ${shown}.` };
    if (factShape.items.size > 0 && kinds.size > 0 && !overlaps(kinds, factShape.items))
      return {
        field: `${at}.value`,
        message: `${fact} holds ${describeKinds(factShape.items)}, so it can never hold ${shown}.`,
      };
    return null;
  }

  if (COMPARISONS.has(operator)) {
    if (!factShape.kinds.has('number'))
      return {
        field: `${at}.operator`,
        message: `'${words}' compares numbers, but ${fact} is ${factKinds}: the condition would never hold.`,
      };
    if (!valueKinds.has('number'))
      return {
        field: `${at}.value`,
        message: `'${words}' compares numbers, so the value must be a number, like 18: it is ${shown}.`,
      };
    return null;
  }

  // equal, notEqual
  if (valueKinds.has('list') && valueKinds.size === 1)
    return {
      field: `${at}.value`,
      message: `A list can never equal ${fact}: to check whether ${fact} is one of several values, use 'in' (or 'notIn').`,
    };
  // Empty (null) is allowed against any fact: some facts are empty only for some households.
  const kinds = withoutNull(valueKinds);
  if (kinds.size > 0 && !overlaps(kinds, factShape.kinds))
    return {
      field: `${at}.value`,
      message: `${fact} is ${factKinds}, so it can never equal ${shown}.`,
    };
  return null;
}

/** Every problem of types in a condition tree, each at its field under `at` (e.g. 'conditions'). */
export function conditionTypeProblems(condition: unknown, at: string, context: RuleCheckContext): RuleCheckProblem[] {
  if (!isObject(condition)) return [];
  for (const group of ['all', 'any'] as const)
    if (group in condition) {
      const inner = condition[group];
      return Array.isArray(inner) ? inner.flatMap((item, index) => conditionTypeProblems(item, `${at}.${group}[${index}]`, context)) : [];
    }
  if ('not' in condition) return conditionTypeProblems(condition.not, `${at}.not`, context);
  const problem = comparisonProblem(condition, at, context);
  return problem ? [problem] : [];
}

// ---------------------------------------------------------------------------------------------------------------
// Conditions that contradict each other

type Scalar = string | number | boolean | null;

/** What an `all` group asks of one fact: bounds, the only values allowed, the values refused. */
interface Wanted {
  low?: { value: number; inclusive: boolean };
  high?: { value: number; inclusive: boolean };
  only?: Set<Scalar>;
  not: Set<Scalar>;
}

const isScalar = (value: unknown): value is Scalar =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

function tighten(wanted: Wanted, operator: string, value: unknown): void {
  if (isObject(value)) return; // another fact or a rate: not known here
  switch (operator) {
    case 'equal':
      if (isScalar(value)) wanted.only = new Set([...(wanted.only ?? [value])].filter((one) => one === value));
      return;
    case 'in':
      if (Array.isArray(value)) {
        const list = value.filter(isScalar);
        wanted.only = new Set(wanted.only ? [...wanted.only].filter((one) => list.includes(one)) : list);
      }
      return;
    case 'notEqual':
      if (isScalar(value)) wanted.not.add(value);
      return;
    case 'notIn':
      if (Array.isArray(value)) for (const one of value) if (isScalar(one)) wanted.not.add(one);
      return;
  }
  if (typeof value !== 'number') return;
  const inclusive = operator.endsWith('Inclusive');
  if (operator.startsWith('greaterThan')) {
    if (!wanted.low || value > wanted.low.value || (value === wanted.low.value && !inclusive)) wanted.low = { value, inclusive };
  } else if (operator.startsWith('lessThan')) {
    if (!wanted.high || value < wanted.high.value || (value === wanted.high.value && !inclusive)) wanted.high = { value, inclusive };
  }
}

const aboveLow = (value: number, wanted: Wanted) =>
  !wanted.low || value > wanted.low.value || (wanted.low.inclusive && value === wanted.low.value);
const belowHigh = (value: number, wanted: Wanted) =>
  !wanted.high || value < wanted.high.value || (wanted.high.inclusive && value === wanted.high.value);

/** Whether some value meets everything asked of one fact. */
function canBeMet(wanted: Wanted): boolean {
  const bounded = wanted.low !== undefined || wanted.high !== undefined;
  if (wanted.only)
    return [...wanted.only].some(
      (value) => !wanted.not.has(value) && (!bounded || (typeof value === 'number' && aboveLow(value, wanted) && belowHigh(value, wanted))),
    );
  if (wanted.low && wanted.high) {
    if (wanted.low.value > wanted.high.value) return false;
    if (wanted.low.value === wanted.high.value) return wanted.low.inclusive && wanted.high.inclusive && !wanted.not.has(wanted.low.value);
  }
  return true;
}

/** The fact a comparison reads, with its params (the `parameter` fact is one fact per rate). */
function factKey(node: Record<string, unknown>): string | null {
  if (typeof node.fact !== 'string') return null;
  return node.params === undefined ? node.fact : `${node.fact} ${JSON.stringify(node.params)}`;
}

/** The facts whose conditions contradict each other in a group where all must hold, or [] when none is found. */
function contradictionsOf(node: unknown): string[] | 'unknown' {
  if (!isObject(node)) return 'unknown';
  if (Array.isArray(node.any)) {
    const branches = node.any.map(contradictionsOf);
    // An 'any' can never hold only when none of its branches can.
    if (branches.every((branch) => Array.isArray(branch) && branch.length > 0)) return [...new Set((branches as string[][]).flat())];
    return [];
  }
  if (!Array.isArray(node.all)) return 'not' in node ? 'unknown' : [];
  // Every comparison of the group and of the 'all' groups inside it, by fact.
  const wanted = new Map<string, Wanted>();
  const collect = (items: unknown[]): string[] => {
    const found: string[] = [];
    for (const item of items) {
      if (!isObject(item)) continue;
      if (Array.isArray(item.all)) found.push(...collect(item.all));
      else if (Array.isArray(item.any)) {
        const inner = contradictionsOf(item);
        if (Array.isArray(inner)) found.push(...inner);
      } else if (typeof item.operator === 'string') {
        const key = factKey(item);
        if (key === null) continue;
        let one = wanted.get(key);
        if (!one) wanted.set(key, (one = { not: new Set() }));
        tighten(one, item.operator, item.value);
      }
    }
    return found;
  };
  const inner = collect(node.all);
  const facts = [...wanted].filter(([, one]) => !canBeMet(one)).map(([key]) => key.split(' ')[0]!);
  return [...new Set([...inner, ...facts])];
}

/**
 * A rule's conditions that no household can meet (the same fact asked to be over 65 and under 60, to equal two
 * values, to be one of a list and none of it), as a problem at `at`; null when none is found. Only what is certain
 * is reported: conditions comparing with another fact or a rate are left to the households' trial run.
 */
export function contradictionProblem(conditions: unknown, at: string): RuleCheckProblem | null {
  const facts = contradictionsOf(conditions);
  if (!Array.isArray(facts) || facts.length === 0) return null;
  return {
    field: at,
    message: `No household can meet these conditions: what they ask of ${facts.join(' and ')} contradicts itself, so the rule would never hold.`,
  };
}

export interface EditCheckContext {
  /** Each ruleset's facts, by its folder. */
  rulesets: ReadonlyMap<string, FactShapes>;
  extraHelp: FactShapes;
  parameterKinds(name: string): ReadonlySet<ValueKind> | undefined;
}

/** What an edit's conditions (a rule's, or an extra-help item's) ask that can never work, each at its field. */
export function editConditionProblems(edit: PolicyEdit, context: EditCheckContext): RuleCheckProblem[] {
  const check = (condition: unknown, at: string, facts: FactShapes | undefined): RuleCheckProblem[] => {
    const contradiction = contradictionProblem(condition, at);
    const types = facts ? conditionTypeProblems(condition, at, { facts, parameterKinds: (name) => context.parameterKinds(name) }) : [];
    return [...types, ...(contradiction ? [contradiction] : [])];
  };
  if (edit.kind === 'rule') return check(edit.conditions, 'conditions', context.rulesets.get(edit.ruleset));
  if (edit.kind === 'extra-help-item' && edit.item.condition !== undefined)
    return check(edit.item.condition, 'item.condition', context.extraHelp);
  return [];
}
