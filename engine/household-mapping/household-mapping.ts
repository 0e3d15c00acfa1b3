/**
 * From the questionnaire's answers to the calculation household (the contract in
 * docs/calculation-api.md). Only answers of shown questions on pages that apply are passed in,
 * so a hidden question's stale answer never reaches the engine. Money keeps the figure in the period the person
 * chose, so nothing is converted or re-rounded here; capital is added up in integer pence by the engine's capital
 * rules (engine/facts/capital.ts).
 *
 * The questions read are listed in `questions.ts` (HOUSEHOLD_QUESTIONS); the answers are read by `read-answers.ts`.
 */
import type {
  Adult,
  BenefitReceived,
  Child,
  CouncilTax,
  CouncilTaxBand,
  Earnings,
  Funeral,
  Household,
  Housing,
  NonDependant,
  OtherIncome,
} from '../household.js';
import { ageOn, isIsoDate } from '../../common/survey/dates.js';
import { NONE_OF_THE_ABOVE, QUESTION_NAMES, type Answers } from '../../common/survey/model.js';
import { moneyIn, poundsFromPence } from '../../common/money.js';
import {
  CAPITAL_BANDS,
  CHILD_DISABILITY,
  CHILD_SEX,
  ALREADY_GET,
  AWAY_FROM_HOME,
  BABIES_EXPECTED,
  COUNTRY,
  FUNERAL_RELATIONSHIP,
  LHA_AREA_NOT_SURE,
  LHA_AREA_QUESTION,
  MAX_CHILDREN,
  MAX_NON_DEPENDANTS,
  NON_DEPENDANT_DISREGARDED,
  NO_PUBLIC_FUNDS_STATUSES,
  OTHER_INCOME,
  SHARED_RATE_EXCEPTION,
  TENURE,
  UC_DEDUCTIONS,
  YES,
  type Person,
} from './questions.js';
import { AnswerReader, HouseholdMappingError } from './read-answers.js';
import { capitalCounted, type CapitalBand } from '../facts/capital.js';

export {
  CAPITAL_BANDS,
  HOUSEHOLD_QUESTIONS,
  LHA_AREA_NOT_SURE,
  LHA_AREA_QUESTION,
  MAX_CHILDREN,
  MAX_NON_DEPENDANTS,
  NO_PUBLIC_FUNDS_STATUSES,
  ROUTING_ONLY_QUESTIONS,
  type HouseholdQuestion,
} from './questions.js';
export { HouseholdMappingError } from './read-answers.js';

function benefitsReceived(read: AnswerReader, P: Person): BenefitReceived[] {
  const chosen = read.choices(`${P}DisabilityBenefits`);
  const benefits: BenefitReceived[] = [];
  const pipRate = { Standard: 'STANDARD', Enhanced: 'ENHANCED', None: null } as const;
  // PIP and Adult Disability Payment share the rate questions: ADP is paid as PIP, and nobody gets both.
  for (const [value, dailyLiving, mobility] of [
    ['Pip', 'PIP_DAILY_LIVING', 'PIP_MOBILITY'],
    ['Adp', 'ADP_DAILY_LIVING', 'ADP_MOBILITY'],
  ] as const) {
    if (!chosen.includes(value)) continue;
    const dailyLivingRate = read.chosen(`${P}DailyLivingRate`, pipRate);
    if (dailyLivingRate) benefits.push({ type: dailyLiving, rate: dailyLivingRate });
    const mobilityRate = read.chosen(`${P}MobilityRate`, pipRate);
    if (mobilityRate) benefits.push({ type: mobility, rate: mobilityRate });
  }
  if (chosen.includes('Dla')) {
    const care = read.chosen(`${P}DlaCareRate`, { Lowest: 'LOWEST', Middle: 'MIDDLE', Highest: 'HIGHEST', None: null } as const);
    if (care) benefits.push({ type: 'DLA_CARE', rate: care });
    const mobility = read.chosen(`${P}DlaMobilityRate`, { Lower: 'LOWER', Higher: 'HIGHER', None: null } as const);
    if (mobility) benefits.push({ type: 'DLA_MOBILITY', rate: mobility });
  }
  if (chosen.includes('AttendanceAllowance')) {
    benefits.push({
      type: 'ATTENDANCE_ALLOWANCE',
      rate: read.requiredChosen(`${P}AttendanceAllowanceRate`, { Lower: 'LOWER', Higher: 'HIGHER' } as const),
    });
  }
  if (chosen.includes('ArmedForcesIndependence')) benefits.push({ type: 'ARMED_FORCES_INDEPENDENCE' });
  if (chosen.includes('ConstantAttendance')) benefits.push({ type: 'CONSTANT_ATTENDANCE' });
  return benefits;
}

