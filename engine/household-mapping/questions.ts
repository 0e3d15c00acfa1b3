/**
 * The catalogue of the questionnaire's questions the household mapping reads: each with its types and the option
 * values relied on, and the tables that turn an option into the household's value. `npm run definitions:check`
 * fails when the definitions lose or change one, so renaming a question in `definitions/survey/` cannot silently
 * drop an answer from the calculation.
 */
import type {
  AwayFromHome,
  ChildDisability,
  Country,
  NonDependant,
  OtherIncomeType,
  Sex,
  SharedAccommodationException,
  Tenure,
} from '../household.js';
import {
  CAPITAL_BAND_5001_TO_16000,
  NONE_OF_THE_ABOVE,
  QUESTION_NAMES,
  TENURES,
  type QuestionTypeName,
  type UkCountry,
} from '../../common/survey/model.js';

/** A question the mapping reads: the types it may have and the option values the mapping looks for. */
export interface HouseholdQuestion {
  types: readonly QuestionTypeName[];
  /** Option values the mapping compares with; each must be one of the question's options. */
  values?: readonly string[];
  /** The mapping reads the answer through a table, so the options must be exactly `values`. */
  exactly?: boolean;
  /** A Text question must be isNumeric. */
  numeric?: boolean;
}

export const YES = 'Yes';
export const NO = 'No';
/** The question asking which Local Housing Allowance area the home is in, and its fixed 'Not sure' answer. */
export const LHA_AREA_QUESTION = 'ClientLhaArea';
export const LHA_AREA_NOT_SURE = 'NotSure';
export const YES_ONLY = [YES] as const;
export const MAX_CHILDREN = 10;
export const MAX_NON_DEPENDANTS = 4;

/** The ClientCapitalBand values (the middle one, £5,001 - £16,000, is the band whose amount the questionnaire checks). */
export const CAPITAL_BANDS = { upTo5000: 'UpTo5000', from5001To16000: CAPITAL_BAND_5001_TO_16000, over16000: 'Over16000' } as const;

/** The immigration statuses of a person subject to immigration control, who may not claim public funds (IAA 1999 s115). */
export const NO_PUBLIC_FUNDS_STATUSES = ['NoRecourseToPublicFunds', 'AsylumSeeker'] as const;

/** ClientSharedRateException's answers and the exceptions from the shared accommodation rate they are (UC Regs 2013 sch 4 para 29). */
export const SHARED_RATE_EXCEPTION: Record<string, SharedAccommodationException | null> = {
  CareLeaver: 'CARE_LEAVER',
  HostelResettlement: 'HOSTEL_RESETTLEMENT',
  DomesticAbuse: 'DOMESTIC_ABUSE',
  ModernSlavery: 'MODERN_SLAVERY',
  PublicProtection: 'PUBLIC_PROTECTION',
  None: null,
};

/** BabiesExpected's answers: how many babies ('4' is four or more, counted as four). */
export const BABIES_EXPECTED: Readonly<Record<string, number>> = { '1': 1, '2': 2, '3': 3, '4': 4 };

/** FuneralWhoDied's answers: the Funeral Expenses Payment's responsible person (SI 2005/3061 reg 7(8)). */
export const FUNERAL_RELATIONSHIP = {
  Partner: 'PARTNER',
  Child: 'CHILD',
  CloseRelative: 'CLOSE_RELATIVE',
  CloseFriend: 'CLOSE_FRIEND',
} as const;

/** BenefitsAlreadyGet's answers and the benefits they are. */
export const ALREADY_GET = {
  UniversalCredit: 'UNIVERSAL_CREDIT',
  ChildBenefit: 'CHILD_BENEFIT',
  HousingBenefit: 'HOUSING_BENEFIT',
  PensionCredit: 'PENSION_CREDIT',
  CouncilTaxReduction: 'COUNCIL_TAX_REDUCTION',
  ScottishChildPayment: 'SCOTTISH_CHILD_PAYMENT',
} as const;

