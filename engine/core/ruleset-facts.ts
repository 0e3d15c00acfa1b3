import type { FactValue, RulesetFacts } from './ruleset.js';

/** How one fact's value is worked out from what the facts are read from (a benefit's CalculationInput). */
export type FactFunction<Input> = (input: Input) => FactValue;

/** A record of fact functions, keyed by the names a ruleset uses. */
export type FactFunctions<Input, Name extends string = string> = Record<Name, FactFunction<Input>>;

/**
 * The facts a ruleset may name, written once: `names` are the keys of the fact functions (so the ruleset checker
 * and the values cannot drift apart), and `evaluate` works out every value, in the order the facts are written.
 */
export interface DefinedFacts<Input, Name extends string = string> {
  readonly names: readonly Name[];
  evaluate(input: Input): RulesetFacts & Record<Name, FactValue>;
}

/**
 * Facts from a record of fact functions: `defineFacts({ isCouple: ({ facts }) => facts.isCouple, ... })`. Each
 * function runs once per evaluation, in the record's order (a fact that reads a rate is cited in that order).
 */
export function defineFacts<Input, Name extends string>(functions: FactFunctions<Input, Name>): DefinedFacts<Input, Name> {
  const names = Object.freeze(Object.keys(functions) as Name[]);
  const each = names.map((name) => functions[name]);
  return {
    names,
    evaluate: (input) => {
      const facts: Record<string, FactValue> = {};
      for (let index = 0; index < names.length; index += 1) facts[names[index]!] = each[index]!(input);
      return facts as RulesetFacts & Record<Name, FactValue>;
    },
  };
}
