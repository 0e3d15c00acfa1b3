import type { CalculationInput } from '../../core/benefit.js';
import type { Explanations } from '../../core/explanations.js';
import type { FiredRules } from '../../core/ruleset.js';
import type { Pence } from '../../../common/money.js';
import { isJointClaim } from '../universal-credit-household.js';

/**
 * The standard allowance (UC Regs 2013 reg 36): the rate the ruleset chose for a single person or a couple, by age
 * (its event names the parameter, e.g. gov/dwp/universal_credit/standard_allowance/single_25_or_over).
 */
export interface StandardAllowance {
  amount: Pence;
  who: unknown;
  /** A couple of whom one has reached State Pension age claims Universal Credit as a couple. */
  mixedAgeCouple: boolean;
  /** A member of a couple claims as a single person: the partner is a person subject to immigration control (reg 3(3)(e)). */
  claimsAsSingle: boolean;
}

export function standardAllowance(input: CalculationInput, fired: FiredRules): StandardAllowance {
  const { facts, parameters } = input;
  const rule = fired.first('standard-allowance')!;
  return {
    amount: parameters.amount(String(rule.event.params.parameter)),
    who: rule.event.params.who,
    mixedAgeCouple:
      isJointClaim(facts) && facts.system === 'UNIVERSAL_CREDIT' && facts.adults.some((adult) => adult.reachedStatePensionAge),
    claimsAsSingle: facts.partnerSubjectToImmigrationControl,
  };
}

export function explainStandardAllowance(figures: StandardAllowance, explanations: Explanations): string[] {
  return [
    explanations.say('standard-allowance', { who: figures.who, amount: figures.amount }),
    ...(figures.mixedAgeCouple ? [explanations.say('mixed-age-couple')] : []),
    ...(figures.claimsAsSingle ? [explanations.say('partner-subject-to-immigration-control')] : []),
  ];
}
