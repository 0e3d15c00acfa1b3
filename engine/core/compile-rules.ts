/**
 * Compiles json-rules-engine rules into synchronous plain functions, once, at load. The rule files stay in
 * json-rules-engine's format (the single source of truth policy staff read and write); what runs for each household
 * is this compiled form, which gives exactly what json-rules-engine 7 gives: which rules held, with their events and
 * params, priority set by priority set. json-rules-engine stays the reference evaluator (`Ruleset.runReference`,
 * `LoadedExtraHelp.evaluateReference`) and the differential test runs both over random households.
 *
 * The semantics copied from json-rules-engine's source (node_modules/json-rules-engine/dist):
 * - rules run in priority sets, highest first (a rule's priority defaults to 1); every rule of every set is run;
 * - `all`/`any` group their conditions into priority sets (a condition's own priority, else its fact's, which is 1),
 *   highest first; every condition of a set is evaluated (so an undefined fact in it throws even when another
 *   condition of the set is false), and a later set is skipped once the answer is known; an empty list holds;
 * - `not` holds when its one condition does not;
 * - a condition's value may be a fact reference (`{ "fact": ..., "params": ... }`), read like the fact compared;
 * - a fact not given throws 'Undefined fact: <name>' (allowUndefinedFacts false) or reads undefined (true);
 * - the operators are json-rules-engine's callbacks and fact-value validators: the numeric ones are false when
 *   `Number.parseFloat(factValue)` is NaN, `contains`/`doesNotContain` are false unless the fact is a list, and
 *   `in`/`notIn` use the value's indexOf (a value that is not a list or text throws, as it does there).
 *
 * Anything else json-rules-engine can do (a `path`, condition references, operator decorators such as
 * `someFact:equal`, custom operators, `replaceFactsInEventParams`, unknown keys) is refused at load by
 * RulesCompileError, naming the file, the rule and the feature, rather than evaluated differently.
 */

/** The rule fields the compiler reads; `extraRuleKeys` (a ruleset's `description`) are allowed and ignored. */
export interface RuleSource {
  name: string;
  priority?: number;
  conditions: unknown;
  event: { type: string; params?: Record<string, unknown> };
}

/** The engine options the compiler supports (json-rules-engine's other options are refused). */
export interface CompileOptions {
  allowUndefinedFacts: boolean;
  /** Rule fields besides json-rules-engine's that the file may carry and evaluation ignores (e.g. `description`). */
  extraRuleKeys?: readonly string[];
  /**
   * Condition fields that only annotate (extra help's `source`, where a threshold comes from): allowed, and ignored
   * by evaluation, as json-rules-engine ignores them.
   */
  annotationKeys?: readonly string[];
  /** Facts computed when a condition reads them (the `parameter` fact), by name: (params) => value. */
  dynamicFacts?: readonly string[];
}

/** One rule that held, as json-rules-engine reports it: name, priority and event (type, params as written). */
export interface RuleHeld {
  /** The rule's position in the list compiled (the file's order). */
  index: number;
  name: string;
  priority: number;
  event: { type: string; params: Record<string, unknown> };
}

export type DynamicFact = (params: Record<string, unknown>) => unknown;

/**
 * Facts worked out when a condition first reads them (kept for the rest of the run): `indexOf` gives a fact's place
 * (-1 for a name that is not one of them), `valueAt` its value. A compiled condition looks its fact's place up once
 * per `table` (the fact list, the same for every household of a benefit), so a read is an array access.
 */
export interface LazyFactSource {
  readonly table: object;
  indexOf(name: string): number;
  valueAt(index: number): unknown;
}

/** The compiled rules: `run` gives the rules that held, priority set by priority set, file order within a set. */
export interface CompiledRules {
  readonly size: number;
  /**
   * `lazy`, when given, holds the facts instead of `facts` (which is then empty), each worked out when a condition
   * first reads it: given facts, exactly as if every value had been in `facts` from the start.
   */
  run(facts: Readonly<Record<string, unknown>>, dynamicFacts?: Readonly<Record<string, DynamicFact>>, lazy?: LazyFactSource): RuleHeld[];
}

