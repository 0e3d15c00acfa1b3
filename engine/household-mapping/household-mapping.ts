/**
 * From the questionnaire's answers to the calculation household (the contract in
 * docs/calculation-api.md). Only answers of shown questions on pages that apply are passed in,
 * so a hidden question's stale answer never reaches the engine. Money keeps the figure in the period the person
 * chose, so nothing is converted or re-rounded here; capital is added up in integer pence.
 *
 * `HOUSEHOLD_QUESTIONS` lists every question read here, with its type and the option values relied on;
 * `npm run definitions:check` fails when the definitions lose or change one, so renaming a question in
 * `definitions/survey/` cannot silently drop an answer from the calculation.
 */
import type {
  Adult,
  BenefitReceived,
  Child,
  ChildDisability,
  Country,
  CouncilTax,
  CouncilTaxBand,
  Earnings,
  Household,
  Housing,
  Money,
  NonDependant,
  OtherIncome,
  OtherIncomeType,
  Sex,
  Tenure,
} from '../household.js';
import { ageOn, isIsoDate, parseDayMonthYear } from '../../common/survey/dates.js';
import {
  CAPITAL_BAND_5001_TO_16000,
  NONE_OF_THE_ABOVE,
  QUESTION_NAMES,
  TENURES,
  type AnswerValue,
  type Answers,
  type MoneyAnswer,
  type AnswerPeriod,
  type PostcodeAnswer,
  type QuestionTypeName,
  type UkCountry,
} from '../../common/survey/model.js';
import { parsePence, penceFromNumber, poundsFromPence, readDecimalText } from '../../common/money.js';
import { figureKey, MONEY_PERIOD_OF_ANSWER } from '../../common/survey/money-answer.js';

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

const YES = 'Yes';
const NO = 'No';
/** The question asking which Local Housing Allowance area the home is in, and its fixed 'Not sure' answer. */
export const LHA_AREA_QUESTION = 'ClientLhaArea';
export const LHA_AREA_NOT_SURE = 'NotSure';
const YES_ONLY = [YES] as const;
export const MAX_CHILDREN = 10;
export const MAX_NON_DEPENDANTS = 4;

/** The ClientCapitalBand values (the middle one is fixed by spec 000 §5). */
export const CAPITAL_BANDS = { upTo5000: 'UpTo5000', from5001To16000: CAPITAL_BAND_5001_TO_16000, over16000: 'Over16000' } as const;

/**
 * 'More than £16,000' with no figure asked (working age, where every means-tested benefit stops at £16,000):
 * the smallest amount the answer allows, £16,001, gives the same result as any larger one.
 */
const OVER_16000_PENCE = 1_600_100;

const TENURE: Record<string, Tenure> = {
  [TENURES.socialRent]: 'SOCIAL_RENT',
  [TENURES.privateRent]: 'PRIVATE_RENT',
  [TENURES.temporaryAccommodation]: 'TEMPORARY_ACCOMMODATION',
  [TENURES.supportedAccommodation]: 'SUPPORTED_ACCOMMODATION',
  [TENURES.owner]: 'OWNER_OCCUPIER',
  [TENURES.sharedOwnership]: 'SHARED_OWNERSHIP',
  [TENURES.livingWithFamily]: 'LIVING_WITH_OTHERS_NO_RENT',
};

const COUNTRY: Record<UkCountry, Country> = {
  England: 'ENGLAND',
  Scotland: 'SCOTLAND',
  Wales: 'WALES',
  'Northern Ireland': 'NORTHERN_IRELAND',
};

