import type { Country, Tenure } from '../household.js';
import { normaliseHousehold, type AdultInput, type ChildInput, type HouseholdInput } from '../core/normalise.js';
import { seededRandom } from './seeded-random.js';
import type { SampleHousehold } from './sample-households.js';

/**
 * The households of a policy change's impact (issue 30, point 5): made to look like real ones, so the examples a
 * policy officer reads are people who exist and the shares mean something. `sample-households.ts` stays the source
 * of random households for the property tests and the trial run, which need every odd case the API accepts.
 *
 * The proportions come from official statistics where they were read, each cited below; where a figure was not
 * found in an official text, the figure is marked ASSUMED and chosen to be plausible, never to favour a result:
 * - Nations: Great Britain's households, ONS, 'Housing, England and Wales: Census 2021' (England 23.4 million,
 *   Wales 1.3 million) and National Records of Scotland, 'Households and dwellings in Scotland, 2024' (2.55 million):
 *   England 85.9%, Scotland 9.4%, Wales 4.8% of Great Britain's. Northern Ireland ASSUMED 2.8% of the UK's (its
 *   share of the population), the others scaled to the rest.
 * - Household types: ONS, 'Families and households in the UK: 2022': one person 30%, couple families 57%, lone
 *   parent families 10%, other 3%. The split of couples with and without dependent children (27% and 30% of all
 *   households) and of one person households under and over State Pension age (55% and 45%) ASSUMED.
 * - Children in a family with children: one 45%, two 40%, three or four 15%: ASSUMED.
 * - Tenure: MHCLG, English Housing Survey 2024 to 2025, headline findings: owner occupiers 65% (36% outright, 29%
 *   with a mortgage), private renters 19%, social renters 16%; Scottish Government, Scottish Household Survey 2023:
 *   owners 63.5%, private 13%, social 22.5%; Wales and Northern Ireland ASSUMED as England's. Among working-age
 *   families with children and lone parents renting is more common: ASSUMED half as many owners again as renters.
 * - Work: ONS, 'Employment in the UK: May 2025': 75.0% of people aged 16 to 64 in work; of those, 26% part time
 *   (ONS, labour market commentary, January 2019: the latest official figure read); ONS, 'Employee earnings in the
 *   UK: 2024': median full-time pay £728 a week before tax. Pay is spread about the median (a quarter earn under
 *   two-thirds of it, a quarter over one and a half times): ASSUMED. Part-time pay: 8 to 29 hours at £12.21 to £18
 *   an hour: ASSUMED (the lowest is the National Living Wage for 2025 to 2026).
 * - Disability: DWP, Family Resources Survey 2023 to 2024: 25% of people report a disability. Of those, a
 *   disability benefit (PIP before State Pension age, Attendance Allowance after) is received by half: ASSUMED.
 * - Caring: DWP, Family Resources Survey 2023 to 2024: 8% of people provide informal care; 35 hours or more a week
 *   for a person getting a qualifying benefit for half of them: ASSUMED.
 * - Rents, savings and council tax bands: ASSUMED ranges (private rent £90 to £350 a week, social rent £75 to £160;
 *   savings none for half, under £6,000 for three in ten, to £16,000 for one in ten, more for one in ten).
 */

/** Each value with its weight (the weights sum to 1, or are scaled to). */
type Weighted<T> = readonly (readonly [T, number])[];

const NATIONS: Weighted<Country> = [
  ['ENGLAND', 0.859 * 0.972],
  ['SCOTLAND', 0.094 * 0.972],
  ['WALES', 0.048 * 0.972],
  ['NORTHERN_IRELAND', 0.028],
];

type Kind = 'single-working-age' | 'single-pension-age' | 'couple' | 'couple-with-children' | 'lone-parent' | 'with-another-adult';
const KINDS: Weighted<Kind> = [
  ['single-working-age', 0.3 * 0.55],
  ['single-pension-age', 0.3 * 0.45],
  ['couple', 0.3],
  ['couple-with-children', 0.27],
  ['lone-parent', 0.1],
  ['with-another-adult', 0.03],
];

const CHILDREN: Weighted<number> = [
  [1, 0.45],
  [2, 0.4],
  [3, 0.1],
  [4, 0.05],
];

const TENURES: Record<'ENGLAND' | 'SCOTLAND', Weighted<Tenure>> = {
  ENGLAND: [
    ['OWNER_OCCUPIER', 0.65],
    ['PRIVATE_RENT', 0.19],
    ['SOCIAL_RENT', 0.16],
  ],
  SCOTLAND: [
    ['OWNER_OCCUPIER', 0.635],
    ['PRIVATE_RENT', 0.13],
    ['SOCIAL_RENT', 0.235],
  ],
};

const IN_WORK = 0.75;
const PART_TIME = 0.26;
const MEDIAN_FULL_TIME_WEEKLY = 728;
const DISABLED = 0.25;
const CARING = 0.08;

/** Councils whose Band D and schemes are held, by nation (a council's figures are read as a result reads them). */
const COUNCILS: Record<Country, readonly string[]> = {
  ENGLAND: ['E09000033', 'E08000003', 'E06000043', 'E07000134', 'E08000025', 'E06000023', 'E08000035'],
  SCOTLAND: ['S12000036', 'S12000049'],
  WALES: ['W06000015', 'W06000011'],
  NORTHERN_IRELAND: ['N09000003'],
};

const BANDS: Weighted<'A' | 'B' | 'C' | 'D' | 'E' | 'F'> = [
  ['A', 0.24],
  ['B', 0.2],
  ['C', 0.22],
  ['D', 0.16],
  ['E', 0.11],
  ['F', 0.07],
];