/** json-rules-engine's UndefinedFactError (not exported by the package): the same message and code. */
export class UndefinedFactError extends Error {
  override name = 'UndefinedFactError';
  readonly code = 'UNDEFINED_FACT';
}

export class RulesCompileError extends Error {
  override name = 'RulesCompileError';
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(
      `${file} uses ${problems.length === 1 ? 'a feature' : 'features'} the compiled rules evaluator does not support:\n${problems
        .map((problem) => `  - ${problem}`)
        .join('\n')}`,
    );
  }
}

type Operator = (factValue: unknown, value: unknown) => boolean;

// json-rules-engine 7's engine-default-operators.js: the callbacks and fact-value validators, as written there.
// A number is numeric there unless it is NaN (its text parses back to a number): checked without making the text.
const numeric = (factValue: unknown) =>
  typeof factValue === 'number' ? !Number.isNaN(factValue) : Number.parseFloat(factValue as string).toString() !== 'NaN';
type Indexable = { indexOf(item: unknown): number };
const OPERATORS: Readonly<Record<string, Operator>> = {
  equal: (a, b) => a === b,
  notEqual: (a, b) => a !== b,
  in: (a, b) => (b as Indexable).indexOf(a) > -1,
  notIn: (a, b) => (b as Indexable).indexOf(a) === -1,
  contains: (a, b) => Array.isArray(a) && a.indexOf(b) > -1,
  doesNotContain: (a, b) => Array.isArray(a) && a.indexOf(b) === -1,
  lessThan: (a, b) => numeric(a) && (a as number) < (b as number),
  lessThanInclusive: (a, b) => numeric(a) && (a as number) <= (b as number),
  greaterThan: (a, b) => numeric(a) && (a as number) > (b as number),
  greaterThanInclusive: (a, b) => numeric(a) && (a as number) >= (b as number),
};
export const COMPILED_OPERATORS: readonly string[] = Object.keys(OPERATORS);

const RULE_KEYS = ['name', 'priority', 'conditions', 'event'];
const EVENT_KEYS = ['type', 'params'];
const BOOLEAN_KEYS = ['priority', 'name'];
const FACT_KEYS = ['fact', 'operator', 'value', 'params', 'priority', 'name'];
const FACT_REFERENCE_KEYS = ['fact', 'params'];
const NOT_COMPILED: Readonly<Record<string, string>> = {
  path: "a 'path' into a fact (the compiled evaluator reads facts whole: give the value as its own fact)",
  condition: "a condition reference ('condition': shared conditions are not compiled: write the condition out)",
  factResult: "'factResult' (a field json-rules-engine writes, never reads)",
  valueResult: "'valueResult' (a field json-rules-engine writes, never reads)",
  result: "'result' (a field json-rules-engine writes, never reads)",
};

/** What evaluation reads for one run: the facts given, and the dynamic facts and lazy facts' worker (one object per run). */
type Facts = Readonly<Record<string, unknown>>;
interface DynamicFacts {
  readonly dynamic: Readonly<Record<string, DynamicFact>> | undefined;
  readonly lazy: LazyFactSource | undefined;
  /**
   * Whether a group may skip the rest of a priority set once its answer is known: only over lazy facts that hold
   * every fact the rules name (so no condition skipped could have thrown 'Undefined fact'), and never a condition
   * that reads a dynamic fact (the `parameter` fact cites the rate it reads, as json-rules-engine's evaluation does).
   * The rules that held are the same either way.
   */
  readonly stopEarly: boolean;
}
type Test = (facts: Facts, dynamic: DynamicFacts) => boolean;
type Read = (facts: Facts, dynamic: DynamicFacts) => unknown;

const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A rule's or condition's priority as json-rules-engine reads it, or a problem when it is not a whole number above 0. */
function priorityOf(node: Record<string, unknown>, at: string, problems: string[]): number | undefined {
  if (!hasOwn(node, 'priority')) return undefined;
  const priority = node.priority;
  if (typeof priority !== 'number' || !Number.isInteger(priority) || priority < 1) {
    problems.push(`${at}.priority ${JSON.stringify(priority)} must be a whole number of 1 or more.`);
    return undefined;
  }
  return priority;
}

class Compiler {
  readonly problems: string[] = [];
  /** The facts the conditions name, besides the dynamic ones. */
  readonly factsNamed = new Set<string>();

