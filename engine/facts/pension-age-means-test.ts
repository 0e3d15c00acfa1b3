import type { CalculationInput } from '../core/benefit.js';
import type { ParameterReader } from '../core/parameters.js';
import { readsRates, type FactFunctions } from '../core/ruleset-facts.js';
import { unearnedIncomeOf, type AdultFacts, type HouseholdFacts } from '../facts.js';
import type { OtherIncomeType } from '../household.js';
import type { Pence } from '../../common/money.js';
import { selfEmployedNetProfit, takeHomePay, type TaxInput } from '../tax/take-home-pay.js';
import {
  getsDisabilityBenefit,
  getsSevereDisabilityQualifyingBenefit,
  NON_DEPENDANT_DEDUCTION_EXEMPTING_BENEFITS,
  receivesAnyOf,
} from './qualifying-benefits.js';

/**
 * The facts of the pension-age means tests, written once: Pension Credit (SPC Regs 2002), Housing Benefit (HB (SPC)
 * Regs 2006) and pension-age Council Tax Reduction (in England SI 2012/2885 sch 1, which follows HB) use the same
 * tests for severe disability and caring and count earnings, other income and capital the same way.
 */

/** Paid Carer's Allowance: any amount of it given as income, in either period. */
export function getsCarersAllowance(adult: AdultFacts | null): boolean {
  return (
    adult !== null && adult.unearnedIncome.some((income) => income.type === 'CARERS_ALLOWANCE' && (income.weekly > 0 || income.monthly > 0))
  );
}

/**
 * Entitled to Carer's Allowance or with underlying entitlement to it (at pension age it usually overlaps with the
 * State Pension and is not paid): paid it, or caring for someone with a qualifying benefit for at least the hours
 * Carer's Allowance asks (`gov/dwp/carers_allowance/min_hours`; SSCBA 1992 s70; ICA Regs 1976 reg 4). The carer
 * addition and premium turn on it (SPC Regs 2002 sch I para 4; HB (SPC) Regs 2006 sch 3 para 9), as does Universal
 * Credit's carer element (UC Regs 2013 reg 30).
 */
export function isCarer(adult: AdultFacts | null, parameters: ParameterReader): boolean {
  if (!adult) return false;
  return getsCarersAllowance(adult) || caresForCarersAllowanceHours(adult, parameters);
}

/**
 * Caring for someone with a qualifying disability benefit for at least the hours Carer's Allowance asks
 * (`gov/dwp/carers_allowance/min_hours`). The hours are read only for someone caring for such a person.
 */
export function caresForCarersAllowanceHours(adult: AdultFacts, parameters: ParameterReader): boolean {
  return adult.caredForGetsQualifyingBenefit && adult.caringHoursPerWeek >= parameters.amount('gov/dwp/carers_allowance/min_hours');
}

/** The care benefits of the claimant or partner that stop non-dependant deductions (HB and pension-age CTR). */
export function claimantOrPartnerGetsNonDependantExemptingBenefit(facts: HouseholdFacts): boolean {
  return benefitUnit(facts).some((adult) => receivesAnyOf(adult, NON_DEPENDANT_DEDUCTION_EXEMPTING_BENEFITS));
}

/** Children and qualifying young persons with a disability benefit (the disabled child premium). */
export function disabledChildCount(facts: HouseholdFacts): number {
  return facts.qualifyingChildren.filter((child) => child.disability !== 'NONE').length;
}

/**
 * How many carer amounts the pension-age means tests pay, of the `held` carer rules that held for the claimant and
 * partner: Carer's Allowance goes to one carer for each person cared for (SSCBA 1992 s70(7)), so two carers of the same
 * person give one carer addition or premium (SPC Regs 2002 sch I para 4; HB (SPC) Regs 2006 sch 3 para 9), unless the
 * household says they care for different people (Caring.samePersonAsPartner).
 */
export function carerAmountsPaid(held: number, facts: HouseholdFacts): number {
  return held === 2 && facts.adults.some((adult) => adult.caresForSamePersonAsPartner) ? 1 : held;
}

/**
 * Someone is paid Carer's Allowance (or Universal Credit's carer element) for looking after the adult: someone else, as
 * the household says, or the partner, who when paid Carer's Allowance is taken to look after the adult. The severe
 * disability additional amount or premium is then not paid for the adult (SPC Regs 2002 sch I paras 1(2) and 4(1);
 * HB (SPC) Regs 2006 sch 3 paras 6 and 9).
 */
export function hasPaidCarer(adult: AdultFacts | null, partner: AdultFacts | null): boolean {
  return adult !== null && (adult.carerGetsCarersAllowance || getsCarersAllowance(partner));
}