function otherIncome(read: AnswerReader, P: Person): OtherIncome[] {
  const chosen = read.choices(`${P}OtherIncome`);
  const incomes: OtherIncome[] = OTHER_INCOME.filter((income) => chosen.includes(income.value)).map((income) => ({
    type: income.type,
    ...read.requiredMoney(`${P}${income.amount}`),
  }));
  const studentIncome = read.money(`${P}StudentIncome`);
  // A year's loan and grants count over the months of the course year before the summer (UC Regs 2013 reg 68(1)).
  const months = studentIncome?.period === 'YEAR' ? read.text(`${P}StudentIncomeMonths`) : null;
  if (studentIncome)
    incomes.push({
      type: 'STUDENT_INCOME',
      ...studentIncome,
      ...(months === null ? {} : { assessmentPeriods: studentIncomeMonths(months) }),
    });
  return incomes;
}

/** Personal pension contributions under relief at source and Gift Aid, as paid: each only when given. */
function reliefsFrom(read: AnswerReader, P: Person): Pick<Adult, 'pensionContributions' | 'giftAid'> {
  const pension = read.money(`${P}PensionContributions`);
  const giftAid = read.money(`${P}GiftAid`);
  return {
    ...(pension && pension.amount > 0 ? { pensionContributions: pension } : {}),
    ...(giftAid && giftAid.amount > 0 ? { giftAid } : {}),
  };
}

function adultFrom(read: AnswerReader, P: Person, dateOfBirthQuestion: string): Adult {
  const work = read.choices(`${P}Work`);
  const employed = work.includes('Employed');
  const selfEmployed = work.includes('SelfEmployed');
  const earnings: Earnings | null = employed
    ? {
        ...read.requiredMoney(`${P}Earnings`),
        basis: read.requiredChosen(`${P}EarningsBasis`, { TakeHome: 'NET', BeforeTax: 'GROSS' } as const),
      }
    : null;
  const workCapability = read.text(`${P}WorkCapability`);
  const isCarer = read.is(`${P}IsCarer`, YES);
  return {
    dateOfBirth: read.requiredDate(dateOfBirthQuestion),
    earnings,
    hoursPerWeek: employed || selfEmployed ? read.requiredNumber(`${P}WorkHours`) : 0,
    selfEmployment: selfEmployed
      ? { profit: read.requiredMoney(`${P}SelfEmployedProfit`), startUpPeriod: read.is(`${P}StartUpPeriod`, YES) }
      : null,
    otherIncome: otherIncome(read, P),
    // Lower adjusted net income, for the High Income Child Benefit Charge (ITA 2007 s58).
    ...(read.is(`${P}PaysPensionOrGiftAid`, YES) ? reliefsFrom(read, P) : {}),
    benefitsReceived: benefitsReceived(read, P),
    health: {
      // The contract counts LCWRA that is expected with a fit note; we count it only when the person expects it.
      lcwra: workCapability === 'Lcwra' || (workCapability === 'FitNote' && read.is(`${P}ExpectLcwra`, YES)),
      // Found before 6 April 2026, or under the severe conditions criteria: both keep the protected rate.
      lcwraBefore2026April:
        workCapability === 'Lcwra' && (read.is(`${P}LcwraStart`, 'Before6April2026') || read.is(`${P}LcwraStart`, 'SevereConditions')),
      terminallyIll: read.is(`${P}TerminallyIll`, YES),
    },
    caring: {
      hoursPerWeek: isCarer ? read.requiredNumber(`${P}CaringHours`) : 0,
      caredForGetsQualifyingBenefit: isCarer && read.is(`${P}CaredForBenefit`, YES),
      // Asked only of a couple who both care: a carer element for each person cared for.
      ...(read.is('CoupleCareForSamePerson', 'No') ? { samePersonAsPartner: false } : {}),
    },
    student: read.is(`${P}Student`, 'FullTime'),
    ...(read.is(`${P}Student`, 'FullTime') && read.is(`${P}NonAdvancedWithoutSupport`, YES)
      ? { nonAdvancedCourseWithoutParentalSupport: true }
      : {}),
    ...(read.is(`${P}Student`, 'FullTime') && read.is(`${P}AdvancedCourse`, YES) ? { advancedCourse: true } : {}),
    ...sharedRateException(read, P),
    // Asked at State Pension age of someone with a disability benefit that counts for the severe disability amounts.
    ...(read.is(`${P}CarerPaid`, YES) ? { carerGetsCarersAllowance: true } : {}),
    ...awayFromHome(read, P),
    ...youngPerson(read, P),
    // The person's own status never is: one who may not claim public funds is shown the exit page instead.
    ...(P === 'Partner' && NO_PUBLIC_FUNDS_STATUSES.some((status) => read.is('PartnerImmigrationStatus', status))
      ? { subjectToImmigrationControl: true }
      : {}),
  };
}

