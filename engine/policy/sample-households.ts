import {
  BENEFIT_RATES,
  COUNCIL_TAX_BANDS,
  COUNTRIES,
  HOUSING_TENURES,
  OTHER_INCOME_TYPES,
  REASONS_AWAY_FROM_HOME,
  SHARED_ACCOMMODATION_EXCEPTIONS,
  TWO_CHILD_LIMIT_EXCEPTIONS,
  type BenefitReceived,
  type BenefitReceivedType,
  type Country,
  type Money,
} from '../household.js';
import { addDays } from '../../common/dates/calendar.js';
import { MONEY_PERIODS } from '../../common/money.js';
import { normaliseHousehold, type AdultInput, type ChildInput, type HouseholdInput } from '../core/normalise.js';
import type { Household } from '../household.js';
import { seededRandom } from './seeded-random.js';
import { hasReachedStatePensionAge } from '../facts.js';

/**
 * Random valid households (as the calculation API accepts them) with a random date in the rates held, for the
 * property tests, the benchmarks and a policy change's impact. Seeded, so a household can be made again from its seed.
 */

const AUTHORITIES: Record<Country, (string | undefined)[]> = {
  ENGLAND: ['E09000033', 'E08000003', 'E06000043', 'E07000134', undefined],
  SCOTLAND: ['S12000036', 'S12000049', undefined],
  WALES: ['W06000015', 'W06000011', undefined],
  NORTHERN_IRELAND: ['N09000003', undefined],
};
const BRMAS = ['Brighton and Hove', 'Central Greater Manchester', 'Inner North London', 'Outer South East London', 'Cardiff', 'Lothian'];
const FIRST_DAY = Date.UTC(2025, 3, 7);
const LAST_DAY = Date.UTC(2027, 2, 31);
const DAY = 86_400_000;

export interface RandomHousehold {
  seed: number;
  date: string;
  household: HouseholdInput;
}

export function randomHouseholds(count: number, firstSeed = 1, options: { rare?: boolean } = {}): RandomHousehold[] {
  return Array.from({ length: count }, (_, index) => randomHousehold(firstSeed + index, undefined, options));
}

/** A generated household of a sample, ready for the engine. */
export interface SampleHousehold {
  /** `randomHousehold(seed, date)` makes it again. */
  seed: number;
  date: string;
  input: HouseholdInput;
  household: Household;
}

/**
 * `count` households for a policy change's impact, the same every time for the same `sampleSeed` (and date). Each
 * household's own seed is drawn from the sample's seed, so two samples' households do not overlap the way
 * consecutive seeds would. With `date`, every household is made as of that day (ages and children's births are
 * counted back from it), so all of them can be worked out on it; without, each has its generated date.
 */
export function sampleHouseholds(count: number, sampleSeed: number, date?: string): SampleHousehold[] {
  const seeds = seededRandom(sampleSeed);
  return Array.from({ length: count }, () => {
    const seed = Math.floor(seeds() * 2 ** 31);
    const made = randomHousehold(seed, date);
    return { seed, date: made.date, input: made.household, household: normaliseHousehold(made.household) };
  });
}

/**
 * A random household; with `date`, made as of that day instead of a random day in the rates held. With `rare`, the
 * circumstances few households have are drawn too (a partner who may not claim or is away from home, a young claimant's
 * cases, the shared accommodation rate's exceptions, a carer paid for looking after someone, the benefit cap's grace
 * period, the two-child limit's exceptions, a student's assessment periods), from a stream of their own, so that the
 * rest of the household is the one the seed makes without them and a policy change's sample stays as it was.
 */
