import { ageInYears, daysInMonth, formatIsoDate, parseIsoDate } from '../common/dates/calendar.js';
import { statePensionDate } from '../common/rules/state-pension-age.js';
import type {
  Adult,
  BenefitReceived,
  BenefitReceivedType,
  Child,
  ChildDisability,
  Country,
  Earnings,
  Household,
  NonDependant,
  OtherIncomeType,
  Sex,
  SharedAccommodationException,
  Tenure,
  AwayFromHome,
} from './household.js';
import { bothPeriods, moneyIn, scalePence, sumPence, type Pence } from '../common/money.js';
import { stoppedWhileAway } from './facts/away-from-home.js';

/**
 * What every ruleset reads about a household, derived once per calculation from the (normalised) household and
 * the date asked. Money is in whole pence in both periods, each converted once from what the person gave.
 * A benefit's own facts (its ruleset's flat fact map) are built from these by that benefit's calculator.
 */

/** Universal Credit's child element is higher for a first child born before this date (UC Regs 2013 reg 36). */
export const HIGHER_CHILD_ELEMENT_BORN_BEFORE = '2017-04-06';

export interface PeriodPence {
  weekly: Pence;
  monthly: Pence;
}

export interface UnearnedIncomeFact extends PeriodPence {
  type: OtherIncomeType;
  /** Student income given for the course year: the assessment periods it is spread over, and the year's amount. */
  spreadOver?: number;
  yearly?: Pence;
}

export interface AdultFacts {
  role: 'CLAIMANT' | 'PARTNER';
  /** Whole years on the date asked. */
  age: number;
  /** yyyy-mm-dd, or null when only an age was given. */
  dateOfBirth: string | null;
  /** The day State Pension age is reached (the later of the women's and men's days; see statePensionDate). */
  statePensionDate: string;
  reachedStatePensionAge: boolean;
  /** Employed earnings as given; null when not employed. */
  earnings: (PeriodPence & { basis: Earnings['basis'] }) | null;
  hoursPerWeek: number;
  /** Self-employed profit; null when not self-employed. */
  selfEmployment: (PeriodPence & { startUpPeriod: boolean }) | null;
  unearnedIncome: UnearnedIncomeFact[];
  /** The disability and care benefits paid now: those given, less any stopped while away (benefitsStopped). */
  benefitsReceived: BenefitReceived[];
  /** Those the adult gets but that are not paid after 28 days in hospital or a care home (stoppedWhileAway). */
  benefitsStopped: BenefitReceived[];
  lcwra: boolean;
  lcwraBefore2026April: boolean;
  terminallyIll: boolean;
  caringHoursPerWeek: number;
  caredForGetsQualifyingBenefit: boolean;
  /** In a couple where both care, for the same person as the partner (Caring.samePersonAsPartner). */
  caresForSamePersonAsPartner: boolean;
  student: boolean;
  /** May not claim public funds (Immigration and Asylum Act 1999 s115); only ever the partner. */
  subjectToImmigrationControl: boolean;
  /** An exception from the shared accommodation rate the adult gave, or null (Adult.sharedAccommodationException). */
  sharedAccommodationException: SharedAccommodationException | null;
  /** Someone other than the partner gets Carer's Allowance (or UC's carer element) for looking after this adult. */
  carerGetsCarersAllowance: boolean;
  adult: Adult;
}

export interface ChildFacts {
  age: number;
  dateOfBirth: string;
  sex: Sex | null;
  disability: ChildDisability;
  inNonAdvancedEducation: boolean;
  bornBeforeHigherChildElementEnded: boolean;
  /** An exception from the two-child limit other than a multiple birth (UC Regs 2013 reg 24B), or null. */
  twoChildLimitException: Child['twoChildLimitException'] | null;
  /** A bedroom of their own because of disability (UC Regs 2013 sch 4 para 12): as given, else a HIGHER disability. */
  needsOwnBedroom: boolean;
  /**
   * A child or qualifying young person for the means-tested benefits: under 16, or under 20 and in full-time
   * non-advanced education or approved training (UC Regs 2013 reg 5; SSCBA 1992 s142).
   */
  qualifies: boolean;
}

