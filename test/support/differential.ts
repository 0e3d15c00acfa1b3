import { isDeepStrictEqual } from 'node:util';
import type { RuleHeld } from '../../engine/core/compile-rules.js';
import type { CalculationResult } from '../../engine/core/calculation-result.js';
import type { EntitlementEngine } from '../../engine/core/entitlement-engine.js';
import { normaliseHousehold } from '../../engine/core/normalise.js';
import { ParameterReader } from '../../engine/core/parameters.js';
import type { LoadedExtraHelp } from '../../engine/extra-help/extra-help.js';
import { randomHousehold } from './random-households.js';

/**
 * The differential test of the compiled rules (engine/core/compile-rules.ts) against json-rules-engine, the
 * reference evaluator: for each seeded random household, every benefit's rules are run by both on the same facts
 * (which rules held, their priority, events and params, in order), the whole calculation is made both ways (every
 * amount, rule, parameter cited, explanation sentence, extra-help item and variable), the amounts-only calculation
 * is checked against the full one, and the extra-help rules are run by both. Used by engine/core/differential.spec.ts
 * (100 households, in the unit tier), test/properties/differential.properties.spec.ts (10,000, in the `properties`
 * tier of `npm test`) and bench/differential.ts (100,000, in `npm run bench`).
 */

export interface DifferentialMismatch {
  seed: number;
  what: string;
  compiled: unknown;
  reference: unknown;
}

export interface RuleCoverage {
  /** `UNIVERSAL_CREDIT:carer-element`, or `extra-help:<item>`. */
  rule: string;
  /** How many households it held for. */
  held: number;
}

export interface DifferentialReport {
  households: number;
  /** Households both evaluators refused with the same error (a date outside the rates held, say). */
  refusedAlike: number;
  /** Rule runs compared (a benefit's ruleset, or the extra help, for one household). */
  ruleRuns: number;
  mismatchCount: number;
  /** The first few mismatches, with the seed to make the household again. */
  mismatches: DifferentialMismatch[];
  rules: RuleCoverage[];
}

const KEPT_MISMATCHES = 20;

/** What to compare of an outcome: everything json-rules-engine reports about a rule that held. */
const outcome = (held: readonly RuleHeld[]) => held.map(({ name, priority, event }) => ({ name, priority, event }));

export async function runDifferential(
  engine: EntitlementEngine,
  extraHelp: LoadedExtraHelp,
  count: number,
  { firstSeed = 1, onProgress }: { firstSeed?: number; onProgress?: (done: number) => void } = {},
): Promise<DifferentialReport> {
  const coverage = new Map<string, number>();
  for (const calculator of engine.calculators) {
    for (const rule of engine.rulesetOf(calculator.code).file.rules) coverage.set(`${calculator.code}:${rule.name}`, 0);
  }
  for (const category of extraHelp.definitions.categories) for (const item of category.items) coverage.set(`extra-help:${item.name}`, 0);
  for (const variable of extraHelp.definitions.variables) coverage.set(`variable:${variable.name}`, 0);
  const extraHelpVariables = new Set(extraHelp.definitions.variables.map((variable) => variable.name));

  const report: DifferentialReport = { households: 0, refusedAlike: 0, ruleRuns: 0, mismatchCount: 0, mismatches: [], rules: [] };
  const mismatch = (seed: number, what: string, compiled: unknown, reference: unknown) => {
    report.mismatchCount += 1;
    if (report.mismatches.length < KEPT_MISMATCHES) report.mismatches.push({ seed, what, compiled, reference });
  };
  const attempt = <T>(work: () => T): { value?: T; error?: string } => {
    try {
      return { value: work() };
    } catch (error) {
      return { error: `${(error as Error).name}: ${(error as Error).message}` };
    }
  };

  for (let seed = firstSeed; seed < firstSeed + count; seed += 1) {
    const { household: input, date } = randomHousehold(seed, undefined, { rare: true });
    const household = normaliseHousehold(input);
    report.households += 1;

    const compiled = attempt(() => engine.calculateSync(household, date));
    let reference: { value?: CalculationResult; error?: string };
    try {
      reference = {
        value: await engine.calculateReference(household, date, {}, async ({ benefit, ruleset, facts, parameters }) => {
          // The same facts through both evaluators; the compiled one reads the rates through its own reader.
          const byReference = await ruleset.referenceOutcomes(facts, parameters);
          const byCompiled = attempt(() => ruleset.outcomes(facts, new ParameterReader(engine.parameters, date)));
          report.ruleRuns += 1;
          if (!isDeepStrictEqual(outcome(byCompiled.value ?? []), outcome(byReference)) || byCompiled.error)
            mismatch(seed, `${benefit} rules held`, byCompiled.error ?? outcome(byCompiled.value!), outcome(byReference));
          for (const held of byReference) coverage.set(`${benefit}:${held.name}`, (coverage.get(`${benefit}:${held.name}`) ?? 0) + 1);
          // The calculation goes on with json-rules-engine's answer (its reads are cited in `parameters`).
          return ruleset.firedRules(byReference);
        }),
      };
    } catch (error) {
      reference = { error: `${(error as Error).name}: ${(error as Error).message}` };
    }
    if (compiled.error || reference.error) {
      if (compiled.error === reference.error) report.refusedAlike += 1;
      else mismatch(seed, 'refused', compiled.error ?? 'worked out', reference.error ?? 'worked out');
      continue;
    }
    const full = compiled.value!;
    if (!isDeepStrictEqual(full, reference.value)) {
      const benefit = full.benefits.find((item, index) => !isDeepStrictEqual(item, reference.value!.benefits[index]));
      mismatch(
        seed,
        benefit ? `the calculation (${benefit.code})` : 'the calculation (totals, variables or extra help)',
        benefit ?? { variables: full.variables, extraHelp: full.extraHelp },
        benefit
          ? reference.value!.benefits.find((item) => item.code === benefit.code)
          : { variables: reference.value!.variables, extraHelp: reference.value!.extraHelp },
      );
    }

    // Amounts only: the same figures, no sentences, no extra help.
    const amounts = engine.calculateSync(household, date, { explanations: false, extraHelp: false });
    const expected = {
      ...full,
      benefits: full.benefits.map((benefit) => ({ ...benefit, explanation: [] })),
      variables: full.variables.filter((variable) => !extraHelpVariables.has(variable.name)),
      extraHelp: [],
    };
    if (!isDeepStrictEqual(amounts, expected)) mismatch(seed, 'amounts only against the full calculation', amounts, expected);

    // The extra-help rules, by both evaluators, over the benefits worked out.
    const benefitsOnly = engine.calculateSync(household, date, { extraHelp: false });
    const byCompiled = extraHelp.heldEvents(benefitsOnly, new ParameterReader(engine.parameters, date));
    const byReference = await extraHelp.heldEventsReference(benefitsOnly, new ParameterReader(engine.parameters, date));
    report.ruleRuns += 1;
    if (!isDeepStrictEqual(byCompiled, byReference)) mismatch(seed, 'extra-help rules held', byCompiled, byReference);
    for (const event of byReference) {
      const key = `${event.type === 'variable' ? 'variable' : 'extra-help'}:${String(event.params.name)}`;
      coverage.set(key, (coverage.get(key) ?? 0) + 1);
    }
    onProgress?.(report.households);
  }
  report.rules = [...coverage].map(([rule, held]) => ({ rule, held }));
  return report;
}
