import {
  amountNotShown,
  awardedAboveNil,
  benefitFacts,
  notEligible,
  type BenefitCalculator,
  type CalculationInput,
} from '../core/benefit.js';
import { attainsAge, formatIsoDate, fromDayNumber, parseIsoDate, toDayNumber } from '../../common/dates/calendar.js';
import { personalBenefitClaimants, type AdultFacts, type HouseholdFacts } from '../facts.js';
import { TAXABLE_OTHER_INCOME } from '../tax/adjusted-net-income.js';
import { convertPence, moneyIn, scalePence, type Pence } from '../../common/money.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * The last day (a Sunday) of the qualifying week of the winter of the tax year `date` falls in: the week beginning
 * on the third Monday in September (SI 2000/729 reg 1(2)).
 */
export function qualifyingWeekEnds(date: string): string {
  let weekEnds = weekEndsByDate.get(date);
  if (weekEnds === undefined) {
    // A batch asks about a few dates at most; the map is emptied if it ever holds more.
    if (weekEndsByDate.size >= 4096) weekEndsByDate.clear();
    weekEnds = workOutQualifyingWeekEnds(date);
    weekEndsByDate.set(date, weekEnds);
  }
  return weekEnds;
}

/** qualifyingWeekEnds by date asked: read several times for every household, so worked out once per date. */
const weekEndsByDate = new Map<string, string>();

function workOutQualifyingWeekEnds(date: string): string {
  const on = parseIsoDate(date)!;
  const year = date.slice(5) >= '04-06' ? on.year : on.year - 1;
  const first = toDayNumber({ year, month: 9, day: 1 });
  // Day numbers count from 1 January 1970, a Thursday: (n + 3) % 7 is 0 on a Monday.
  const firstMonday = first + ((7 - ((first + 3) % 7)) % 7);
  return formatIsoDate(fromDayNumber(firstMonday + 14 + 6));
}

const longDate = (iso: string) => {
  const { year, month, day } = parseIsoDate(iso)!;
  return `${day} ${MONTHS[month - 1]} ${year}`;
};

function qualifies(adult: AdultFacts, weekEnds: string): boolean {
  return adult.statePensionDate <= weekEnds;
}

/**
 * In residential care for the qualifying week: living in a care home throughout it and the 12 weeks before (SI
 * 2000/729 reg 1(3)(a), kept by SI 2025/969). Taken as a care home stay of more than 6 months at the date asked; a
 * shorter one is not counted, as one that began within the 13 weeks would not be.
 */
function inResidentialCare(adult: AdultFacts): boolean {
  const away = adult.adult.awayFromHome;
  return away?.reason === 'CARE_HOME' && away.moreThanSixMonths;
}

/** Getting free in-patient treatment for more than 52 weeks: no Winter Fuel Payment (SI 2000/729 reg 3(1)(a)(ii)). */
function inHospitalMoreThanAYear(adult: AdultFacts): boolean {
  const away = adult.adult.awayFromHome;
  return away?.reason === 'HOSPITAL' && away.moreThanFiftyTwoWeeks === true;
}

/**
 * Who of those who qualify is paid, and how: the ones at home share the household amount; one in residential care is
 * paid half the rate for their own age (SI 2000/729 reg 2(1)(b)(ii)(bb) and (2)(b)(ii)), or nothing when Pension
 * Credit is paid to them (reg 3(1)(a)(iv)); one in hospital more than a year nothing. Pension Credit is paid to the
 * claimant, so only the claimant's care home stay meets it.
 */
function whoIsPaid(qualifying: readonly AdultFacts[], pensionCreditPaid: boolean) {
  const notPaid = (adult: AdultFacts) =>
    inHospitalMoreThanAYear(adult) || (inResidentialCare(adult) && pensionCreditPaid && adult.role === 'CLAIMANT');
  const paid = qualifying.filter((adult) => !notPaid(adult));
  return {
    atHome: paid.filter((adult) => !inResidentialCare(adult)),
    inCare: paid.filter(inResidentialCare),
    inCareWithPensionCredit: qualifying.filter((adult) => inResidentialCare(adult) && notPaid(adult)),
    inHospital: qualifying.filter(inHospitalMoreThanAYear),
  };
}