export interface HouseholdFacts {
  /** The date asked, yyyy-mm-dd. */
  date: string;
  country: Country;
  localAuthority: string | null;
  /** The 32 London boroughs and the City of London (GSS codes E09...): the benefit cap's London rate. */
  inGreaterLondon: boolean;
  isCouple: boolean;
  adults: AdultFacts[];
  claimant: AdultFacts;
  partner: AdultFacts | null;
  /**
   * Why a member of a couple claims Universal Credit as a single person, or null: the partner is a person subject to
   * immigration control (UC Regs 2013 reg 3(3)(e)) or in prison (reg 3(3)(c)). The partner is then left out of the
   * benefits each adult claims for themselves (PIP, Attendance Allowance, Carer's Allowance, the Winter Fuel Payment).
   */
  singleClaimBecause: 'PARTNER_SUBJECT_TO_IMMIGRATION_CONTROL' | 'PARTNER_IN_PRISON' | null;
  /**
   * The partner is away from home. Away more than 6 months, they are not counted at all (`partner` is null: UC Regs
   * 2013 reg 3(6)), or with both over State Pension age more than 52 weeks or for good (`moreThanFiftyTwoWeeks`); in
   * prison for less, the claim is a single person's (`singleClaimBecause`).
   */
  partnerAwayFromHome: AwayFromHome | null;
  /**
   * UNIVERSAL_CREDIT: working age, or a mixed-age couple (one partner under State Pension age). PENSION_AGE:
   * everyone over State Pension age.
   */
  system: 'UNIVERSAL_CREDIT' | 'PENSION_AGE';
  /** Every child in the household as given, qualifying or not. */
  children: ChildFacts[];
  /** The children and qualifying young people the means-tested benefits count, eldest first. */
  qualifyingChildren: ChildFacts[];
  nonDependants: NonDependant[];
  tenure: Tenure;
  rent: PeriodPence;
  serviceCharges: PeriodPence;
  bedrooms: number | null;
  brma: string | null;
  /** Where `brma` came from: the postcode lookup, or the household (the API's `housing.brma`, the person's answer). */
  brmaFrom: 'POSTCODE' | 'GIVEN';
  councilTax: Household['housing']['councilTax'];
  capital: Pence;
  childcareCosts: PeriodPence;
  /** In Universal Credit's benefit cap grace period (UC Regs 2013 reg 82(1)(b)). */
  benefitCapGracePeriod: boolean;
  household: Household;
}

function periodPence(money: Parameters<typeof moneyIn>[0]): PeriodPence {
  return { weekly: moneyIn(money, 'WEEK'), monthly: moneyIn(money, 'MONTH') };
}

/** Age on the date from a date of birth, or the age given; a date of birth wins. */
function adultAge(adult: Pick<Adult, 'dateOfBirth' | 'age'>, date: string): { age: number; dateOfBirth: string | null } {
  const birth = adult.dateOfBirth ? parseIsoDate(adult.dateOfBirth) : null;
  if (birth) return { age: ageInYears(birth, parseIsoDate(date)!), dateOfBirth: adult.dateOfBirth! };
  return { age: adult.age ?? 0, dateOfBirth: null };
}

/**
 * With only an age, the date of birth is taken as the latest one consistent with it (the birthday falling on the
 * date asked), so nobody is treated as reaching State Pension age earlier than they could have.
 */
function latestBirthDateFor(age: number, date: string): string {
  const on = parseIsoDate(date)!;
  const year = on.year - age;
  return formatIsoDate({ year, month: on.month, day: Math.min(on.day, daysInMonth(year, on.month)) });
}

/** The day an adult reaches State Pension age, from the date of birth or, with only an age, the latest birth date it allows. */
function statePensionDateOf(adult: Pick<Adult, 'dateOfBirth' | 'age'>, date: string): string {
  const { age, dateOfBirth } = adultAge(adult, date);
  return statePensionDate(dateOfBirth ?? latestBirthDateFor(age, date));
}

/** Whether an adult as the request gives them has reached State Pension age on the date. */
export function hasReachedStatePensionAge(adult: Pick<Adult, 'dateOfBirth' | 'age'>, date: string): boolean {
  return statePensionDateOf(adult, date) <= date;
}

/**
 * An income as each period counts it. A student's loan and grants given for the course year, with the assessment
 * periods it counts in, are that year's amount divided by them for Universal Credit's month (UC Regs 2013 regs 68(1) and
 * 71); the week keeps the year's amount over 52.
 */
function unearnedIncomeFact(income: Adult['otherIncome'][number]): UnearnedIncomeFact {
  const both = periodPence(income);
  if (income.type !== 'STUDENT_INCOME' || income.period !== 'YEAR' || income.assessmentPeriods === undefined)
    return { type: income.type, ...both };
  const yearly = moneyIn(income, 'YEAR');
  return {
    type: income.type,
    ...both,
    monthly: scalePence(yearly, 1, income.assessmentPeriods),
    spreadOver: income.assessmentPeriods,
    yearly,
  };
}