export function randomHousehold(seed: number, date?: string, { rare = false }: { rare?: boolean } = {}): RandomHousehold {
  const random = seededRandom(seed);
  const chance = (probability: number) => random() < probability;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const pounds = (high: number) => between(0, high * 100) / 100;
  const money = (high: number): Money => ({ amount: pounds(high), period: pick(MONEY_PERIODS) });
  const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

  // Drawn even when a date is given, so the rest of the household is the one the seed makes without it.
  const drawnTime = FIRST_DAY + between(0, (LAST_DAY - FIRST_DAY) / DAY) * DAY;
  const dateTime = date === undefined ? drawnTime : Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(dateTime)) throw new Error(`${date} is not a date written yyyy-mm-dd.`);
  const yearsBefore = (years: number) => dateTime - years * 365.25 * DAY;
  const country = pick(COUNTRIES);

  const benefit = (): BenefitReceived => {
    const type = pick(Object.keys(BENEFIT_RATES) as BenefitReceivedType[]);
    const rates: readonly string[] = BENEFIT_RATES[type];
    return (rates.length > 0 ? { type, rate: pick(rates) } : { type }) as BenefitReceived;
  };
  const adult = (): AdultInput => {
    const lcwra = chance(0.15);
    const employed = chance(0.5);
    const birth = isoDay(between(yearsBefore(95), yearsBefore(18.1)));
    // A few claimants of 16 or 17 (the rules for young people), so every rule is reached by the differential test.
    const age = chance(0.02) ? between(16, 17) : between(18, 95);
    return {
      ...(age >= 18 && chance(0.9) ? { dateOfBirth: birth } : { age }),
      earnings: employed ? { ...money(pick([300, 1500, 4000])), basis: pick(['NET', 'GROSS'] as const) } : null,
      hoursPerWeek: employed ? between(1, 60) : 0,
      selfEmployment: chance(0.1) ? { profit: money(3000), startUpPeriod: chance(0.5) } : null,
      otherIncome: Array.from({ length: between(0, 2) }, () => ({ type: pick(OTHER_INCOME_TYPES), ...money(400) })),
      benefitsReceived: Array.from({ length: between(0, 2) }, benefit),
      health: { lcwra, lcwraBefore2026April: lcwra && chance(0.5), terminallyIll: chance(0.03) },
      caring: chance(0.15)
        ? { hoursPerWeek: between(1, 80), caredForGetsQualifyingBenefit: chance(0.7) }
        : { hoursPerWeek: 0, caredForGetsQualifyingBenefit: false },
      student: chance(0.05),
    };
  };
  const child = (): ChildInput => {
    const birth = isoDay(between(yearsBefore(19.9), dateTime - DAY));
    return {
      dateOfBirth: birth,
      ...(chance(0.8) ? { sex: pick(['FEMALE', 'MALE'] as const) } : {}),
      disability: pick(['NONE', 'NONE', 'NONE', 'LOWER', 'HIGHER'] as const),
      inNonAdvancedEducation: chance(0.5),
    };
  };
  const tenure = pick(HOUSING_TENURES);
  const renting = ['PRIVATE_RENT', 'SOCIAL_RENT', 'TEMPORARY_ACCOMMODATION', 'SUPPORTED_ACCOMMODATION', 'SHARED_OWNERSHIP'].includes(
    tenure,
  );
  const household: HouseholdInput = {
    country,
    ...(() => {
      const authority = pick(AUTHORITIES[country]);
      return authority ? { localAuthority: authority } : {};
    })(),
    adults: Array.from({ length: chance(0.4) ? 2 : 1 }, adult),
    children: Array.from({ length: pick([0, 0, 1, 2, 3, 4]) }, child),
    nonDependants: Array.from({ length: pick([0, 0, 0, 1, 2]) }, () => ({
      age: between(16, 80),
      grossIncome: money(800),
      exempt: chance(0.3),
    })),
    housing: {
      tenure,
      // Now and then a tenant who has not said the rent (the rules say why no housing costs are worked out).
      rent: renting && !chance(0.03) ? { amount: pounds(2500), period: pick(MONEY_PERIODS) } : null,
      serviceCharges: renting && chance(0.2) ? money(200) : null,
      bedrooms: renting || tenure === 'OWNER_OCCUPIER' ? between(0, 5) : null,
      councilTax: {
        band:
          country === 'NORTHERN_IRELAND' || chance(0.1)
            ? null
            : pick(COUNCIL_TAX_BANDS.filter((band) => band !== 'I' || country === 'WALES')),
        annualCharge: chance(0.1) ? pounds(4000) : null,
        liable: chance(0.9),
      },
      ...(renting && chance(0.3) ? { brma: pick(BRMAS) } : {}),
    },
    capital: pick([0, 0, pounds(6000), pounds(20000), pounds(100000)]),
    childcareCosts: chance(0.15) ? money(1500) : null,
  };
  if (rare) addRareCircumstances(household, isoDay(dateTime), seededRandom(seed * 7_919 + 104_729));
  return { seed, date: isoDay(dateTime), household };
}

