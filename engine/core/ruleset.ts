import { Engine, type Almanac, type DynamicFactCallback, type RuleProperties, type TopLevelCondition } from 'json-rules-engine';
import { compileRules, type CompiledRules, type LazyFactSource, type RuleHeld } from './compile-rules.js';
import type { ParameterReader } from './parameters.js';
import { Contract } from '../schemas/json-schema.js';
import type { Country } from '../household.js';

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
  /**
   * Where a nation pays its own benefit in this one's place (Scotland's Adult Disability Payment for PIP), its name
   * there: the result keeps the code and shows this name.
   */
  names?: Partial<Record<Country, string>>;
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

type Segment = string | number;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A fact a condition names, where (path segments), and for the `parameter` fact the parameter it reads. */
interface FactReference {
  fact: string;
  parameter?: string;
  segments: Segment[];
}

/**
 * Every fact a condition names, in the order it names them: a comparison's fact, then a fact given as its value.
 * Values of the wrong shape are passed over: the schema reports them.
 */
function factReferences(condition: unknown, segments: Segment[] = []): FactReference[] {
  if (!isObject(condition)) return [];
  for (const group of ['all', 'any'] as const) {
    if (!Object.hasOwn(condition, group)) continue;
    const inner = condition[group];
    return Array.isArray(inner) ? inner.flatMap((item, index) => factReferences(item, [...segments, group, index])) : [];
  }
  if (Object.hasOwn(condition, 'not')) return factReferences(condition.not, [...segments, 'not']);
  const found: FactReference[] = [];
  const note = (node: unknown, at: Segment[]) => {
    if (!isObject(node) || typeof node.fact !== 'string') return;
    const name = isObject(node.params) ? node.params.name : undefined;
    found.push({ fact: node.fact, parameter: node.fact === PARAMETER_FACT && typeof name === 'string' ? name : undefined, segments: at });
  };
  note(condition, segments);
  note(condition.value, [...segments, 'value']);
  return found;
}

/**
 * The shape of a ruleset is a JSON Schema (`definitions/schemas/ruleset.schema.json`), checked with ajv; the code adds
 * only the cross-references a schema cannot know: the benefit is the calculator's, the facts are the calculator's and
 * the ruleset's, the parameters are in rulesets/parameters, and no rule name is used twice.
 */
const RULESET_CONTRACT = Contract.named('ruleset.schema.json', (allowed) => `is not a known field (allowed: ${allowed.join(', ')}).`);

/**
 * Every problem with a ruleset, each naming its field: the schema's (its shape), then a benefit other than
 * `benefit`, a rule name used twice, a condition naming a fact the ruleset does not declare, a parameter that does
 * not exist. `knownFacts` (the facts its calculator provides: `calculator.facts.names`, the keys of its fact
 * functions) adds a check that every declared fact is provided.
 */
export function checkRuleset(
  json: unknown,
  benefit: string,
  knownFacts?: readonly string[],
  parameterExists?: (name: string) => boolean,
): string[] {
  const found: { segments: Segment[]; message: string }[] = [];
  if (isObject(json)) {
    if (typeof json.benefit === 'string' && json.benefit !== benefit)
      found.push({ segments: ['benefit'], message: `must be '${benefit}'.` });
    const declared = new Set(isObject(json.facts) ? Object.keys(json.facts) : []);
    if (knownFacts) {
      const provided = new Set(knownFacts);
      for (const fact of declared)
        if (!provided.has(fact)) found.push({ segments: ['facts', fact], message: 'is declared but the calculator does not provide it.' });
    }
    const missingParameter = (name: string) => parameterExists !== undefined && !parameterExists(name);
    const names = new Set<string>();
    (Array.isArray(json.rules) ? json.rules : []).forEach((rule: unknown, index) => {
      if (!isObject(rule)) return;
      const at: Segment[] = ['rules', index];
      const name = typeof rule.name === 'string' ? rule.name : '';
      if (names.has(name)) found.push({ segments: [...at, 'name'], message: `'${name}' is used twice.` });
      else if (name) names.add(name);
      for (const reference of factReferences(rule.conditions, [...at, 'conditions'])) {
        if (reference.fact !== PARAMETER_FACT && !declared.has(reference.fact))
          found.push({
            segments: [...reference.segments, 'fact'],
            message: `'${reference.fact}' (rule ${name}) is not a fact the ruleset declares in facts.`,
          });
        if (reference.parameter !== undefined && missingParameter(reference.parameter))
          found.push({
            segments: [...reference.segments, 'params', 'name'],
            message: `'${reference.parameter}' (rule ${name}) is not in rulesets/parameters.`,
          });
      }
      // An event may name the parameter the calculator reads for it, always by its full path.
      const eventParameter = isObject(rule.event) && isObject(rule.event.params) ? rule.event.params.parameter : undefined;
      if (eventParameter !== undefined && missingParameter(String(eventParameter)))
        found.push({
          segments: [...at, 'event', 'params', 'parameter'],
          message: `'${String(eventParameter)}' (rule ${name}) is not in rulesets/parameters.`,
        });
    });
  }
  return RULESET_CONTRACT.problemsWith(json, found).map(({ message }) => message);
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
    for (const rule of file.rules)
      for (const { parameter } of factReferences(rule.conditions)) if (parameter !== undefined) names.add(parameter);
    this.parameterNames = [...names];
  }

  /** The benefit's own name in the household's nation, where that nation pays its own benefit in this one's place. */
  nameIn(country: Country): string | null {
    return this.file.names?.[country] ?? null;
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
