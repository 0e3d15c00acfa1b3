import { receives, unearnedIncomeOf, type AdultFacts, type HouseholdFacts } from '../facts.js';
import type { OtherIncomeType } from '../household.js';
import type { Pence } from '../../common/money.js';
import { selfEmployedNetProfit, takeHomePay, type TaxInput } from '../tax/take-home-pay.js';

/**
 * Household readings shared by the pension-age means tests (Pension Credit and Housing Benefit), which use the
 * same tests for severe disability and caring and count capital the same way.
 */

/** Benefits that count for the severe disability addition or premium (SPC Regs 2002 sch I para 1; HB pension-age Regs sch 3 para 6). */
export function getsQualifyingDisabilityBenefit(adult: AdultFacts | null): boolean {
  if (!adult) return false;
  return (
    receives(adult, 'ATTENDANCE_ALLOWANCE') ||
    receives(adult, 'DLA_CARE', ['MIDDLE', 'HIGHEST']) ||
    receives(adult, 'PIP_DAILY_LIVING') ||
    receives(adult, 'ADP_DAILY_LIVING') ||
    receives(adult, 'ARMED_FORCES_INDEPENDENCE') ||
    receives(adult, 'CONSTANT_ATTENDANCE')
  );
}

/** Any disability benefit, at any rate (every benefit in benefitsReceived is one): the higher earnings disregard. */
export function getsDisabilityBenefit(adult: AdultFacts | null): boolean {
  return adult !== null && adult.benefitsReceived.length > 0;
}

export function getsCarersAllowance(adult: AdultFacts | null): boolean {
  return adult !== null && adult.unearnedIncome.some((income) => income.type === 'CARERS_ALLOWANCE' && income.weekly > 0);
}

/** The hours of care a week that give entitlement to Carer's Allowance (SSCBA 1992 s70; Carer's Allowance Regs 1976 reg 4). */
const CARERS_ALLOWANCE_HOURS = 35;

/**
 * Entitled to Carer's Allowance or with underlying entitlement to it (at pension age it usually overlaps with the
 * State Pension and is not paid): paid it, or caring 35 hours a week for someone with a qualifying benefit.
 */
export function isCarer(adult: AdultFacts | null): boolean {
  if (!adult) return false;
  return getsCarersAllowance(adult) || (adult.caringHoursPerWeek >= CARERS_ALLOWANCE_HOURS && adult.caredForGetsQualifyingBenefit);
}

/** Non-dependants aged 18 or over who are not marked exempt. */
export function nonDependantAdultCount(facts: HouseholdFacts): number {
  return facts.nonDependants.filter((nonDependant) => nonDependant.age >= 18 && !nonDependant.exempt).length;
}

export function benefitUnit(facts: HouseholdFacts): AdultFacts[] {
  return facts.partner ? [facts.claimant, facts.partner] : [facts.claimant];
}

/**
 * Earnings and self-employed profit of the claimant and partner a week, after income tax and National Insurance
 * (SPC Regs 2002 reg 17A; HB (SPC) Regs 2006 reg 33): pay given before tax is taxed by the shared tax arithmetic.
 */
export function weeklyEarnings(input: TaxInput): Pence {
  return benefitUnit(input.facts).reduce((sum, adult) => sum + takeHomePay(adult, input).weekly + selfEmployedNetProfit(adult, input).weekly, 0);
}

/** The same earnings a month, summed from each adult's own monthly figures so a monthly wage is not re-rounded through a week. */
export function monthlyEarnings(input: TaxInput): Pence {
  return benefitUnit(input.facts).reduce((sum, adult) => sum + takeHomePay(adult, input).monthly + selfEmployedNetProfit(adult, input).monthly, 0);
}

/** Child maintenance is ignored in full by both benefits (SPC Regs 2002 sch IV para 13A; HB pension-age Regs sch 5 para 19). */
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

/** £1 (amount) a week for each £500 (step), or part of £500, of capital above the amount ignored. */
export function tariffIncome(capital: Pence, ignored: Pence, step: Pence, amount: Pence): Pence {
  return capital <= ignored ? 0 : Math.ceil((capital - ignored) / step) * amount;
}
