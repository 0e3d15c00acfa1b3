import type { CalculationInput } from '../../core/benefit.js';
import type { Explanations } from '../../core/explanations.js';
import type { ParameterReader } from '../../core/parameters.js';
import type { FiredRules } from '../../core/ruleset.js';
import type { HouseholdFacts } from '../../facts.js';
import type { SharedAccommodationException } from '../../household.js';
import type { LhaCategory } from '../../local-housing-allowance.js';
import { localHousingAllowanceFor, type LhaUsed } from '../local-housing-allowance-used.js';
import { basisPointsOf, type Pence } from '../../../common/money.js';
import { bedroomEntitlement } from '../universal-credit-household.js';

/** The variable another benefit reads: the monthly cut for spare bedrooms (0 when none). */
export const SIZE_CRITERIA_REDUCTION = 'SIZE_CRITERIA_REDUCTION';

const LHA_CATEGORY_BY_ROOMS: readonly LhaCategory[] = ['ONE_BEDROOM', 'TWO_BEDROOMS', 'THREE_BEDROOMS', 'FOUR_BEDROOMS'];
const LHA_CATEGORY_WORDS: Record<LhaCategory, string> = {
  SHARED: 'shared accommodation',
  ONE_BEDROOM: 'one bedroom',
  TWO_BEDROOMS: 'two bedrooms',
  THREE_BEDROOMS: 'three bedrooms',
  FOUR_BEDROOMS: 'four bedrooms',
};

/** The housing costs element (UC Regs 2013 regs 25-26, schs 1-5), its working, and the non-dependants' contributions. */
/** Non-dependants who pay a housing cost contribution: 21 or over (UC Regs 2013 sch 4 para 16(2)(a)) and not exempt. */
export function contributingNonDependants(facts: HouseholdFacts, parameters: ParameterReader): HouseholdFacts['nonDependants'] {
  // Read only when there is someone to test, so that a household without non-dependants does not cite the age.
  if (facts.nonDependants.length === 0) return [];
  const minimumAge = parameters.amount('gov/dwp/universal_credit/elements/housing/non_dependant_contribution_minimum_age');
  return facts.nonDependants.filter((person) => !person.exempt && person.age >= minimumAge);
}

/** Why the shared accommodation rate does not apply, as the result says it (UC Regs 2013 sch 4 para 29). */
const SHARED_RATE_EXCEPTION_REASONS: Record<SharedAccommodationException, string> = {
  CARE_LEAVER: 'you were in care before you were 18 and are under 25',
  HOSTEL_RESETTLEMENT: 'you have lived in homeless hostels for at least 3 months and accepted support there to resettle',
  PUBLIC_PROTECTION: 'you are managed under multi-agency public protection arrangements',
  DOMESTIC_ABUSE: 'you have experienced domestic abuse since you were 16, and an official knows about it',
  MODERN_SLAVERY: 'you have been confirmed as a victim of modern slavery',
};

export interface HousingElement {
  element: Pence;
  contributions: Pence;
  lhaUsed: LhaUsed | null;
  rent: Pence;
  charges: Pence;
  costs: Pence;
  needed: number;
  bedrooms: number | null;
  sector: 'PRIVATE' | 'SOCIAL' | 'SHARED_OWNERSHIP';
  /** A private tenant's cap rent: the category and the sentences saying which area's rate was used. */
  privateRent: {
    category: LhaCategory;
    rate: Pence;
    lhaWorking: string[];
    sharedRateException: SharedAccommodationException | null;
  } | null;
  /** A social tenant's cut for spare bedrooms (the size criteria, sch 4 para 36). */
  underOccupation: { spare: number; percentage: number; cut: Pence } | null;
  contribution: { count: number; each: Pence } | null;
}

