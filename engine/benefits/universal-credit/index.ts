import type { BenefitCalculator } from '../../core/benefit.js';
import {
  bedroomEntitlement,
  claimAdults,
  getsCareBenefit,
  getsCarersAllowance,
  getsDisabilityBenefit,
  hasLcwra,
  hasProtectedLcwra,
  householdEarnings,
  isInPaidWork,
  qualifyingCaringHours,
} from '../universal-credit-household.js';
import { calculateUniversalCredit } from './award.js';

export { BENEFIT_CAP_APPLIES } from './benefit-cap.js';
export { tariffIncome } from './means-test.js';

/**
 * Universal Credit (Welfare Reform Act 2012 Part 1; UC Regs 2013), assessed monthly: the maximum amount less 55%
 * of earnings above any work allowance, unearned income and tariff income, then the benefit cap. Money is whole
 * pence; the only rounding is where a percentage is taken (the taper, 85% of childcare, the size criteria cut);
 * weekly = monthly x 12 / 52 from the rounded monthly figure.
 */
export const universalCredit: BenefitCalculator = {
  code: 'UNIVERSAL_CREDIT',
  name: 'Universal Credit',
  folder: 'universal-credit',
  system: 'UNIVERSAL_CREDIT',
  meansTested: true,
  reads: ['CHILD_BENEFIT'],
  factNames: [
    'allReachedStatePensionAge',
    'someoneReachedStatePensionAge',
    'isCouple',
    'claimantAge',
    'oldestAdultAge',
    'everyoneIsStudent',
    'studentWithLcwraAndDisabilityBenefit',
    'qualifyingChildCount',
    'disabledChildCount',
    'capitalPence',
    'someoneHasLcwra',
    'someoneHasProtectedLcwra',
    'claimantHasLcwra',
    'partnerHasLcwra',
    'claimantCaringHours',
    'partnerCaringHours',
    'claimantGetsCarersAllowance',
    'partnerGetsCarersAllowance',
    'childcareCostsPence',
    'childcareChildCount',
    'claimantInPaidWork',
    'partnerInPaidWork',
    'tenure',
    'housingCostsPence',
    'bedroomEntitlement',
    'spareBedrooms',
    'claimantGetsCareBenefit',
    'claimantOrPartnerGetsCareBenefit',
    'contributingNonDependantCount',
    'claimantGainfullySelfEmployed',
    'partnerGainfullySelfEmployed',
    'singleWithChildUnder3',
    'inGreaterLondon',
    'householdEarningsPence',
    'someoneGetsDisabilityBenefit',
  ],
  rulesetFacts: (input) => {
    const { facts } = input;
    const { claimant, partner } = facts;
    const adults = claimAdults(facts);
    const needed = bedroomEntitlement(facts);
    return {
      allReachedStatePensionAge: facts.system === 'PENSION_AGE',
      someoneReachedStatePensionAge: adults.some((adult) => adult.reachedStatePensionAge),
      isCouple: facts.isCouple,
      claimantAge: claimant.age,
      oldestAdultAge: Math.max(...adults.map((adult) => adult.age)),
      everyoneIsStudent: adults.every((adult) => adult.student),
      studentWithLcwraAndDisabilityBenefit: adults.some((adult) => adult.student && hasLcwra(adult) && getsDisabilityBenefit(adult)),
      qualifyingChildCount: facts.qualifyingChildren.length,
      disabledChildCount: facts.qualifyingChildren.filter((child) => child.disability !== 'NONE').length,
      capitalPence: facts.capital,
      someoneHasLcwra: adults.some(hasLcwra),
      someoneHasProtectedLcwra: adults.some(hasProtectedLcwra),
      claimantHasLcwra: hasLcwra(claimant),
      partnerHasLcwra: hasLcwra(partner),
      claimantCaringHours: qualifyingCaringHours(claimant),
      partnerCaringHours: qualifyingCaringHours(partner),
      claimantGetsCarersAllowance: getsCarersAllowance(claimant),
      partnerGetsCarersAllowance: getsCarersAllowance(partner),
      childcareCostsPence: facts.childcareCosts.monthly,
      childcareChildCount: facts.qualifyingChildren.filter((child) => child.age < 16).length,
      claimantInPaidWork: isInPaidWork(claimant),
      partnerInPaidWork: isInPaidWork(partner),
      tenure: facts.tenure,
      housingCostsPence: facts.rent.monthly + facts.serviceCharges.monthly,
      bedroomEntitlement: needed,
      spareBedrooms: facts.bedrooms === null ? null : facts.bedrooms - needed,
      claimantGetsCareBenefit: getsCareBenefit(claimant),
      claimantOrPartnerGetsCareBenefit: adults.some(getsCareBenefit),
      contributingNonDependantCount: facts.nonDependants.filter((person) => !person.exempt && person.age >= 21).length,
      claimantGainfullySelfEmployed: !!claimant.selfEmployment && !claimant.selfEmployment.startUpPeriod,
      partnerGainfullySelfEmployed: !!partner?.selfEmployment && !partner.selfEmployment.startUpPeriod,
      singleWithChildUnder3: !facts.isCouple && facts.qualifyingChildren.some((child) => child.age < 3),
      inGreaterLondon: facts.inGreaterLondon,
      householdEarningsPence: householdEarnings(input),
      someoneGetsDisabilityBenefit:
        adults.some(getsDisabilityBenefit) || facts.qualifyingChildren.some((child) => child.disability !== 'NONE'),
    };
  },
  calculate: calculateUniversalCredit,
};
