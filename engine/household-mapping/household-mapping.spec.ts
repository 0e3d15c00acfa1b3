import { describe, expect, it } from '@jest/globals';
import type { Household } from '../household.js';
import { HOUSEHOLD_QUESTIONS, HouseholdMappingError, householdFromAnswers } from './household-mapping.js';
import { NONE_OF_THE_ABOVE, type Answers, type MoneyAnswer, type AnswerPeriod, type PostcodeAnswer } from '../../common/survey/model.js';
import { moneyAnswerFrom } from '../../common/survey/money-answer.js';

const TODAY = '2026-11-21';
const NONE = [NONE_OF_THE_ABOVE];

function money(amount: string, period: AnswerPeriod): MoneyAnswer {
  const answer = moneyAnswerFrom(amount, period);
  if (!answer) throw new Error(`Not an amount: ${amount}`);
  return answer;
}

function postcode(postcode: string, authority: string, authorityCode: string, country: PostcodeAnswer['country']): PostcodeAnswer {
  return { postcode, authority, authorityCode, country, latitude: null, longitude: null, option: false };
}

// Real postcodes and their local authorities (the ONS lookup, May 2026).
const MANCHESTER = postcode('M1 1AD', 'Manchester', 'E08000003', 'England');
const BARNET = postcode('EN5 1AA', 'Barnet', 'E09000003', 'England');
const CARDIFF = postcode('CF10 1AA', 'Cardiff', 'W06000015', 'Wales');
const ABERDEEN = postcode('AB10 1AB', 'Aberdeen City', 'S12000033', 'Scotland');
const BELFAST = postcode('BT1 1AA', 'Belfast', 'N09000003', 'Northern Ireland');

/* ---- Households, named for who they are: the answers of the questions each one is shown ---- */

const SINGLE_PRIVATE_RENTER_WORKING_PART_TIME: Answers = {
  ClientPostcode: MANCHESTER,
  ClientDob: '14/03/1990',
  ClientHasPartner: 'No',
  ClientImmigrationStatus: 'BritishOrIrish',
  ChildCount: '0',
  NonDependantCount: '0',
  ClientDisabilityBenefits: NONE,
  ClientWorkCapability: 'NotAssessed',
  ClientTerminallyIll: 'No',
  ClientIsCarer: 'No',
  ClientWork: ['Employed'],
  ClientWorkHours: '16',
  ClientEarnings: money('850', 'Monthly'),
  ClientEarningsBasis: 'TakeHome',
  ClientOtherIncome: NONE,
  ClientStudent: 'No',
  ClientTenure: 'PrivateRent',
  ClientRent: money('650', 'Monthly'),
  ClientPaysServiceCharges: 'No',
  ClientBedrooms: '1',
  ClientCouncilTaxLiable: 'Yes',
  ClientCouncilTaxBand: 'Band B',
  ClientCapitalBand: 'UpTo5000',
  ClientOtherProperty: 'No',
};

/** She stays at home caring for their disabled daughter; he works full time. */
const COUPLE_WITH_THREE_CHILDREN_ONE_DISABLED_IN_SOCIAL_HOUSING: Answers = {
  ClientPostcode: BARNET,
  ClientDob: '02/07/1988',
  ClientHasPartner: 'Yes',
  PartnerDob: '19/11/1985',
  ClientImmigrationStatus: 'BritishOrIrish',
  PartnerImmigrationStatus: 'SettledStatus',
  ChildCount: '3',
  NonDependantCount: '0',
  ChildDob1: '10/05/2009',
  ChildSex1: 'Male',
  ChildDisability1: 'None',
  ChildEducation1: 'Yes',
  ChildDob2: '23/01/2016',
  ChildSex2: 'Female',
  ChildDisability2: 'HigherRate',
  ChildDob3: '08/08/2022',
  ChildSex3: 'Male',
  ChildDisability3: 'None',
  ClientDisabilityBenefits: NONE,
  ClientWorkCapability: 'NotAssessed',
  PartnerDisabilityBenefits: NONE,
  PartnerWorkCapability: 'NotAssessed',
  ClientIsCarer: 'Yes',
  ClientCaringHours: '50',
  ClientCaredForBenefit: 'Yes',
  PartnerIsCarer: 'No',
  ClientWork: NONE,
  PartnerWork: ['Employed'],
  PartnerWorkHours: '37.5',
  PartnerEarnings: money('2450', 'Monthly'),
  PartnerEarningsBasis: 'BeforeTax',
  ClientPaysChildcare: 'No',
  ClientOtherIncome: ['CarersAllowance'],
  ClientCarersAllowance: money('86.45', 'Weekly'),
  PartnerOtherIncome: NONE,
  ClientStudent: 'No',
  PartnerStudent: 'No',
  ClientTenure: 'SocialRent',
  ClientRent: money('142.60', 'Weekly'),
  ClientPaysServiceCharges: 'Yes',
  ClientServiceCharges: money('11.25', 'Weekly'),
  ClientBedrooms: '3',
  ClientCouncilTaxLiable: 'Yes',
  ClientCouncilTaxBand: 'Band C',
  ClientCapitalBand: '£5,001 - £16,000',
  ClientCurrentCapital: '7,250',
  ClientOtherProperty: 'No',
};

/** He cares for her; she gets Attendance Allowance. The working-age pages (work capability, studying) do not apply. */
const PENSIONER_COUPLE_WHO_OWN_THEIR_HOME: Answers = {
  ClientPostcode: CARDIFF,
  ClientDob: '01/06/1950',
  ClientHasPartner: 'Yes',
  PartnerDob: '10/02/1953',
  ClientImmigrationStatus: 'BritishOrIrish',
  PartnerImmigrationStatus: 'BritishOrIrish',
  ChildCount: '0',
  NonDependantCount: '0',
  ClientDisabilityBenefits: NONE,
  ClientTerminallyIll: 'No',
  PartnerDisabilityBenefits: ['AttendanceAllowance'],
  PartnerAttendanceAllowanceRate: 'Lower',
  PartnerTerminallyIll: 'No',
  ClientIsCarer: 'Yes',
  ClientCaringHours: '40',
  ClientCaredForBenefit: 'Yes',
  PartnerIsCarer: 'No',
  ClientWork: NONE,
  PartnerWork: NONE,
  ClientOtherIncome: ['StatePension', 'PrivatePension'],
  ClientStatePension: money('176.45', 'Weekly'),
  ClientPrivatePension: money('310', 'Monthly'),
  PartnerOtherIncome: ['StatePension'],
  PartnerStatePension: money('169.50', 'Weekly'),
  ClientTenure: 'Owner',
  ClientPaysServiceCharges: 'No',
  ClientCouncilTaxLiable: 'Yes',
  ClientCouncilTaxBand: 'Band D',
  ClientCapitalBand: 'Over16000',
  ClientCurrentCapital: '18500',
  ClientOtherProperty: 'No',
};

