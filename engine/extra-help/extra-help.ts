import { Engine, type Almanac, type DynamicFactCallback, type RuleProperties, type TopLevelCondition } from 'json-rules-engine';
import { compileRules, type CompiledRules } from '../core/compile-rules.js';
import type { ResultVariable } from '../core/benefit.js';
import type { CalculationResult } from '../core/calculation-result.js';
import type { ParameterReader } from '../core/parameters.js';
import type { Country } from '../household.js';
import { formatAmount } from '../../common/money.js';
import { readExtraHelpDefinitions, TEXT_PARAMETER, type ParameterExists } from './definitions.js';
import { extraHelpFacts, type ExtraHelpFacts } from './facts.js';
import type { ExtraHelpCategoryOffered, ExtraHelpDefinitions, ExtraHelpFile, ExtraHelpHouseholdAmount, ExtraHelpOffer } from './types.js';

/** The heading of an item's help text when the item does not give its own. */
export const DEFAULT_HOW_TO_ACCESS_TITLE = 'How to access support';

/**
 * The contract's variables are money in pounds ({ name, weekly, monthly }): a flag reads 1 in both periods when
 * it holds and 0 when it does not, so it is held as 100 pence.
 */
export const FLAG_TRUE_PENCE = 100;

export interface ExtraHelpResult {
  /** The categories with at least one item the household may get, in the order the definitions list them. */
  categories: ExtraHelpCategoryOffered[];
  /** Every variable of the definitions (the Warm Homes Network flag), 1 or 0. */
  variables: ResultVariable[];
}

const ITEM_EVENT = 'extra-help';
/** The fact a condition's value reads a threshold from rulesets/parameters with, as in the rulesets. */
const PARAMETER_FACT = 'parameter';
/** The runtime fact carrying the calculation's ParameterReader into json-rules-engine (the reference evaluator). */
const PARAMETER_READER_FACT = '__parameters';
const VARIABLE_EVENT = 'variable';

/** An item's or variable's rule: its nations, and its own condition. */
function rule(kind: string, name: string, nations: readonly Country[], condition: TopLevelCondition): RuleProperties {
  return {
    name: `${kind}:${name}`,
    conditions: { all: [{ fact: 'country', operator: 'in', value: [...nations] }, condition] },
    event: { type: kind, params: { name } },
  };
}

/**
 * Checked definitions with their rules compiled (core/compile-rules.ts), built once and run for each calculation;
 * json-rules-engine is kept as the reference evaluator (`evaluateReference`) for the differential test.
 */
export class LoadedExtraHelp {
  private readonly rules: RuleProperties[];
  /** One compiled set per file, so a feature the compiler refuses is reported with its file. */
  private readonly compiled: CompiledRules[];
  private reference: Engine | undefined;

  constructor(readonly definitions: ExtraHelpDefinitions) {
    const categories = definitions.categories.map((category) => ({
      file: `definitions/extra-help/categories/${category.name}.json`,
      rules: category.items.map((item) => rule(ITEM_EVENT, item.name, item.nations, item.condition)),
    }));
    const variables = {
      file: 'definitions/extra-help/extra-help.json',
      rules: definitions.variables.map((variable) => rule(VARIABLE_EVENT, variable.name, variable.nations, variable.condition)),
    };
    const files = [...categories, variables];
    this.rules = files.flatMap((file) => file.rules);
    // An undefined fact is an error (a fact the definitions name but extraHelpFacts does not provide).
    this.compiled = files.map((file) =>
      compileRules(file.file, file.rules, { allowUndefinedFacts: false, annotationKeys: ['source'], dynamicFacts: [PARAMETER_FACT] }),
    );
  }

  /** Checks the files of `definitions/extra-help/` and compiles their rules; throws ExtraHelpDefinitionsError. */
  static fromFiles(files: readonly ExtraHelpFile[], known?: ParameterExists): LoadedExtraHelp {
    return new LoadedExtraHelp(readExtraHelpDefinitions(files, known));
  }

  /** The extra help for a calculation's result, with the rates on its date (`parameters`): the compiled rules. */
  evaluate(result: CalculationResult, parameters: ParameterReader): ExtraHelpResult {
    return this.offered(this.heldEvents(result, parameters), parameters, extraHelpFacts(result, parameters));
  }

  /** The same, from json-rules-engine itself: the reference the compiled rules are tested against. */
  async evaluateReference(result: CalculationResult, parameters: ParameterReader): Promise<ExtraHelpResult> {
    return this.offered(await this.heldEventsReference(result, parameters), parameters, extraHelpFacts(result, parameters));
  }

  /** The events of the rules that held, from the compiled rules. */
  heldEvents(result: CalculationResult, parameters: ParameterReader): { type: string; params: Record<string, unknown> }[] {
    const facts = extraHelpFacts(result, parameters);
    // Every rule has json-rules-engine's default priority, so the files' results in turn are its order.
    const threshold = { [PARAMETER_FACT]: (params: Record<string, unknown>) => parameters.value(String(params.name)) };
    return this.compiled.flatMap((rules) => rules.run(facts, threshold).map((held) => held.event));
  }

