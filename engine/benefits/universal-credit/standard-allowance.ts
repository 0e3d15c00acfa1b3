import type { CalculationInput } from '../../core/benefit.js';
import type { Explanations } from '../../core/explanations.js';
import type { FiredRules } from '../../core/ruleset.js';
import type { Pence } from '../../../common/money.js';
import type { HouseholdFacts } from '../../facts.js';
import type { AwayFromHome } from '../../household.js';
import { isJointClaim } from '../universal-credit-household.js';
import { AWAY_WHERE } from '../../facts/away-from-home.js';

/**
 * The standard allowance (UC Regs 2013 reg 36): the rate the ruleset chose for a single person or a couple, by age
 * (its event names the parameter, e.g. gov/dwp/universal_credit/standard_allowance/single_25_or_over).
 */
export interface StandardAllowance {
  amount: Pence;
  who: unknown;
  /** A couple of whom one has reached State Pension age claims Universal Credit as a couple. */
  mixedAgeCouple: boolean;
  /** Why a member of a couple claims as a single person (reg 3(3)(c) and (e)), or null. */
  singleClaimBecause: HouseholdFacts['singleClaimBecause'];
  /** The partner is not counted, away more than 6 months (reg 3(6)): where they are, or null. */
  partnerAwayLong: AwayFromHome['reason'] | null;
}

/** Where a partner away from home is, as the sentence says it. */

export function standardAllowance(input: CalculationInput, fired: FiredRules): StandardAllowance {
  const { facts, parameters } = input;
  const rule = fired.first('standard-allowance')!;
  return {
    amount: parameters.amount(String(rule.event.params.parameter)),
    who: rule.event.params.who,
    mixedAgeCouple:
      isJointClaim(facts) && facts.system === 'UNIVERSAL_CREDIT' && facts.adults.some((adult) => adult.reachedStatePensionAge),
    singleClaimBecause: facts.singleClaimBecause,
    partnerAwayLong: facts.partnerAwayFromHome?.moreThanSixMonths === true ? facts.partnerAwayFromHome.reason : null,
  };
}

export function explainStandardAllowance(figures: StandardAllowance, explanations: Explanations): string[] {
  return [
    explanations.say('standard-allowance', { who: figures.who, amount: figures.amount }),
    ...(figures.mixedAgeCouple ? [explanations.say('mixed-age-couple')] : []),
    ...(figures.singleClaimBecause === 'PARTNER_SUBJECT_TO_IMMIGRATION_CONTROL'
      ? [explanations.say('partner-subject-to-immigration-control')]
      : []),
    ...(figures.singleClaimBecause === 'PARTNER_IN_PRISON' ? [explanations.say('partner-in-prison')] : []),
    ...(figures.partnerAwayLong ? [explanations.say('partner-away-long', { where: AWAY_WHERE[figures.partnerAwayLong] })] : []),
  ];
}