const SELF_EMPLOYED_LONE_PARENT_IN_SCOTLAND: Answers = {
  ClientPostcode: ABERDEEN,
  ClientDob: '30/09/1991',
  ClientHasPartner: 'No',
  ClientImmigrationStatus: 'PreSettledStatus',
  ChildCount: '2',
  NonDependantCount: '0',
  ChildDob1: '12/04/2015',
  ChildSex1: 'Female',
  ChildDisability1: 'None',
  ChildDob2: '03/02/2019',
  ChildSex2: 'Female',
  ChildDisability2: 'None',
  ClientDisabilityBenefits: NONE,
  ClientWorkCapability: 'NotAssessed',
  ClientIsCarer: 'No',
  ClientWork: ['SelfEmployed'],
  ClientWorkHours: '25',
  ClientSelfEmployedProfit: money('900', 'Monthly'),
  ClientStartUpPeriod: 'No',
  ClientPaysChildcare: 'Yes',
  ClientChildcareCosts: money('210', 'Monthly'),
  ClientOtherIncome: ['ChildMaintenance'],
  ClientChildMaintenance: money('150', 'Monthly'),
  ClientStudent: 'No',
  ClientTenure: 'PrivateRent',
  ClientRent: money('750', 'Monthly'),
  ClientPaysServiceCharges: 'No',
  ClientBedrooms: '2',
  ClientCouncilTaxLiable: 'Yes',
  ClientCouncilTaxBand: 'Band B',
  ClientCapitalBand: 'UpTo5000',
  ClientOtherProperty: 'No',
};

const map = (answers: Answers) => householdFromAnswers(answers, TODAY);
/** Types an expected household, so a field the contract does not have fails to compile. */
const household = (expected: Household): Household => expected;
const without = (answers: Answers, ...names: string[]): Answers =>
  Object.fromEntries(Object.entries(answers).filter(([name]) => !names.includes(name)));

const noHealth = { lcwra: false, lcwraBefore2026April: false, terminallyIll: false };
const noCaring = { hoursPerWeek: 0, caredForGetsQualifyingBenefit: false };
const notLiable = { band: null, annualCharge: null, liable: false };

describe('households named for who they are', () => {
  it('a single private renter working part time', () => {
    expect(map(SINGLE_PRIVATE_RENTER_WORKING_PART_TIME)).toEqual(
      household({
        country: 'ENGLAND',
        localAuthority: 'E08000003',
        adults: [
          {
            dateOfBirth: '1990-03-14',
            earnings: { amount: 850, period: 'MONTH', basis: 'NET' },
            hoursPerWeek: 16,
            selfEmployment: null,
            otherIncome: [],
            benefitsReceived: [],
            health: noHealth,
            caring: noCaring,
            student: false,
          },
        ],
        children: [],
        nonDependants: [],
        housing: {
          tenure: 'PRIVATE_RENT',
          rent: { amount: 650, period: 'MONTH' },
          serviceCharges: null,
          bedrooms: 1,
          councilTax: { band: 'B', annualCharge: null, liable: true },
        },
        capital: 0,
        childcareCosts: null,
      }),
    );
  });

  it('a couple with three children (one disabled) in social housing', () => {
    expect(map(COUPLE_WITH_THREE_CHILDREN_ONE_DISABLED_IN_SOCIAL_HOUSING)).toEqual(
      household({
        country: 'ENGLAND',
        localAuthority: 'E09000003',
        adults: [
          {
            dateOfBirth: '1988-07-02',
            earnings: null,
            hoursPerWeek: 0,
            selfEmployment: null,
            otherIncome: [{ type: 'CARERS_ALLOWANCE', amount: 86.45, period: 'WEEK' }],
            benefitsReceived: [],
            health: noHealth,
            caring: { hoursPerWeek: 50, caredForGetsQualifyingBenefit: true },
            student: false,
          },
          {
            dateOfBirth: '1985-11-19',
            earnings: { amount: 2450, period: 'MONTH', basis: 'GROSS' },
            hoursPerWeek: 37.5,
            selfEmployment: null,
            otherIncome: [],
            benefitsReceived: [],
            health: noHealth,
            caring: noCaring,
            student: false,
          },
        ],
        children: [
          { dateOfBirth: '2009-05-10', sex: 'MALE', disability: 'NONE', inNonAdvancedEducation: true },
          { dateOfBirth: '2016-01-23', sex: 'FEMALE', disability: 'HIGHER', inNonAdvancedEducation: false },
          { dateOfBirth: '2022-08-08', sex: 'MALE', disability: 'NONE', inNonAdvancedEducation: false },
        ],
        nonDependants: [],
        housing: {
          tenure: 'SOCIAL_RENT',
          rent: { amount: 142.6, period: 'WEEK' },
          serviceCharges: { amount: 11.25, period: 'WEEK' },
          bedrooms: 3,
          councilTax: { band: 'C', annualCharge: null, liable: true },
        },
        capital: 7250,
        childcareCosts: null,
      }),
    );
  });

  it('a pensioner couple who own their home', () => {
    expect(map(PENSIONER_COUPLE_WHO_OWN_THEIR_HOME)).toEqual(
      household({
        country: 'WALES',
        localAuthority: 'W06000015',
        adults: [
          {
            dateOfBirth: '1950-06-01',
            earnings: null,
            hoursPerWeek: 0,
            selfEmployment: null,
            otherIncome: [
              { type: 'STATE_PENSION', amount: 176.45, period: 'WEEK' },
              { type: 'PRIVATE_PENSION', amount: 310, period: 'MONTH' },
            ],
            benefitsReceived: [],
            health: noHealth,
            caring: { hoursPerWeek: 40, caredForGetsQualifyingBenefit: true },
            student: false,
          },
          {
            dateOfBirth: '1953-02-10',
            earnings: null,
            hoursPerWeek: 0,
            selfEmployment: null,
            otherIncome: [{ type: 'STATE_PENSION', amount: 169.5, period: 'WEEK' }],
            benefitsReceived: [{ type: 'ATTENDANCE_ALLOWANCE', rate: 'LOWER' }],
            health: noHealth,
            caring: noCaring,
            student: false,
          },
        ],
        children: [],
        nonDependants: [],
        housing: {
          tenure: 'OWNER_OCCUPIER',
          rent: null,
          serviceCharges: null,
          bedrooms: null,
          councilTax: { band: 'D', annualCharge: null, liable: true },
        },
        capital: 18500,
        childcareCosts: null,
      }),
    );
  });

  it('a self-employed lone parent in Scotland', () => {
    expect(map(SELF_EMPLOYED_LONE_PARENT_IN_SCOTLAND)).toEqual(
      household({
        country: 'SCOTLAND',
        localAuthority: 'S12000033',
        adults: [
          {
            dateOfBirth: '1991-09-30',
            earnings: null,
            hoursPerWeek: 25,
            selfEmployment: { profit: { amount: 900, period: 'MONTH' }, startUpPeriod: false },
            otherIncome: [{ type: 'CHILD_MAINTENANCE', amount: 150, period: 'MONTH' }],
            benefitsReceived: [],
            health: noHealth,
            caring: noCaring,
            student: false,
          },
        ],
        children: [
          { dateOfBirth: '2015-04-12', sex: 'FEMALE', disability: 'NONE', inNonAdvancedEducation: false },
          { dateOfBirth: '2019-02-03', sex: 'FEMALE', disability: 'NONE', inNonAdvancedEducation: false },
        ],
        nonDependants: [],
        housing: {
          tenure: 'PRIVATE_RENT',
          rent: { amount: 750, period: 'MONTH' },
          serviceCharges: null,
          bedrooms: 2,
          councilTax: { band: 'B', annualCharge: null, liable: true },
        },
        capital: 0,
        childcareCosts: { amount: 210, period: 'MONTH' },
      }),
    );
  });

  it('reads only the questions the definitions check knows the mapping reads', () => {
    const read = new Set<string>();
    const recording = (answers: Answers): Answers =>
      new Proxy(answers, {
        get: (target, name, receiver) => (typeof name === 'string' && read.add(name), Reflect.get(target, name, receiver)),
        getOwnPropertyDescriptor: (target, name) => (
          typeof name === 'string' && read.add(name),
          Reflect.getOwnPropertyDescriptor(target, name)
        ),
      });
    for (const household of [
      SINGLE_PRIVATE_RENTER_WORKING_PART_TIME,
      COUPLE_WITH_THREE_CHILDREN_ONE_DISABLED_IN_SOCIAL_HOUSING,
      PENSIONER_COUPLE_WHO_OWN_THEIR_HOME,
      SELF_EMPLOYED_LONE_PARENT_IN_SCOTLAND,
    ]) {
      map(recording(household));
    }
    expect([...read].filter((name) => !Object.hasOwn(HOUSEHOLD_QUESTIONS, name))).toEqual([]);
  });
});