/**
 * The ruleset facts the three pension-age means tests share, for their severe disability, carer and earnings
 * disregard rules: each benefit spreads them into its own facts (`benefitFacts({ ...PENSION_AGE_MEANS_TEST_FACTS })`)
 * and its ruleset reads them by these names.
 */
export const PENSION_AGE_MEANS_TEST_FACTS = {
  isCouple: ({ facts }) => facts.isCouple,
  claimantGetsQualifyingDisabilityBenefit: ({ facts }) => getsSevereDisabilityQualifyingBenefit(facts.claimant),
  partnerGetsQualifyingDisabilityBenefit: ({ facts }) => getsSevereDisabilityQualifyingBenefit(facts.partner),
  nonDependantAdultCount: readsRates(({ facts, parameters }) => nonDependantAdultCount(facts, parameters)),
  claimantGetsCarersAllowance: ({ facts }) => getsCarersAllowance(facts.claimant),
  partnerGetsCarersAllowance: ({ facts }) => getsCarersAllowance(facts.partner),
  claimantHasPaidCarer: ({ facts }) => hasPaidCarer(facts.claimant, facts.partner),
  partnerHasPaidCarer: ({ facts }) => hasPaidCarer(facts.partner, facts.claimant),
  claimantIsCarer: readsRates(({ facts, parameters }) => isCarer(facts.claimant, parameters)),
  partnerIsCarer: readsRates(({ facts, parameters }) => isCarer(facts.partner, parameters)),
  someoneGetsDisabilityBenefit: ({ facts }) => benefitUnit(facts).some(getsDisabilityBenefit),
  weeklyEarningsPence: readsRates((input) => weeklyEarnings(input)),
} satisfies FactFunctions<Pick<CalculationInput, 'facts' | 'parameters'>, string, Pick<CalculationInput, 'facts'>>;

/** Non-dependants old enough for a deduction (18 or over, HB (SPC) Regs 2006 reg 55(1)) who are not marked exempt. */
export function nonDependantAdults(facts: HouseholdFacts, parameters: ParameterReader): HouseholdFacts['nonDependants'] {
  // Read only when there is someone to test, so that a household without non-dependants does not cite the age.
  if (facts.nonDependants.length === 0) return [];
  const minimumAge = parameters.amount('gov/dwp/housing_benefit/non_dependant_minimum_age');
  return facts.nonDependants.filter((nonDependant) => nonDependant.age >= minimumAge && !nonDependant.exempt);
}

export function nonDependantAdultCount(facts: HouseholdFacts, parameters: ParameterReader): number {
  return nonDependantAdults(facts, parameters).length;
}

export function benefitUnit(facts: HouseholdFacts): AdultFacts[] {
  return facts.partner ? [facts.claimant, facts.partner] : [facts.claimant];
}

/**
 * Earnings and self-employed profit of the claimant and partner a week, after income tax and National Insurance
 * (SPC Regs 2002 reg 17A; HB (SPC) Regs 2006 reg 33): pay given before tax is taxed by the shared tax arithmetic.
 */
export function weeklyEarnings(input: TaxInput): Pence {
  return benefitUnit(input.facts).reduce(
    (sum, adult) => sum + takeHomePay(adult, input).weekly + selfEmployedNetProfit(adult, input).weekly,
    0,
  );
}

/** The same earnings a month, summed from each adult's own monthly figures so a monthly wage is not re-rounded through a week. */
export function monthlyEarnings(input: TaxInput): Pence {
  return benefitUnit(input.facts).reduce(
    (sum, adult) => sum + takeHomePay(adult, input).monthly + selfEmployedNetProfit(adult, input).monthly,
    0,
  );
}

/** Child maintenance is ignored in full (SPC Regs 2002 sch IV para 13A; HB (SPC) Regs 2006 sch 5 para 19). */
const COUNTED_UNEARNED: readonly OtherIncomeType[] = [
  'STATE_PENSION',
  'PRIVATE_PENSION',
  'NEW_STYLE_JSA',
  'NEW_STYLE_ESA',
  'CARERS_ALLOWANCE',
  'MAINTENANCE_SPOUSAL',
  'STUDENT_INCOME',
  'OTHER_UNEARNED',
];

/** Unearned income of the claimant and partner a week, of the types counted (all counted types when none are given). */
export function weeklyUnearnedIncome(facts: HouseholdFacts, types: readonly OtherIncomeType[] = COUNTED_UNEARNED): Pence {
  return benefitUnit(facts).reduce((sum, adult) => sum + unearnedIncomeOf(adult, types).weekly, 0);
}