function adultFacts(adult: Adult, role: AdultFacts['role'], date: string): AdultFacts {
  const { age, dateOfBirth } = adultAge(adult, date);
  const pensionDate = statePensionDateOf(adult, date);
  const stopped = stoppedWhileAway(adult);
  return {
    role,
    age,
    dateOfBirth,
    statePensionDate: pensionDate,
    reachedStatePensionAge: pensionDate <= date,
    earnings: adult.earnings ? { ...periodPence(adult.earnings), basis: adult.earnings.basis } : null,
    hoursPerWeek: adult.hoursPerWeek,
    selfEmployment: adult.selfEmployment
      ? { ...periodPence(adult.selfEmployment.profit), startUpPeriod: adult.selfEmployment.startUpPeriod }
      : null,
    unearnedIncome: adult.otherIncome.map(unearnedIncomeFact),
    // Not paid after 28 days in hospital or a care home, so left out of every benefit that reads them.
    benefitsReceived: adult.benefitsReceived.filter((benefit) => !stopped.includes(benefit)),
    benefitsStopped: stopped,
    lcwra: adult.health.lcwra,
    lcwraBefore2026April: adult.health.lcwraBefore2026April,
    terminallyIll: adult.health.terminallyIll,
    caringHoursPerWeek: adult.caring.hoursPerWeek,
    caredForGetsQualifyingBenefit: adult.caring.caredForGetsQualifyingBenefit,
    caresForSamePersonAsPartner: adult.caring.samePersonAsPartner !== false,
    student: adult.student,
    subjectToImmigrationControl: adult.subjectToImmigrationControl === true,
    sharedAccommodationException: adult.sharedAccommodationException ?? null,
    carerGetsCarersAllowance: adult.carerGetsCarersAllowance === true,
    adult,
  };
}

function childFacts(child: Child, date: string): ChildFacts {
  const age = ageInYears(parseIsoDate(child.dateOfBirth)!, parseIsoDate(date)!);
  return {
    age,
    dateOfBirth: child.dateOfBirth,
    sex: child.sex ?? null,
    disability: child.disability,
    inNonAdvancedEducation: child.inNonAdvancedEducation,
    bornBeforeHigherChildElementEnded: child.dateOfBirth < HIGHER_CHILD_ELEMENT_BORN_BEFORE,
    twoChildLimitException: child.twoChildLimitException ?? null,
    needsOwnBedroom: child.needsOwnBedroom ?? child.disability === 'HIGHER',
    qualifies: age >= 0 && (age < 16 || (age < 20 && child.inNonAdvancedEducation)),
  };
}

export function deriveFacts(household: Household, date: string): HouseholdFacts {
  const away = household.adults[1]?.awayFromHome ?? null;
  const everyone = household.adults.map((adult, index) => adultFacts(adult, index === 0 ? 'CLAIMANT' : 'PARTNER', date));
  // A partner away more than 6 months (or expected to be) is no longer a member of the household (UC Regs 2013 reg
  // 3(6)); with both partners over State Pension age, after more than 52 weeks or for good (HB (SPC) Regs 2006 reg
  // 21(2); SPC Regs 2002 reg 5(1)(a) and (b)).
  const bothPensionAge = everyone.every((adult) => adult.reachedStatePensionAge);
  const leftOut = bothPensionAge ? away?.moreThanFiftyTwoWeeks === true : away?.moreThanSixMonths === true;
  const adults = leftOut ? everyone.slice(0, 1) : everyone;
  const children = household.children.map((child) => childFacts(child, date)).sort((a, b) => (a.dateOfBirth < b.dateOfBirth ? -1 : 1));
  const localAuthority = household.localAuthority?.trim().toUpperCase() || null;
  const singleClaimBecause = adults[1]?.subjectToImmigrationControl
    ? 'PARTNER_SUBJECT_TO_IMMIGRATION_CONTROL'
    : away?.reason === 'PRISON' && adults[1]
      ? 'PARTNER_IN_PRISON'
      : null;
  // Those whose age decides the system: both of a couple, or the one who claims alone.
  const claiming = singleClaimBecause === null ? adults : adults.slice(0, 1);
  return {
    date,
    country: household.country,
    localAuthority,
    inGreaterLondon: localAuthority?.startsWith('E09') ?? false,
    isCouple: adults.length === 2,
    adults,
    claimant: adults[0]!,
    partner: adults[1] ?? null,
    singleClaimBecause,
    partnerAwayFromHome: away,
    // A mixed-age couple claims Universal Credit (Welfare Reform Act 2012 s4(1)(b), from 15 May 2019). One over State
    // Pension age whose partner under it cannot be in the claim (subject to immigration control, in prison: UC Regs
    // 2013 reg 3(3)) would claim it alone, which the age rule forbids, so claims Pension Credit and pension-age Housing
    // Benefit as a single person instead (SPC Regs 2002 reg 5(4) and (5) and SI 2019/37 art 7, as SI 2020/655 put
    // them; DWP Decision Makers' Guide paras 77035 and 77160).
    system: claiming.every((adult) => adult.reachedStatePensionAge) ? 'PENSION_AGE' : 'UNIVERSAL_CREDIT',
    children,
    qualifyingChildren: children.filter((child) => child.qualifies),
    nonDependants: household.nonDependants,
    tenure: household.housing.tenure,
    rent: periodPence(household.housing.rent),
    serviceCharges: periodPence(household.housing.serviceCharges),
    bedrooms: household.housing.bedrooms,
    brma: household.housing.brma?.trim() || null,
    brmaFrom: household.housing.brmaFrom ?? 'GIVEN',
    councilTax: household.housing.councilTax,
    capital: moneyIn({ amount: household.capital, period: 'WEEK' }, 'WEEK'),
    childcareCosts: periodPence(household.childcareCosts),
    benefitCapGracePeriod: household.benefitCapGracePeriod === true,
    household,
  };
}