/* ---- One test per question whose answer the engine needs ---- */

/**
 * Each case changes the single private renter (or, for partner questions, that renter with a partner) and says
 * which part of the household must follow. The test first proves the part differs without the change, so a
 * question the mapping ignores fails.
 */
interface QuestionCase {
  /** Every question the case answers differently; together the cases cover HOUSEHOLD_QUESTIONS. */
  questions: string[];
  title: string;
  change: Answers;
  part: (household: Household) => unknown;
  expected: unknown;
  base?: Answers;
}

const covered = new Set<string>();
function checkCases(cases: QuestionCase[]): void {
  for (const questionCase of cases) questionCase.questions.forEach((name) => covered.add(name));
  it.each(cases.map((questionCase) => [`${questionCase.questions.join(', ')}: ${questionCase.title}`, questionCase] as const))(
    '%s',
    (_, questionCase) => {
      const base = questionCase.base ?? SINGLE_PRIVATE_RENTER_WORKING_PART_TIME;
      expect(questionCase.part(map(base))).not.toEqual(questionCase.expected);
      expect(questionCase.part(map({ ...base, ...questionCase.change }))).toEqual(questionCase.expected);
    },
  );
}

const WITH_PARTNER: Answers = {
  ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME,
  ClientHasPartner: 'Yes',
  PartnerDob: '05/12/1992',
  PartnerDisabilityBenefits: NONE,
  PartnerWorkCapability: 'NotAssessed',
  PartnerIsCarer: 'No',
  PartnerWork: NONE,
  PartnerOtherIncome: NONE,
  PartnerStudent: 'No',
};

