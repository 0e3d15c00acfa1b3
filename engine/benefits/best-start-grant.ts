import { awardedAboveNil, benefitFacts, notEligibleOnce, paidOnce, type BenefitCalculator } from '../core/benefit.js';
import { attainsAge, dateInWords, daysInMonth, formatIsoDate, parseIsoDate } from '../../common/dates/calendar.js';
import type { ChildFacts, HouseholdFacts } from '../facts.js';
import { birthsOf, sixMonthsAfter, twentyFourWeeksPregnant, type Birth } from '../facts/births.js';

/** The qualifying benefits worked out here (SSI 2018/370 reg 11): Universal Credit, Pension Credit, Housing Benefit. */
const QUALIFYING: readonly { code: 'UNIVERSAL_CREDIT' | 'PENSION_CREDIT' | 'HOUSING_BENEFIT'; name: string }[] = [
  { code: 'UNIVERSAL_CREDIT', name: 'Universal Credit' },
  { code: 'PENSION_CREDIT', name: 'Pension Credit' },
  { code: 'HOUSING_BENEFIT', name: 'Housing Benefit' },
];

const isoAge = (child: ChildFacts, years: number, months = 0) => formatIsoDate(attainsAge(parseIsoDate(child.dateOfBirth)!, years, months));

/** Early Learning Payment: a child from their 2nd birthday to the day 6 months after their 3rd (sch 3 para 1(b)). */
export function earlyLearningChildren(facts: HouseholdFacts): ChildFacts[] {
  return facts.children.filter((child) => facts.date >= isoAge(child, 2) && facts.date <= isoAge(child, 3, 6));
}

/**
 * School Age Payment: a child old enough to start primary school in the August of the school year whose window is
 * open: born between 1 March and the end of February five and four years before, claimed from 1 June to the end of
 * the next February (sch 4 para 1). From March to May no window is open.
 */
export function schoolAgeChildren(facts: HouseholdFacts): ChildFacts[] {
  const { year, month } = parseIsoDate(facts.date)!;
  if (month >= 3 && month <= 5) return [];
  const starts = month >= 6 ? year : year - 1;
  const bornFrom = `${starts - 5}-03-01`;
  const bornBefore = `${starts - 4}-03-01`;
  return facts.children.filter((child) => child.dateOfBirth >= bornFrom && child.dateOfBirth < bornBefore);
}

/** The end of the School Age Payment's window this school year: the last day of the February after it opened. */
function schoolAgeWindowCloses(date: string): string {
  const { year, month } = parseIsoDate(date)!;
  const closes = month >= 6 ? year + 1 : year;
  return formatIsoDate({ year: closes, month: 2, day: daysInMonth(closes, 2) });
}

/**
 * The Pregnancy and Baby Payment's births: babies born in the last 6 months, and a pregnancy of 24 weeks or more (a
 * pregnancy not yet at 24 weeks is named, with the day a claim opens, but not paid yet).
 */
function pregnancyAndBabyBirths(facts: HouseholdFacts): { payable: Birth[]; later: Birth[] } {
  const births = birthsOf(facts);
  return {
    payable: births.filter((birth) => birth.kind === 'BORN' || facts.date >= twentyFourWeeksPregnant(birth.date)),
    later: births.filter((birth) => birth.kind === 'EXPECTED' && facts.date < twentyFourWeeksPregnant(birth.date)),
  };
}

/**
 * Best Start Grant (Early Years Assistance (Best Start Grants) (Scotland) Regulations 2018, SSI 2018/370): three
 * lump sums from Social Security Scotland to a family that gets a qualifying benefit (or a parent under 18): the
 * Pregnancy and Baby Payment (the higher amount for the first baby of a family with no other child under 16, the
 * lower for each other baby), the Early Learning Payment and the School Age Payment for each child of the right age.
 */