  constructor(
    private readonly options: CompileOptions,
    private readonly label: string,
  ) {}

  private refuse(at: string, feature: string): void {
    this.problems.push(`${this.label} at ${at}: ${feature}.`);
  }

  private unknownKeys(node: Record<string, unknown>, allowed: readonly string[], at: string): void {
    for (const key of Object.keys(node)) {
      if (allowed.includes(key)) continue;
      this.refuse(at, NOT_COMPILED[key] ?? `the unknown key '${key}' (allowed here: ${allowed.join(', ')})`);
    }
  }

  /** A read of a fact: a given fact wins over a dynamic one of the same name, as runtime facts do in the almanac. */
  private factRead(node: Record<string, unknown>, at: string): Read {
    const fact = node.fact;
    if (typeof fact !== 'string' || fact === '') {
      this.refuse(at, `a fact that is not a name (${JSON.stringify(fact)})`);
      return () => undefined;
    }
    if (hasOwn(node, 'params') && !isObject(node.params)) this.refuse(`${at}.params`, 'params that are not an object');
    const params = (node.params ?? {}) as Record<string, unknown>;
    const dynamic = this.options.dynamicFacts?.includes(fact) ?? false;
    if (!dynamic) this.factsNamed.add(fact);
    const allowUndefined = this.options.allowUndefinedFacts;
    // The fact's place in the lazy facts' table last seen (one table per benefit: looked up once).
    let table: object | undefined;
    let index = -1;
    return (facts, { dynamic: dynamicFacts, lazy }) => {
      if (lazy !== undefined) {
        if (lazy.table !== table) {
          table = lazy.table;
          index = lazy.indexOf(fact);
        }
        if (index >= 0) return lazy.valueAt(index);
      }
      const value = facts[fact];
      // A function would be a dynamic fact to json-rules-engine: only the dynamic facts named at load are.
      if (typeof value === 'function') throw new TypeError(`The fact ${fact} was given as a function; give its value.`);
      if (value !== undefined || hasOwn(facts, fact)) return value;
      if (dynamic && dynamicFacts && hasOwn(dynamicFacts, fact)) return dynamicFacts[fact]!(params);
      if (allowUndefined) return undefined;
      throw new UndefinedFactError(`Undefined fact: ${fact}`);
    };
  }

  /** Whether a condition, or any inside it, reads a dynamic fact (as the fact compared or as its value). */
  private readsDynamicFact(node: unknown): boolean {
    if (Array.isArray(node)) return node.some((inner) => this.readsDynamicFact(inner));
    if (!isObject(node)) return false;
    for (const key of ['all', 'any', 'not'] as const) if (hasOwn(node, key)) return this.readsDynamicFact(node[key]);
    const dynamic = this.options.dynamicFacts ?? [];
    if (typeof node.fact === 'string' && dynamic.includes(node.fact)) return true;
    const value = node.value;
    return isObject(value) && typeof value.fact === 'string' && dynamic.includes(value.fact);
  }

  /** A condition's priority for grouping: its own, else its fact's (every fact here has json-rules-engine's default, 1). */
  private groupPriority(node: unknown, at: string): number {
    return isObject(node) ? (priorityOf(node, at, []) ?? 1) : 1;
  }

  condition(node: unknown, at: string): Test {
    if (!isObject(node)) {
      this.refuse(at, 'a condition that is not an object');
      return () => false;
    }
    const booleans = ['any', 'all', 'not'].filter((key) => hasOwn(node, key));
    if (booleans.length > 1) {
      this.refuse(at, `more than one of ${booleans.join(', ')} in one condition (json-rules-engine reads only the first)`);
      return () => false;
    }
    if (booleans.length === 1) return this.boolean(node, booleans[0] as 'any' | 'all' | 'not', at);
    if (hasOwn(node, 'condition')) {
      this.refuse(at, NOT_COMPILED.condition!);
      return () => false;
    }
    return this.comparison(node, at);
  }

