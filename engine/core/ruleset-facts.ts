import type { LazyFactSource } from './compile-rules.js';
import type { FactValue, RulesetFacts } from './ruleset.js';

/** How one fact's value is worked out from what the facts are read from (a benefit's CalculationInput). */
export type FactFunction<Input> = (input: Input) => FactValue;

/**
 * A fact that reads rates (through the input's ParameterReader, which cites what it reads): worked out for every
 * household, before the rules run and in the record's order, so its rates are cited as they always were whichever
 * conditions read it. Mark one with `readsRates(...)`.
 */
export interface RateReadingFact<Input> {
  readonly readsRates: FactFunction<Input>;
}

/** Marks a fact that reads rates (see RateReadingFact). */
export function readsRates<Input>(fact: FactFunction<Input>): RateReadingFact<Input> {
  return { readsRates: fact };
}

/**
 * A record of fact functions, keyed by the names a ruleset uses. A plain function reads only `Pure`, the input
 * without its rates (the type says so), and is worked out when a condition first reads it; a fact that reads
 * rates is marked `readsRates(...)` and takes the whole `Input`.
 */
export type FactFunctions<Input, Name extends string = string, Pure = Input> = Record<Name, FactFunction<Pure> | RateReadingFact<Input>>;

/** A benefit's fact functions, in the record's order, with each name's place: the same for every household. */
class FactTable<Input> {
  readonly places: ReadonlyMap<string, number>;
  constructor(
    readonly names: readonly string[],
    readonly functions: readonly FactFunction<Input>[],
    /** The places of the facts that read rates, in the record's order. */
    readonly rateReading: readonly number[],
  ) {
    this.places = new Map(names.map((name, index) => [name, index]));
  }
}

/** Marks a place in LazyFacts whose fact is not worked out yet. */
const NOT_WORKED_OUT: unique symbol = Symbol('not worked out yet');

/**
 * One household's facts as the compiled rules read them (a LazyFactSource): the facts that read rates are worked out
 * at once, in the record's order (so they cite their rates as before), the others on their first read, then kept.
 */
export class LazyFacts<Input = unknown> implements LazyFactSource {
  private readonly values: unknown[];

  constructor(
    readonly table: FactTable<Input>,
    private readonly input: Input,
  ) {
    this.values = new Array<unknown>(table.names.length).fill(NOT_WORKED_OUT);
    for (const place of table.rateReading) this.values[place] = table.functions[place]!(input);
  }

  indexOf(name: string): number {
    return this.table.places.get(name) ?? -1;
  }

  valueAt(index: number): FactValue {
    let value = this.values[index];
    if (value === NOT_WORKED_OUT) {
      value = this.table.functions[index]!(this.input);
      this.values[index] = value;
    }
    return value as FactValue;
  }
}

/**
 * The facts a ruleset may name, written once: `names` are the keys of the fact functions (so the ruleset checker
 * and the values cannot drift apart). `evaluate` works out every value, in the order the facts are written (what
 * json-rules-engine, the reference evaluator, is given); `lazy` gives the same values, each worked out only when
 * a condition reads it (the compiled rules short-circuit, so most are never needed).
 */
export interface DefinedFacts<Input, Name extends string = string> {
  readonly names: readonly Name[];
  evaluate(input: Input): RulesetFacts & Record<Name, FactValue>;
  lazy(input: Input): LazyFacts<Input>;
}

/**
 * Facts from a record of fact functions: `defineFacts({ isCouple: ({ facts }) => facts.isCouple, ... })`. Each
 * function runs at most once per evaluation; the ones that read rates run first, in the record's order (a fact that
 * reads a rate is cited in that order), the others when first read.
 */
export function defineFacts<Input, Name extends string, Pure = Input>(
  functions: FactFunctions<Input, Name, Pure>,
): DefinedFacts<Input, Name> {
  const names = Object.freeze(Object.keys(functions) as Name[]);
  // A pure fact is given the whole input too: `Pure` is the input less what it must not read.
  const each = names.map((name) => {
    const fact = functions[name];
    return typeof fact === 'function' ? (fact as unknown as FactFunction<Input>) : fact.readsRates;
  });
  const rateReading = names.flatMap((name, index) => (typeof functions[name] === 'function' ? [] : [index]));
  const table = new FactTable<Input>(names, each, rateReading);
  return {
    names,
    evaluate: (input) => {
      const facts: Record<string, FactValue> = {};
      for (let index = 0; index < names.length; index += 1) facts[names[index]!] = each[index]!(input);
      return facts as RulesetFacts & Record<Name, FactValue>;
    },
    lazy: (input) => new LazyFacts(table, input),
  };
}