/** UcDeductionTypes' answers and the debts they are, each with its Money question UcDeduction<answer>. */
export const UC_DEDUCTIONS = {
  Advance: 'ADVANCE',
  BudgetingAdvance: 'BUDGETING_ADVANCE',
  Overpayment: 'OVERPAYMENT',
  RentArrears: 'RENT_ARREARS',
  FuelArrears: 'FUEL_ARREARS',
  WaterArrears: 'WATER_ARREARS',
  CouncilTaxArrears: 'COUNCIL_TAX_ARREARS',
  CourtFine: 'COURT_FINE',
  ChildMaintenance: 'CHILD_MAINTENANCE',
  Other: 'OTHER',
} as const;

/**
 * PartnerAwayFromHome's, ClientAwayFromHome's and ClientInHospitalOrCareHome's answers (the last asked of a single person
 * over State Pension age, without prison) and where the person is ('No': at home).
 */
export const AWAY_FROM_HOME: Record<string, AwayFromHome['reason'] | null> = {
  No: null,
  Prison: 'PRISON',
  Hospital: 'HOSPITAL',
  CareHome: 'CARE_HOME',
};

export const TENURE: Record<string, Tenure> = {
  [TENURES.socialRent]: 'SOCIAL_RENT',
  [TENURES.privateRent]: 'PRIVATE_RENT',
  [TENURES.temporaryAccommodation]: 'TEMPORARY_ACCOMMODATION',
  [TENURES.supportedAccommodation]: 'SUPPORTED_ACCOMMODATION',
  [TENURES.owner]: 'OWNER_OCCUPIER',
  [TENURES.sharedOwnership]: 'SHARED_OWNERSHIP',
  [TENURES.livingWithFamily]: 'LIVING_WITH_OTHERS_NO_RENT',
};

export const COUNTRY: Record<UkCountry, Country> = {
  England: 'ENGLAND',
  Scotland: 'SCOTLAND',
  Wales: 'WALES',
  'Northern Ireland': 'NORTHERN_IRELAND',
};

/** `{P}OtherIncome` choices and the question that asks each amount. */
export const OTHER_INCOME: readonly { value: string; amount: string; type: OtherIncomeType }[] = [
  { value: 'StatePension', amount: 'StatePension', type: 'STATE_PENSION' },
  { value: 'PrivatePension', amount: 'PrivatePension', type: 'PRIVATE_PENSION' },
  { value: 'CarersAllowance', amount: 'CarersAllowance', type: 'CARERS_ALLOWANCE' },
  { value: 'NewStyleJsa', amount: 'NewStyleJsa', type: 'NEW_STYLE_JSA' },
  { value: 'NewStyleEsa', amount: 'NewStyleEsa', type: 'NEW_STYLE_ESA' },
  { value: 'SpousalMaintenance', amount: 'SpousalMaintenance', type: 'MAINTENANCE_SPOUSAL' },
  // Asked although Universal Credit, Pension Credit and Housing Benefit ignore it: some councils' Council Tax
  // Reduction schemes count child maintenance, and the engine decides per scheme.
  { value: 'ChildMaintenance', amount: 'ChildMaintenance', type: 'CHILD_MAINTENANCE' },
  { value: 'OtherIncome', amount: 'OtherIncomeAmount', type: 'OTHER_UNEARNED' },
];

const RATES = {
  pip: ['None', 'Standard', 'Enhanced'],
  dlaCare: ['None', 'Lowest', 'Middle', 'Highest'],
  dlaMobility: ['None', 'Lower', 'Higher'],
  attendanceAllowance: ['Lower', 'Higher'],
} as const;

/** Who Northern Ireland's Lone Pensioner Allowance disregards among the other adults (SR 2008/124 schedule), by answer. */
export const NON_DEPENDANT_DISREGARDED: Record<string, NonNullable<NonDependant['disregarded']> | null> = {
  No: null,
  Carer: 'RESIDENT_CARER',
  SevereMentalImpairment: 'SEVERE_MENTAL_IMPAIRMENT',
};

