import type { CalculationInput } from '../../core/benefit.js';
import type { Explanations } from '../../core/explanations.js';
import type { FiredRules } from '../../core/ruleset.js';
import type { Pence } from '../../../common/money.js';
import { isCarer } from '../../facts/pension-age-means-test.js';
import { claimAdults } from '../universal-credit-household.js';

/**
 * The LCWRA element (UC Regs 2013 reg 27): the rate for a new award (gov/dwp/universal_credit/elements/lcwra/new_award_rate)
 * or the protected rate (gov/dwp/universal_credit/elements/lcwra/protected_rate), as the ruleset's event names it.
 */
export interface LcwraElement {
  amount: Pence;
  /** The protected rate (an award before the new rate came in) rather than the new award rate. */
  protected: boolean;
}

export function lcwraElement(input: CalculationInput, fired: FiredRules): LcwraElement | null {
  const rule = fired.first('element', 'LCWRA');
  if (!rule) return null;
  const rate = String(rule.event.params.parameter);
  return { amount: input.parameters.amount(rate), protected: rate !== 'gov/dwp/universal_credit/elements/lcwra/new_award_rate' };
}

export function explainLcwraElement(figures: LcwraElement, explanations: Explanations): string[] {
  return [explanations.say(figures.protected ? 'lcwra-protected' : 'lcwra-new-award', { amount: figures.amount })];
}

/**
 * The carer element (UC Regs 2013 regs 29-30): one for each member of the couple whose rule held, except that two
 * carers of the same person get one between them (reg 29(4)), which is taken unless the household says the partners
 * care for different people. A carer who also has the LCWRA element gets only that one.
 */
export type CarerElement =
  { paid: true; amount: Pence; each: Pence; count: 1 | 2; hours: number } | { paid: false; carerWithLcwra: boolean };

export function carerElement(input: CalculationInput, fired: FiredRules): CarerElement {
  const { facts, parameters } = input;
  const held = fired.ofType('element').filter((rule) => rule.event.params.code === 'CARER').length;
  if (held > 0) {
    const samePerson = facts.adults.some((adult) => adult.caresForSamePersonAsPartner);
    const count = held >= 2 && !samePerson ? 2 : 1;
    const each = parameters.amount('gov/dwp/universal_credit/elements/carer/amount');
    return { paid: true, amount: each * count, each, count, hours: parameters.amount('gov/dwp/carers_allowance/min_hours') };
  }
  return { paid: false, carerWithLcwra: claimAdults(facts).some((adult) => isCarer(adult, parameters)) };
}

export function explainCarerElement(figures: CarerElement, explanations: Explanations): string[] {
  if (figures.paid && figures.count === 2)
    return [explanations.say('carer-each', { amount: figures.each, total: figures.amount, hours: figures.hours })];
  if (figures.paid) return [explanations.say('carer', { amount: figures.amount, hours: figures.hours })];
  return figures.carerWithLcwra ? [explanations.say('carer-with-lcwra')] : [];
}