  private boolean(node: Record<string, unknown>, operator: 'any' | 'all' | 'not', at: string): Test {
    this.unknownKeys(node, [operator, ...BOOLEAN_KEYS, ...(this.options.annotationKeys ?? [])], at);
    priorityOf(node, at, this.problems);
    const inner = node[operator];
    if (operator === 'not') {
      if (Array.isArray(inner)) {
        this.refuse(`${at}.not`, "a list under 'not' (it takes one condition)");
        return () => false;
      }
      const test = this.condition(inner, `${at}.not`);
      return (facts, dynamic) => !test(facts, dynamic);
    }
    if (!Array.isArray(inner)) {
      this.refuse(`${at}.${operator}`, `'${operator}' that is not a list`);
      return () => false;
    }
    const tests = inner.map((condition, index) => ({
      test: this.condition(condition, `${at}.${operator}[${index}]`),
      priority: this.groupPriority(condition, `${at}.${operator}[${index}]`),
      readsDynamic: this.readsDynamicFact(condition),
    }));
    if (tests.length === 0) return () => true;
    if (tests.length === 1) return tests[0]!.test;
    // Priority sets, highest first; within a set every condition is evaluated before the set's answer is taken
    // (json-rules-engine's way), unless the set's answer is known and the condition may be skipped (stopEarly).
    const sets = [...new Set(tests.map((entry) => entry.priority))]
      .sort((a, b) => b - a)
      .map((priority) => {
        const entries = tests.filter((entry) => entry.priority === priority);
        return { tests: entries.map((entry) => entry.test), readsDynamic: entries.map((entry) => entry.readsDynamic) };
      });
    if (operator === 'all') {
      return (facts, context) => {
        for (const { tests: set, readsDynamic } of sets) {
          let held = true;
          for (let index = 0; index < set.length; index += 1) {
            // Once the answer is known, only a condition that reads a dynamic fact still has to be evaluated.
            if (!held && context.stopEarly && !readsDynamic[index]) continue;
            if (!set[index]!(facts, context)) held = false;
          }
          if (!held) return false;
        }
        return true;
      };
    }
    return (facts, context) => {
      for (const { tests: set, readsDynamic } of sets) {
        let held = false;
        for (let index = 0; index < set.length; index += 1) {
          if (held && context.stopEarly && !readsDynamic[index]) continue;
          if (set[index]!(facts, context)) held = true;
        }
        if (held) return true;
      }
      return false;
    };
  }

  private comparison(node: Record<string, unknown>, at: string): Test {
    this.unknownKeys(node, [...FACT_KEYS, ...(this.options.annotationKeys ?? [])], at);
    priorityOf(node, at, this.problems);
    if (!hasOwn(node, 'fact') || !hasOwn(node, 'operator') || !hasOwn(node, 'value')) {
      this.refuse(at, 'a condition without all, any or not that lacks a fact, an operator or a value');
      return () => false;
    }
    const operatorName = node.operator;
    let operator: Operator = () => false;
    if (typeof operatorName !== 'string') this.refuse(`${at}.operator`, `an operator that is not a name (${JSON.stringify(operatorName)})`);
    else if (operatorName.includes(':'))
      this.refuse(`${at}.operator`, `the operator decorator in '${operatorName}' (decorators such as someFact: are not compiled)`);
    else if (!hasOwn(OPERATORS, operatorName))
      this.refuse(
        `${at}.operator`,
        `the operator '${operatorName}', which is not one of json-rules-engine's own (${COMPILED_OPERATORS.join(', ')})`,
      );
    else operator = OPERATORS[operatorName]!;
    const readFact = this.factRead(node, at);
    const value = node.value;
    if (isObject(value) && hasOwn(value, 'fact')) {
      this.unknownKeys(value, FACT_REFERENCE_KEYS, `${at}.value`);
      const readValue = this.factRead(value, `${at}.value`);
      // As json-rules-engine: the value is read first, then the fact, then the operator compares them.
      return (facts, dynamic) => {
        const right = readValue(facts, dynamic);
        const left = readFact(facts, dynamic);
        return operator(left, right);
      };
    }
    if (isObject(value)) this.refuse(`${at}.value`, 'an object value that is not a fact reference (it can never equal a fact)');
    // A written value: nothing to read first. `equal`, most conditions, is compared in place.
    if (operatorName === 'equal') return (facts, dynamic) => readFact(facts, dynamic) === value;
    return (facts, dynamic) => operator(readFact(facts, dynamic), value);
  }
}