export const CHILD_DISABILITY: Record<string, ChildDisability> = {
  None: 'NONE',
  LowerRate: 'LOWER',
  HigherRate: 'HIGHER',
  // Certified severely sight impaired or blind by a consultant ophthalmologist: the higher rate in UC.
  Blind: 'HIGHER',
};

export const CHILD_SEX: Record<string, Sex> = { Female: 'FEMALE', Male: 'MALE' };

export type Person = 'Client' | 'Partner';

function personQuestions(P: Person): Record<string, HouseholdQuestion> {
  return {
    [`${P}DisabilityBenefits`]: {
      types: ['Check'],
      values: ['Pip', 'Adp', 'Dla', 'AttendanceAllowance', 'ArmedForcesIndependence', 'ConstantAttendance'],
    },
    [`${P}DailyLivingRate`]: { types: ['Radio', 'Select'], values: RATES.pip, exactly: true },
    [`${P}MobilityRate`]: { types: ['Radio', 'Select'], values: RATES.pip, exactly: true },
    [`${P}DlaCareRate`]: { types: ['Radio', 'Select'], values: RATES.dlaCare, exactly: true },
    [`${P}DlaMobilityRate`]: { types: ['Radio', 'Select'], values: RATES.dlaMobility, exactly: true },
    [`${P}AttendanceAllowanceRate`]: { types: ['Radio', 'Select'], values: RATES.attendanceAllowance, exactly: true },
    [`${P}WorkCapability`]: { types: ['Radio', 'Select'], values: ['Lcwra', 'FitNote'] },
    [`${P}LcwraStart`]: { types: ['Radio', 'Select'], values: ['Before6April2026', 'SevereConditions'] },
    [`${P}ExpectLcwra`]: { types: ['Radio', 'Select'], values: YES_ONLY },
    [`${P}TerminallyIll`]: { types: ['Radio', 'Select'], values: YES_ONLY },
    [`${P}IsCarer`]: { types: ['Radio', 'Select'], values: YES_ONLY },
    [`${P}CaringHours`]: { types: ['Text'], numeric: true },
    [`${P}CaredForBenefit`]: { types: ['Radio', 'Select'], values: YES_ONLY },
    [`${P}Work`]: { types: ['Check'], values: ['Employed', 'SelfEmployed'] },
    [`${P}WorkHours`]: { types: ['Text'], numeric: true },
    [`${P}Earnings`]: { types: ['Money'] },
    [`${P}EarningsBasis`]: { types: ['Radio', 'Select'], values: ['TakeHome', 'BeforeTax'], exactly: true },
    [`${P}PaysPensionOrGiftAid`]: { types: ['Radio', 'Select'], values: YES_ONLY },
    [`${P}NonAdvancedWithoutSupport`]: { types: ['Radio', 'Select'], values: YES_ONLY },
    [`${P}AdvancedCourse`]: { types: ['Radio', 'Select'], values: YES_ONLY },
    [`${P}PensionContributions`]: { types: ['Money'] },
    [`${P}GiftAid`]: { types: ['Money'] },
    [`${P}SelfEmployedProfit`]: { types: ['Money'] },
    [`${P}StartUpPeriod`]: { types: ['Radio', 'Select'], values: YES_ONLY },
    [`${P}OtherIncome`]: { types: ['Check'], values: OTHER_INCOME.map((income) => income.value) },
    ...Object.fromEntries(OTHER_INCOME.map((income) => [`${P}${income.amount}`, { types: ['Money'] } satisfies HouseholdQuestion])),
    [`${P}Student`]: { types: ['Radio', 'Select'], values: ['FullTime', 'PartTime'] },
    [`${P}StudentIncome`]: { types: ['Money'] },
    [`${P}StudentIncomeMonths`]: { types: ['Text'], numeric: true },
  };
}

const numbered = (count: number, questions: (n: number) => Record<string, HouseholdQuestion>) =>
  Object.assign({}, ...Array.from({ length: count }, (_, index) => questions(index + 1))) as Record<string, HouseholdQuestion>;
/** 6 means '6 or more'. */
const BEDROOMS = ['1', '2', '3', '4', '5', '6'];
const counts = (max: number) => Array.from({ length: max + 1 }, (_, n) => String(n));