export function housingElement(input: CalculationInput, fired: FiredRules): HousingElement {
  const { facts, parameters } = input;
  const sector = fired.first('element', 'HOUSING')!.event.params.sector as HousingElement['sector'];
  const rent = facts.rent.monthly;
  const charges = facts.serviceCharges.monthly;
  const costs = rent + charges;
  const needed = bedroomEntitlement(facts);
  let element = costs;
  let lhaUsed: LhaUsed | null = null;
  let privateRent: HousingElement['privateRent'] = null;
  let underOccupation: HousingElement['underOccupation'] = null;
  if (sector === 'PRIVATE') {
    const category: LhaCategory = fired.has('lha-category') ? 'SHARED' : LHA_CATEGORY_BY_ROOMS[Math.min(needed, 4) - 1]!;
    // The cap rent is the LHA of the area (UC Regs 2013 sch 4 para 25); where the area cannot be settled, the lowest
    // of the areas the home could be in, so the rent is never met unchecked.
    const lhaWorking: string[] = [];
    lhaUsed = localHousingAllowanceFor(input, category, 'UNIVERSAL_CREDIT', lhaWorking, costs);
    const rate = lhaUsed.ratePence;
    element = Math.min(costs, rate);
    // Excepted from the shared accommodation rate for a reason the person gave (sch 4 para 29): the result says which.
    const sharedRateException = fired.has('lha-shared-exception') ? facts.claimant.sharedAccommodationException : null;
    privateRent = { category, rate, lhaWorking, sharedRateException };
  } else if (sector === 'SOCIAL' && fired.has('housing-reduction', 'UNDER_OCCUPATION')) {
    const spare = (facts.bedrooms ?? 0) - needed;
    const percentage = parameters.amount(
      spare >= 2
        ? 'gov/dwp/universal_credit/elements/housing/under_occupation/two_or_more_bedrooms'
        : 'gov/dwp/universal_credit/elements/housing/under_occupation/one_bedroom',
    );
    const cut = basisPointsOf(costs, percentage);
    element = costs - cut;
    underOccupation = { spare, percentage, cut };
  }
  let contributions = 0;
  let contribution: HousingElement['contribution'] = null;
  if (fired.has('deduction', 'HOUSING_COST_CONTRIBUTION')) {
    const each = parameters.amount('gov/dwp/universal_credit/elements/housing/non_dependant_contribution');
    const count = contributingNonDependants(facts, parameters).length;
    contributions = Math.min(element, count * each);
    contribution = { count, each };
  }
  return {
    element,
    contributions,
    lhaUsed,
    rent,
    charges,
    costs,
    needed,
    bedrooms: facts.bedrooms,
    sector,
    privateRent,
    underOccupation,
    contribution,
  };
}

export function explainHousingElement(figures: HousingElement, explanations: Explanations): string[] {
  const { element, contributions, lhaUsed, rent, charges, costs, needed, bedrooms, sector, privateRent, underOccupation, contribution } =
    figures;
  const sentences: string[] = [];
  if (sector === 'PRIVATE' && privateRent) {
    const { category, rate, lhaWorking } = privateRent;
    sentences.push(...lhaWorking);
    if (category === 'SHARED') sentences.push(explanations.say('lha-shared-rate'));
    if (privateRent.sharedRateException)
      sentences.push(
        explanations.say('lha-shared-rate-exception', { reason: SHARED_RATE_EXCEPTION_REASONS[privateRent.sharedRateException] }),
      );
    sentences.push(
      explanations.say('lha', {
        costs,
        charges,
        rate,
        area: lhaUsed!.area,
        category: LHA_CATEGORY_WORDS[category],
        rooms: needed,
        capped: costs > rate,
        element,
      }),
    );
  } else if (sector === 'SOCIAL') {
    sentences.push(explanations.say('social-rent', { rent, charges, costs }));
    if (underOccupation) {
      const { spare, percentage, cut } = underOccupation;
      sentences.push(explanations.say('size-criteria', { bedrooms, needed, spare, percentage, cut }));
    } else if (bedrooms === null) {
      sentences.push(explanations.say('social-bedrooms-unknown', { needed }));
    }
  } else {
    sentences.push(explanations.say('shared-ownership', { costs }));
  }
  if (contribution)
    sentences.push(explanations.say('contributions', { count: contribution.count, each: contribution.each, contributions }));
  return sentences;
}