describe('where you live, you and your partner', () => {
  checkCases([
    {
      questions: ['ClientPostcode'],
      title: "the postcode's country and local authority",
      change: { ClientPostcode: ABERDEEN },
      part: (household) => [household.country, household.localAuthority],
      expected: ['SCOTLAND', 'S12000033'],
    },
    {
      questions: ['ClientPostcode'],
      title: 'sleeping rough: the country chosen, no local authority, homeless, no council tax',
      change: { ClientPostcode: { ...postcode('', '', '', 'Wales'), option: true } },
      part: (household) => [household.country, household.localAuthority, household.housing],
      expected: ['WALES', undefined, { tenure: 'HOMELESS', rent: null, serviceCharges: null, bedrooms: null, councilTax: notLiable }],
    },
    {
      questions: ['ClientDob'],
      title: 'the claimant’s date of birth, as an ISO date',
      change: { ClientDob: '29/02/1988' },
      part: (household) => household.adults[0].dateOfBirth,
      expected: '1988-02-29',
    },
    {
      questions: ['ClientHasPartner', 'PartnerDob'],
      title: 'a partner is the second adult',
      change: { ClientHasPartner: 'Yes', PartnerDob: '05/12/1992' },
      part: (household) => household.adults.map((adult) => adult.dateOfBirth),
      expected: ['1990-03-14', '1992-12-05'],
    },
    {
      questions: ['CoupleCareForSamePerson'],
      title: 'a couple who each look after someone different: a carer element each (UC Regs 2013 reg 29(4))',
      base: {
        ...WITH_PARTNER,
        ClientIsCarer: 'Yes',
        ClientCaringHours: '40',
        ClientCaredForBenefit: 'Yes',
        PartnerIsCarer: 'Yes',
        PartnerCaringHours: '35',
        PartnerCaredForBenefit: 'Yes',
        CoupleCareForSamePerson: 'Yes',
      },
      change: { CoupleCareForSamePerson: 'No' },
      part: (household) => household.adults.map((adult) => adult.caring.samePersonAsPartner),
      expected: [false, false],
    },
    {
      questions: ['ClientCarerPaid', 'PartnerCarerPaid'],
      title:
        "someone else paid Carer's Allowance for looking after each of them: no severe disability amounts (SPC Regs 2002 sch I para 1(2))",
      base: { ...WITH_PARTNER, ClientCarerPaid: 'No', PartnerCarerPaid: 'No' },
      change: { ClientCarerPaid: 'Yes', PartnerCarerPaid: 'Yes' },
      part: (household) => household.adults.map((adult) => adult.carerGetsCarersAllowance ?? false),
      expected: [true, true],
    },
    {
      questions: ['ClientYoungPerson'],
      title: 'a 17-year-old estranged from their parents may claim Universal Credit (UC Regs 2013 reg 8(1)(g))',
      base: { ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ClientDob: '01/01/2009', ClientYoungPerson: NONE },
      change: { ClientYoungPerson: ['WithoutParentalSupport'] },
      part: (household) => household.adults[0]!.under18,
      expected: { withoutParentalSupport: true, pregnantOrRecentBirth: false, careLeaver: false },
    },
    {
      questions: ['PartnerAwayFromHome', 'PartnerAwayLong'],
      title: 'a partner in prison for less than 6 months: the claimant claims as a single person (UC Regs 2013 reg 3(3)(c))',
      base: { ...WITH_PARTNER, PartnerAwayFromHome: 'No' },
      change: { PartnerAwayFromHome: 'Prison', PartnerAwayLong: 'No' },
      part: (household) => household.adults[1]!.awayFromHome,
      expected: { reason: 'PRISON', moreThanSixMonths: false },
    },
    {
      questions: ['PartnerAwayYear'],
      title: 'a pensioner partner in a care home for good: not a member of the household (SPC Regs 2002 reg 5(1)(b))',
      base: { ...WITH_PARTNER, ClientDob: '01/06/1950', PartnerDob: '01/03/1952', PartnerAwayFromHome: 'CareHome', PartnerAwayYear: 'No' },
      change: { PartnerAwayYear: 'Yes' },
      part: (household) => household.adults[1]!.awayFromHome,
      expected: { reason: 'CARE_HOME', moreThanSixMonths: true, moreThanFiftyTwoWeeks: true },
    },
    {
      questions: ['PartnerAwayFourWeeks'],
      title: 'a partner 5 weeks in hospital: their disability benefits stop after 28 days (PIP Regs 2013 reg 30)',
      base: { ...WITH_PARTNER, PartnerAwayFromHome: 'Hospital', PartnerAwayLong: 'No', PartnerAwayFourWeeks: 'No' },
      change: { PartnerAwayFourWeeks: 'Yes' },
      part: (household) => household.adults[1]!.awayFromHome,
      expected: { reason: 'HOSPITAL', moreThanSixMonths: false, moreThanFourWeeks: true },
    },
    {
      questions: ['ClientAwayFromHome', 'ClientAwayLong'],
      title: 'a single person in hospital for more than 6 months: no housing costs element (UC Regs 2013 sch 3 para 9(1))',
      base: { ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ClientAwayFromHome: 'No' },
      change: { ClientAwayFromHome: 'Hospital', ClientAwayLong: 'Yes' },
      part: (household) => household.adults[0]!.awayFromHome,
      expected: { reason: 'HOSPITAL', moreThanSixMonths: true },
    },
    {
      questions: ['ClientAwayYear'],
      title: 'a single person in a care home for good: no Council Tax Reduction for the home left (SI 1992/558 class E)',
      base: { ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ClientAwayFromHome: 'CareHome', ClientAwayLong: 'Yes', ClientAwayYear: 'No' },
      change: { ClientAwayYear: 'Yes' },
      part: (household) => household.adults[0]!.awayFromHome,
      expected: { reason: 'CARE_HOME', moreThanSixMonths: true, moreThanFiftyTwoWeeks: true },
    },
    {
      questions: ['ClientAwayFromHome'],
      title: 'a single person on remand: Universal Credit keeps only the housing costs element, if at all (UC Regs 2013 reg 19)',
      base: { ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ClientAwayFromHome: 'No' },
      change: { ClientAwayFromHome: 'Prison', ClientAwayLong: 'No' },
      part: (household) => household.adults[0]!.awayFromHome,
      expected: { reason: 'PRISON', moreThanSixMonths: false },
    },
    {
      questions: ['ClientAwayFourWeeks'],
      title: 'a single person 5 weeks in a care home: the daily living part of PIP stops after 28 days (PIP Regs 2013 reg 28)',
      base: { ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ClientAwayFromHome: 'CareHome', ClientAwayLong: 'No', ClientAwayFourWeeks: 'No' },
      change: { ClientAwayFourWeeks: 'Yes' },
      part: (household) => household.adults[0]!.awayFromHome,
      expected: { reason: 'CARE_HOME', moreThanSixMonths: false, moreThanFourWeeks: true },
    },
    {
      questions: ['ClientInHospitalOrCareHome'],
      title: 'a single pensioner in hospital for 3 months: Housing Benefit carries on for up to 52 weeks (HB (SPC) Regs 2006 reg 7(17))',
      base: { ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ClientDob: '01/06/1950', ClientInHospitalOrCareHome: 'No' },
      change: { ClientInHospitalOrCareHome: 'Hospital', ClientAwayYear: 'No', ClientAwayFourWeeks: 'Yes' },
      part: (household) => household.adults[0]!.awayFromHome,
      expected: { reason: 'HOSPITAL', moreThanSixMonths: false, moreThanFourWeeks: true },
    },
    {
      questions: ['ClientCareHomeFees'],
      title: 'a single pensioner paying her own care home fees: Attendance Allowance carries on (AA Regs 1991 reg 8(6))',
      base: {
        ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME,
        ClientDob: '01/06/1944',
        ClientInHospitalOrCareHome: 'CareHome',
        ClientAwayYear: 'Yes',
        ClientCareHomeFees: 'No',
      },
      change: { ClientCareHomeFees: 'Yes' },
      part: (household) => household.adults[0]!.awayFromHome,
      expected: { reason: 'CARE_HOME', moreThanSixMonths: true, moreThanFiftyTwoWeeks: true, paysOwnCareHomeFees: true },
    },
    {
      questions: ['ClientFosterCarer'],
      title: 'a foster carer: one additional bedroom (UC Regs 2013 sch 4 para 12(1)(b))',
      base: { ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ClientFosterCarer: 'No' },
      change: { ClientFosterCarer: 'Yes' },
      part: (household) => household.housing.fosterParent ?? false,
      expected: true,
    },
    {
      questions: ['ClientOvernightCarer'],
      title: "a carer from outside stays overnight: the carer's bedroom (UC Regs 2013 sch 4 para 12(A1))",
      base: { ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ClientOvernightCarer: 'No' },
      change: { ClientOvernightCarer: 'Yes' },
      part: (household) => household.housing.overnightCarer ?? false,
      expected: true,
    },
    {
      questions: ['ClientSharedRateException'],
      title: 'a care leaver under 25 renting privately: not held to the shared accommodation rate (UC Regs 2013 sch 4 para 29(2))',
      base: { ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ClientSharedRateException: 'None' },
      change: { ClientSharedRateException: 'CareLeaver' },
      part: (household) => household.adults[0]!.sharedAccommodationException ?? null,
      expected: 'CARE_LEAVER',
    },
    {
      questions: ['BenefitCapRecentlyStoppedWork', 'BenefitCapEarnedEnoughBefore'],
      title: "stopped work in the last 9 months after 12 months of enough pay: the benefit cap's grace period (UC Regs 2013 reg 82)",
      base: { ...WITH_PARTNER, BenefitCapRecentlyStoppedWork: 'Yes', BenefitCapEarnedEnoughBefore: 'No' },
      change: { BenefitCapEarnedEnoughBefore: 'Yes' },
      part: (household) => household.benefitCapGracePeriod ?? false,
      expected: true,
    },
    {
      questions: ['ExpectingBaby', 'BabyDueDate', 'BabiesExpected'],
      title: 'expecting twins: the one-off maternity grants are paid for the pregnancy (SI 2005/3061 reg 5A)',
      base: { ...WITH_PARTNER, ExpectingBaby: 'No' },
      change: { ExpectingBaby: 'Yes', BabyDueDate: '14/03/2027', BabiesExpected: '2' },
      part: (household) => household.expectingBaby ?? null,
      expected: { dueDate: '2027-03-14', babies: 2 },
    },
    {
      questions: [
        'FuneralArranging',
        'FuneralWhoDied',
        'FuneralCloserFamily',
        'FuneralPrepaidPlan',
        'FuneralNecessaryCosts',
        'FuneralOtherCosts',
        'FuneralMoneyAvailable',
      ],
      title: "paying for a brother's funeral: the Funeral Expenses Payment's relationship and costs (SI 2005/3061 regs 7 to 10)",
      base: { ...WITH_PARTNER, FuneralArranging: 'No' },
      change: {
        FuneralArranging: 'Yes',
        FuneralWhoDied: 'CloseRelative',
        FuneralCloserFamily: 'No',
        FuneralPrepaidPlan: 'No',
        FuneralNecessaryCosts: '1,450.50',
        FuneralOtherCosts: '900',
        FuneralMoneyAvailable: '',
      },
      part: (household) => household.funeral ?? null,
      expected: {
        relationship: 'CLOSE_RELATIVE',
        closerFamilyNotOnBenefits: false,
        prepaidPlan: false,
        necessaryCosts: 1450.5,
        otherCosts: 900,
        moneyAvailable: 0,
      },
    },
    {
      questions: ['PartnerImmigrationStatus'],
      title: 'a partner with no recourse to public funds: the claimant claims as a single person (UC Regs 2013 reg 3(3)(e))',
      base: { ...WITH_PARTNER, PartnerImmigrationStatus: 'SettledStatus' },
      change: { PartnerImmigrationStatus: 'NoRecourseToPublicFunds' },
      part: (household) => household.adults.map((adult) => adult.subjectToImmigrationControl ?? false),
      expected: [false, true],
    },
    {
      questions: ['PartnerImmigrationStatus'],
      title: 'a partner waiting for an asylum decision is subject to immigration control too',
      base: { ...WITH_PARTNER, PartnerImmigrationStatus: 'BritishOrIrish' },
      change: { PartnerImmigrationStatus: 'AsylumSeeker' },
      part: (household) => household.adults.map((adult) => adult.subjectToImmigrationControl ?? false),
      expected: [false, true],
    },
  ]);
});