/** For a claimant of 16 or 17, the cases of UC Regs 2013 reg 8 the questionnaire asks about (asked only under 18). */
function youngPerson(read: AnswerReader, P: Person): Pick<Adult, 'under18'> {
  if (P !== 'Client') return {};
  const chosen = read.choices('ClientYoungPerson');
  const under18 = {
    withoutParentalSupport: chosen.includes('WithoutParentalSupport'),
    pregnantOrRecentBirth: chosen.includes('PregnancyOrBaby'),
    careLeaver: chosen.includes('CareLeaver'),
  };
  return Object.values(under18).some(Boolean) ? { under18 } : {};
}

/**
 * Where the partner is, when away from home, and whether for more than 6 months (asked under State Pension age) or
 * more than a year or for good (asked of a couple both over it, PartnerAwayYear); or a single person's own stay in
 * hospital or a care home (they are asked only when single: in a couple the one at home is the first adult; over
 * State Pension age, ClientInHospitalOrCareHome, without prison), and whether they pay the care home themselves.
 */
function awayFromHome(read: AnswerReader, P: Person): Pick<Adult, 'awayFromHome'> {
  if (P === 'Client' && read.is('ClientHasPartner', YES)) return {};
  const reason =
    read.chosen(`${P}AwayFromHome`, AWAY_FROM_HOME) ?? (P === 'Client' ? read.chosen('ClientInHospitalOrCareHome', AWAY_FROM_HOME) : null);
  if (!reason) return {};
  const moreThanFiftyTwoWeeks = read.is(`${P}AwayYear`, YES);
  const moreThanSixMonths = moreThanFiftyTwoWeeks || read.is(`${P}AwayLong`, YES);
  // More than 4 weeks in hospital, or a care home the council or the NHS pays for: disability benefits stop.
  const moreThanFourWeeks = reason !== 'PRISON' && !moreThanSixMonths && read.is(`${P}AwayFourWeeks`, YES);
  return {
    awayFromHome: {
      reason,
      moreThanSixMonths,
      ...(moreThanFourWeeks ? { moreThanFourWeeks: true } : {}),
      ...(moreThanFiftyTwoWeeks ? { moreThanFiftyTwoWeeks: true } : {}),
      ...(reason === 'CARE_HOME' && P === 'Client' && read.is('ClientCareHomeFees', YES) ? { paysOwnCareHomeFees: true } : {}),
    },
  };
}