/**
 * Compiles rules, or throws RulesCompileError naming every feature it does not support. `file` names the rules'
 * file in the message; `options` are json-rules-engine's engine options (only allowUndefinedFacts is supported).
 */
export function compileRules(file: string, rules: readonly unknown[], options: CompileOptions & Record<string, unknown>): CompiledRules {
  const problems: string[] = [];
  for (const key of Object.keys(options))
    if (!['allowUndefinedFacts', 'extraRuleKeys', 'annotationKeys', 'dynamicFacts'].includes(key))
      problems.push(`the engine option '${key}' is not supported by the compiled evaluator.`);
  const factsNamed = new Set<string>();
  const compiled = rules.map((raw, index) => {
    const at = `rules[${index}]`;
    const rule = isObject(raw) ? raw : {};
    const name = typeof rule.name === 'string' ? rule.name : String(index);
    const compiler = new Compiler(options, `rule '${name}' (${at})`);
    if (!isObject(raw)) compiler.problems.push(`${at} is not an object.`);
    for (const key of Object.keys(rule))
      if (!RULE_KEYS.includes(key) && !(options.extraRuleKeys ?? []).includes(key))
        compiler.problems.push(
          `rule '${name}' (${at}): the unknown rule key '${key}' (allowed: ${[...RULE_KEYS, ...(options.extraRuleKeys ?? [])].join(', ')}).`,
        );
    const priority = priorityOf(rule, at, compiler.problems) ?? 1;
    const event = rule.event;
    let held: RuleHeld['event'] = { type: '', params: {} };
    if (!isObject(event) || typeof event.type !== 'string') compiler.problems.push(`rule '${name}' (${at}): an event without a type.`);
    else {
      for (const key of Object.keys(event))
        if (!EVENT_KEYS.includes(key)) compiler.problems.push(`rule '${name}' (${at}.event): the unknown event key '${key}'.`);
      if (hasOwn(event, 'params') && !isObject(event.params))
        compiler.problems.push(`rule '${name}' (${at}.event.params): params that are not an object.`);
      held = Object.freeze({
        type: event.type,
        params: Object.freeze({ ...((event.params as Record<string, unknown> | undefined) ?? {}) }),
      });
    }
    const conditions = rule.conditions;
    let test: Test = () => false;
    if (!isObject(conditions) || !['all', 'any', 'not'].some((key) => hasOwn(conditions, key))) {
      compiler.problems.push(
        `rule '${name}' (${at}.conditions): the root must be one of all, any or not${isObject(conditions) && hasOwn(conditions, 'condition') ? ` (${NOT_COMPILED.condition})` : ''}.`,
      );
    } else test = compiler.condition(conditions, `${at}.conditions`);
    problems.push(...compiler.problems);
    for (const fact of compiler.factsNamed) factsNamed.add(fact);
    // The rule's result when it holds, built once and frozen: no object per household.
    return { held: Object.freeze<RuleHeld>({ index, name, priority, event: held }), priority, index, test };
  });
  if (problems.length > 0) throw new RulesCompileError(file, problems);
  // Rule priority sets, highest first; within a set, the file's order (json-rules-engine runs a set's rules in parallel).
  const ordered = [...compiled].sort((a, b) => b.priority - a.priority || a.index - b.index);
  // The last lazy facts' table checked to hold every fact named, and the answer (one table per benefit).
  let checkedTable: object | undefined;
  let holdsEveryFact = false;
  return {
    size: compiled.length,
    run(facts, dynamicFacts, lazy) {
      const result: RuleHeld[] = [];
      if (lazy !== undefined && lazy.table !== checkedTable) {
        checkedTable = lazy.table;
        holdsEveryFact = [...factsNamed].every((fact) => lazy.indexOf(fact) >= 0);
      }
      const context: DynamicFacts = { dynamic: dynamicFacts, lazy, stopEarly: lazy !== undefined && holdsEveryFact };
      // Every rule is evaluated, as json-rules-engine does, so an undefined fact in any rule throws.
      for (const rule of ordered) {
        if (rule.test(facts, context)) result.push(rule.held);
      }
      return result;
    },
  };
}