describe('each child', () => {
  const allChildren: Answers = {};
  for (let n = 1; n <= 10; n += 1) {
    Object.assign(allChildren, {
      [`ChildDob${n}`]: `0${(n % 9) + 1}/03/20${10 + n}`,
      [`ChildSex${n}`]: n % 2 ? 'Female' : 'Male',
      [`ChildDisability${n}`]: 'None',
    });
  }
  const cases: QuestionCase[] = [
    {
      questions: ['ChildCount'],
      title: 'as many children as the count',
      change: { ...allChildren, ChildCount: '10' },
      part: (household) => household.children.length,
      expected: 10,
    },
  ];
  for (let n = 1; n <= 10; n += 1) {
    const base = { ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ...allChildren, ChildCount: String(n) };
    const child = (household: Household) => household.children[n - 1];
    cases.push(
      {
        questions: [`ChildDob${n}`],
        title: 'date of birth',
        base,
        change: { [`ChildDob${n}`]: '17/06/2012' },
        part: (household) => child(household).dateOfBirth,
        expected: '2012-06-17',
      },
      {
        questions: [`ChildSex${n}`],
        title: 'sex, for the bedroom rules; left blank it is not given',
        base,
        change: { [`ChildSex${n}`]: '' },
        part: (household) => 'sex' in child(household),
        expected: false,
      },
      {
        questions: [`ChildDisability${n}`],
        title: 'lower rate disability',
        base,
        change: { [`ChildDisability${n}`]: 'LowerRate' },
        part: (household) => child(household).disability,
        expected: 'LOWER',
      },
      {
        questions: [`ChildOwnRoom${n}`],
        title: 'a disabled child who cannot reasonably share a bedroom (UC Regs 2013 sch 4 para 12)',
        base: { ...base, [`ChildDisability${n}`]: 'LowerRate' },
        change: { [`ChildOwnRoom${n}`]: 'Yes' },
        part: (household) => child(household).needsOwnBedroom,
        expected: true,
      },
      {
        questions: [`ChildDisability${n}`],
        title: 'certified blind counts at the higher rate',
        base,
        change: { [`ChildDisability${n}`]: 'Blind' },
        part: (household) => child(household).disability,
        expected: 'HIGHER',
      },
      {
        questions: [`ChildEducation${n}`],
        title: 'a 17 year old in full-time non-advanced education',
        base,
        change: { [`ChildDob${n}`]: '01/02/2009', [`ChildEducation${n}`]: 'Yes' },
        part: (household) => child(household).inNonAdvancedEducation,
        expected: true,
      },
    );
  }
  checkCases(cases);

  it('counts the education of a child under 16 as false, whatever the answer', () => {
    const household = map({
      ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME,
      ...allChildren,
      ChildCount: '1',
      ChildDob1: '22/11/2010',
      ChildEducation1: 'Yes',
    });
    expect(household.children[0].inNonAdvancedEducation).toBe(false);
  });
});

describe('each other adult (non-dependant)', () => {
  const all: Answers = {};
  for (let n = 1; n <= 4; n += 1) {
    Object.assign(all, {
      [`NonDependantAge${n}`]: '30',
      [`NonDependantIncome${n}`]: money('0', 'Weekly'),
      [`NonDependantBenefits${n}`]: NONE,
    });
  }
  const cases: QuestionCase[] = [
    {
      questions: ['NonDependantCount'],
      title: 'as many as the count',
      change: { ...all, NonDependantCount: '4' },
      part: (household) => household.nonDependants.length,
      expected: 4,
    },
  ];
  for (let n = 1; n <= 4; n += 1) {
    const base = { ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ...all, NonDependantCount: String(n) };
    const nonDependant = (household: Household) => household.nonDependants[n - 1];
    cases.push(
      {
        questions: [`NonDependantAge${n}`],
        title: 'age in whole years',
        base,
        change: { [`NonDependantAge${n}`]: '19' },
        part: (household) => nonDependant(household).age,
        expected: 19,
      },
      {
        questions: [`NonDependantIncome${n}`],
        title: 'gross income in the period given',
        base,
        change: { [`NonDependantIncome${n}`]: money('1,450.50', 'Monthly') },
        part: (household) => nonDependant(household).grossIncome,
        expected: { amount: 1450.5, period: 'MONTH' },
      },
      {
        questions: [`NonDependantBenefits${n}`],
        title: 'a benefit that means no deduction',
        base,
        change: { [`NonDependantBenefits${n}`]: ['PensionCredit'] },
        part: (household) => nonDependant(household).exempt,
        expected: true,
      },
      {
        questions: [`NonDependantWork${n}`],
        title: 'works 16 hours or more a week (not known when unanswered, as in a calculation saved before it was asked)',
        base: { ...base, [`NonDependantWork${n}`]: 'No' },
        change: { [`NonDependantWork${n}`]: 'Yes' },
        part: (household) => nonDependant(household).inRemunerativeWork,
        expected: true,
      },
      {
        questions: [`NonDependantDisregarded${n}`],
        title: 'a live-in carer, whom Lone Pensioner Allowance may disregard (asked in Northern Ireland at 70 or over)',
        base: { ...base, [`NonDependantDisregarded${n}`]: 'No' },
        change: { [`NonDependantDisregarded${n}`]: 'Carer' },
        part: (household) => nonDependant(household).disregarded,
        expected: 'RESIDENT_CARER',
      },
    );
  }
  checkCases(cases);

  it('reads a severe mental impairment, and leaves the field out for No or no answer', () => {
    const base = { ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ...all, NonDependantCount: '1' };
    expect(map({ ...base, NonDependantDisregarded1: 'SevereMentalImpairment' }).nonDependants[0]!.disregarded).toBe(
      'SEVERE_MENTAL_IMPAIRMENT',
    );
    expect(map({ ...base, NonDependantDisregarded1: 'No' }).nonDependants[0]).not.toHaveProperty('disregarded');
    expect(map(base).nonDependants[0]).not.toHaveProperty('disregarded');
  });

  it('reads an unanswered work question as not known, and No as not in work', () => {
    const base = { ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ...all, NonDependantCount: '1' };
    expect(map(base).nonDependants[0]!.inRemunerativeWork).toBeNull();
    expect(map({ ...base, NonDependantWork1: 'No' }).nonDependants[0]!.inRemunerativeWork).toBe(false);
  });
});

