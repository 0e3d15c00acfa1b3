import type { Pence } from '../../common/money.js';

/**
 * The capital rules the questionnaire's answers need before they become the household's `capital` (the calculation
 * API's callers give that figure themselves): what a band given without a figure counts as, and how property other
 * than the home is valued. The household mapping records what the person told us and applies these.
 */

/** Savings given as a band with no figure: '£5,000 or less', or 'more than £16,000' at working age (no figure asked). */
export type CapitalBand = 'UP_TO_5000' | 'OVER_16000';

/**
 * What savings given only as a band count as. '£5,000 or less' counts as 0: this is the product's simplification,
 * not a rule of law, and it is honest because no figure in the band can change a result: every means test ignores
 * the first £6,000 at least (capital reduces Universal Credit only above £6,000, Housing Benefit and Council Tax
 * Reduction above £6,000 at working age or £10,000 at pension age, and Pension Credit's deemed income starts at
 * £10,000). 'More than £16,000' with no figure (asked at working age only, where every means-tested benefit stops at
 * £16,000) counts as £16,001, the least the answer allows, which gives the same result as any larger amount.
 */
export const CAPITAL_BAND_COUNTS_AS: Readonly<Record<CapitalBand, Pence>> = { UP_TO_5000: 0, OVER_16000: 1_600_100 };

/**
 * Capital is valued at its market value less 10% where there would be expenses of selling it, and less any debt
 * secured on it (UC Regs 2013 reg 49(1); SPC Regs 2002 reg 19; HB (SPC) Regs 2006 reg 44; the same in the Council
 * Tax Reduction schemes). Not a dated parameter: the 10% has not changed since these rules began.
 */
export const SALE_COSTS_PERCENT = 10;

/** Property other than the home, as the person values it, and what is secured on it, in pence. */
export interface OtherProperty {
  value: Pence;
  securedOnIt: Pence;
}

/** Other property counted: its value less 10% for selling (rounded in the person's favour) and the debt on it, not below nil. */
export function otherPropertyCounted(property: OtherProperty): Pence {
  const saleCosts = Math.ceil((property.value * SALE_COSTS_PERCENT) / 100);
  return Math.max(0, property.value - saleCosts - property.securedOnIt);
}

/** The capital counted, in pence: the savings figure (or what its band counts as) plus other property counted. */
export function capitalCounted(savings: Pence | CapitalBand, otherProperty: OtherProperty | null): Pence {
  const saved = typeof savings === 'number' ? savings : CAPITAL_BAND_COUNTS_AS[savings];
  return saved + (otherProperty ? otherPropertyCounted(otherProperty) : 0);
}

/**
 * Tariff income: `perStep` for each `step` of capital, or part of a step, above `lowerLimit`; nothing at or below
 * it. Each means test passes its own parameters, in its own period: Universal Credit a month for each £250 above
 * £6,000 (UC Regs 2013 reg 72); Pension Credit's deemed income and pension-age Housing Benefit and Council Tax
 * Reduction £1 a week for each £500 above £10,000 (SPC Regs 2002 reg 15(6)); a local working-age Council Tax
 * Reduction scheme its own figures a week.
 */
export function tariffIncome(capital: Pence, lowerLimit: Pence, step: Pence, perStep: Pence): Pence {
  return capital <= lowerLimit ? 0 : Math.ceil((capital - lowerLimit) / step) * perStep;
}
