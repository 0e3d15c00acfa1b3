import { Engine, type Almanac, type DynamicFactCallback, type RuleProperties, type TopLevelCondition } from 'json-rules-engine';
import { compileRules, type CompiledRules, type LazyFactSource, type RuleHeld } from './compile-rules.js';
import type { ParameterReader } from './parameters.js';

/**
 * A benefit's ruleset (`rulesets/<benefit>/ruleset.json`): json-rules-engine rules over the benefit's flat facts.
 * Rules decide eligibility and which elements, premiums, additions and deductions apply; each fires an event
 * that the benefit's calculator turns into figures. Policy staff change a condition here, never in TypeScript.
 *
 * ```json
 * {
 *   "benefit": "UNIVERSAL_CREDIT",
 *   "description": "...",
 *   "legislation": [{ "title": "Universal Credit Regulations 2013", "url": "https://www.legislation.gov.uk/uksi/2013/376" }],
 *   "facts": { "claimantAge": "The claimant's age in whole years on the date asked." },
 *   "rules": [
 *     { "name": "carer-element", "description": "...", "conditions": { "all": [...] },
 *       "event": { "type": "element", "params": { "code": "CARER" } } }
 *   ]
 * }
 * ```
 */

export type FactValue = string | number | boolean | null | readonly (string | number)[];
export type RulesetFacts = Record<string, FactValue>;

export interface RulesetCitation {
  title: string;
  url: string;
}

export interface RulesetRule {
  /** Unique within the ruleset, kebab-case: named in explanations and in `rules:test` failures. */
  name: string;
  /** Plain English: what the rule decides and why (the regulation). */
  description: string;
  priority?: number;
  conditions: TopLevelCondition;
  event: { type: string; params?: Record<string, unknown> };
}

export interface RulesetFile {
  benefit: string;
  description: string;
  legislation: RulesetCitation[];
  /** Every fact the rules may name, with what it means. */
  facts: Record<string, string>;
  rules: RulesetRule[];
}

export interface FiredRule {
  name: string;
  description: string;
  event: { type: string; params: Record<string, unknown> };
}

/** The rules that held for one household, in the order the ruleset lists them. */
export class FiredRules {
  constructor(readonly rules: readonly FiredRule[]) {}

  /** Whether a rule with this event type (and, when given, params.code) fired. */
  has(type: string, code?: string): boolean {
    return this.rules.some((rule) => rule.event.type === type && (code === undefined || rule.event.params.code === code));
  }

  ofType(type: string): FiredRule[] {
    return this.rules.filter((rule) => rule.event.type === type);
  }

  /** The first fired rule with this event type (and code), if any. */
  first(type: string, code?: string): FiredRule | undefined {
    return this.rules.find((rule) => rule.event.type === type && (code === undefined || rule.event.params.code === code));
  }
}