/** Every question `householdFromAnswers` reads (checked against the definitions by `npm run definitions:check`). */
export const HOUSEHOLD_QUESTIONS: Readonly<Record<string, HouseholdQuestion>> = {
  [QUESTION_NAMES.clientPostcode]: { types: ['Postcode'] },
  [QUESTION_NAMES.clientDob]: { types: ['Date'] },
  ClientHasPartner: { types: ['Radio', 'Select'], values: YES_ONLY },
  // A couple who both care: 'No' (each looks after someone different) gives each a carer element.
  CoupleCareForSamePerson: { types: ['Radio', 'Select'], values: ['No'] },
  [QUESTION_NAMES.partnerDob]: { types: ['Date'] },
  ChildCount: { types: ['Select', 'Radio'], values: counts(MAX_CHILDREN), exactly: true },
  ...numbered(MAX_CHILDREN, (n) => ({
    [`${QUESTION_NAMES.childDobPrefix}${n}`]: { types: ['Date'] },
    [`ChildSex${n}`]: { types: ['Radio', 'Select'], values: Object.keys(CHILD_SEX), exactly: true },
    [`ChildDisability${n}`]: { types: ['Radio', 'Select'], values: Object.keys(CHILD_DISABILITY), exactly: true },
    [`ChildOwnRoom${n}`]: { types: ['Radio', 'Select'], values: [YES, NO] },
    [`ChildEducation${n}`]: { types: ['Radio', 'Select'], values: YES_ONLY },
  })),
  NonDependantCount: { types: ['Select', 'Radio'], values: counts(MAX_NON_DEPENDANTS), exactly: true },
  ...numbered(MAX_NON_DEPENDANTS, (n) => ({
    [`NonDependantAge${n}`]: { types: ['Text'], numeric: true },
    [`NonDependantIncome${n}`]: { types: ['Money'] },
    [`NonDependantWork${n}`]: { types: ['Radio', 'Select'], values: [YES, NO], exactly: true },
    [`NonDependantBenefits${n}`]: { types: ['Check'], values: [NONE_OF_THE_ABOVE] },
    [`NonDependantDisregarded${n}`]: { types: ['Radio', 'Select'], values: Object.keys(NON_DEPENDANT_DISREGARDED), exactly: true },
  })),
  ...personQuestions('Client'),
  ...personQuestions('Partner'),
  ClientPaysChildcare: { types: ['Radio', 'Select'], values: YES_ONLY },
  ClientCarerPaid: { types: ['Radio', 'Select'], values: YES_ONLY },
  ClientYoungPerson: { types: ['Check'], values: ['WithoutParentalSupport', 'PregnancyOrBaby', 'CareLeaver'] },
  PartnerAwayFromHome: { types: ['Radio', 'Select'], values: Object.keys(AWAY_FROM_HOME), exactly: true },
  PartnerAwayLong: { types: ['Radio', 'Select'], values: YES_ONLY },
  PartnerAwayYear: { types: ['Radio', 'Select'], values: YES_ONLY },
  PartnerAwayFourWeeks: { types: ['Radio', 'Select'], values: YES_ONLY },
  ClientAwayFromHome: { types: ['Radio', 'Select'], values: Object.keys(AWAY_FROM_HOME), exactly: true },
  ClientAwayLong: { types: ['Radio', 'Select'], values: YES_ONLY },
  ClientAwayYear: { types: ['Radio', 'Select'], values: YES_ONLY },
  ClientAwayFourWeeks: { types: ['Radio', 'Select'], values: YES_ONLY },
  ClientInHospitalOrCareHome: { types: ['Radio', 'Select'], values: ['No', 'Hospital', 'CareHome'], exactly: true },
  ClientCareHomeFees: { types: ['Radio', 'Select'], values: YES_ONLY },
  PartnerCarerPaid: { types: ['Radio', 'Select'], values: YES_ONLY },
  ClientFosterCarer: { types: ['Radio', 'Select'], values: YES_ONLY },
  ClientOvernightCarer: { types: ['Radio', 'Select'], values: YES_ONLY },
  ClientSharedRateException: { types: ['Radio', 'Select'], values: Object.keys(SHARED_RATE_EXCEPTION), exactly: true },
  BenefitCapRecentlyStoppedWork: { types: ['Radio', 'Select'], values: YES_ONLY },
  BenefitCapEarnedEnoughBefore: { types: ['Radio', 'Select'], values: YES_ONLY },
  ExpectingBaby: { types: ['Radio', 'Select'], values: YES_ONLY },
  BabyDueDate: { types: ['Date'] },
  BabiesExpected: { types: ['Radio', 'Select'], values: Object.keys(BABIES_EXPECTED), exactly: true },
  FuneralArranging: { types: ['Radio', 'Select'], values: YES_ONLY },
  BenefitsAlreadyGet: { types: ['Check'], values: [...Object.keys(ALREADY_GET), NONE_OF_THE_ABOVE] },
  UcDeductions: { types: ['Radio', 'Select'], values: YES_ONLY },
  UcDeductionTypes: { types: ['Check'], values: Object.keys(UC_DEDUCTIONS) },
  ...Object.fromEntries(Object.keys(UC_DEDUCTIONS).map((value) => [`UcDeduction${value}`, { types: ['Money'] }])),
  FuneralWhoDied: { types: ['Radio', 'Select'], values: Object.keys(FUNERAL_RELATIONSHIP), exactly: true },
  FuneralCloserFamily: { types: ['Radio', 'Select'], values: YES_ONLY },
  FuneralPrepaidPlan: { types: ['Radio', 'Select'], values: YES_ONLY },
  FuneralNecessaryCosts: { types: ['Text'], numeric: true },
  FuneralOtherCosts: { types: ['Text'], numeric: true },
  FuneralMoneyAvailable: { types: ['Text'], numeric: true },
  ClientChildcareCosts: { types: ['Money'] },
  [QUESTION_NAMES.tenure]: { types: ['Radio', 'Select'], values: Object.keys(TENURE), exactly: true },
  [QUESTION_NAMES.rent]: { types: ['Money'] },
  ClientPaysServiceCharges: { types: ['Radio', 'Select'], values: YES_ONLY },
  ClientServiceCharges: { types: ['Money'] },
  ClientBedrooms: { types: ['Select', 'Radio'], values: BEDROOMS, exactly: true },
  // Its other choices are the Local Housing Allowance areas of the home, filled in by the server (optionsFrom).
  [LHA_AREA_QUESTION]: { types: ['Radio'], values: [LHA_AREA_NOT_SURE] },
  ClientCouncilTaxLiable: { types: ['Radio', 'Select'], values: YES_ONLY },
  [QUESTION_NAMES.councilTaxBand]: { types: ['Council'] },
  ClientRatesLiable: { types: ['Radio', 'Select'], values: YES_ONLY },
  ClientRatesCharge: { types: ['Money'] },
  [QUESTION_NAMES.capitalBand]: { types: ['Radio', 'Select'], values: Object.values(CAPITAL_BANDS), exactly: true },
  [QUESTION_NAMES.capital]: { types: ['Text', 'Money'], numeric: true },
  ClientOtherProperty: { types: ['Radio', 'Select'], values: YES_ONLY },
  ClientPropertyValue: { types: ['Text'], numeric: true },
  ClientPropertyMortgage: { types: ['Text'], numeric: true },
  ClientPropertyDisregarded: { types: ['Radio', 'Select'], values: YES_ONLY },
  PartnerImmigrationStatus: { types: ['Radio', 'Select'], values: NO_PUBLIC_FUNDS_STATUSES },
};

/**
 * Questions people answer that the household does not need: they only decide which pages come next. The person's own
 * immigration status leads those who cannot claim public funds to the exit page, so the claimant the engine sees may
 * claim; the partner's is read (PartnerImmigrationStatus).
 */
export const ROUTING_ONLY_QUESTIONS: readonly string[] = ['ClientImmigrationStatus'];