export const bestStartGrant: BenefitCalculator = {
  code: 'BEST_START_GRANT',
  name: 'Best Start Grant',
  folder: 'best-start-grant',
  system: 'BOTH',
  meansTested: false,
  reads: ['UNIVERSAL_CREDIT', 'PENSION_CREDIT', 'HOUSING_BENEFIT', 'SCOTTISH_CHILD_PAYMENT'],
  facts: benefitFacts({
    inScotland: ({ facts }) => facts.country === 'SCOTLAND',
    getsQualifyingBenefit: ({ earlier }) => QUALIFYING.some(({ code }) => awardedAboveNil(earlier.get(code))),
    claimantUnder18: ({ facts }) => facts.claimant.age < 18,
    pregnancyAndBabyCount: ({ facts }) => pregnancyAndBabyBirths(facts).payable.length,
    earlyLearningCount: ({ facts }) => earlyLearningChildren(facts).length,
    schoolAgeCount: ({ facts }) => schoolAgeChildren(facts).length,
    pregnancyUnder24Weeks: ({ facts }) => pregnancyAndBabyBirths(facts).later.length > 0,
  }),
  calculate({ facts, parameters, explanations, earlier }, fired) {
    const { later } = pregnancyAndBabyBirths(facts);
    const laterSentences = fired.has('note')
      ? later.map((birth) => explanations.say('pregnancy-later', { opens: dateInWords(twentyFourWeeksPregnant(birth.date)) }))
      : [];
    if (!fired.has('eligible'))
      return notEligibleOnce([
        ...fired.ofType('not-eligible').map((rule) => explanations.say(String(rule.event.params.explanation))),
        ...laterSentences,
      ]);
    const parts: { code: string; name: string; lumpSumPence: number }[] = [];
    const explanation: string[] = [];
    const benefit = QUALIFYING.find(({ code }) => awardedAboveNil(earlier.get(code)))?.name ?? null;
    explanation.push(explanations.say('qualifies', { benefit }));

    if (fired.has('element', 'PREGNANCY_AND_BABY')) {
      const higher = parameters.amount('gov/social_security_scotland/best_start_grant/pregnancy_and_baby/higher');
      const lower = parameters.amount('gov/social_security_scotland/best_start_grant/pregnancy_and_baby/lower');
      for (const birth of pregnancyAndBabyBirths(facts).payable) {
        // The higher amount for a first baby only where no other child under 16 is in the household (sch 2 para 2).
        const first = birth.otherChildrenUnder16.length === 0;
        const total = (first ? higher : lower) + lower * (birth.babies - 1);
        parts.push({
          code: 'PREGNANCY_AND_BABY',
          name: `Pregnancy and Baby Payment: ${birth.kind === 'EXPECTED' ? `due ${dateInWords(birth.date)}` : `born ${dateInWords(birth.date)}`}`,
          lumpSumPence: total,
        });
        explanation.push(
          explanations.say('pregnancy-and-baby', {
            first,
            higher,
            lower,
            several: birth.babies > 1,
            total,
            closes: birth.kind === 'BORN' ? dateInWords(sixMonthsAfter(birth)) : null,
          }),
        );
      }
    }
    if (fired.has('element', 'EARLY_LEARNING')) {
      const amount = parameters.amount('gov/social_security_scotland/best_start_grant/early_learning');
      for (const child of earlyLearningChildren(facts)) {
        parts.push({
          code: 'EARLY_LEARNING',
          name: `Early Learning Payment: child born ${dateInWords(child.dateOfBirth)}`,
          lumpSumPence: amount,
        });
        explanation.push(explanations.say('early-learning', { amount, closes: dateInWords(isoAge(child, 3, 6)) }));
      }
    }
    if (fired.has('element', 'SCHOOL_AGE')) {
      const amount = parameters.amount('gov/social_security_scotland/best_start_grant/school_age');
      for (const child of schoolAgeChildren(facts)) {
        parts.push({ code: 'SCHOOL_AGE', name: `School Age Payment: child born ${dateInWords(child.dateOfBirth)}`, lumpSumPence: amount });
        explanation.push(explanations.say('school-age', { amount, closes: dateInWords(schoolAgeWindowCloses(facts.date)) }));
      }
    }
    if (awardedAboveNil(earlier.get('SCOTTISH_CHILD_PAYMENT')) && parts.some((part) => part.code !== 'PREGNANCY_AND_BABY'))
      explanation.push(explanations.say('automatic'));
    return paidOnce(parts, [...explanation, ...laterSentences]);
  },
};