describe.each([
  ['Client', 0, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME],
  ['Partner', 1, WITH_PARTNER],
] as const)('%s: health, caring, work, income and study', (P, index, base) => {
  const adult = (household: Household) => household.adults[index];
  const benefits = (household: Household) => adult(household).benefitsReceived;
  const income = (household: Household) => adult(household).otherIncome;
  const cases: QuestionCase[] = [
    {
      questions: [`${P}DisabilityBenefits`, `${P}DailyLivingRate`],
      title: 'PIP daily living at the enhanced rate',
      change: { [`${P}DisabilityBenefits`]: ['Pip'], [`${P}DailyLivingRate`]: 'Enhanced', [`${P}MobilityRate`]: 'None' },
      part: benefits,
      expected: [{ type: 'PIP_DAILY_LIVING', rate: 'ENHANCED' }],
    },
    {
      questions: [`${P}MobilityRate`],
      title: 'PIP mobility at the standard rate',
      change: { [`${P}DisabilityBenefits`]: ['Pip'], [`${P}DailyLivingRate`]: 'None', [`${P}MobilityRate`]: 'Standard' },
      part: benefits,
      expected: [{ type: 'PIP_MOBILITY', rate: 'STANDARD' }],
    },
    {
      questions: [`${P}DisabilityBenefits`],
      title: 'Adult Disability Payment (Scotland), both parts',
      change: { [`${P}DisabilityBenefits`]: ['Adp'], [`${P}DailyLivingRate`]: 'Standard', [`${P}MobilityRate`]: 'Enhanced' },
      part: benefits,
      expected: [
        { type: 'ADP_DAILY_LIVING', rate: 'STANDARD' },
        { type: 'ADP_MOBILITY', rate: 'ENHANCED' },
      ],
    },
    {
      questions: [`${P}DlaCareRate`],
      title: 'DLA care at the middle rate',
      change: { [`${P}DisabilityBenefits`]: ['Dla'], [`${P}DlaCareRate`]: 'Middle', [`${P}DlaMobilityRate`]: 'None' },
      part: benefits,
      expected: [{ type: 'DLA_CARE', rate: 'MIDDLE' }],
    },
    {
      questions: [`${P}DlaMobilityRate`],
      title: 'DLA mobility at the higher rate',
      change: { [`${P}DisabilityBenefits`]: ['Dla'], [`${P}DlaCareRate`]: 'None', [`${P}DlaMobilityRate`]: 'Higher' },
      part: benefits,
      expected: [{ type: 'DLA_MOBILITY', rate: 'HIGHER' }],
    },
    {
      questions: [`${P}AttendanceAllowanceRate`],
      title: 'Attendance Allowance at the higher rate',
      change: { [`${P}DisabilityBenefits`]: ['AttendanceAllowance'], [`${P}AttendanceAllowanceRate`]: 'Higher' },
      part: benefits,
      expected: [{ type: 'ATTENDANCE_ALLOWANCE', rate: 'HIGHER' }],
    },
    {
      questions: [`${P}DisabilityBenefits`],
      title: 'Armed Forces Independence Payment and Constant Attendance Allowance, which have no rate',
      change: { [`${P}DisabilityBenefits`]: ['ArmedForcesIndependence', 'ConstantAttendance'] },
      part: benefits,
      expected: [{ type: 'ARMED_FORCES_INDEPENDENCE' }, { type: 'CONSTANT_ATTENDANCE' }],
    },
    {
      questions: [`${P}WorkCapability`, `${P}LcwraStart`],
      title: 'LCWRA found before 6 April 2026 keeps the protected rate',
      change: { [`${P}WorkCapability`]: 'Lcwra', [`${P}LcwraStart`]: 'Before6April2026' },
      part: (household) => adult(household).health,
      expected: { lcwra: true, lcwraBefore2026April: true, terminallyIll: false },
    },
    {
      questions: [`${P}LcwraStart`],
      title: 'LCWRA from 6 April 2026 under the severe conditions criteria is protected too',
      change: { [`${P}WorkCapability`]: 'Lcwra', [`${P}LcwraStart`]: 'SevereConditions' },
      part: (household) => adult(household).health.lcwraBefore2026April,
      expected: true,
    },
    {
      questions: [`${P}LcwraStart`],
      title: 'LCWRA first found from 6 April 2026 is the new rate',
      change: { [`${P}WorkCapability`]: 'Lcwra', [`${P}LcwraStart`]: 'From6April2026' },
      part: (household) => adult(household).health,
      expected: { lcwra: true, lcwraBefore2026April: false, terminallyIll: false },
    },
    {
      questions: [`${P}ExpectLcwra`],
      title: 'a fit note and LCWRA expected',
      change: { [`${P}WorkCapability`]: 'FitNote', [`${P}ExpectLcwra`]: 'Yes' },
      part: (household) => adult(household).health.lcwra,
      expected: true,
    },
    {
      questions: [`${P}TerminallyIll`],
      title: 'terminally ill',
      change: { [`${P}TerminallyIll`]: 'Yes' },
      part: (household) => adult(household).health.terminallyIll,
      expected: true,
    },
    {
      questions: [`${P}IsCarer`, `${P}CaringHours`, `${P}CaredForBenefit`],
      title: 'caring 35 hours for someone with a qualifying benefit',
      change: { [`${P}IsCarer`]: 'Yes', [`${P}CaringHours`]: '35', [`${P}CaredForBenefit`]: 'Yes' },
      part: (household) => adult(household).caring,
      expected: { hoursPerWeek: 35, caredForGetsQualifyingBenefit: true },
    },
    {
      questions: [`${P}Work`, `${P}Earnings`, `${P}EarningsBasis`, `${P}WorkHours`],
      title: 'employed: pay before tax, in the period given, and hours',
      change: {
        [`${P}Work`]: ['Employed'],
        [`${P}WorkHours`]: '22.5',
        [`${P}Earnings`]: money('210.55', 'Weekly'),
        [`${P}EarningsBasis`]: 'BeforeTax',
      },
      part: (household) => [adult(household).earnings, adult(household).hoursPerWeek],
      expected: [{ amount: 210.55, period: 'WEEK', basis: 'GROSS' }, 22.5],
    },
    {
      questions: [`${P}Work`, `${P}SelfEmployedProfit`, `${P}StartUpPeriod`],
      title: 'self-employed in a start-up period',
      change: {
        [`${P}Work`]: ['SelfEmployed'],
        [`${P}WorkHours`]: '30',
        [`${P}SelfEmployedProfit`]: money('14000', 'Yearly'),
        [`${P}StartUpPeriod`]: 'Yes',
      },
      part: (household) => adult(household).selfEmployment,
      expected: { profit: { amount: 14000, period: 'YEAR' }, startUpPeriod: true },
    },
    {
      questions: [`${P}Student`],
      title: 'a full-time student',
      change: { [`${P}Student`]: 'FullTime', [`${P}StudentIncome`]: money('0', 'Yearly') },
      part: (household) => adult(household).student,
      expected: true,
    },
    {
      questions: [`${P}StudentIncome`],
      title: "a part-time student's loan for living costs",
      change: { [`${P}Student`]: 'PartTime', [`${P}StudentIncome`]: money('4,800', 'Yearly') },
      part: income,
      expected: [{ type: 'STUDENT_INCOME', amount: 4800, period: 'YEAR' }],
    },
    {
      questions: [`${P}StudentIncomeMonths`],
      title: "a year's student loan counts over the months of the course year before the summer (UC Regs 2013 reg 68(1))",
      change: { [`${P}Student`]: 'FullTime', [`${P}StudentIncome`]: money('5,400', 'Yearly'), [`${P}StudentIncomeMonths`]: '9' },
      part: income,
      expected: [{ type: 'STUDENT_INCOME', amount: 5400, period: 'YEAR', assessmentPeriods: 9 }],
    },
  ];
  const incomes = [
    ['StatePension', 'StatePension', 'STATE_PENSION'],
    ['PrivatePension', 'PrivatePension', 'PRIVATE_PENSION'],
    ['CarersAllowance', 'CarersAllowance', 'CARERS_ALLOWANCE'],
    ['NewStyleJsa', 'NewStyleJsa', 'NEW_STYLE_JSA'],
    ['NewStyleEsa', 'NewStyleEsa', 'NEW_STYLE_ESA'],
    ['SpousalMaintenance', 'SpousalMaintenance', 'MAINTENANCE_SPOUSAL'],
    ['ChildMaintenance', 'ChildMaintenance', 'CHILD_MAINTENANCE'],
    ['OtherIncome', 'OtherIncomeAmount', 'OTHER_UNEARNED'],
  ] as const;
  for (const [value, amountQuestion, type] of incomes) {
    cases.push({
      questions: [`${P}OtherIncome`, `${P}${amountQuestion}`],
      title: `${type} in the period given`,
      change: { [`${P}OtherIncome`]: [value], [`${P}${amountQuestion}`]: money('123.45', 'Monthly') },
      part: income,
      expected: [{ type, amount: 123.45, period: 'MONTH' }],
    });
  }
  for (const questionCase of cases) questionCase.base = base;
  checkCases(cases);
});