/** The claimant's exception from the shared accommodation rate, when one was chosen ('None of these' is none). */
function sharedRateException(read: AnswerReader, P: Person): Pick<Adult, 'sharedAccommodationException'> {
  if (P !== 'Client') return {};
  const exception = read.chosen('ClientSharedRateException', SHARED_RATE_EXCEPTION);
  return exception ? { sharedAccommodationException: exception } : {};
}

/** The months a year's student income counts in: a whole number from 1 to 12 (the question's own check). */
function studentIncomeMonths(text: string): number {
  const months = Math.round(Number(text));
  return Math.min(12, Math.max(1, Number.isFinite(months) ? months : 12));
}

function countOf(read: AnswerReader, name: string, max: number): number {
  const text = read.text(name);
  if (text === null) return 0;
  const count = Number(text);
  if (!Number.isInteger(count) || count < 0 || count > max) throw new HouseholdMappingError(name, `is not a number from 0 to ${max}.`);
  return count;
}

function children(read: AnswerReader, today: string): Child[] {
  return Array.from({ length: countOf(read, 'ChildCount', MAX_CHILDREN) }, (_, index) => {
    const n = index + 1;
    const dateOfBirth = read.requiredDate(`${QUESTION_NAMES.childDobPrefix}${n}`);
    const sex = read.chosen(`ChildSex${n}`, CHILD_SEX);
    return {
      dateOfBirth,
      ...(sex ? { sex } : {}),
      disability: read.requiredChosen(`ChildDisability${n}`, CHILD_DISABILITY),
      // Only asked of 16-19 year olds; a younger child's education does not matter.
      inNonAdvancedEducation: ageOn(dateOfBirth, today) >= 16 && read.is(`ChildEducation${n}`, YES),
      // Asked of a disabled child: a bedroom of their own (UC Regs 2013 sch 4 para 12); unanswered, the disability decides.
      ...(read.text(`ChildOwnRoom${n}`) === null ? {} : { needsOwnBedroom: read.is(`ChildOwnRoom${n}`, YES) }),
    };
  });
}

const disregardedOf = (disregarded: NonDependant['disregarded'] | null | undefined) => (disregarded ? { disregarded } : {});

function nonDependants(read: AnswerReader): NonDependant[] {
  return Array.from({ length: countOf(read, 'NonDependantCount', MAX_NON_DEPENDANTS) }, (_, index) => {
    const n = index + 1;
    return {
      age: Math.floor(read.requiredNumber(`NonDependantAge${n}`)),
      grossIncome: read.requiredMoney(`NonDependantIncome${n}`),
      exempt: read.choices(`NonDependantBenefits${n}`).some((choice) => choice !== NONE_OF_THE_ABOVE),
      // Unanswered in a calculation saved before the question was asked: not known, as for the API.
      inRemunerativeWork: read.text(`NonDependantWork${n}`) === null ? null : read.is(`NonDependantWork${n}`, YES),
      // Asked in Northern Ireland of someone aged 70 or over living without a partner (Lone Pensioner Allowance).
      ...disregardedOf(read.chosen(`NonDependantDisregarded${n}`, NON_DEPENDANT_DISREGARDED)),
    };
  });
}

const COUNCIL_TAX_BAND = /^Band ([A-I])$/;