/** The words the explanations need for the claimant or the partner. */
const wordingFor = (adult: AdultFacts) =>
  adult.role === 'CLAIMANT'
    ? { who: 'You', live: 'live', have: 'have', get: 'get', them: 'you' }
    : { who: 'Your partner', live: 'lives', have: 'has', get: 'gets', them: 'them' };

const sumOfShares = (shares: readonly { share: Pence }[]): Pence => shares.reduce((sum, { share }) => sum + share, 0);

const pensionCreditPaid = (earlier: CalculationInput['earlier']) => awardedAboveNil(earlier.get('PENSION_CREDIT'));

/** The adults who qualify: State Pension age reached by the end of the qualifying week. */
function qualifyingPeople(facts: HouseholdFacts, weekEnds: string): AdultFacts[] {
  return personalBenefitClaimants(facts).filter((adult) => qualifies(adult, weekEnds));
}

function aged80By(adult: AdultFacts, weekEnds: string, facts: HouseholdFacts): boolean {
  if (adult.dateOfBirth) return formatIsoDate(attainsAge(parseIsoDate(adult.dateOfBirth)!, 80)) <= weekEnds;
  // With only an age, 80 or over on the date asked is taken as 80 in the qualifying week only if it was already so then.
  return adult.age >= 81 || (adult.age === 80 && facts.date <= weekEnds);
}

function taxableIncomeYearly(adult: AdultFacts): Pence {
  return (
    moneyIn(adult.adult.earnings, 'YEAR') +
    moneyIn(adult.adult.selfEmployment?.profit, 'YEAR') +
    adult.adult.otherIncome
      .filter((income) => TAXABLE_OTHER_INCOME.includes(income.type))
      .reduce((sum, income) => sum + moneyIn(income, 'YEAR'), 0)
  );
}