/** `count` plausible households made as of `date`, the same for the same seed and date. */
export function plausibleSample(count: number, sampleSeed: number, date: string): SampleHousehold[] {
  const seeds = seededRandom(sampleSeed);
  return Array.from({ length: count }, () => {
    const seed = Math.floor(seeds() * 2 ** 31);
    const input = plausibleHousehold(seed, date);
    return { seed, date, input, household: normaliseHousehold(input) };
  });
}

/** One plausible household as of `date` (yyyy-mm-dd), from its seed. */
export function plausibleHousehold(seed: number, date: string): HouseholdInput {
  const random = seededRandom(seed);
  const chance = (probability: number) => random() < probability;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const weighted = <T>(items: Weighted<T>): T => {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let left = random() * total;
    for (const [item, weight] of items) if ((left -= weight) < 0) return item;
    return items[items.length - 1]![0];
  };
  const day = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(day)) throw new Error(`${date} is not a date written yyyy-mm-dd.`);
  const birthAt = (age: number) => new Date(day - (age + random() * 0.98) * 365.25 * 86_400_000).toISOString().slice(0, 10);

  const country = weighted(NATIONS);
  const kind = weighted(KINDS);
  const withChildren = kind === 'couple-with-children' || kind === 'lone-parent';
  const firstAge =
    kind === 'single-pension-age'
      ? between(67, 92)
      : withChildren
        ? between(20, 52)
        : kind === 'couple'
          ? between(20, 85)
          : between(18, 65);
  const ages = [firstAge];
  if (kind === 'couple' || kind === 'couple-with-children') ages.push(Math.max(18, firstAge + between(-5, 5)));

  const adult = (age: number): AdultInput => {
    const workingAge = age < 67;
    const disabled = chance(DISABLED * (workingAge ? 0.8 : 1.8));
    const works = workingAge ? !disabled && chance(IN_WORK / 0.8) : age < 75 && chance(0.1);
    const partTime = works && (chance(PART_TIME) || !workingAge);
    const hours = works ? (partTime ? between(8, 29) : between(35, 45)) : 0;
    // Full-time pay spread about the median; part-time pay by the hour.
    const weekly = works
      ? partTime
        ? Math.round(hours * (12.21 + random() * 5.79))
        : Math.round(MEDIAN_FULL_TIME_WEEKLY * Math.exp((random() + random() + random() - 1.5) * 0.7))
      : 0;
    const caring = workingAge && chance(CARING);
    return {
      dateOfBirth: birthAt(age),
      earnings: works ? { amount: weekly, period: 'WEEK', basis: 'GROSS' } : null,
      hoursPerWeek: hours,
      selfEmployment: null,
      otherIncome: workingAge ? [] : [{ type: 'STATE_PENSION', amount: between(18000, 23000) / 100, period: 'WEEK' }],
      benefitsReceived:
        disabled && chance(0.5)
          ? workingAge
            ? [{ type: 'PIP_DAILY_LIVING', rate: chance(0.5) ? 'STANDARD' : 'ENHANCED' }]
            : [{ type: 'ATTENDANCE_ALLOWANCE', rate: chance(0.6) ? 'LOWER' : 'HIGHER' }]
          : [],
      health: { lcwra: workingAge && disabled && !works && chance(0.6), lcwraBefore2026April: false, terminallyIll: false },
      caring: caring
        ? { hoursPerWeek: chance(0.5) ? between(35, 70) : between(5, 30), caredForGetsQualifyingBenefit: chance(0.7) }
        : { hoursPerWeek: 0, caredForGetsQualifyingBenefit: false },
      student: false,
    };
  };

  const children: ChildInput[] = withChildren
    ? Array.from({ length: weighted(CHILDREN) }, () => ({
        dateOfBirth: birthAt(between(0, Math.min(17, firstAge - 18))),
        disability: chance(0.06) ? (chance(0.7) ? 'LOWER' : 'HIGHER') : 'NONE',
        inNonAdvancedEducation: false,
      }))
    : [];

  const tenures = TENURES[country === 'SCOTLAND' ? 'SCOTLAND' : 'ENGLAND'];
  // Families with children and lone parents rent more often than households as a whole.
  const tenure = withChildren && chance(0.25) ? (chance(0.5) ? 'SOCIAL_RENT' : 'PRIVATE_RENT') : weighted(tenures);
  const renting = tenure !== 'OWNER_OCCUPIER';
  const band = weighted(BANDS);
  const household: HouseholdInput = {
    country,
    localAuthority: COUNCILS[country][between(0, COUNCILS[country].length - 1)]!,
    adults: ages.map(adult),
    children,
    nonDependants:
      kind === 'with-another-adult'
        ? [{ age: between(18, 30), grossIncome: { amount: between(0, 500), period: 'WEEK' }, exempt: false }]
        : [],
    housing: {
      tenure,
      rent: renting ? { amount: tenure === 'PRIVATE_RENT' ? between(90, 350) : between(75, 160), period: 'WEEK' } : null,
      serviceCharges: null,
      bedrooms: Math.min(4, Math.max(1, Math.ceil(children.length / 2) + 1)),
      councilTax: { band: country === 'NORTHERN_IRELAND' ? null : band, annualCharge: null, liable: true },
    },
    capital: weighted<number>([
      [0, 0.5],
      [between(100, 5999), 0.3],
      [between(6000, 16000), 0.1],
      [between(16001, 60000), 0.1],
    ]),
    childcareCosts: withChildren && children.length > 0 && chance(0.15) ? { amount: between(200, 900), period: 'MONTH' } : null,
  };
  return household;
}
