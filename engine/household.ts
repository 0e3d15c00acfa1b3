/**
 * The household of the stateless calculation API (docs/calculation-api.md, v1 'Request'): the
 * shape third parties send to POST /api/v1/calculations and the questionnaire's answers are mapped into
 * (`engine/household-mapping/`). Field names and enum values are the contract's; money is in pounds
 * (at most 2 decimals) and always carries its period, so a figure is never re-rounded or its period guessed.
 */

import type * as Request from './schemas/calculation-request.types.js';

export const COUNTRIES = ['ENGLAND', 'SCOTLAND', 'WALES', 'NORTHERN_IRELAND'] as const;
export type Country = (typeof COUNTRIES)[number];

// The shapes that are the same in the request and the household worked out (money, earnings, self-employment, other
// income, non-dependants) are the request's types, generated from its JSON Schema by `npm run schemas:types`.

/** An amount in pounds (a JSON number, at most 2 decimals) and the period it is paid or earned over. */
export type Money = Request.Money;

/** NET: take-home, after tax, National Insurance and pension contributions. GROSS: before them. */
export const EARNINGS_BASES = ['NET', 'GROSS'] as const;
export type EarningsBasis = (typeof EARNINGS_BASES)[number];

export type Earnings = Request.Earnings;
export type SelfEmployment = Request.SelfEmployment;

export const OTHER_INCOME_TYPES = [
  'STATE_PENSION',
  'PRIVATE_PENSION',
  'NEW_STYLE_JSA',
  'NEW_STYLE_ESA',
  'CARERS_ALLOWANCE',
  'MAINTENANCE_SPOUSAL',
  'CHILD_MAINTENANCE',
  'STUDENT_INCOME',
  'OTHER_UNEARNED',
] as const;
export type OtherIncomeType = (typeof OTHER_INCOME_TYPES)[number];

export type OtherIncome = Request.OtherIncome;

/** The rates each disability benefit is paid at; the two without a rate here have none in the contract. */
export const BENEFIT_RATES = {
  PIP_DAILY_LIVING: ['STANDARD', 'ENHANCED'],
  PIP_MOBILITY: ['STANDARD', 'ENHANCED'],
  DLA_CARE: ['LOWEST', 'MIDDLE', 'HIGHEST'],
  DLA_MOBILITY: ['LOWER', 'HIGHER'],
  ATTENDANCE_ALLOWANCE: ['LOWER', 'HIGHER'],
  /** Adult Disability Payment (Scotland), paid as PIP. */
  ADP_DAILY_LIVING: ['STANDARD', 'ENHANCED'],
  ADP_MOBILITY: ['STANDARD', 'ENHANCED'],
  ARMED_FORCES_INDEPENDENCE: [],
  CONSTANT_ATTENDANCE: [],
} as const;
export type BenefitReceivedType = keyof typeof BENEFIT_RATES;

/** A benefit an adult already gets, with its rate where it has rates. */
export type BenefitReceived =
  | { type: 'PIP_DAILY_LIVING' | 'PIP_MOBILITY' | 'ADP_DAILY_LIVING' | 'ADP_MOBILITY'; rate: 'STANDARD' | 'ENHANCED' }
  | { type: 'DLA_CARE'; rate: 'LOWEST' | 'MIDDLE' | 'HIGHEST' }
  | { type: 'DLA_MOBILITY' | 'ATTENDANCE_ALLOWANCE'; rate: 'LOWER' | 'HIGHER' }
  | { type: 'ARMED_FORCES_INDEPENDENCE' | 'CONSTANT_ATTENDANCE' };

export interface Health {
  /** Limited capability for work and work-related activity found (or expected, with a fit note). */
  lcwra: boolean;
  /** The LCWRA award is protected at the pre-April-2026 rate. */
  lcwraBefore2026April: boolean;
  terminallyIll: boolean;
}

export interface Caring {
  hoursPerWeek: number;
  /** The person cared for gets a benefit that qualifies the carer (PIP daily living, AA, DLA middle/highest care...). */
  caredForGetsQualifyingBenefit: boolean;
  /** In a couple where both care: for the same person (one carer element between them); absent: true. */
  samePersonAsPartner?: boolean;
}

/**
 * Why a single private renter under 35 is not held to the shared accommodation rate, besides a care benefit (UC Regs
 * 2013 sch 4 para 29): a care leaver aged 18 to 24, 3 months in homeless hostels with resettlement support, public
 * protection arrangements, domestic abuse, modern slavery.
 */