/**
 * The adults who may claim the benefits each adult claims for themselves (Attendance Allowance, Carer's Allowance,
 * PIP, the Winter Fuel Payment): everyone but a partner subject to immigration control, for whom they are public funds
 * (Immigration and Asylum Act 1999 s115; Immigration Rules para 6.2), and anyone in prison, to whom they are not
 * paid (Social Security (General Benefit) Regulations 1982 reg 2; Social Fund Winter Fuel Payment Regulations 2000
 * reg 2(2)): a partner in prison, or a single claimant.
 */
export function personalBenefitClaimants(facts: HouseholdFacts): AdultFacts[] {
  if (claimantInPrison(facts)) return [];
  return facts.singleClaimBecause === null ? facts.adults : [facts.claimant];
}

/** A single claimant in prison or on remand (the first adult is away only when single). */
export function claimantInPrison(facts: HouseholdFacts): boolean {
  return facts.claimant.adult.awayFromHome?.reason === 'PRISON';
}

/**
 * A single claimant whose home is now a hospital or a care home: there more than 52 weeks, or not going back to live
 * at home (the first adult is away only when single). Beyond every temporary absence Housing Benefit and the Council
 * Tax Reduction schemes allow, they no longer occupy their old home.
 */
export function claimantLivesInHospitalOrCareHome(facts: HouseholdFacts): boolean {
  const away = facts.claimant.adult.awayFromHome;
  return away !== undefined && away.reason !== 'PRISON' && away.moreThanFiftyTwoWeeks === true;
}

/** The household as a benefit counts it when the claimant claims it alone: the partner left out. */
export function claimantAlone(facts: HouseholdFacts): HouseholdFacts {
  return { ...facts, isCouple: false, adults: [facts.claimant], partner: null };
}

/** Whether an adult gets a benefit, at one of the rates given (any rate when none are given). */

export function receives(adult: AdultFacts, type: BenefitReceivedType, rates?: readonly string[]): boolean {
  return adult.benefitsReceived.some((benefit) => benefit.type === type && (!rates || ('rate' in benefit && rates.includes(benefit.rate))));
}

/** The total of an adult's unearned income of the given types (all types when none are given). */
export function unearnedIncomeOf(adult: AdultFacts, types?: readonly OtherIncomeType[]): PeriodPence {
  const counted = adult.unearnedIncome.filter((income) => !types || types.includes(income.type));
  return {
    weekly: counted.reduce((sum, income) => sum + income.weekly, 0),
    monthly: counted.reduce((sum, income) => sum + income.monthly, 0),
  };
}

/**
 * A benefit the household says it already gets, in both periods. It is shown as given: in the period given when
 * every amount was given monthly, otherwise weekly (the benefits' own rates are weekly), the other period derived.
 */
export function reportedBenefit(facts: HouseholdFacts, type: OtherIncomeType): { weeklyPence: Pence; monthlyPence: Pence } {
  const reported = facts.adults.flatMap((adult) => adult.adult.otherIncome.filter((income) => income.type === type));
  const period = reported.length > 0 && reported.every((income) => income.period === 'MONTH') ? 'MONTH' : 'WEEK';
  return bothPeriods(sumPence(reported.map((income) => moneyIn(income, period))), period);
}