function housing(read: AnswerReader, roughSleeping: boolean): Housing {
  if (roughSleeping) {
    return {
      tenure: 'HOMELESS',
      rent: null,
      serviceCharges: null,
      bedrooms: null,
      councilTax: { band: null, annualCharge: null, liable: false },
    };
  }
  const bedrooms = read.text('ClientBedrooms');
  const lhaArea = read.text(LHA_AREA_QUESTION);
  const band = COUNCIL_TAX_BAND.exec(read.text(QUESTION_NAMES.councilTaxBand) ?? '');
  const paysRates = read.is('ClientRatesLiable', YES);
  const councilTax: CouncilTax = {
    // 'I don't know my band' (NotKnown) leaves it unknown, as did the retired 'Lookup' of older calculations.
    band: band ? (band[1] as CouncilTaxBand) : null,
    // Northern Ireland's rates have no band: the engine needs the charge itself.
    annualCharge: paysRates ? read.yearly('ClientRatesCharge') : null,
    liable: read.is('ClientCouncilTaxLiable', YES) || paysRates,
  };
  return {
    tenure: read.requiredChosen(QUESTION_NAMES.tenure, TENURE),
    rent: read.money(QUESTION_NAMES.rent),
    serviceCharges: read.is('ClientPaysServiceCharges', YES) ? read.requiredMoney('ClientServiceCharges') : null,
    bedrooms: bedrooms === null ? null : Number(bedrooms),
    councilTax,
    // An area chosen by the person; 'Not sure' (or not asked) leaves it to the engine, which then uses the lowest
    // rate among the areas the home could be in.
    ...(lhaArea && lhaArea !== LHA_AREA_NOT_SURE ? { brma: lhaArea } : {}),
    ...(read.is('ClientFosterCarer', YES) ? { fosterParent: true } : {}),
    ...(read.is('ClientOvernightCarer', YES) ? { overnightCarer: true } : {}),
  };
}

/**
 * Savings and investments, plus other property, in pence: the mapping reads what the person told us (a figure, or
 * a band when no figure was asked; the property's value and mortgage, unless a disregard applies) and the engine's
 * capital rules (engine/facts/capital.ts) count it.
 */
function capitalPence(read: AnswerReader): number {
  const band = read.requiredText(QUESTION_NAMES.capitalBand);
  let savings: number | CapitalBand;
  if (band === CAPITAL_BANDS.upTo5000) savings = 'UP_TO_5000';
  else if (band === CAPITAL_BANDS.from5001To16000) savings = read.requiredPence(QUESTION_NAMES.capital);
  // Pension age is asked the figure (Pension Credit has no upper limit); working age is not.
  else if (band === CAPITAL_BANDS.over16000) savings = read.pence(QUESTION_NAMES.capital) ?? 'OVER_16000';
  else throw new HouseholdMappingError(QUESTION_NAMES.capitalBand, 'has an answer the household mapping does not know.');

  const hasProperty = read.is('ClientOtherProperty', YES) && !read.is('ClientPropertyDisregarded', YES);
  const otherProperty = hasProperty
    ? { value: read.requiredPence('ClientPropertyValue'), securedOnIt: read.requiredPence('ClientPropertyMortgage') }
    : null;
  return capitalCounted(savings, otherProperty);
}

/**
 * The calculation household from the answers of shown questions. `today` (ISO yyyy-mm-dd, UK) is the date the
 * answers are read on: a child's age, for whether their education matters, is worked out on it.
 * @throws HouseholdMappingError when an answer the household needs is missing or unreadable.
 */
export function householdFromAnswers(answers: Answers, today: string): Household {
  if (!isIsoDate(today)) throw new Error('today must be a real date written yyyy-mm-dd.');
  const read = new AnswerReader(answers);
  const postcode = read.requiredPostcode(QUESTION_NAMES.clientPostcode);
  if (postcode.country === '' || !Object.hasOwn(COUNTRY, postcode.country)) {
    throw new HouseholdMappingError(QUESTION_NAMES.clientPostcode, 'has no country.');
  }
  const adults = [adultFrom(read, 'Client', QUESTION_NAMES.clientDob)];
  if (read.is('ClientHasPartner', YES)) adults.push(adultFrom(read, 'Partner', QUESTION_NAMES.partnerDob));
  return {
    country: COUNTRY[postcode.country],
    // A rough sleeper gives only a country, so there is no local authority to name.
    ...(!postcode.option && postcode.authorityCode ? { localAuthority: postcode.authorityCode } : {}),
    adults,
    children: children(read, today),
    nonDependants: nonDependants(read),
    housing: housing(read, postcode.option),
    capital: poundsFromPence(capitalPence(read)),
    childcareCosts: read.is('ClientPaysChildcare', YES) ? read.requiredMoney('ClientChildcareCosts') : null,
    // Stopped or earning less in the last 9 months, after 12 months of enough pay: the cap's grace period (reg 82).
    ...(read.is('BenefitCapRecentlyStoppedWork', YES) && read.is('BenefitCapEarnedEnoughBefore', YES)
      ? { benefitCapGracePeriod: true }
      : {}),
    // A pregnancy: the one-off maternity grants are paid for it (one baby unless twins or more were chosen).
    ...(read.is('ExpectingBaby', YES)
      ? { expectingBaby: { dueDate: read.requiredDate('BabyDueDate'), babies: read.chosen('BabiesExpected', BABIES_EXPECTED) ?? 1 } }
      : {}),
    ...(read.is('FuneralArranging', YES) ? { funeral: funeralFrom(read) } : {}),
    ...alreadyClaimed(read, adults),
  };
}