export const SHARED_ACCOMMODATION_EXCEPTIONS = [
  'CARE_LEAVER',
  'HOSTEL_RESETTLEMENT',
  'PUBLIC_PROTECTION',
  'DOMESTIC_ABUSE',
  'MODERN_SLAVERY',
] as const;
export type SharedAccommodationException = (typeof SHARED_ACCOMMODATION_EXCEPTIONS)[number];

/** One adult: the first of `adults` is the claimant, the second (if any) the partner. */
export interface Adult {
  /** ISO yyyy-mm-dd; wins over `age` when both are given. */
  dateOfBirth?: string;
  /** Whole years, for callers who do not know the date of birth. */
  age?: number;
  /** Employed earnings; null when not employed. */
  earnings: Earnings | null;
  hoursPerWeek: number;
  selfEmployment: SelfEmployment | null;
  otherIncome: OtherIncome[];
  /** Personal pension contributions under relief at source, as paid; absent: none (adjusted net income). */
  pensionContributions?: Money;
  /** Gift Aid donations, as given; absent: none (adjusted net income). */
  giftAid?: Money;
  benefitsReceived: BenefitReceived[];
  health: Health;
  caring: Caring;
  /** A full-time student. */
  student: boolean;
  /** A full-time student below degree level without parental support (UC Regs 2013 reg 14(1)(a)); absent: false. */
  nonAdvancedCourseWithoutParentalSupport?: boolean;
  /** A full-time student on a course of advanced education, an HNC, HND or degree (SSI 2023/302 reg 13); absent: not said. */
  advancedCourse?: boolean;
  /**
   * A 'person subject to immigration control' (Immigration and Asylum Act 1999 s115: 'no public funds', or waiting
   * for an asylum decision). Only the partner may be; absent: false.
   */
  subjectToImmigrationControl?: boolean;
  /** An exception from the shared accommodation rate (read for the claimant); absent: none. */
  sharedAccommodationException?: SharedAccommodationException;
  /** Someone other than the partner gets Carer's Allowance (or UC's carer element) for looking after this adult; absent: false. */
  carerGetsCarersAllowance?: boolean;
  /** The partner is away from home for now, and whether for more than 6 months; absent: at home. */
  awayFromHome?: AwayFromHome;
  /** For a claimant of 16 or 17: the cases in which Universal Credit may be claimed (UC Regs 2013 reg 8); absent: none. */
  under18?: { withoutParentalSupport?: boolean; pregnantOrRecentBirth?: boolean; careLeaver?: boolean };
}

export const REASONS_AWAY_FROM_HOME = ['PRISON', 'HOSPITAL', 'CARE_HOME'] as const;
export interface AwayFromHome {
  reason: (typeof REASONS_AWAY_FROM_HOME)[number];
  /** The absence has lasted, or is expected to last, more than 6 months (UC Regs 2013 reg 3(6)). */
  moreThanSixMonths: boolean;
  /** In hospital or a care home more than 28 days: disability benefits stop (engine/facts/away-from-home.ts). */
  moreThanFourWeeks?: boolean;
  /**
   * The absence has lasted, or is expected to last, more than 52 weeks, or the person is not coming back to live at
   * home (in a care home for good): at State Pension age, a partner is then not counted (SPC Regs 2002 reg 5(1)(a)
   * and (b); HB (SPC) Regs 2006 reg 21(2)). Implies moreThanSixMonths.
   */
  moreThanFiftyTwoWeeks?: boolean;
  /**
   * In a CARE_HOME paid for wholly by the person (a self-funder): the care parts of disability benefits carry on
   * however long the stay (AA Regs 1991 reg 8(6); DLA Regs 1991 reg 10(8); WRA 2012 s85(2); SSI 2022/54 reg 27(4)).
   */
  paysOwnCareHomeFees?: boolean;
}

export const SEXES = ['FEMALE', 'MALE'] as const;
export type Sex = (typeof SEXES)[number];

/**
 * NONE; LOWER (gets DLA, PIP or Child Disability Payment at any rate); HIGHER (DLA highest care, PIP/CDP enhanced
 * daily living, or certified blind).
 */
export const CHILD_DISABILITIES = ['NONE', 'LOWER', 'HIGHER'] as const;
export type ChildDisability = (typeof CHILD_DISABILITIES)[number];

