import type { CalculateOptions, Entitlements } from './entitlement-engine.js';
import type { Household } from '../household.js';
import { isOneOff } from './benefit.js';

/** One benefit's weekly and monthly amounts, in pence, keyed by benefit code; and the total of the household's system. */
export interface Figures {
  benefits: Map<string, { weeklyPence: number; monthlyPence: number }>;
  total: { weeklyPence: number; monthlyPence: number };
  /**
   * Benefits of the system the household may get whose amount is not shown (the total leaves them out): Council Tax
   * Reduction when the council's Band D for the year is not held, say.
   */
  notShown: Set<string>;
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
  const notShown = new Set<string>();
  for (const benefit of result.benefits) {
    // A one-off payment is never a weekly or monthly figure, so never part of a caseload, an impact or a count.
    if (!benefit.eligible || isOneOff(benefit) || (benefit.system !== system && benefit.system !== 'BOTH')) continue;
    if (benefit.amountShown) benefits.set(benefit.code, { weeklyPence: benefit.weeklyPence, monthlyPence: benefit.monthlyPence });
    else notShown.add(benefit.code);
  }
  return { benefits, total: result.totals[system], notShown };
}
