import { benefitFacts, notEligible, type BenefitCalculator } from '../core/benefit.js';
import { claimantLivesInHospitalOrCareHome, receives, type HouseholdFacts } from '../facts.js';
import { basisPointsOf, bothPeriods } from '../../common/money.js';
import { HB_RATES_AWARD, housingBenefitRatesFigure, weeklyRates } from './housing-benefit.js';

/** The age from which a non-dependant counts as another adult in the home (the schedule disregards anyone under 18). */
const ADULT_AGE = 18;

/**
 * The other adults the home counts (SR 2008/124 reg 3(1) and the schedule): non-dependants of 18 or over, less those
 * the schedule disregards as told: someone with a severe mental impairment, and a resident carer of a claimant who gets
 * Attendance Allowance at the higher rate or the highest care rate of DLA (the schedule's condition for a carer).
 */
function countedOtherAdults(facts: HouseholdFacts) {
  const claimantNeedsCare =
    receives(facts.claimant, 'ATTENDANCE_ALLOWANCE', ['HIGHER']) || receives(facts.claimant, 'DLA_CARE', ['HIGHEST']);
  return facts.nonDependants.filter(
    (other) =>
      other.age >= ADULT_AGE &&
      other.disregarded !== 'SEVERE_MENTAL_IMPAIRMENT' &&
      !(other.disregarded === 'RESIDENT_CARER' && claimantNeedsCare),
  );
}

/** The other adults disregarded, by why: resident carers (of a claimant on a care benefit that lets them) and others. */
function disregardedCounts(facts: HouseholdFacts): { carers: number; impaired: number } {
  const counted = new Set(countedOtherAdults(facts));
  const disregarded = facts.nonDependants.filter((other) => other.age >= ADULT_AGE && !counted.has(other));
  const impaired = disregarded.filter((other) => other.disregarded === 'SEVERE_MENTAL_IMPAIRMENT').length;
  return { carers: disregarded.length - impaired, impaired };
}

/**
 * Lone Pensioner Allowance (Rate Relief (Lone Pensioner Allowance) Regulations (Northern Ireland) 2008, SR 2008/124):
 * a rebate for a person aged 70 or over from the rates on a home they occupy alone (reg 3(1)), not means-tested.
 * Worked out weekly after Housing Benefit and Rate Relief, which it reads: 20% of the rates they leave to pay.
 */
export const lonePensionerAllowance: BenefitCalculator = {
  code: 'LONE_PENSIONER_ALLOWANCE',
  name: 'Lone Pensioner Allowance',
  folder: 'lone-pensioner-allowance',
  system: 'LEGACY_AND_PENSION_AGE',
  meansTested: false,
  reads: ['HOUSING_BENEFIT', 'RATE_RELIEF'],
  facts: benefitFacts({
    inNorthernIreland: ({ facts }) => facts.country === 'NORTHERN_IRELAND',
    liableForRates: ({ facts }) => weeklyRates(facts) > 0,
    claimantAge: ({ facts }) => facts.claimant.age,
    hasPartner: ({ facts }) => facts.isCouple,
    otherAdultCount: ({ facts }) => countedOtherAdults(facts).length,
    disregardedAdultCount: ({ facts }) =>
      facts.nonDependants.filter((other) => other.age >= ADULT_AGE).length - countedOtherAdults(facts).length,
    claimantLivesInHospitalOrCareHome: ({ facts }) => claimantLivesInHospitalOrCareHome(facts),
  }),
  calculate({ facts, parameters, explanations, earlier }, fired) {
    const share = parameters.amount('gov/dof_ni/lone_pensioner_allowance/rebate');
    const age = parameters.amount('gov/dof_ni/lone_pensioner_allowance/minimum_age');
    const refusals = fired.ofType('not-eligible');
    if (refusals.length > 0 || !fired.has('eligible'))
      return notEligible(refusals.map((rule) => explanations.say(String(rule.event.params.explanation), { age, share })));
    const disregarded = fired.has('others-disregarded') ? [explanations.say('others-disregarded', disregardedCounts(facts))] : [];
    const housingBenefit = earlier.get('HOUSING_BENEFIT');
    const rateRelief = earlier.get('RATE_RELIEF');
    // Housing Benefit with its rates part not worked out, or Rate Relief without an amount: what is left is not known.
    const housingBenefitForRates = housingBenefitRatesFigure(housingBenefit, HB_RATES_AWARD);
    const housingBenefitUnknown = !!housingBenefit?.eligible && (!housingBenefit.amountShown || housingBenefitForRates === undefined);
    const reliefUnknown = !!rateRelief?.eligible && !rateRelief.amountShown;
    if (housingBenefitUnknown || reliefUnknown)
      return {
        ...notEligible([...disregarded, explanations.say('not-worked-out', { share }), explanations.say('how-paid')]),
        eligible: true,
        amountShown: false,
      };
    const rates = weeklyRates(facts);
    const relief = rateRelief?.eligible ? rateRelief.weeklyPence : 0;
    const helped = Math.min(rates, (housingBenefit?.eligible ? (housingBenefitForRates ?? 0) : 0) + relief);
    const left = rates - helped;
    const words = { rates, helped, relief: relief > 0, left, share };
    if (left === 0) return notEligible([...disregarded, explanations.say('nothing-left', words)]);
    const allowance = basisPointsOf(left, share);
    return {
      eligible: true,
      amountShown: true,
      ...bothPeriods(allowance, 'WEEK'),
      elements: [{ code: 'RATES_TO_PAY', name: 'Rates left to pay', ...bothPeriods(left, 'WEEK') }],
      deductions: [],
      explanation: [
        ...disregarded,
        explanations.say('rates-left', words),
        explanations.say('amount', { ...words, allowance }),
        explanations.say('how-paid'),
      ],
    };
  },
};
