import type { CalculationInput } from '../core/benefit.js';
import type { AdultFacts, ChildFacts, HouseholdFacts } from '../facts.js';
import { getsCarersAllowance } from '../facts/pension-age-means-test.js';
import {
  getsDisabilityBenefit,
  hasLcwra,
  OVERNIGHT_CARE_BENEFITS,
  receivesAnyOf,
  UC_HOUSING_EXEMPTING_CARE_BENEFITS,
} from '../facts/qualifying-benefits.js';
import { sumPence, type Pence } from '../../common/money.js';
import { selfEmployedNetProfit, takeHomePay, type TakeHomePay } from '../tax/take-home-pay.js';

/**
 * What Universal Credit reads about the household besides the facts every benefit shares: who counts for the
 * size criteria, who is a carer, the care benefits that give exemptions, and each adult's earnings after tax.
 */

/**
 * The adults of the claim, whose needs the elements meet: the claimant, and the partner in a joint claim. A partner
 * who is a person subject to immigration control, or in prison, is not: the claimant claims as a single person (UC
 * Regs 2013 reg 3(3)(c) and (e)), at a single claimant's amounts (reg 36(3)).
 */
export const claimAdults = (facts: HouseholdFacts): AdultFacts[] => (facts.singleClaimBecause !== null ? [facts.claimant] : facts.adults);

/** The partner in a joint claim, or null (single, or a member of a couple claiming as a single person). */
export const claimPartner = (facts: HouseholdFacts): AdultFacts | null => (facts.singleClaimBecause !== null ? null : facts.partner);

/** A joint claim: a couple both of whom claim (not a member of a couple claiming as a single person). */
export const isJointClaim = (facts: HouseholdFacts): boolean => claimPartner(facts) !== null;

/**
 * Both members of a couple, whether or not both claim: a member of a couple who claims as a single person has the
 * couple's earned and unearned income deducted, with the work allowance of joint claimants (UC Regs 2013 reg 22(3)),
 * and the couple's capital counted (reg 18(2)); the benefit cap's earnings and welfare benefits are the couple's too
 * (regs 78(2) and 82(1)(a)).
 */
export const coupleAdults = (facts: HouseholdFacts): AdultFacts[] => facts.adults;

// Facts of law Universal Credit shares with the other benefits, written once in the engine's facts.
export { getsCarersAllowance, getsDisabilityBenefit, hasLcwra };

/** Keeps the pre-April-2026 LCWRA rate: entitled before 6 April 2026, or terminally ill. */
export const hasProtectedLcwra = (adult: AdultFacts | null): boolean =>
  hasLcwra(adult) && (adult!.lcwraBefore2026April || adult!.terminallyIll);

/** Hours caring for someone who gets a qualifying disability benefit (caring for anyone else does not count). */
export const qualifyingCaringHours = (adult: AdultFacts | null): number =>
  adult && adult.caredForGetsQualifyingBenefit ? adult.caringHoursPerWeek : 0;

/** A care benefit that exempts the claimant from housing cost contributions and the shared accommodation rate (UC_HOUSING_EXEMPTING_CARE_BENEFITS). */
export const getsCareBenefit = (adult: AdultFacts | null): boolean => receivesAnyOf(adult, UC_HOUSING_EXEMPTING_CARE_BENEFITS);

/**
 * An exception from the shared accommodation rate other than a care benefit (UC Regs 2013 sch 4 para 29), within its
 * own ages: a care leaver from 18 to 24 (para 29(2)), a hostel resident from 16 (para 29(4)); the rest under 35, as
 * the rate itself is.
 */
export function exceptedFromSharedAccommodation(adult: AdultFacts): boolean {
  switch (adult.sharedAccommodationException) {
    case null:
      return false;
    case 'CARE_LEAVER':
      return adult.age >= 18 && adult.age < 25;
    case 'HOSTEL_RESETTLEMENT':
      return adult.age >= 16;
    default:
      return true;
  }
}

export const isInPaidWork = (adult: AdultFacts | null): boolean =>
  !!adult && ((adult.earnings?.monthly ?? 0) > 0 || (adult.selfEmployment?.monthly ?? 0) > 0 || adult.hoursPerWeek > 0);

