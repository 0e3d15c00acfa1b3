import { receives, type AdultFacts } from '../facts.js';
import type { BenefitReceivedType } from '../household.js';

/**
 * The lists of disability benefits the law names, each written once and named for its legal use. Two lists that
 * hold the same benefits today are kept apart where the law writes them apart (they are amended separately).
 */

/** A benefit, at any of its rates or only at the rates given. */
export interface BenefitAtRates {
  type: BenefitReceivedType;
  rates?: readonly string[];
}

/** Whether an adult gets any benefit of a list, at a rate the list counts. */
export function receivesAnyOf(adult: AdultFacts | null, benefits: readonly BenefitAtRates[]): boolean {
  return adult !== null && benefits.some(({ type, rates }) => receives(adult, type, rates));
}

/**
 * The qualifying benefits of the severe disability additional amount or premium: Attendance Allowance (which in
 * these regulations includes Constant Attendance Allowance), DLA care at the middle or highest rate, PIP or ADP
 * daily living, Armed Forces Independence Payment (SPC Regs 2002 sch I para 1(2)(a); HB (SPC) Regs 2006 sch 3
 * para 6(2)(a); pension-age Council Tax Reduction in England follows HB's premiums, SI 2012/2885 sch 1).
 */
export const SEVERE_DISABILITY_QUALIFYING_BENEFITS: readonly BenefitAtRates[] = [
  { type: 'ATTENDANCE_ALLOWANCE' },
  { type: 'DLA_CARE', rates: ['MIDDLE', 'HIGHEST'] },
  { type: 'PIP_DAILY_LIVING' },
  { type: 'ADP_DAILY_LIVING' },
  { type: 'ARMED_FORCES_INDEPENDENCE' },
  { type: 'CONSTANT_ATTENDANCE' },
];

/**
 * The care benefits that exempt a Universal Credit claimant from housing cost contributions for non-dependants and
 * from the shared accommodation rate (UC Regs 2013 sch 4 paras 15 and 29): PIP or ADP daily living, DLA care at the
 * middle or highest rate, Attendance Allowance, Armed Forces Independence Payment, Constant Attendance Allowance.
 */
export const UC_HOUSING_EXEMPTING_CARE_BENEFITS: readonly BenefitAtRates[] = [
  { type: 'PIP_DAILY_LIVING' },
  { type: 'ADP_DAILY_LIVING' },
  { type: 'DLA_CARE', rates: ['MIDDLE', 'HIGHEST'] },
  { type: 'ATTENDANCE_ALLOWANCE' },
  { type: 'ARMED_FORCES_INDEPENDENCE' },
  { type: 'CONSTANT_ATTENDANCE' },
];

/**
 * The care benefits of the overnight care condition: the person who needs a carer to stay overnight receives one
 * (UC Regs 2013 sch 4 para 12(3)(a)).
 */
export const OVERNIGHT_CARE_BENEFITS: readonly BenefitAtRates[] = [
  { type: 'DLA_CARE', rates: ['MIDDLE', 'HIGHEST'] },
  { type: 'ATTENDANCE_ALLOWANCE' },
  { type: 'PIP_DAILY_LIVING' },
  { type: 'ADP_DAILY_LIVING' },
];

/**
 * The care benefits that stop non-dependant deductions in the pension-age means tests: Attendance Allowance
 * (including Constant Attendance Allowance), the care component of DLA at any rate, PIP or ADP daily living,
 * Armed Forces Independence Payment (HB (SPC) Regs 2006 reg 55(6)(b); CTR (Prescribed Requirements) (England) Regs
 * 2012, SI 2012/2885 sch 1 para 8(6)). Unlike the lists above, DLA care counts at the lowest rate too.
 */
export const NON_DEPENDANT_DEDUCTION_EXEMPTING_BENEFITS: readonly BenefitAtRates[] = [
  { type: 'ATTENDANCE_ALLOWANCE' },
  { type: 'DLA_CARE' },
  { type: 'PIP_DAILY_LIVING' },
  { type: 'ADP_DAILY_LIVING' },
  { type: 'ARMED_FORCES_INDEPENDENCE' },
  { type: 'CONSTANT_ATTENDANCE' },
];

/**
 * The highest rates of the care benefits: some English councils' working-age Council Tax Reduction schemes protect
 * households getting one (a local scheme's group, not a national rule; see council-tax-reduction-data.ts).
 */
export const HIGHEST_RATE_CARE_BENEFITS: readonly BenefitAtRates[] = [
  { type: 'DLA_CARE', rates: ['HIGHEST'] },
  { type: 'PIP_DAILY_LIVING', rates: ['ENHANCED'] },
  { type: 'ADP_DAILY_LIVING', rates: ['ENHANCED'] },
  { type: 'ATTENDANCE_ALLOWANCE', rates: ['HIGHER'] },
  { type: 'ARMED_FORCES_INDEPENDENCE' },
];

/** Personal Independence Payment or Adult Disability Payment (paid at PIP's rates), either component. */
export const PIP_OR_ADP: readonly BenefitAtRates[] = [
  { type: 'PIP_DAILY_LIVING' },
  { type: 'PIP_MOBILITY' },
  { type: 'ADP_DAILY_LIVING' },
  { type: 'ADP_MOBILITY' },
];

/** Disability Living Allowance, either component. */
export const DLA: readonly BenefitAtRates[] = [{ type: 'DLA_CARE' }, { type: 'DLA_MOBILITY' }];

export const getsSevereDisabilityQualifyingBenefit = (adult: AdultFacts | null): boolean =>
  receivesAnyOf(adult, SEVERE_DISABILITY_QUALIFYING_BENEFITS);
export const getsPip = (adult: AdultFacts | null): boolean => receivesAnyOf(adult, PIP_OR_ADP);
export const getsDla = (adult: AdultFacts | null): boolean => receivesAnyOf(adult, DLA);

/**
 * Any disability benefit at all (every benefit in benefitsReceived is one): the benefit cap's exemption (UC Regs
 * 2013 reg 83) and the pension-age means tests' higher earnings disregard.
 */
export const getsDisabilityBenefit = (adult: AdultFacts | null): boolean =>
  // One not paid after 28 days in hospital or a care home still counts: the cap's exemption holds for someone entitled
  // but not receiving it for that reason (UC Regs 2013 reg 83(1)(h)), and a student is 'entitled' to it (reg 14(1)(b)).
  adult !== null && (adult.benefitsReceived.length > 0 || adult.benefitsStopped.length > 0);

/** Limited capability for work and work-related activity; the terminally ill are treated as having it. */
export const hasLcwra = (adult: AdultFacts | null): boolean => adult !== null && (adult.lcwra || adult.terminallyIll);