  /** The events of the rules that held, from json-rules-engine, in the rules' order (see Ruleset.referenceOutcomes). */
  async heldEventsReference(
    result: CalculationResult,
    parameters: ParameterReader,
  ): Promise<{ type: string; params: Record<string, unknown> }[]> {
    this.reference ??= referenceEngine(this.rules);
    const { results } = await this.reference.run({ ...extraHelpFacts(result, parameters), [PARAMETER_READER_FACT]: parameters });
    const order = new Map(this.rules.map((rule, index) => [rule.name, index]));
    return results
      .sort((a, b) => order.get(a.name as string)! - order.get(b.name as string)!)
      .map((held) => ({ type: held.event!.type, params: held.event!.params ?? {} }));
  }

  private offered(
    events: readonly { type: string; params: Record<string, unknown> }[],
    parameters: ParameterReader,
    facts: ExtraHelpFacts,
  ): ExtraHelpResult {
    const held = (type: string) => new Set(events.filter((event) => event.type === type).map((event) => String(event.params.name)));
    const items = held(ITEM_EVENT);
    const variables = held(VARIABLE_EVENT);
    const categories = this.definitions.categories
      .map((category): ExtraHelpCategoryOffered => ({
        name: category.name,
        title: category.title,
        items: category.items
          .filter((item) => items.has(item.name))
          .map((item): ExtraHelpOffer => ({
            category: category.name,
            name: item.name,
            title: item.title,
            text: withHouseholdAmount(withFigures(item.text, parameters), item.forHousehold, parameters, facts),
            howToAccessTitle: item.howToAccessTitle ?? DEFAULT_HOW_TO_ACCESS_TITLE,
            howToAccess: withFigures(item.howToAccess, parameters),
            source: item.source,
          })),
      }))
      .filter((category) => category.items.length > 0);
    return {
      categories,
      variables: this.definitions.variables.map((variable) => {
        const pence = variables.has(variable.name) ? FLAG_TRUE_PENCE : 0;
        return { name: variable.name, weeklyPence: pence, monthlyPence: pence };
      }),
    };
  }
}

/** json-rules-engine with the `parameter` fact, reading the calculation's rates (as the rulesets' reference engine does). */
function referenceEngine(rules: RuleProperties[]): Engine {
  const engine = new Engine(rules, { allowUndefinedFacts: false });
  // The library's types say a dynamic fact returns a value; it also accepts a promise (almanac.factValue is async).
  const parameterFact = async (params: Record<string, unknown>, almanac: Almanac) =>
    (await almanac.factValue<ParameterReader>(PARAMETER_READER_FACT)).value(String(params.name));
  engine.addFact(PARAMETER_FACT, parameterFact as unknown as DynamicFactCallback<number | boolean | null>);
  return engine;
}

/** A figure in words: money in pounds (£500, or £4.25 when there are pence), an amount under £1 in pence (50p), a number otherwise. */
function figureInWords(value: number, unit: string): string {
  if (!unit.startsWith('pence')) return value.toLocaleString('en-GB');
  if (value > 0 && value < 100) return `${value}p`;
  return value % 100 === 0 ? `£${(value / 100).toLocaleString('en-GB')}` : formatAmount(value);
}

/** A text with each `{{parameter name}}` written as the figure in force on the calculation's date, in words. */
export function withFigures(text: string, parameters: ParameterReader): string {
  return text.replace(TEXT_PARAMETER, (_, name: string) => {
    const { value, unit } = parameters.parameter(name);
    return typeof value === 'number' ? figureInWords(value, unit) : String(value);
  });
}

/**
 * The text, followed by what the scheme comes to for the household when that is above nil: each rate times its count,
 * added up (whole pence times whole counts, so exact), in the rates' one unit.
 */
function withHouseholdAmount(
  text: string,
  forHousehold: ExtraHelpHouseholdAmount | undefined,
  parameters: ParameterReader,
  facts: ExtraHelpFacts,
): string {
  if (!forHousehold) return text;
  const parts = forHousehold.amount.map(({ parameter, times }) => {
    const { value, unit } = parameters.parameter(parameter);
    return { value: Number(value) * Number(facts[times as keyof ExtraHelpFacts]), unit };
  });
  const units = new Set(parts.map((part) => part.unit));
  // The loader refuses rates of different units (definitions.ts), so this is never reached from a published file.
  if (units.size > 1) throw new Error(`A household amount adds rates in different units (${[...units].join(', ')}): ${forHousehold.text}`);
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  return total > 0 ? `${text} ${forHousehold.text.replace('{{amount}}', figureInWords(total, parts[0]!.unit))}` : text;
}

/** The extra help a household may get, and the result variables, from a finished calculation. */
export function evaluateExtraHelp(definitions: LoadedExtraHelp, result: CalculationResult, parameters: ParameterReader): ExtraHelpResult {
  return definitions.evaluate(result, parameters);
}

/**
 * A calculation's result with its extra help: run after the benefits (it reads them), its flags join the result's
 * variables. The loader passes this to the engine as what runs after the benefits.
 */
export function withExtraHelp(definitions: LoadedExtraHelp, result: CalculationResult, parameters: ParameterReader): CalculationResult {
  const offered = definitions.evaluate(result, parameters);
  return { ...result, variables: [...result.variables, ...offered.variables], extraHelp: offered.categories };
}
