import type { CalculateOptions, Entitlements } from './entitlement-engine.js';
import type { Household } from '../household.js';

/** One benefit's weekly and monthly amounts, in pence, keyed by benefit code; and the total of the household's system. */
export interface Figures {
  benefits: Map<string, { weeklyPence: number; monthlyPence: number }>;
  total: { weeklyPence: number; monthlyPence: number };
}

/**
 * The figures of a household on a date: each benefit the household's system pays (the ones its total counts), and
 * that total. What a caseload run and a policy change's impact ask the engine: amounts only, as a batch needs (no
 * sentences, no extra help), and synchronously, so ten thousand households make no promises. Throws the engine's
 * CalculationOutOfRangeError when the date is outside the rates held, unless `afterRatesHeld` asks for the last
 * rates held (the figures a person was shown on a date after them).
 */
export function figuresAt(
  engine: Entitlements,
  household: Household,
  date: string,
  afterRatesHeld: CalculateOptions['afterRatesHeld'] = 'refuse',
): Figures {
  const result = engine.calculateSync(household, date, { explanations: false, extraHelp: false, afterRatesHeld });
  const system = result.system === 'PENSION_AGE' ? 'LEGACY_AND_PENSION_AGE' : 'UNIVERSAL_CREDIT';
  const benefits = new Map<string, { weeklyPence: number; monthlyPence: number }>();
  for (const benefit of result.benefits) {
    if (!benefit.eligible || !benefit.amountShown || (benefit.system !== system && benefit.system !== 'BOTH')) continue;
    benefits.set(benefit.code, { weeklyPence: benefit.weeklyPence, monthlyPence: benefit.monthlyPence });
  }
  return { benefits, total: result.totals[system] };
}