export class RulesetError extends Error {
  override name = 'RulesetError';
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(
      `${file} has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
  }
}

/**
 * The built-in fact a condition compares with a rate: `{ "fact": "parameter", "params": { "name": "gov/..." } }`
 * is the parameter's value on the date asked (whole pence, basis points, hours, a count or a switch), read
 * through the benefit's ParameterReader so the result cites it.
 */
export const PARAMETER_FACT = 'parameter';
/** The facts given beside lazy facts (which hold them all). */
const NO_FACTS: RulesetFacts = Object.freeze({});
/** The runtime fact carrying the benefit's ParameterReader into the engine. */
const PARAMETER_READER_FACT = '__parameters';

const OPERATORS = new Set([
  'equal',
  'notEqual',
  'lessThan',
  'lessThanInclusive',
  'greaterThan',
  'greaterThanInclusive',
  'in',
  'notIn',
  'contains',
  'doesNotContain',
]);
const RULE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The facts a condition names, with any problem of shape (an unknown operator, a missing value). */
function walkCondition(condition: unknown, path: string, facts: Set<string>, parameters: Set<string>, problems: string[]): void {
  if (typeof condition !== 'object' || condition === null) {
    problems.push(`${path} must be a condition object.`);
    return;
  }
  const node = condition as Record<string, unknown>;
  for (const group of ['all', 'any'] as const) {
    if (group in node) {
      if (!Array.isArray(node[group]) || (node[group] as unknown[]).length === 0)
        problems.push(`${path}.${group} must be a non-empty list of conditions.`);
      else
        (node[group] as unknown[]).forEach((inner, index) =>
          walkCondition(inner, `${path}.${group}[${index}]`, facts, parameters, problems),
        );
      return;
    }
  }
  if ('not' in node) return walkCondition(node.not, `${path}.not`, facts, parameters, problems);
  if (typeof node.fact !== 'string') {
    problems.push(`${path} must have all, any, not, or a fact with an operator and a value.`);
    return;
  }
  noteFact(node, facts, parameters, path, problems);
  if (typeof node.operator !== 'string' || !OPERATORS.has(node.operator))
    problems.push(`${path}.operator '${String(node.operator)}' is not one of ${[...OPERATORS].join(', ')}.`);
  if (!('value' in node)) problems.push(`${path} has no value to compare ${node.fact} with.`);
  if (
    typeof node.value === 'object' &&
    node.value !== null &&
    !Array.isArray(node.value) &&
    typeof (node.value as { fact?: unknown }).fact === 'string'
  ) {
    noteFact(node.value as Record<string, unknown>, facts, parameters, `${path}.value`, problems);
  }
}

/** A fact reference: a fact of the benefit's, or the built-in `parameter` fact, which must name a parameter. */
function noteFact(node: Record<string, unknown>, facts: Set<string>, parameters: Set<string>, path: string, problems: string[]): void {
  if (node.fact !== PARAMETER_FACT) {
    facts.add(node.fact as string);
    return;
  }
  const name = (node.params as { name?: unknown } | undefined)?.name;
  if (typeof name === 'string' && name.trim()) parameters.add(name);
  else problems.push(`${path} reads the parameter fact without params.name (the parameter's path under rulesets/parameters).`);
}

/**
 * Every problem with a ruleset: its shape, a rule without a name or description, duplicate names, a condition
 * naming a fact the ruleset does not declare. `knownFacts` (the facts its calculator provides: `calculator.facts.names`,
 * the keys of its fact functions) adds a check that every declared fact is provided.
 */
export function checkRuleset(
  json: unknown,
  benefit: string,
  knownFacts?: readonly string[],
  parameterExists?: (name: string) => boolean,
): string[] {
  const problems: string[] = [];
  if (typeof json !== 'object' || json === null) return ['must be a JSON object.'];
  const ruleset = json as Partial<RulesetFile>;
  const allowed = new Set(['benefit', 'description', 'legislation', 'facts', 'rules']);
  for (const key of Object.keys(ruleset))
    if (!allowed.has(key)) problems.push(`'${key}' is not a ruleset field (${[...allowed].join(', ')}).`);
  if (ruleset.benefit !== benefit) problems.push(`benefit must be '${benefit}'.`);
  if (typeof ruleset.description !== 'string' || !ruleset.description.trim())
    problems.push('description must say what the ruleset decides.');
  if (
    !Array.isArray(ruleset.legislation) ||
    ruleset.legislation.some((law) => typeof law?.title !== 'string' || !/^https?:\/\//.test(String(law?.url)))
  ) {
    problems.push('legislation must list the regulations, each with a title and an http(s) url.');
  }
  const declared = new Set(Object.keys(ruleset.facts ?? {}));
  for (const [fact, meaning] of Object.entries(ruleset.facts ?? {}))
    if (typeof meaning !== 'string' || !meaning.trim()) problems.push(`facts.${fact} must say what the fact means.`);
  if (knownFacts) {
    const provided = new Set(knownFacts);
    for (const fact of declared)
      if (!provided.has(fact)) problems.push(`facts.${fact} is declared but the calculator does not provide it.`);
  }
  if (!Array.isArray(ruleset.rules) || ruleset.rules.length === 0) {
    problems.push('rules must be a non-empty list.');
    return problems;
  }
  const names = new Set<string>();
  ruleset.rules.forEach((rule, index) => {
    const at = `rules[${index}]`;
    if (typeof rule?.name !== 'string' || !RULE_NAME.test(rule.name)) problems.push(`${at}.name must be kebab-case text.`);
    else if (names.has(rule.name)) problems.push(`${at}.name '${rule.name}' is used twice.`);
    else names.add(rule.name);
    if (typeof rule?.description !== 'string' || !rule.description.trim())
      problems.push(`${at}.description must say what the rule decides.`);
    if (typeof rule?.event?.type !== 'string') problems.push(`${at}.event.type is missing.`);
    const used = new Set<string>();
    const parameters = new Set<string>();
    walkCondition(rule?.conditions, `${at}.conditions`, used, parameters, problems);
    for (const fact of used)
      if (!declared.has(fact))
        problems.push(`${at} (${rule?.name}) names the fact '${fact}', which the ruleset does not declare in facts.`);
    // An event may name the parameter the calculator reads for it, always by its full path.
    const eventParameter = rule?.event?.params?.parameter;
    if (eventParameter !== undefined) parameters.add(String(eventParameter));
    if (parameterExists)
      for (const name of parameters)
        if (!parameterExists(name))
          problems.push(`${at} (${rule?.name}) reads the parameter '${name}', which is not in rulesets/parameters.`);
  });
  return problems;
}

/**
 * A checked ruleset, compiled once (compile-rules.ts) and evaluated for each household. json-rules-engine is kept
 * as the reference evaluator (`runReference`), which the differential test compares with the compiled one.
 */
export class Ruleset {
  private readonly compiled: CompiledRules;
  private reference: Engine | undefined;
  /** Each rule's result when it holds, built once: no copies per household. */
  private readonly held: readonly FiredRule[];
  /** The parameters the conditions read, in the order the ruleset first names them (the order they are cited). */
  private readonly parameterNames: readonly string[];

  /** `path` names the file in a message about a feature the compiler does not support. */
  constructor(
    readonly file: RulesetFile,
    readonly path = `rulesets (${file.benefit})`,
  ) {
    this.compiled = compileRules(path, file.rules, {
      allowUndefinedFacts: false,
      extraRuleKeys: ['description'],
      dynamicFacts: [PARAMETER_FACT],
    });
    this.held = file.rules.map((rule) =>
      Object.freeze({
        name: rule.name,
        description: rule.description,
        event: Object.freeze({ type: rule.event.type, params: Object.freeze({ ...(rule.event.params ?? {}) }) }),
      }),
    );
    const names = new Set<string>();
    for (const rule of file.rules) walkCondition(rule.conditions, '', new Set(), names, []);
    this.parameterNames = [...names];
  }

  /** Loads and checks a ruleset's JSON and compiles it; throws RulesetError naming every problem, or RulesCompileError. */
  static fromJson(
    path: string,
    text: string,
    benefit: string,
    knownFacts?: readonly string[],
    parameterExists?: (name: string) => boolean,
  ): Ruleset {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new RulesetError(path, [`invalid JSON: ${(error as Error).message}`]);
    }
    const problems = checkRuleset(json, benefit, knownFacts, parameterExists);
    if (problems.length > 0) throw new RulesetError(path, problems);
    return new Ruleset(json as RulesetFile, path);
  }

  /** The rules that held, from the compiled rules (synchronous). */
  evaluate(facts: RulesetFacts, parameters: ParameterReader): FiredRules {
    return this.firedRules(this.outcomes(facts, parameters));
  }

  /**
   * The rules that held, from the compiled rules, each fact worked out when a condition first reads it (the same
   * rules as `evaluate` over every fact: a fact is a function of the household, whenever it is worked out).
   */
  evaluateLazily(facts: LazyFactSource, parameters: ParameterReader): FiredRules {
    return this.firedRules(this.outcomes(NO_FACTS, parameters, facts));
  }

  /** The rules that held (the compiled rules; kept async for the callers that await it). */
  async run(facts: RulesetFacts, parameters: ParameterReader): Promise<FiredRules> {
    return this.evaluate(facts, parameters);
  }

  /** The rules that held, from json-rules-engine itself: the reference the compiled rules are tested against. */
  async runReference(facts: RulesetFacts, parameters: ParameterReader): Promise<FiredRules> {
    return this.firedRules(await this.referenceOutcomes(facts, parameters));
  }

  /** The compiled rules' outcome: each rule that held with its priority and event, priority set by priority set. */
  outcomes(facts: RulesetFacts, parameters: ParameterReader, lazy?: LazyFactSource): RuleHeld[] {
    const read = new Set<string>();
    const parameter = (params: Record<string, unknown>) => {
      const name = params.name as string;
      read.add(name);
      return parameters.valueUncited(name);
    };
    const held = this.compiled.run(facts, { [PARAMETER_FACT]: parameter }, lazy);
    this.cite(read, parameters);
    return held;
  }

  /**
   * json-rules-engine's outcome, in the same terms. Within a priority set json-rules-engine lists results in the
   * order their promises settle, which is not part of its contract; they are put in the file's order here.
   */
  async referenceOutcomes(facts: RulesetFacts, parameters: ParameterReader): Promise<RuleHeld[]> {
    const read = new Set<string>();
    const { results } = await this.referenceEngine().run({ ...facts, [PARAMETER_READER_FACT]: { parameters, read } });
    this.cite(read, parameters);
    const order = new Map(this.file.rules.map((rule, index) => [rule.name, index]));
    return results
      .map((result) => ({
        index: order.get(result.name as string)!,
        name: result.name as string,
        priority: result.priority as number, // json-rules-engine always sets it (1 by default)
        event: { type: result.event!.type, params: result.event!.params ?? {} },
      }))
      .sort((a, b) => b.priority - a.priority || a.index - b.index);
  }

  /** The rules that held, as the calculators read them: in the ruleset's order, with their descriptions. */
  firedRules(held: readonly RuleHeld[]): FiredRules {
    const indexes = held.map((rule) => rule.index);
    // Already in order when every rule has the same priority (the usual case): no sort then.
    if (indexes.some((index, at) => at > 0 && index < indexes[at - 1]!)) indexes.sort((a, b) => a - b);
    return new FiredRules(indexes.map((index) => this.held[index]!));
  }

  /** The engine json-rules-engine runs the ruleset with, built when first asked for. */
  private referenceEngine(): Engine {
    if (this.reference) return this.reference;
    const engine = new Engine(
      this.file.rules.map((rule): RuleProperties => ({
        name: rule.name,
        priority: rule.priority,
        conditions: rule.conditions,
        event: { type: rule.event.type, params: rule.event.params ?? {} },
      })),
      { allowUndefinedFacts: false },
    );
    // The library's types say a dynamic fact returns a value; it also accepts a promise (almanac.factValue is async).
    const parameterFact = async (params: Record<string, unknown>, almanac: Almanac) => {
      const { parameters, read } = await almanac.factValue<{ parameters: ParameterReader; read: Set<string> }>(PARAMETER_READER_FACT);
      read.add(params.name as string);
      return parameters.valueUncited(params.name as string);
    };
    engine.addFact(PARAMETER_FACT, parameterFact as unknown as DynamicFactCallback<number | boolean | null>);
    this.reference = engine;
    return engine;
  }

  /**
   * The parameters the conditions read are cited in the order the ruleset first names them, whichever evaluator
   * read them and in whatever order (json-rules-engine's order is that of its promises).
   */
  private cite(read: ReadonlySet<string>, parameters: ParameterReader): void {
    if (read.size === 0) return;
    for (const name of this.parameterNames) if (read.has(name)) parameters.value(name);
    // A name read but not written in the conditions cannot happen; if it did, it is still cited (a Map keeps its place).
    for (const name of read) parameters.value(name);
  }
}
