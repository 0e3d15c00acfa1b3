import { benefitFacts, type BenefitCalculator } from '../../core/benefit.js';
import { claimantInPrison } from '../../facts.js';
import { readsRates } from '../../core/ruleset-facts.js';
import {
  bedroomEntitlement,
  claimAdults,
  claimPartner,
  exceptedFromSharedAccommodation,
  coupleAdults,
  getsCareBenefit,
  getsCarersAllowance,
  getsDisabilityBenefit,
  hasLcwra,
  hasProtectedLcwra,
  householdEarnings,
  isInPaidWork,
  isJointClaim,
  qualifyingCaringHours,
} from '../universal-credit-household.js';
import { calculateUniversalCredit } from './award.js';
import { contributingNonDependants } from './housing.js';

export { BENEFIT_CAP_APPLIES } from './benefit-cap.js';
export { SIZE_CRITERIA_REDUCTION } from './housing.js';
export { UC_EARNED_INCOME, UC_MAXIMUM_AMOUNT, UC_UNEARNED_INCOME, UC_WORK_ALLOWANCE } from './award.js';

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
  facts: benefitFacts({
    allReachedStatePensionAge: ({ facts }) => facts.system === 'PENSION_AGE',
    someoneReachedStatePensionAge: ({ facts }) => claimAdults(facts).some((adult) => adult.reachedStatePensionAge),
    isCouple: ({ facts }) => isJointClaim(facts),
    claimantAge: ({ facts }) => facts.claimant.age,
    claimantWithoutParentalSupport: ({ facts }) => facts.claimant.adult.under18?.withoutParentalSupport === true,
    claimantPregnantOrRecentBirth: ({ facts }) => facts.claimant.adult.under18?.pregnantOrRecentBirth === true,
    claimantCareLeaver: ({ facts }) => facts.claimant.adult.under18?.careLeaver === true,
    oldestAdultAge: ({ facts }) => Math.max(...claimAdults(facts).map((adult) => adult.age)),
    everyoneIsStudent: ({ facts }) => claimAdults(facts).every((adult) => adult.student),
    studentWithLcwraAndDisabilityBenefit: ({ facts }) =>
      claimAdults(facts).some((adult) => adult.student && hasLcwra(adult) && getsDisabilityBenefit(adult)),
    // Under 21, or 21 (taken to have turned 21 on the course), below degree level and without parental support (reg 14(1)(a)).
    studentUnder21WithoutParentalSupport: ({ facts }) =>
      claimAdults(facts).some((adult) => adult.student && adult.adult.nonAdvancedCourseWithoutParentalSupport === true && adult.age <= 21),
    // A student over State Pension age claiming with a younger partner (reg 14(1)(g)).
    studentOverStatePensionAge: ({ facts }) => claimAdults(facts).some((adult) => adult.student && adult.reachedStatePensionAge),
    qualifyingChildCount: ({ facts }) => facts.qualifyingChildren.length,
    disabledChildCount: ({ facts }) => facts.qualifyingChildren.filter((child) => child.disability !== 'NONE').length,
    capitalPence: ({ facts }) => facts.capital,
    someoneHasLcwra: ({ facts }) => claimAdults(facts).some(hasLcwra),
    someoneHasProtectedLcwra: ({ facts }) => claimAdults(facts).some(hasProtectedLcwra),
    // The work allowance of joint claimants, for a member of a couple claiming as a single person too (reg 22(3)).
    coupleHasLcwra: ({ facts }) => coupleAdults(facts).some(hasLcwra),
    claimantHasLcwra: ({ facts }) => hasLcwra(facts.claimant),
    partnerHasLcwra: ({ facts }) => hasLcwra(claimPartner(facts)),
    claimantCaringHours: ({ facts }) => qualifyingCaringHours(facts.claimant),
    partnerCaringHours: ({ facts }) => qualifyingCaringHours(claimPartner(facts)),
    claimantGetsCarersAllowance: ({ facts }) => getsCarersAllowance(facts.claimant),
    partnerGetsCarersAllowance: ({ facts }) => getsCarersAllowance(claimPartner(facts)),
    childcareCostsPence: ({ facts }) => facts.childcareCosts.monthly,
    childcareChildCount: ({ facts }) => facts.qualifyingChildren.filter((child) => child.age < 16).length,
    claimantInPaidWork: ({ facts }) => isInPaidWork(facts.claimant),
    partnerInPaidWork: ({ facts }) => isInPaidWork(claimPartner(facts)),
    tenure: ({ facts }) => facts.tenure,
    housingCostsPence: ({ facts }) => facts.rent.monthly + facts.serviceCharges.monthly,
    // A single claimant away from home more than 6 months, or expected to be, is treated as not occupying it (UC Regs
    // 2013 sch 3 para 9(1)); the first adult is away only when single (a couple puts the one at home first).
    claimantTreatedAsOccupyingHome: ({ facts }) => facts.claimant.adult.awayFromHome?.moreThanSixMonths !== true,
    claimantInPrison: ({ facts }) => claimantInPrison(facts),
    // Reg 19(2): got Universal Credit as a single person just before, and not in prison (or sentenced) beyond 6 months.
    alreadyGetsUniversalCredit: ({ facts }) => facts.household.benefitsClaimed?.includes('UNIVERSAL_CREDIT') === true,
    bedroomEntitlement: ({ facts }) => bedroomEntitlement(facts),
    spareBedrooms: ({ facts }) => (facts.bedrooms === null ? null : facts.bedrooms - bedroomEntitlement(facts)),
    claimantGetsCareBenefit: ({ facts }) => getsCareBenefit(facts.claimant),
    claimantExceptedFromSharedAccommodation: ({ facts }) => exceptedFromSharedAccommodation(facts.claimant),
    claimantOrPartnerGetsCareBenefit: ({ facts }) => claimAdults(facts).some(getsCareBenefit),
    contributingNonDependantCount: readsRates(({ facts, parameters }) => contributingNonDependants(facts, parameters).length),
    claimantGainfullySelfEmployed: ({ facts }) => !!facts.claimant.selfEmployment && !facts.claimant.selfEmployment.startUpPeriod,
    partnerGainfullySelfEmployed: ({ facts }) => {
      const partner = claimPartner(facts);
      return !!partner?.selfEmployment && !partner.selfEmployment.startUpPeriod;
    },
    singleWithChildUnder3: ({ facts }) => !isJointClaim(facts) && facts.qualifyingChildren.some((child) => child.age < 3),
    inGreaterLondon: ({ facts }) => facts.inGreaterLondon,
    inScotland: ({ facts }) => facts.country === 'SCOTLAND',
    inBenefitCapGracePeriod: ({ facts }) => facts.benefitCapGracePeriod,
    householdEarningsPence: readsRates((input) => householdEarnings(input)),
    someoneGetsDisabilityBenefit: ({ facts }) =>
      claimAdults(facts).some(getsDisabilityBenefit) || facts.qualifyingChildren.some((child) => child.disability !== 'NONE'),
  }),
  calculate: calculateUniversalCredit,
};