/** The circumstances few households have, each now and then, only where the calculation API accepts them. */
function addRareCircumstances(household: HouseholdInput, date: string, random: () => number): void {
  const chance = (probability: number) => random() < probability;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const [claimant, partner] = household.adults;
  if (chance(0.3)) claimant!.sharedAccommodationException = pick(SHARED_ACCOMMODATION_EXCEPTIONS);
  if (claimant!.age !== undefined && claimant!.age < 18 && chance(0.6))
    claimant!.under18 = { withoutParentalSupport: chance(0.5), pregnantOrRecentBirth: chance(0.3), careLeaver: chance(0.3) };
  for (const adult of household.adults) if (chance(0.08)) adult.carerGetsCarersAllowance = true;
  // Only the partner may be either, at any ages; a single claimant under State Pension age may be away (in prison,
  // sometimes after getting Universal Credit just before).
  if (!partner && !hasReachedStatePensionAge(claimant!, date) && chance(0.1)) {
    const reason = pick(REASONS_AWAY_FROM_HOME);
    const moreThanSixMonths = chance(0.5);
    claimant!.awayFromHome = {
      reason,
      moreThanSixMonths,
      ...(reason !== 'PRISON' && !moreThanSixMonths && chance(0.5) ? { moreThanFourWeeks: true } : {}),
      // In hospital or a care home more than 52 weeks or for good: no Council Tax Reduction for the home left.
      ...(reason !== 'PRISON' && moreThanSixMonths && chance(0.5) ? { moreThanFiftyTwoWeeks: true } : {}),
    };
    if (reason === 'PRISON' && chance(0.7)) household.benefitsClaimed = ['UNIVERSAL_CREDIT'];
  }
  // A single claimant over it may be in hospital or a care home (not prison: not worked out yet), sometimes for good,
  // sometimes paying the care home's fees themselves.
  if (!partner && hasReachedStatePensionAge(claimant!, date) && chance(0.1)) {
    const reason = chance(0.5) ? 'HOSPITAL' : 'CARE_HOME';
    const moreThanSixMonths = chance(0.5);
    claimant!.awayFromHome = {
      reason,
      moreThanSixMonths,
      ...(!moreThanSixMonths && chance(0.5) ? { moreThanFourWeeks: true } : {}),
      ...(moreThanSixMonths && chance(0.5) ? { moreThanFiftyTwoWeeks: true } : {}),
      ...(reason === 'CARE_HOME' && chance(0.4) ? { paysOwnCareHomeFees: true } : {}),
    };
  }
  const bothPensionAge = partner !== undefined && hasReachedStatePensionAge(claimant!, date) && hasReachedStatePensionAge(partner, date);
  if (partner) {
    const draw = random();
    if (draw < 0.08) partner.subjectToImmigrationControl = true;
    else if (draw < 0.16) {
      const reason = pick(REASONS_AWAY_FROM_HOME);
      const moreThanSixMonths = chance(0.5);
      // Over State Pension age, away more than 52 weeks or for good: not a member of the household.
      const moreThanFiftyTwoWeeks = bothPensionAge && moreThanSixMonths && chance(0.5);
      partner.awayFromHome = {
        reason,
        moreThanSixMonths,
        ...(reason !== 'PRISON' && !moreThanSixMonths && chance(0.5) ? { moreThanFourWeeks: true } : {}),
        ...(moreThanFiftyTwoWeeks ? { moreThanFiftyTwoWeeks: true } : {}),
      };
    }
  }
  if (chance(0.08)) household.benefitCapGracePeriod = true;
  for (const child of household.children ?? []) if (chance(0.1)) child.twoChildLimitException = pick(TWO_CHILD_LIMIT_EXCEPTIONS);
  for (const adult of household.adults)
    for (const income of adult.otherIncome ?? [])
      if (income.type === 'STUDENT_INCOME' && income.period === 'YEAR' && chance(0.6))
        income.assessmentPeriods = 1 + Math.floor(random() * 12);
  // A pregnancy due from 5 months before the date to 40 weeks after it, sometimes twins.
  if (chance(0.12)) household.expectingBaby = { dueDate: addDays(date, Math.floor(random() * 430) - 150), babies: chance(0.15) ? 2 : 1 };
  if (chance(0.08)) {
    const relationship = pick(FUNERAL_RELATIONSHIPS);
    household.funeral = {
      // Someone whose partner died is single: a couple pays for another's funeral.
      relationship: relationship === 'PARTNER' && household.adults.length > 1 ? 'CLOSE_RELATIVE' : relationship,
      closerFamilyNotOnBenefits: relationship !== 'PARTNER' && relationship !== 'CHILD' && chance(0.3),
      prepaidPlan: chance(0.2),
      ...(chance(0.8) ? { necessaryCosts: 500 + Math.floor(random() * 2500) } : {}),
      otherCosts: Math.floor(random() * 3000),
      moneyAvailable: chance(0.3) ? Math.floor(random() * 3000) : 0,
    };
  }
  // A foster parent's additional bedroom (UC Regs 2013 sch 4 para 12(1)(b)).
  if (chance(0.05)) household.housing.fosterParent = true;
  if (chance(0.05)) household.housing.overnightCarer = true;
  // A young student below degree level without parental support (UC Regs 2013 reg 14(1)(a)).
  for (const adult of household.adults) if (adult.student && chance(0.4)) adult.nonAdvancedCourseWithoutParentalSupport = true;
  // Pension contributions and Gift Aid, which matter only near the High Income Child Benefit Charge.
  for (const adult of household.adults) {
    if (chance(0.1)) adult.pensionContributions = { amount: Math.floor(random() * 400), period: 'MONTH' };
    if (chance(0.05)) adult.giftAid = { amount: Math.floor(random() * 100), period: 'MONTH' };
  }
}

const FUNERAL_RELATIONSHIPS = ['PARTNER', 'CHILD', 'CLOSE_RELATIVE', 'CLOSE_FRIEND'] as const;