/** `{P}OtherIncome` choices and the question that asks each amount. */
const OTHER_INCOME: readonly { value: string; amount: string; type: OtherIncomeType }[] = [
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

const CHILD_DISABILITY: Record<string, ChildDisability> = {
  None: 'NONE',
  LowerRate: 'LOWER',
  HigherRate: 'HIGHER',
  // Certified severely sight impaired or blind by a consultant ophthalmologist: the higher rate in UC.
  Blind: 'HIGHER',
};

const CHILD_SEX: Record<string, Sex> = { Female: 'FEMALE', Male: 'MALE' };

type Person = 'Client' | 'Partner';

function personQuestions(P: Person): Record<string, HouseholdQuestion> {
  return {
    [`${P}DisabilityBenefits`]: { types: ['Check'], values: ['Pip', 'Adp', 'Dla', 'AttendanceAllowance', 'ArmedForcesIndependence', 'ConstantAttendance'] },
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
    [`${P}SelfEmployedProfit`]: { types: ['Money'] },
    [`${P}StartUpPeriod`]: { types: ['Radio', 'Select'], values: YES_ONLY },
    [`${P}OtherIncome`]: { types: ['Check'], values: OTHER_INCOME.map((income) => income.value) },
    ...Object.fromEntries(OTHER_INCOME.map((income) => [`${P}${income.amount}`, { types: ['Money'] } satisfies HouseholdQuestion])),
    [`${P}Student`]: { types: ['Radio', 'Select'], values: ['FullTime', 'PartTime'] },
    [`${P}StudentIncome`]: { types: ['Money'] },
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
  [QUESTION_NAMES.partnerDob]: { types: ['Date'] },
  ChildCount: { types: ['Select', 'Radio'], values: counts(MAX_CHILDREN), exactly: true },
  ...numbered(MAX_CHILDREN, (n) => ({
    [`${QUESTION_NAMES.childDobPrefix}${n}`]: { types: ['Date'] },
    [`ChildSex${n}`]: { types: ['Radio', 'Select'], values: Object.keys(CHILD_SEX), exactly: true },
    [`ChildDisability${n}`]: { types: ['Radio', 'Select'], values: Object.keys(CHILD_DISABILITY), exactly: true },
    [`ChildEducation${n}`]: { types: ['Radio', 'Select'], values: YES_ONLY },
  })),
  NonDependantCount: { types: ['Select', 'Radio'], values: counts(MAX_NON_DEPENDANTS), exactly: true },
  ...numbered(MAX_NON_DEPENDANTS, (n) => ({
    [`NonDependantAge${n}`]: { types: ['Text'], numeric: true },
    [`NonDependantIncome${n}`]: { types: ['Money'] },
    [`NonDependantWork${n}`]: { types: ['Radio', 'Select'], values: [YES, NO], exactly: true },
    [`NonDependantBenefits${n}`]: { types: ['Check'], values: [NONE_OF_THE_ABOVE] },
  })),
  ...personQuestions('Client'),
  ...personQuestions('Partner'),
  ClientPaysChildcare: { types: ['Radio', 'Select'], values: YES_ONLY },
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
};

/**
 * Questions people answer that the household does not need: they only decide which pages come next. Immigration
 * status leads those who cannot claim public funds to the exit page; the engine assumes everyone it sees can claim.
 */
export const ROUTING_ONLY_QUESTIONS: readonly string[] = ['ClientImmigrationStatus', 'PartnerImmigrationStatus'];

/** An answer the household needs is missing or unreadable. The message names the question, never the answer. */
export class HouseholdMappingError extends Error {
  override name = 'HouseholdMappingError';
  constructor(
    readonly question: string,
    readonly problem: string,
  ) {
    super(`${question}: ${problem}`);
  }
}

function isMoneyAnswer(value: AnswerValue | undefined): value is MoneyAnswer {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'weekly' in value;
}

function isPostcodeAnswer(value: AnswerValue | undefined): value is PostcodeAnswer {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'postcode' in value;
}

/** Reads answers by question name; `required...` throws when a needed answer is missing. */
class AnswerReader {
  constructor(private readonly answers: Answers) {}

  private get(name: string): AnswerValue | undefined {
    return Object.hasOwn(this.answers, name) ? this.answers[name] : undefined;
  }

  text(name: string): string | null {
    const value = this.get(name);
    return typeof value === 'string' && value.trim() !== '' ? value : null;
  }

  requiredText(name: string): string {
    const value = this.text(name);
    if (value === null) throw new HouseholdMappingError(name, 'is not answered.');
    return value;
  }

  is(name: string, value: string): boolean {
    return this.get(name) === value;
  }

  choices(name: string): string[] {
    const value = this.get(name);
    return Array.isArray(value) ? value : [];
  }

  /** A chosen option read through a table; a value outside it is a definitions mistake, so it throws. */
  chosen<T>(name: string, table: Readonly<Record<string, T>>): T | null {
    const value = this.text(name);
    if (value === null) return null;
    if (!Object.hasOwn(table, value)) throw new HouseholdMappingError(name, 'has an answer the household mapping does not know.');
    return table[value];
  }

  requiredChosen<T>(name: string, table: Readonly<Record<string, T>>): T {
    const value = this.chosen(name, table);
    if (value === null) throw new HouseholdMappingError(name, 'is not answered.');
    return value;
  }

  /** A Date answer (dd/mm/yyyy) as ISO yyyy-mm-dd. */
  requiredDate(name: string): string {
    const iso = parseDayMonthYear(this.requiredText(name));
    if (iso === null) throw new HouseholdMappingError(name, 'is not a dd/mm/yyyy date.');
    return iso;
  }

  /** A number typed as text (isNumeric): hours, an age. */
  requiredNumber(name: string): number {
    const decimal = readDecimalText(this.requiredText(name));
    if (decimal === null || decimal.startsWith('-')) throw new HouseholdMappingError(name, 'is not a number.');
    return Number(decimal);
  }

  /** An amount of capital typed as pounds ('12,500', '£800.50'), or given as a Money answer, in pence. */
  pence(name: string): number | null {
    const value = this.get(name);
    if (value === undefined || value === null || value === '') return null;
    const pence = isMoneyAnswer(value) ? chosenPence(value, name) : typeof value === 'string' ? parsePence(value) : null;
    if (pence === null || pence < 0) throw new HouseholdMappingError(name, 'is not an amount in pounds.');
    return pence;
  }

  requiredPence(name: string): number {
    const pence = this.pence(name);
    if (pence === null) throw new HouseholdMappingError(name, 'is not answered.');
    return pence;
  }

  /** A Money answer as the contract's Money: the figure of the period the person chose. */
  money(name: string): Money | null {
    const value = this.get(name);
    if (value === undefined || value === null) return null;
    if (!isMoneyAnswer(value)) throw new HouseholdMappingError(name, 'is not a money answer.');
    // A zero typed with no period is accepted as weekly (spec 000 §5).
    const period: AnswerPeriod = value.period === '' ? 'Weekly' : value.period;
    const amount = value[figureKey(period)];
    if (amount === null) return null;
    if (penceFromNumber(amount) === null || amount < 0) throw new HouseholdMappingError(name, 'is not an amount in pounds and pence.');
    return { amount, period: MONEY_PERIOD_OF_ANSWER[period] };
  }

  requiredMoney(name: string): Money {
    const money = this.money(name);
    if (money === null) throw new HouseholdMappingError(name, 'is not answered.');
    return money;
  }

  /** A Money answer's yearly figure in pounds (for a yearly charge). */
  yearly(name: string): number {
    const value = this.get(name);
    if (!isMoneyAnswer(value) || value.yearly === null) throw new HouseholdMappingError(name, 'is not answered.');
    return value.yearly;
  }

  requiredPostcode(name: string): PostcodeAnswer {
    const value = this.get(name);
    if (!isPostcodeAnswer(value)) throw new HouseholdMappingError(name, 'is not answered.');
    return value;
  }
}

function chosenPence(answer: MoneyAnswer, name: string): number {
  const figure = answer[figureKey(answer.period === '' ? 'Weekly' : answer.period)];
  const pence = figure === null ? null : penceFromNumber(figure);
  if (pence === null) throw new HouseholdMappingError(name, 'is not an amount in pounds and pence.');
  return pence;
}

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
    benefits.push({ type: 'ATTENDANCE_ALLOWANCE', rate: read.requiredChosen(`${P}AttendanceAllowanceRate`, { Lower: 'LOWER', Higher: 'HIGHER' } as const) });
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
  if (studentIncome) incomes.push({ type: 'STUDENT_INCOME', ...studentIncome });
  return incomes;
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
    },
    student: read.is(`${P}Student`, 'FullTime'),
  };
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
    };
  });
}