describe('childcare, home and council tax', () => {
  const tenures = [
    ['SocialRent', 'SOCIAL_RENT'],
    ['TemporaryAccommodation', 'TEMPORARY_ACCOMMODATION'],
    ['SupportedAccommodation', 'SUPPORTED_ACCOMMODATION'],
    ['Owner', 'OWNER_OCCUPIER'],
    ['SharedOwnership', 'SHARED_OWNERSHIP'],
    ['LivingWithFamily', 'LIVING_WITH_OTHERS_NO_RENT'],
  ] as const;
  checkCases([
    {
      questions: ['ClientPaysPensionOrGiftAid', 'ClientPensionContributions', 'ClientGiftAid'],
      title: 'a personal pension paid from take-home pay and Gift Aid: taken off adjusted net income (ITA 2007 s58)',
      change: {
        ClientPaysPensionOrGiftAid: 'Yes',
        ClientPensionContributions: money('150', 'Monthly'),
        ClientGiftAid: money('20', 'Monthly'),
      },
      part: (household) => [household.adults[0]!.pensionContributions, household.adults[0]!.giftAid],
      expected: [
        { amount: 150, period: 'MONTH' },
        { amount: 20, period: 'MONTH' },
      ],
    },
    {
      questions: ['PartnerPaysPensionOrGiftAid', 'PartnerPensionContributions', 'PartnerGiftAid'],
      title: "the partner's personal pension, and no Gift Aid",
      base: WITH_PARTNER,
      change: { PartnerPaysPensionOrGiftAid: 'Yes', PartnerPensionContributions: money('80', 'Monthly') },
      part: (household) => [household.adults[1]!.pensionContributions, household.adults[1]!.giftAid ?? null],
      expected: [{ amount: 80, period: 'MONTH' }, null],
    },
    {
      questions: ['BenefitsAlreadyGet'],
      title: "the benefits already got: those ticked, and the Carer's Allowance the other income shows",
      base: {
        ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME,
        ClientOtherIncome: ['CarersAllowance'],
        ClientCarersAllowance: money('86.45', 'Weekly'),
      },
      change: { BenefitsAlreadyGet: ['UniversalCredit', 'CouncilTaxReduction'] },
      part: (household) => household.benefitsClaimed ?? null,
      expected: ['UNIVERSAL_CREDIT', 'COUNCIL_TAX_REDUCTION', 'CARERS_ALLOWANCE'],
    },
    {
      questions: [
        'UcDeductions',
        'UcDeductionTypes',
        'UcDeductionAdvance',
        'UcDeductionBudgetingAdvance',
        'UcDeductionOverpayment',
        'UcDeductionRentArrears',
        'UcDeductionFuelArrears',
        'UcDeductionWaterArrears',
        'UcDeductionCouncilTaxArrears',
        'UcDeductionCourtFine',
        'UcDeductionChildMaintenance',
        'UcDeductionOther',
      ],
      title: 'debts repaid from Universal Credit, each as pounds a month (SI 2013/380 sch 6)',
      base: { ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, BenefitsAlreadyGet: ['UniversalCredit'], UcDeductions: 'No' },
      change: {
        UcDeductions: 'Yes',
        UcDeductionTypes: [
          'Advance',
          'BudgetingAdvance',
          'Overpayment',
          'RentArrears',
          'FuelArrears',
          'WaterArrears',
          'CouncilTaxArrears',
          'CourtFine',
          'ChildMaintenance',
          'Other',
        ],
        UcDeductionAdvance: money('60', 'Monthly'),
        UcDeductionBudgetingAdvance: money('10', 'Monthly'),
        UcDeductionOverpayment: money('12', 'Weekly'),
        UcDeductionRentArrears: money('40', 'Monthly'),
        UcDeductionFuelArrears: money('20', 'Monthly'),
        UcDeductionWaterArrears: money('20', 'Monthly'),
        UcDeductionCouncilTaxArrears: money('20', 'Monthly'),
        UcDeductionCourtFine: money('21.25', 'Monthly'),
        UcDeductionChildMaintenance: money('8.40', 'Weekly'),
        UcDeductionOther: money('5', 'Monthly'),
      },
      part: (household) => household.universalCreditDeductions ?? null,
      expected: [
        { type: 'ADVANCE', amount: 60 },
        { type: 'BUDGETING_ADVANCE', amount: 10 },
        { type: 'OVERPAYMENT', amount: 52 },
        { type: 'RENT_ARREARS', amount: 40 },
        { type: 'FUEL_ARREARS', amount: 20 },
        { type: 'WATER_ARREARS', amount: 20 },
        { type: 'COUNCIL_TAX_ARREARS', amount: 20 },
        { type: 'COURT_FINE', amount: 21.25 },
        { type: 'CHILD_MAINTENANCE', amount: 36.4 },
        { type: 'OTHER', amount: 5 },
      ],
    },
    {
      questions: ['ClientNonAdvancedWithoutSupport'],
      title: 'a college student under 21 without parental support may claim Universal Credit (UC Regs 2013 reg 14(1)(a))',
      base: { ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ClientStudent: 'FullTime', ClientStudentIncome: money('0', 'Monthly') },
      change: { ClientNonAdvancedWithoutSupport: 'Yes' },
      part: (household) => household.adults[0]!.nonAdvancedCourseWithoutParentalSupport ?? false,
      expected: true,
    },
    {
      questions: ['PartnerNonAdvancedWithoutSupport'],
      title: "the partner's course below degree level without parental support",
      base: { ...WITH_PARTNER, PartnerStudent: 'FullTime', PartnerStudentIncome: money('0', 'Monthly') },
      change: { PartnerNonAdvancedWithoutSupport: 'Yes' },
      part: (household) => household.adults[1]!.nonAdvancedCourseWithoutParentalSupport ?? false,
      expected: true,
    },
    {
      questions: ['ClientAdvancedCourse'],
      title: 'a course of advanced education, which lets a student under 20 in Scotland get Carer Support Payment (SSI 2023/302 reg 13)',
      base: { ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ClientStudent: 'FullTime', ClientStudentIncome: money('0', 'Monthly') },
      change: { ClientAdvancedCourse: 'Yes' },
      part: (household) => household.adults[0]!.advancedCourse ?? false,
      expected: true,
    },
    {
      questions: ['PartnerAdvancedCourse'],
      title: "the partner's course of advanced education",
      base: { ...WITH_PARTNER, PartnerStudent: 'FullTime', PartnerStudentIncome: money('0', 'Monthly') },
      change: { PartnerAdvancedCourse: 'Yes' },
      part: (household) => household.adults[1]!.advancedCourse ?? false,
      expected: true,
    },
    {
      questions: ['ClientPaysChildcare', 'ClientChildcareCosts'],
      title: 'registered childcare, in the period given',
      change: { ClientPaysChildcare: 'Yes', ClientChildcareCosts: money('95', 'Weekly') },
      part: (household) => household.childcareCosts,
      expected: { amount: 95, period: 'WEEK' },
    },
    ...tenures.map(([value, tenure]) => ({
      questions: ['ClientTenure'],
      title: `${value} is ${tenure}`,
      change: { ClientTenure: value },
      part: (household: Household) => household.housing.tenure,
      expected: tenure,
    })),
    {
      questions: ['ClientLhaArea'],
      title: 'the Local Housing Allowance area chosen is the BRMA',
      change: { ClientLhaArea: 'Southern Greater Manchester' },
      part: (household: Household) => household.housing.brma,
      expected: 'Southern Greater Manchester',
    },
    {
      questions: ['ClientLhaArea'],
      title: "'Not sure' names no area, so the engine uses the lowest of the candidates",
      base: { ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ClientLhaArea: 'Southern Greater Manchester' },
      change: { ClientLhaArea: 'NotSure' },
      part: (household: Household) => household.housing.brma,
      expected: undefined,
    },
    {
      questions: ['ClientRent'],
      title: 'rent in the period given',
      change: { ClientRent: money('162.31', 'Weekly') },
      part: (household) => household.housing.rent,
      expected: { amount: 162.31, period: 'WEEK' },
    },
    {
      questions: ['ClientPaysServiceCharges', 'ClientServiceCharges'],
      title: 'service charges on top of the rent',
      change: { ClientPaysServiceCharges: 'Yes', ClientServiceCharges: money('40', 'Monthly') },
      part: (household) => household.housing.serviceCharges,
      expected: { amount: 40, period: 'MONTH' },
    },
    {
      questions: ['ClientBedrooms'],
      title: 'bedrooms',
      change: { ClientBedrooms: '3' },
      part: (household) => household.housing.bedrooms,
      expected: 3,
    },
    {
      questions: ['ClientCouncilTaxLiable'],
      title: 'not liable for council tax',
      change: { ClientCouncilTaxLiable: 'No', ClientCouncilTaxBand: '' },
      part: (household) => household.housing.councilTax,
      expected: notLiable,
    },
    {
      questions: ['ClientCouncilTaxBand'],
      title: 'the band letter',
      change: { ClientCouncilTaxBand: 'Band I', ClientPostcode: CARDIFF },
      part: (household) => household.housing.councilTax.band,
      expected: 'I',
    },
    {
      questions: ['ClientCouncilTaxBand'],
      title: "'I don't know my band' leaves it unknown",
      change: { ClientCouncilTaxBand: 'NotKnown' },
      part: (household) => household.housing.councilTax.band,
      expected: null,
    },
    {
      questions: ['ClientRatesLiable', 'ClientRatesCharge'],
      title: "Northern Ireland's rates, as a yearly charge",
      base: {
        ...without(SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, 'ClientCouncilTaxLiable', 'ClientCouncilTaxBand'),
        ClientPostcode: BELFAST,
        ClientRatesLiable: 'No',
      },
      change: { ClientRatesLiable: 'Yes', ClientRatesCharge: money('95.50', 'Monthly') },
      part: (household) => household.housing.councilTax,
      expected: { band: null, annualCharge: 1146, liable: true },
    },
  ]);
});

