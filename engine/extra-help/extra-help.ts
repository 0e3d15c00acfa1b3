import { Engine, type RuleProperties, type TopLevelCondition } from 'json-rules-engine';
import { compileRules, type CompiledRules } from '../core/compile-rules.js';
import type { ResultVariable } from '../core/benefit.js';
import type { CalculationResult } from '../core/calculation-result.js';
import type { ParameterReader } from '../core/parameters.js';
import type { Country } from '../household.js';
import { readExtraHelpDefinitions } from './definitions.js';
import { extraHelpFacts } from './facts.js';
import type { ExtraHelpCategoryOffered, ExtraHelpDefinitions, ExtraHelpFile, ExtraHelpOffer } from './types.js';

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
    this.compiled = files.map((file) => compileRules(file.file, file.rules, { allowUndefinedFacts: false, annotationKeys: ['source'] }));
  }

  /** Checks the files of `definitions/extra-help/` and compiles their rules; throws ExtraHelpDefinitionsError. */
  static fromFiles(files: readonly ExtraHelpFile[]): LoadedExtraHelp {
    return new LoadedExtraHelp(readExtraHelpDefinitions(files));
  }

  /** The extra help for a calculation's result, with the rates on its date (`parameters`): the compiled rules. */
  evaluate(result: CalculationResult, parameters: ParameterReader): ExtraHelpResult {
    return this.offered(this.heldEvents(result, parameters));
  }

  /** The same, from json-rules-engine itself: the reference the compiled rules are tested against. */
  async evaluateReference(result: CalculationResult, parameters: ParameterReader): Promise<ExtraHelpResult> {
    return this.offered(await this.heldEventsReference(result, parameters));
  }

  /** The events of the rules that held, from the compiled rules. */
  heldEvents(result: CalculationResult, parameters: ParameterReader): { type: string; params: Record<string, unknown> }[] {
    const facts = extraHelpFacts(result, parameters);
    // Every rule has json-rules-engine's default priority, so the files' results in turn are its order.
    return this.compiled.flatMap((rules) => rules.run(facts).map((held) => held.event));
  }

  /** The events of the rules that held, from json-rules-engine, in the rules' order (see Ruleset.referenceOutcomes). */
  async heldEventsReference(
    result: CalculationResult,
    parameters: ParameterReader,
  ): Promise<{ type: string; params: Record<string, unknown> }[]> {
    this.reference ??= new Engine(this.rules, { allowUndefinedFacts: false });
    const { results } = await this.reference.run(extraHelpFacts(result, parameters));
    const order = new Map(this.rules.map((rule, index) => [rule.name, index]));
    return results
      .sort((a, b) => order.get(a.name as string)! - order.get(b.name as string)!)
      .map((held) => ({ type: held.event!.type, params: held.event!.params ?? {} }));
  }

  private offered(events: readonly { type: string; params: Record<string, unknown> }[]): ExtraHelpResult {
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
            text: item.text,
            howToAccessTitle: item.howToAccessTitle ?? DEFAULT_HOW_TO_ACCESS_TITLE,
            howToAccess: item.howToAccess,
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