function nonDependants(read: AnswerReader): NonDependant[] {
  return Array.from({ length: countOf(read, 'NonDependantCount', MAX_NON_DEPENDANTS) }, (_, index) => {
    const n = index + 1;
    return {
      age: Math.floor(read.requiredNumber(`NonDependantAge${n}`)),
      grossIncome: read.requiredMoney(`NonDependantIncome${n}`),
      exempt: read.choices(`NonDependantBenefits${n}`).some((choice) => choice !== NONE_OF_THE_ABOVE),
      // Unanswered in a calculation saved before the question was asked: not known, as for the API.
      inRemunerativeWork: read.text(`NonDependantWork${n}`) === null ? null : read.is(`NonDependantWork${n}`, YES),
    };
  });
}

const COUNCIL_TAX_BAND = /^Band ([A-I])$/;

function housing(read: AnswerReader, roughSleeping: boolean): Housing {
  if (roughSleeping) {
    return { tenure: 'HOMELESS', rent: null, serviceCharges: null, bedrooms: null, councilTax: { band: null, annualCharge: null, liable: false } };
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
  };
}

/**
 * Savings and investments, plus other property, in pence.
 *
 * '£5,000 or less' counts as 0. That is honest because no figure in the band can change a result: capital
 * reduces Universal Credit only above £6,000, Housing Benefit and Council Tax Reduction above £6,000 (working
 * age) or £10,000 (pension age), and Pension Credit's deemed income starts at £10,000.
 *
 * Property other than the home counts at its value less 10% for the costs of selling and less what is secured on
 * it (UC Regs 2013 reg 49(1); the same in the Pension Credit and HB rules), unless a disregard applies.
 */
function capitalPence(read: AnswerReader): number {
  const band = read.requiredText(QUESTION_NAMES.capitalBand);
  let savings: number;
  if (band === CAPITAL_BANDS.upTo5000) savings = 0;
  else if (band === CAPITAL_BANDS.from5001To16000) savings = read.requiredPence(QUESTION_NAMES.capital);
  // Pension age is asked the figure (Pension Credit has no upper limit); working age is not.
  else if (band === CAPITAL_BANDS.over16000) savings = read.pence(QUESTION_NAMES.capital) ?? OVER_16000_PENCE;
  else throw new HouseholdMappingError(QUESTION_NAMES.capitalBand, 'has an answer the household mapping does not know.');

  let property = 0;
  if (read.is('ClientOtherProperty', YES) && !read.is('ClientPropertyDisregarded', YES)) {
    const value = read.requiredPence('ClientPropertyValue');
    const secured = read.requiredPence('ClientPropertyMortgage');
    // Rounded down to the penny, in the person's favour.
    property = Math.max(0, Math.floor((value * 9) / 10) - secured);
  }
  return savings + property;
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
  };
}
