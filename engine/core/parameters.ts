import { amountOf, limitOf, switchOf, type ParameterInForce, type ParameterSet } from '../parameters/parameter-set.js';

/**
 * One benefit's view of the rates on the date asked. Every parameter read is remembered, so the benefit's result
 * can cite each figure it used with its value, date and source (and `rules:test` can name them on a failure).
 * Cheap to make: the ParameterSet resolves each parameter once per date and every reader on that date reuses it.
 */
export class ParameterReader {
  private readonly read = new Map<string, ParameterInForce>();
  /** The set's values already resolved for this date's period (looked in before asking the set), when it has them. */
  private inPeriod: ReadonlyMap<string, ParameterInForce> | undefined | null = null;

  constructor(
    private readonly parameters: ParameterSet,
    readonly date: string,
  ) {}

  /** The value in force, from the period's resolved values when there, else from the set (which resolves and keeps it). */
  private inForce(name: string): ParameterInForce {
    if (this.inPeriod === null) this.inPeriod = this.parameters.resolvedOn(this.date);
    return this.inPeriod?.get(name) ?? this.parameters.parameterOn(name, this.date);
  }

  private remember(name: string): ParameterInForce {
    let found = this.read.get(name);
    if (found === undefined) {
      found = this.inForce(name);
      this.read.set(name, found);
    }
    return found;
  }

  /** Pence, basis points or hours. */
  amount(name: string): number {
    return amountOf(this.remember(name));
  }

  /** A count, or null for no limit. */
  limit(name: string): number | null {
    return limitOf(this.remember(name));
  }

  switch(name: string): boolean {
    return switchOf(this.remember(name));
  }

  /** Any parameter's value, whatever its unit (for rules that compare a fact with a rate). */
  value(name: string): number | boolean | null {
    return this.remember(name).value;
  }

  /** A value read without citing it yet: the ruleset cites what its conditions read in its own order (ruleset.ts). */
  valueUncited(name: string): number | boolean | null {
    return (this.read.get(name) ?? this.inForce(name)).value;
  }

  /** Whether a parameter exists at all (for optional, per-area data). */
  has(name: string): boolean {
    return this.parameters.has(name);
  }

  /** Every parameter read so far, in the order first read. */
  get used(): ParameterInForce[] {
    return [...this.read.values()];
  }
}