/** Winter Fuel Payment (SI 2000/729): a yearly household amount, shared between two who qualify, less what HMRC recovers. */
export const winterFuelPayment: BenefitCalculator = {
  code: 'WINTER_FUEL_PAYMENT',
  name: 'Winter Fuel Payment',
  folder: 'winter-fuel-payment',
  system: 'BOTH',
  meansTested: false,
  reads: ['PENSION_CREDIT'],
  facts: benefitFacts({
    qualifyingPeopleCount: ({ facts, date }) => qualifyingPeople(facts, qualifyingWeekEnds(date)).length,
    peoplePaidCount: ({ facts, date, earlier }) => {
      const { atHome, inCare } = whoIsPaid(qualifyingPeople(facts, qualifyingWeekEnds(date)), pensionCreditPaid(earlier));
      return atHome.length + inCare.length;
    },
    someoneAged80InQualifyingWeek: ({ facts, date, earlier }) => {
      const weekEnds = qualifyingWeekEnds(date);
      return whoIsPaid(qualifyingPeople(facts, weekEnds), pensionCreditPaid(earlier)).atHome.some((adult) =>
        aged80By(adult, weekEnds, facts),
      );
    },
    inScotland: ({ facts }) => facts.country === 'SCOTLAND',
  }),
  calculate({ facts, date, parameters, explanations, earlier }, fired) {
    const weekEnds = longDate(qualifyingWeekEnds(date));
    const notShown = fired.first('amount-not-shown');
    if (notShown) {
      return amountNotShown([explanations.say(String(notShown.event.params.explanation), { qualifyingWeekEnds: weekEnds })]);
    }
    const qualifyingWeek = qualifyingWeekEnds(date);
    const paid = whoIsPaid(qualifyingPeople(facts, qualifyingWeek), pensionCreditPaid(earlier));
    const awaySentences = [
      ...paid.inHospital.map((adult) => explanations.say('hospital-more-than-a-year', wordingFor(adult))),
      ...paid.inCareWithPensionCredit.map((adult) => explanations.say('care-home-pension-credit', wordingFor(adult))),
    ];
    if (!fired.has('eligible'))
      return notEligible(
        fired
          .ofType('not-eligible')
          .map((rule) => explanations.say(String(rule.event.params.explanation), { qualifyingWeekEnds: weekEnds })),
      );

    const lower = parameters.amount('gov/dwp/winter_fuel_payment/amount/lower');
    const higher = parameters.amount('gov/dwp/winter_fuel_payment/amount/higher');
    const aged80 = fired.has('element', 'AGED_80_OR_OVER');
    const yearly = paid.atHome.length === 0 ? 0 : aged80 ? higher : lower;
    // Two at home who qualify share it: half the lower amount each, the rest to one who is 80 or over (SI 2000/729 reg 2).
    const half = scalePence(lower, 1, 2);
    const eldest = aged80 ? paid.atHome.findIndex((adult) => aged80By(adult, qualifyingWeek, facts)) : -1;
    const atHomeShares =
      paid.atHome.length === 1
        ? [{ adult: paid.atHome[0]!, share: yearly }]
        : paid.atHome.map((adult, index) => ({ adult, share: index === eldest ? yearly - half : half }));
    // One in residential care is not living with anyone: half the rate for their own age.
    const inCareShares = paid.inCare.map((adult) => ({
      adult,
      share: scalePence(aged80By(adult, qualifyingWeek, facts) ? higher : lower, 1, 2),
    }));
    const shares = [...atHomeShares, ...inCareShares];
    const threshold = parameters.amount('gov/dwp/winter_fuel_payment/income_threshold');
    const recovered = shares.filter(({ adult }) => taxableIncomeYearly(adult) > threshold);
    const kept = shares.filter((share) => !recovered.includes(share)).reduce((sum, { share }) => sum + share, 0);
    const explanation = [
      ...(atHomeShares.length ? [explanations.say('amount', { yearly, aged80 })] : []),
      ...inCareShares.map(({ adult, share }) => explanations.say('care-home', { ...wordingFor(adult), share })),
      ...awaySentences,
    ];
    if (atHomeShares.length > 1) explanation.push(explanations.say('shared'));
    if (recovered.length === shares.length && shares.length === 1) explanation.push(explanations.say('all-recovered', { threshold }));
    else
      for (const { adult, share } of recovered)
        explanation.push(explanations.say('recovered', { who: adult.role === 'CLAIMANT' ? 'Your' : "Your partner's", threshold, share }));
    const figures = { weeklyPence: convertPence(kept, 'YEAR', 'WEEK'), monthlyPence: convertPence(kept, 'YEAR', 'MONTH') };
    return {
      eligible: true,
      amountShown: true,
      ...figures,
      elements: [
        ...(atHomeShares.length
          ? [
              {
                code: aged80 ? 'AGED_80_OR_OVER' : 'HOUSEHOLD',
                name: aged80 ? 'Household with someone aged 80 or over' : 'Household',
                weeklyPence: convertPence(yearly, 'YEAR', 'WEEK'),
                monthlyPence: convertPence(yearly, 'YEAR', 'MONTH'),
              },
            ]
          : []),
        ...inCareShares.map(({ share }) => ({
          code: 'IN_A_CARE_HOME',
          name: 'Someone living in a care home (half the rate)',
          weeklyPence: convertPence(share, 'YEAR', 'WEEK'),
          monthlyPence: convertPence(share, 'YEAR', 'MONTH'),
        })),
      ],
      deductions: recovered.length
        ? [
            {
              code: 'RECOVERED_THROUGH_TAX',
              name: 'Taken back through tax',
              weeklyPence: convertPence(yearly + sumOfShares(inCareShares) - kept, 'YEAR', 'WEEK'),
              monthlyPence: convertPence(yearly + sumOfShares(inCareShares) - kept, 'YEAR', 'MONTH'),
            },
          ]
        : [],
      explanation,
    };
  },
};