/** The funeral the claimant or partner pays for: who died, and the costs as far as they are known (blank: not known, or none). */
function funeralFrom(read: AnswerReader): Funeral {
  const pounds = (name: string) => {
    const pence = read.pence(name);
    return pence === null ? null : poundsFromPence(pence);
  };
  const relationship = read.requiredChosen('FuneralWhoDied', FUNERAL_RELATIONSHIP);
  return {
    relationship,
    closerFamilyNotOnBenefits:
      (relationship === 'CLOSE_RELATIVE' || relationship === 'CLOSE_FRIEND') && read.is('FuneralCloserFamily', YES),
    prepaidPlan: read.is('FuneralPrepaidPlan', YES),
    ...(pounds('FuneralNecessaryCosts') === null ? {} : { necessaryCosts: pounds('FuneralNecessaryCosts')! }),
    otherCosts: pounds('FuneralOtherCosts') ?? 0,
    moneyAvailable: pounds('FuneralMoneyAvailable') ?? 0,
  };
}

/**
 * What the household already gets, once it has said (the question is optional): the benefits ticked, and those the
 * earlier answers show it gets (a disability benefit, Carer's Allowance, New Style JSA or ESA); with Universal Credit,
 * the debts repaid from it, each as pounds a month.
 */
function alreadyClaimed(read: AnswerReader, adults: Adult[]): Pick<Household, 'benefitsClaimed' | 'universalCreditDeductions'> {
  const ticked = read.choices('BenefitsAlreadyGet');
  if (ticked.length === 0) return {};
  const received = adults.flatMap((adult) => [
    ...adult.benefitsReceived.map((benefit) => benefit.type),
    ...adult.otherIncome.map((income) => income.type),
  ]);
  const claimed = new Set<NonNullable<Household['benefitsClaimed']>[number]>(
    Object.entries(ALREADY_GET).flatMap(([value, code]) => (ticked.includes(value) ? [code] : [])),
  );
  if (received.some((type) => type.startsWith('PIP_') || type.startsWith('ADP_'))) claimed.add('PIP');
  if (received.some((type) => type.startsWith('DLA_'))) claimed.add('DLA');
  if (received.includes('ATTENDANCE_ALLOWANCE')) claimed.add('ATTENDANCE_ALLOWANCE');
  for (const code of ['CARERS_ALLOWANCE', 'NEW_STYLE_JSA', 'NEW_STYLE_ESA'] as const) if (received.includes(code)) claimed.add(code);
  const debts = ticked.includes('UniversalCredit') && read.is('UcDeductions', YES) ? read.choices('UcDeductionTypes') : [];
  const deductions = Object.entries(UC_DEDUCTIONS)
    .filter(([value]) => debts.includes(value))
    .map(([value, type]) => ({ type, amount: poundsFromPence(moneyIn(read.requiredMoney(`UcDeduction${value}`), 'MONTH')) }));
  return { benefitsClaimed: [...claimed], ...(deductions.length > 0 ? { universalCreditDeductions: deductions } : {}) };
}