/** Whether two children may share a bedroom: both under 10, or both under 16 and of the same (known) sex. */
function mayShare(a: ChildFacts, b: ChildFacts): boolean {
  if (a.age < 10 && b.age < 10) return true;
  return a.age < 16 && b.age < 16 && a.sex !== null && a.sex === b.sex;
}

/**
 * Bedrooms the household needs under the size criteria (UC Regs 2013 sch 4 para 10): one for the claimant (and
 * partner), one for each non-dependant, and the children placed eldest first, each sharing with the first child
 * already placed alone whom they may share with. A child who cannot reasonably share because of disability, with a
 * care award that counts, has a room of their own (para 12; `needsOwnBedroom`, asked of each disabled child). A
 * foster parent has an additional bedroom (para 12(1)(b)), so a single one under 35 is not held to the shared rate.
 */
export function bedroomEntitlement(facts: HouseholdFacts): number {
  const rooms: ChildFacts[][] = [];
  for (const child of [...facts.children].sort((a, b) => b.age - a.age)) {
    const shareWith = child.needsOwnBedroom
      ? undefined
      : rooms.find((room) => room.length === 1 && !room[0]!.needsOwnBedroom && mayShare(room[0]!, child));
    if (shareWith) shareWith.push(child);
    else rooms.push([child]);
  }
  // A foster parent (or an adopter with a child placed) has one bedroom more (para 12(1)(b), (4) and (5)); so has a
  // household whose member with a care benefit needs a carer from outside to stay overnight (para 12(A1) and (3)).
  const fostering = facts.household.housing.fosterParent ? 1 : 0;
  return 1 + facts.nonDependants.length + rooms.length + fostering + (needsOvernightCarersRoom(facts) ? 1 : 0);
}

/**
 * The overnight care condition (UC Regs 2013 sch 4 para 12(A1) and (3)): the household said a carer who does not live
 * there stays overnight regularly, for an adult who receives a care benefit of the condition, or a child whose care
 * award is at the middle or highest rate (a disabled child who needs their own room, or of the higher disability).
 */
export function needsOvernightCarersRoom(facts: HouseholdFacts): boolean {
  if (!facts.household.housing.overnightCarer) return false;
  return (
    facts.adults.some((adult) => receivesAnyOf(adult, OVERNIGHT_CARE_BENEFITS)) ||
    facts.children.some((child) => child.disability === 'HIGHER' || (child.disability !== 'NONE' && child.needsOwnBedroom))
  );
}

/** An adult's earnings a month as Universal Credit counts them, before any minimum income floor. */
export interface AdultEarnings {
  adult: AdultFacts;
  employed: TakeHomePay;
  /** Self-employed profit after income tax and Class 4 National Insurance; a loss counts as nil (UC Regs 2013 reg 57). */
  selfEmployed: Pence;
}

export function adultEarnings(adult: AdultFacts, input: Pick<CalculationInput, 'facts' | 'parameters'>): AdultEarnings {
  const employed = takeHomePay(adult, input);
  const selfEmployed = adult.selfEmployment ? Math.max(0, selfEmployedNetProfit(adult, input).monthly) : 0;
  return { adult, employed: { ...employed, monthly: Math.max(0, employed.monthly) }, selfEmployed };
}

/** The claim's net earnings a month, as earned (before any minimum income floor). */
export function householdEarnings(input: Pick<CalculationInput, 'facts' | 'parameters'>): Pence {
  return sumPence(
    coupleAdults(input.facts)
      .map((adult) => adultEarnings(adult, input))
      .map((earned) => earned.employed.monthly + earned.selfEmployed),
  );
}

/**
 * Self-employed profit after notional income tax and Class 4 National Insurance, for a monthly profit: the
 * minimum income floor's deduction (UC Regs 2013 reg 62(3)), worked out by the same tax arithmetic as real profit.
 */
export function netOfNotionalTax(adult: AdultFacts, grossMonthly: Pence, input: Pick<CalculationInput, 'facts' | 'parameters'>): Pence {
  const notional: AdultFacts = {
    ...adult,
    earnings: null,
    selfEmployment: { weekly: 0, monthly: grossMonthly, startUpPeriod: false },
    adult: {
      ...adult.adult,
      earnings: null,
      selfEmployment: { profit: { amount: grossMonthly / 100, period: 'MONTH' }, startUpPeriod: false },
    },
  };
  return selfEmployedNetProfit(notional, input).monthly;
}