export interface Child {
  dateOfBirth: string;
  /** For the size criteria and LHA bedroom rules; when absent the rules assume children may not share. */
  sex?: Sex;
  disability: ChildDisability;
  /** A 16-19 year old in full-time non-advanced education or approved training. */
  inNonAdvancedEducation: boolean;
  /**
   * Gets a care award that counts and cannot reasonably share a bedroom because of disability (UC Regs 2013 sch 4
   * para 12); absent: taken from `disability` (HIGHER needs one).
   */
  needsOwnBedroom?: boolean;
  /** An exception from the two-child limit other than a multiple birth (UC Regs 2013 reg 24B); absent: none. */
  twoChildLimitException?: (typeof TWO_CHILD_LIMIT_EXCEPTIONS)[number];
}

export const TWO_CHILD_LIMIT_EXCEPTIONS = ['ADOPTED', 'NON_PARENTAL_CARING', 'NON_CONSENSUAL_CONCEPTION'] as const;

export type NonDependant = Request.NonDependant;

export const HOUSING_TENURES = [
  'PRIVATE_RENT',
  'SOCIAL_RENT',
  'TEMPORARY_ACCOMMODATION',
  'SUPPORTED_ACCOMMODATION',
  'OWNER_OCCUPIER',
  'SHARED_OWNERSHIP',
  'LIVING_WITH_OTHERS_NO_RENT',
  'HOMELESS',
] as const;
export type Tenure = (typeof HOUSING_TENURES)[number];

export const COUNCIL_TAX_BANDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] as const;
export type CouncilTaxBand = (typeof COUNCIL_TAX_BANDS)[number];

export interface CouncilTax {
  band: CouncilTaxBand | null;
  /** The year's charge in pounds when known (Northern Ireland's rates have no band); null to work it out from the band. */
  annualCharge: number | null;
  liable: boolean;
}

export interface Housing {
  tenure: Tenure;
  rent: Money | null;
  serviceCharges: Money | null;
  /** Bedrooms in the home; null when not asked (it matters only to renters). */
  bedrooms: number | null;
  councilTax: CouncilTax;
  /**
   * The Broad Rental Market Area as the Valuation Office Agency writes it; absent: worked out from the local
   * authority, and where the authority is split between areas (or not given), the lowest Local Housing Allowance
   * among the areas it could be is used, and the result says so.
   */
  brma?: string;
  /**
   * Set by the questionnaire only (the API refuses it): the area came from the operator's postcode to BRMA lookup
   * rather than from the person, so the result can say why it was used.
   */
  brmaFrom?: 'POSTCODE';
  /** A foster parent or adopter: one additional bedroom (UC Regs 2013 sch 4 para 12(1)(b)); absent: false. */
  fosterParent?: boolean;
  /** A carer from outside stays overnight regularly (sch 4 para 12(A1), (3)); absent: false. */
  overnightCarer?: boolean;
}

export interface Household {
  country: Country;
  /** GSS code of the local authority, e.g. E09000033. */
  localAuthority?: string;
  /** One (a single claimant) or two (a couple; the first is the claimant). */
  adults: Adult[];
  children: Child[];
  nonDependants: NonDependant[];
  housing: Housing;
  /** Savings and investments in pounds, excluding the home lived in. */
  capital: number;
  childcareCosts: Money | null;
  /** In Universal Credit's benefit cap grace period (UC Regs 2013 reg 82(1)(b)); absent: false. */
  benefitCapGracePeriod?: boolean;
  /** The claimant or partner is pregnant: the due date and the babies expected (read by the maternity grants); absent: nobody. */
  expectingBaby?: { dueDate: string; babies: number };
  /** The claimant or partner is responsible for a funeral (read by the Funeral Expenses Payment); absent: none. */
  funeral?: Funeral;
  /** Debts repaid from Universal Credit, each with the pounds a month asked for before the limit; absent: none. */
  universalCreditDeductions?: UniversalCreditDeduction[];
  /** The benefits the household already gets; absent: not said. */
  benefitsClaimed?: Request.Household['benefitsClaimed'];
}

export type UniversalCreditDeduction = NonNullable<Request.Household['universalCreditDeductions']>[number];
export type UniversalCreditDeductionType = UniversalCreditDeduction['type'];

/** A funeral the claimant or partner is responsible for, with its costs in pounds (SI 2005/3061 regs 7 to 10). */
export interface Funeral {
  relationship: 'PARTNER' | 'CHILD' | 'CLOSE_RELATIVE' | 'CLOSE_FRIEND';
  closerFamilyNotOnBenefits: boolean;
  prepaidPlan: boolean;
  /** The burial or cremation fees and the documents, met in full; absent when not known. */
  necessaryCosts?: number;
  otherCosts: number;
  moneyAvailable: number;
}