describe('savings and property', () => {
  checkCases([
    {
      questions: ['ClientCapitalBand', 'ClientCurrentCapital'],
      title: '£5,001 - £16,000: the figure given, to the penny',
      change: { ClientCapitalBand: '£5,001 - £16,000', ClientCurrentCapital: '£12,345.67' },
      part: (household) => household.capital,
      expected: 12345.67,
    },
    {
      questions: ['ClientCapitalBand'],
      title: 'more than £16,000 at working age (no figure asked): £16,001, the least the answer allows',
      change: { ClientCapitalBand: 'Over16000' },
      part: (household) => household.capital,
      expected: 16001,
    },
    {
      questions: ['ClientCurrentCapital'],
      title: 'more than £16,000 at pension age: the figure given',
      change: { ClientCapitalBand: 'Over16000', ClientCurrentCapital: '48000' },
      part: (household) => household.capital,
      expected: 48000,
    },
    {
      questions: ['ClientOtherProperty', 'ClientPropertyValue', 'ClientPropertyMortgage', 'ClientPropertyDisregarded'],
      title: 'other property: value less 10% for selling, less the mortgage',
      change: {
        ClientOtherProperty: 'Yes',
        ClientPropertyValue: '120,000',
        ClientPropertyMortgage: '95000',
        ClientPropertyDisregarded: 'No',
      },
      part: (household) => household.capital,
      expected: 13000,
    },
    {
      questions: ['ClientPropertyDisregarded'],
      title: 'other property that is disregarded (for sale, a relative lives there...) does not count',
      base: {
        ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME,
        ClientOtherProperty: 'Yes',
        ClientPropertyValue: '120000',
        ClientPropertyMortgage: '0',
        ClientPropertyDisregarded: 'No',
      },
      change: { ClientPropertyDisregarded: 'Yes' },
      part: (household) => household.capital,
      expected: 0,
    },
  ]);

  it('counts £5,000 or less as nothing, and never lets property in negative equity reduce savings', () => {
    const household = map({
      ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME,
      ClientCapitalBand: '£5,001 - £16,000',
      ClientCurrentCapital: '6000',
      ClientOtherProperty: 'Yes',
      ClientPropertyValue: '80000',
      ClientPropertyMortgage: '95000',
      ClientPropertyDisregarded: 'No',
    });
    expect(household.capital).toBe(6000);
    expect(map(SINGLE_PRIVATE_RENTER_WORKING_PART_TIME).capital).toBe(0);
  });

  it('rounds the 10% for selling down to the penny, in the household’s favour', () => {
    const household = map({
      ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME,
      ClientOtherProperty: 'Yes',
      ClientPropertyValue: '10000.05',
      ClientPropertyMortgage: '0',
      ClientPropertyDisregarded: 'No',
    });
    // 90% of £10,000.05 is £9,000.045.
    expect(household.capital).toBe(9000.04);
  });
});

describe('coverage', () => {
  it('has a test for every question the mapping reads', () => {
    expect(Object.keys(HOUSEHOLD_QUESTIONS).filter((name) => !covered.has(name))).toEqual([]);
    expect([...covered].filter((name) => !Object.hasOwn(HOUSEHOLD_QUESTIONS, name))).toEqual([]);
  });
});

describe('answers the household cannot do without', () => {
  it('names the question, never the answer, when one is missing or unreadable', () => {
    expect(() => map(without(SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, 'ClientDob'))).toThrow(
      new HouseholdMappingError('ClientDob', 'is not answered.'),
    );
    expect(() => map({ ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ClientDob: '1990-03-14' })).toThrow(
      'ClientDob: is not a dd/mm/yyyy date.',
    );
    expect(() => map({ ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ClientEarnings: null })).toThrow('ClientEarnings: is not answered.');
    expect(() => map({ ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ClientTenure: 'Caravan' })).toThrow(
      'ClientTenure: has an answer the household mapping does not know.',
    );
    expect(() => map({ ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, ClientPostcode: postcode('M1 1AD', '', '', '') })).toThrow(
      'ClientPostcode: has no country.',
    );
  });

  it('keeps a zero typed without a period as a weekly zero', () => {
    const household = map({
      ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME,
      ClientEarnings: { weekly: 0, monthly: null, yearly: null, period: '' },
    });
    expect(household.adults[0].earnings).toEqual({ amount: 0, period: 'WEEK', basis: 'NET' });
  });

  it('needs today as a real ISO date', () => {
    expect(() => householdFromAnswers(SINGLE_PRIVATE_RENTER_WORKING_PART_TIME, '21/11/2026')).toThrow(
      'today must be a real date written yyyy-mm-dd.',
    );
  });
});
