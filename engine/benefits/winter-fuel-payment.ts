import { benefitFacts, amountNotShown, notEligible, type BenefitCalculator } from '../core/benefit.js';
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
  reads: [],
  facts: benefitFacts({
    qualifyingPeopleCount: ({ facts, date }) => qualifyingPeople(facts, qualifyingWeekEnds(date)).length,
    someoneAged80InQualifyingWeek: ({ facts, date }) => {
      const weekEnds = qualifyingWeekEnds(date);
      return qualifyingPeople(facts, weekEnds).some((adult) => aged80By(adult, weekEnds, facts));
    },
    inScotland: ({ facts }) => facts.country === 'SCOTLAND',
  }),
  calculate({ facts, date, parameters, explanations }, fired) {
    const weekEnds = longDate(qualifyingWeekEnds(date));
    const notShown = fired.first('amount-not-shown');
    if (notShown) {
      return amountNotShown([explanations.say(String(notShown.event.params.explanation), { qualifyingWeekEnds: weekEnds })]);
    }
    if (!fired.has('eligible'))
      return notEligible(
        fired
          .ofType('not-eligible')
          .map((rule) => explanations.say(String(rule.event.params.explanation), { qualifyingWeekEnds: weekEnds })),
      );

    const lower = parameters.amount('gov/dwp/winter_fuel_payment/amount/lower');
    const aged80 = fired.has('element', 'AGED_80_OR_OVER');
    const yearly = aged80 ? parameters.amount('gov/dwp/winter_fuel_payment/amount/higher') : lower;
    const qualifyingWeek = qualifyingWeekEnds(date);
    const qualifying = qualifyingPeople(facts, qualifyingWeek);
    // Two who qualify share it: half the lower amount each, the rest to one who is 80 or over (SI 2000/729 reg 2).
    const half = scalePence(lower, 1, 2);
    const eldest = aged80 ? qualifying.findIndex((adult) => aged80By(adult, qualifyingWeek, facts)) : -1;
    const shares =
      qualifying.length === 1
        ? [{ adult: qualifying[0]!, share: yearly }]
        : qualifying.map((adult, index) => ({ adult, share: index === eldest ? yearly - half : half }));
    const threshold = parameters.amount('gov/dwp/winter_fuel_payment/income_threshold');
    const recovered = shares.filter(({ adult }) => taxableIncomeYearly(adult) > threshold);
    const kept = shares.filter((share) => !recovered.includes(share)).reduce((sum, { share }) => sum + share, 0);
    const explanation = [explanations.say('amount', { yearly, aged80 })];
    if (shares.length > 1) explanation.push(explanations.say('shared'));
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
        {
          code: aged80 ? 'AGED_80_OR_OVER' : 'HOUSEHOLD',
          name: aged80 ? 'Household with someone aged 80 or over' : 'Household',
          weeklyPence: convertPence(yearly, 'YEAR', 'WEEK'),
          monthlyPence: convertPence(yearly, 'YEAR', 'MONTH'),
        },
      ],
      deductions: recovered.length
        ? [
            {
              code: 'RECOVERED_THROUGH_TAX',
              name: 'Taken back through tax',
              weeklyPence: convertPence(yearly - kept, 'YEAR', 'WEEK'),
              monthlyPence: convertPence(yearly - kept, 'YEAR', 'MONTH'),
            },
          ]
        : [],
      explanation,
    };
  },
};
