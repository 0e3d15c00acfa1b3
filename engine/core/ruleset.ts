import { Engine, type Almanac, type DynamicFactCallback, type RuleProperties, type TopLevelCondition } from 'json-rules-engine';
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

/** A checked ruleset with its engine, built once and run for each household. */
export class Ruleset {
  private readonly engine: Engine;
  private readonly order: Map<string, number>;

  constructor(readonly file: RulesetFile) {
    this.engine = new Engine(
      file.rules.map((rule): RuleProperties => ({
        name: rule.name,
        priority: rule.priority,
        conditions: rule.conditions,
        event: { type: rule.event.type, params: rule.event.params ?? {} },
      })),
      { allowUndefinedFacts: false },
    );
    // The library's types say a dynamic fact returns a value; it also accepts a promise (almanac.factValue is async).
    const parameterFact = async (params: Record<string, unknown>, almanac: Almanac) => {
      const reader = await almanac.factValue<ParameterReader>(PARAMETER_READER_FACT);
      return reader.value(params.name as string);
    };
    this.engine.addFact(PARAMETER_FACT, parameterFact as unknown as DynamicFactCallback<number | boolean | null>);
    this.order = new Map(file.rules.map((rule, index) => [rule.name, index]));
  }

  /** Loads and checks a ruleset's JSON; throws RulesetError naming every problem. */
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
    return new Ruleset(json as RulesetFile);
  }

  async run(facts: RulesetFacts, parameters: ParameterReader): Promise<FiredRules> {
    const { results } = await this.engine.run({ ...facts, [PARAMETER_READER_FACT]: parameters });
    const byName = new Map(this.file.rules.map((rule) => [rule.name, rule]));
    const fired = results
      .map((result) => byName.get(result.name as string)!)
      .sort((a, b) => this.order.get(a.name)! - this.order.get(b.name)!)
      .map((rule) => ({
        name: rule.name,
        description: rule.description,
        event: { type: rule.event.type, params: rule.event.params ?? {} },
      }));
    return new FiredRules(fired);
  }
}
