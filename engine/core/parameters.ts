import { formatAmount } from '../../common/money.js';
import { amountInScale, amountOf, limitOf, switchOf, type ParameterInForce, type ParameterSet } from '../parameters/parameter-set.js';

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

  /**
   * The amount of a scale for `threshold` (in the scale's threshold unit), with its bracket (0 = lowest) and how
   * many brackets the scale has on the date. The bracket used is cited as `<scale>[<bracket>]` (the non-dependant
   * deduction for one in the second bracket: `gov/dwp/housing_benefit/non_dependant_deductions[1]`), its label giving
   * the bracket's threshold, so each figure a result uses is cited on its own.
   */
  scaleAmount(name: string, threshold: number): { amount: number; index: number; brackets: number } {
    const scale = this.parameters.scaleOn(name, this.date);
    const found = amountInScale(scale, threshold);
    const cited = `${name}[${found.index}]`;
    if (!this.read.has(cited)) {
      const { label, unit, period, from, source, note, legislation } = scale;
      this.read.set(cited, {
        name: cited,
        label: `${label}: from ${thresholdWords(found.threshold, scale.thresholdUnit)}`,
        unit,
        period,
        value: found.amount,
        from,
        source,
        ...(note === undefined ? {} : { note }),
        legislation,
      });
    }
    return { amount: found.amount, index: found.index, brackets: scale.brackets.length };
  }

  /** A parameter in force with its unit, label and source, cited as read (for a text that writes the figure in words). */
  parameter(name: string): ParameterInForce {
    return this.remember(name);
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

/** A threshold in words: £183.00 a week. */
function thresholdWords(threshold: number, unit: string): string {
  return `${formatAmount(threshold)}${unit.startsWith('pence ') ? unit.slice('pence'.length) : ''}`;
}
