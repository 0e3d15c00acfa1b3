import type { Adult, BenefitReceived, Household } from '../household.js';
import type * as Request from '../schemas/calculation-request.types.js';

/**
 * A household as callers may send it: the calculation request's household
 * (`engine/schemas/calculation-request.types.ts`, generated from its JSON Schema). Only `country`, each adult's
 * `dateOfBirth` or `age`, and `housing.tenure` are needed; everything else has the default a person who was not asked
 * would give (no earnings, no other income, no benefits, no health condition, no caring, not a student, no children,
 * no other adults, no rent, no capital). The calculation API's validation and the rulesets' test cases both use these
 * defaults. The one field narrowed here is a benefit's rate, which must suit its type (the schema's `x-ratesByType`,
 * checked by `engine/validate-request.ts`).
 */
export type AdultInput = Omit<Request.Adult, 'benefitsReceived'> & { benefitsReceived?: BenefitReceived[] };
export type ChildInput = Request.Child;
export type HouseholdInput = Omit<Request.Household, 'adults'> & { adults: AdultInput[] };

function normaliseAdult(adult: AdultInput): Adult {
  return {
    ...(adult.dateOfBirth !== undefined ? { dateOfBirth: adult.dateOfBirth } : {}),
    ...(adult.age !== undefined ? { age: adult.age } : {}),
    earnings: adult.earnings ?? null,
    hoursPerWeek: adult.hoursPerWeek ?? 0,
    selfEmployment: adult.selfEmployment ?? null,
    otherIncome: adult.otherIncome ?? [],
    ...(adult.pensionContributions ? { pensionContributions: { ...adult.pensionContributions } } : {}),
    ...(adult.giftAid ? { giftAid: { ...adult.giftAid } } : {}),
    benefitsReceived: adult.benefitsReceived ?? [],
    health: { lcwra: false, lcwraBefore2026April: false, terminallyIll: false, ...adult.health },
    caring: { hoursPerWeek: 0, caredForGetsQualifyingBenefit: false, ...adult.caring },
    student: adult.student ?? false,
    ...(adult.student && adult.nonAdvancedCourseWithoutParentalSupport ? { nonAdvancedCourseWithoutParentalSupport: true } : {}),
    ...(adult.student && adult.advancedCourse ? { advancedCourse: true } : {}),
    ...(adult.subjectToImmigrationControl ? { subjectToImmigrationControl: true } : {}),
    ...(adult.sharedAccommodationException ? { sharedAccommodationException: adult.sharedAccommodationException } : {}),
    ...(adult.carerGetsCarersAllowance ? { carerGetsCarersAllowance: true } : {}),
    ...(adult.awayFromHome ? { awayFromHome: { ...adult.awayFromHome } } : {}),
    ...(adult.under18 && Object.values(adult.under18).some(Boolean) ? { under18: { ...adult.under18 } } : {}),
  };
}

export function normaliseHousehold(input: HouseholdInput): Household {
  const { housing } = input;
  return {
    country: input.country,
    ...(input.localAuthority ? { localAuthority: input.localAuthority } : {}),
    adults: input.adults.map(normaliseAdult),
    children: (input.children ?? []).map((child) => ({
      dateOfBirth: child.dateOfBirth,
      ...(child.sex ? { sex: child.sex } : {}),
      disability: child.disability ?? 'NONE',
      inNonAdvancedEducation: child.inNonAdvancedEducation ?? false,
      ...(child.twoChildLimitException ? { twoChildLimitException: child.twoChildLimitException } : {}),
      ...(child.needsOwnBedroom !== undefined ? { needsOwnBedroom: child.needsOwnBedroom } : {}),
    })),
    nonDependants: input.nonDependants ?? [],
    housing: {
      tenure: housing.tenure,
      rent: housing.rent ?? null,
      serviceCharges: housing.serviceCharges ?? null,
      bedrooms: housing.bedrooms ?? null,
      councilTax: { band: null, annualCharge: null, liable: true, ...housing.councilTax },
      ...(housing.brma ? { brma: housing.brma } : {}),
      ...(housing.fosterParent ? { fosterParent: true } : {}),
      ...(housing.overnightCarer ? { overnightCarer: true } : {}),
    },
    capital: input.capital ?? 0,
    childcareCosts: input.childcareCosts ?? null,
    ...(input.benefitCapGracePeriod ? { benefitCapGracePeriod: true } : {}),
    ...(input.expectingBaby ? { expectingBaby: { dueDate: input.expectingBaby.dueDate, babies: input.expectingBaby.babies ?? 1 } } : {}),
    ...(input.universalCreditDeductions?.length
      ? { universalCreditDeductions: input.universalCreditDeductions.map((deduction) => ({ ...deduction })) }
      : {}),
    ...(input.benefitsClaimed ? { benefitsClaimed: [...input.benefitsClaimed] } : {}),
    ...(input.funeral
      ? {
          funeral: {
            relationship: input.funeral.relationship,
            closerFamilyNotOnBenefits: input.funeral.closerFamilyNotOnBenefits ?? false,
            prepaidPlan: input.funeral.prepaidPlan ?? false,
            ...(input.funeral.necessaryCosts === undefined ? {} : { necessaryCosts: input.funeral.necessaryCosts }),
            otherCosts: input.funeral.otherCosts ?? 0,
            moneyAvailable: input.funeral.moneyAvailable ?? 0,
          },
        }
      : {}),
  };
}
