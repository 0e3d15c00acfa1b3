import { awardedAboveNil, benefitFacts, notEligible, type BenefitCalculator, type CalculationInput } from '../core/benefit.js';
import { attainsAge, formatIsoDate, fromDayNumber, parseIsoDate, toDayNumber } from '../../common/dates/calendar.js';
import { personalBenefitClaimants, type AdultFacts, type HouseholdFacts } from '../facts.js';
import { TAXABLE_OTHER_INCOME } from '../tax/adjusted-net-income.js';
import { convertPence, moneyIn, type Pence } from '../../common/money.js';

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

/** The rates a winter's payment is shared out by, each a parameter the ruleset's `rates` event names. */
interface ShareRates {
  lower: Pence;
  higher: Pence;
  lowerShared: Pence;
  higherSharedWithUnder80: Pence;
  higherSharedWith80OrOver: Pence;
  incomeThreshold: Pence;
}

function shareRates(parameters: CalculationInput['parameters'], names: Record<keyof ShareRates, string>): ShareRates {
  const rates = {} as ShareRates;
  for (const key of Object.keys(names) as (keyof ShareRates)[]) rates[key] = parameters.amount(names[key]);
  return rates;
}

/**
 * One person's share where two or more who qualify live together (SI 2000/729 reg 2(1)(b) and (2)(b); GOV.UK's table):
 * someone under 80 gets the lower share; someone 80 or over gets the higher rate less the other's share when living
 * with someone under 80, and half the higher rate when living with another person aged 80 or over.
 */
function shareAtHome(adult: AdultFacts, all: readonly AdultFacts[], rates: ShareRates, weekEnds: string, facts: HouseholdFacts): Pence {
  if (!aged80By(adult, weekEnds, facts)) return rates.lowerShared;
  const othersAged80 = all.some((other) => other !== adult && aged80By(other, weekEnds, facts));
  return othersAged80 ? rates.higherSharedWith80OrOver : rates.higherSharedWithUnder80;
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
  calculate({ facts, date, parameters, explanations, earlier, nationalName }, fired) {
    const benefit = nationalName ?? 'Winter Fuel Payment';
    const weekEnds = longDate(qualifyingWeekEnds(date));
    const qualifyingWeek = qualifyingWeekEnds(date);
    const paid = whoIsPaid(qualifyingPeople(facts, qualifyingWeek), pensionCreditPaid(earlier));
    const awaySentences = [
      ...paid.inHospital.map((adult) => explanations.say('hospital-more-than-a-year', { ...wordingFor(adult), benefit })),
      ...paid.inCareWithPensionCredit.map((adult) => explanations.say('care-home-pension-credit', { ...wordingFor(adult), benefit })),
    ];
    if (!fired.has('eligible'))
      return notEligible(
        fired
          .ofType('not-eligible')
          .map((rule) => explanations.say(String(rule.event.params.explanation), { qualifyingWeekEnds: weekEnds, benefit })),
      );

    // The nation's rates and shares, as the ruleset names them: Winter Fuel Payment's, or Scotland's Pension Age Winter
    // Heating Payment's, whose shares are rounded on their own (two shares can be 5p less than the household rate).
    const rates = shareRates(parameters, fired.first('rates')!.event.params as Record<keyof ShareRates, string>);
    const aged80 = fired.has('element', 'AGED_80_OR_OVER');
    const yearly = paid.atHome.length === 0 ? 0 : aged80 ? rates.higher : rates.lower;
    const atHomeShares =
      paid.atHome.length === 1
        ? [{ adult: paid.atHome[0]!, share: yearly }]
        : paid.atHome.map((adult, _, all) => ({ adult, share: shareAtHome(adult, all, rates, qualifyingWeek, facts) }));
    // One in residential care is not living with anyone: the share for their own age.
    const inCareShares = paid.inCare.map((adult) => ({
      adult,
      share: aged80By(adult, qualifyingWeek, facts) ? rates.higherSharedWith80OrOver : rates.lowerShared,
    }));
    const shares = [...atHomeShares, ...inCareShares];
    const household = sumOfShares(atHomeShares);
    const threshold = rates.incomeThreshold;
    const recovered = shares.filter(({ adult }) => taxableIncomeYearly(adult) > threshold);
    const kept = shares.filter((share) => !recovered.includes(share)).reduce((sum, { share }) => sum + share, 0);
    const explanation = [
      ...(atHomeShares.length ? [explanations.say('amount', { yearly: household, aged80, benefit })] : []),
      ...inCareShares.map(({ adult, share }) => explanations.say('care-home', { ...wordingFor(adult), share, benefit })),
      ...awaySentences,
    ];
    if (atHomeShares.length > 1)
      explanation.push(
        explanations.say('shared', { shares: atHomeShares.map(({ adult, share }) => ({ who: wordingFor(adult).who, share })) }),
      );
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
                weeklyPence: convertPence(household, 'YEAR', 'WEEK'),
                monthlyPence: convertPence(household, 'YEAR', 'MONTH'),
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
              weeklyPence: convertPence(sumOfShares(shares) - kept, 'YEAR', 'WEEK'),
              monthlyPence: convertPence(sumOfShares(shares) - kept, 'YEAR', 'MONTH'),
            },
          ]
        : [],
      explanation,
    };
  },
};
