import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { BENEFIT_CALCULATORS } from '../benefits/index.js';
import { loadCouncilTaxDataFrom } from '../benefits/council-tax-reduction-data.js';
import { CalculationOutOfRangeError, EntitlementEngine } from '../core/entitlement-engine.js';
import { LHA_MONTHLY_TABLE } from '../local-housing-allowance.js';
import { figuresAt } from '../core/system-figures.js';
import type { Household } from '../household.js';
import { loadBenefit, loadEntitlementEngine, loadLocalHousingAllowance, readFilesUnder, RULESETS_DIR } from '../load.js';
import { loadParameterSet } from '../parameters/parameter-set.js';
import { diskFiles } from '../source-files.js';
import { normaliseHousehold } from '../core/normalise.js';
import { applyChangeSet } from './edits.js';
import { newYearEdits } from './new-year.js';
import { plausibleHousehold, plausibleSample } from './plausible-households.js';
import { DISCLOSURE_CONTROL, type Figure } from '../../common/disclosure-control.js';
import {
  ControlledImpactTally,
  describeHousehold,
  impactDateNotes,
  IMPACT_BANDS,
  impactBandOf,
  changeOf,
  ImpactTally,
  medianOf,
  missingInWords,
  sampleImpact,
  sampleImpactInChunks,
} from './impact.js';
import { randomHousehold, sampleHouseholds } from './sample-households.js';

const DATE = '2026-06-01';
const published = loadEntitlementEngine();

/** The published rules with some parameters' every value raised (pence, or basis points for a rate). */
function draftRaising(raises: Record<string, number>): EntitlementEngine {
  const files = readFilesUnder(join(RULESETS_DIR, 'parameters')).map((file) => {
    const raise = raises[file.path.replace(/\.json$/, '')];
    if (raise === undefined) return file;
    const json = JSON.parse(file.text);
    for (const value of json.values) value.value += raise;
    return { ...file, text: JSON.stringify(json) };
  });
  expect(files.filter((file) => file.path.replace(/\.json$/, '') in raises)).toHaveLength(Object.keys(raises).length);
  const parameters = loadParameterSet(files);
  return new EntitlementEngine(
    BENEFIT_CALCULATORS.map((calculator) => loadBenefit(calculator, parameters)),
    parameters,
    loadLocalHousingAllowance(),
    loadCouncilTaxDataFrom(diskFiles()),
  );
}

const AA_HIGHER = 'gov/dwp/attendance_allowance/higher';
/** The impact's own sample: plausible households (plausible-households.ts), as sampleImpact makes them. */
const sample = plausibleSample(1500, 42, DATE);

/** Paid Attendance Allowance with an adult who gets it at the higher rate: the households that read that rate. */
const readsAaHigher = (household: Household) =>
  // The quick look at the answers first: only a household with such an adult needs working out.
  household.adults.some((adult) =>
    adult.benefitsReceived.some((benefit) => benefit.type === 'ATTENDANCE_ALLOWANCE' && benefit.rate === 'HIGHER'),
  ) && figuresAt(published, household, DATE).benefits.has('ATTENDANCE_ALLOWANCE');

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('the impact of a draft over households', () => {
  it('raising the higher rate of Attendance Allowance makes exactly the households paid it gain, and none lose', () => {
    const draft = draftRaising({ [AA_HIGHER]: 1000 });
    const all = new ImpactTally(published, draft, DATE);
    const readers = sample.filter(({ household }) => readsAaHigher(household));
    expect(readers.length).toBeGreaterThan(20);
    for (const { household } of sample) {
      all.add(household);
      // Each household on its own: a gainer exactly when it reads the rate.
      const alone = new ImpactTally(published, draft, DATE);
      alone.add(household);
      expect(alone.report()).toMatchObject({ gainers: readsAaHigher(household) ? 1 : 0, losers: 0 });
    }
    const report = all.report();
    expect(report).toMatchObject({ households: 1500, notWorkedOut: 0, changed: readers.length, gainers: readers.length, losers: 0 });
    expect(report.benefits.map(({ code, householdsChanged }) => [code, householdsChanged])).toEqual([
      ['ATTENDANCE_ALLOWANCE', readers.length],
    ]);
    // £10 a week more for each award at the higher rate (an adult may have told us of two): the household's weekly
    // rise in a month is 52/12 of it, to the nearest penny.
    const monthlyRise = readers.map(({ household }) => {
      const awards = household.adults
        .flatMap((adult) => adult.benefitsReceived)
        .filter((benefit) => benefit.type === 'ATTENDANCE_ALLOWANCE' && benefit.rate === 'HIGHER').length;
      return Math.round((awards * 1000 * 52) / 12);
    });
    expect(report.totalYearlyChangePence).toBe(sum(monthlyRise) * 12);
    const lossBands = report.distribution.filter((band) => band.label.endsWith('a month less'));
    expect(lossBands).toHaveLength(4);
    expect(lossBands.every((band) => band.households === 0)).toBe(true);
  });

  it('with identical rules nothing changes', () => {
    const report = new ImpactTally(published, loadEntitlementEngine(), DATE, { examples: 6 });
    for (const { household, seed } of sample.slice(0, 500)) report.add(household, { seed, description: 'any' });
    const { distribution, ...figures } = report.report();
    expect(figures).toEqual({
      households: 500,
      notWorkedOut: 0,
      notWorkedOutReasons: [],
      amountsNotKnown: [],
      typicalGainMonthlyPence: null,
      typicalLossMonthlyPence: null,
      changed: 0,
      gainers: 0,
      losers: 0,
      totalYearlyChangePence: 0,
      benefits: [],
      examples: [],
    });
    expect(distribution.map((band) => band.households)).toEqual(IMPACT_BANDS.map((band) => (band.fromPence === -99 ? 500 : 0)));
  });

  it('adds up: gainers and losers, bands, benefits and the largest changes as examples', () => {
    // A dearer taper (fewer pounds of Universal Credit for earners) and more Child Benefit: gainers and losers both.
    const draft = draftRaising({
      'gov/dwp/universal_credit/means_test/taper': 1000,
      'gov/hmrc/child_benefit/amount/eldest': 500,
    });
    const result = sampleImpact(published, draft, DATE, { count: 1500, seed: 42, examples: 6 });
    expect(result.seed).toBe(42);
    expect(result.gainers).toBeGreaterThan(0);
    expect(result.losers).toBeGreaterThan(0);
    expect(result.changed).toBe(result.gainers + result.losers);
    expect(sum(result.distribution.map((band) => band.households))).toBe(result.households - result.notWorkedOut);
    expect(sum(result.benefits.map((benefit) => benefit.yearlyChangePence))).toBe(result.totalYearlyChangePence);
    expect(result.benefits.map((benefit) => benefit.code)).toEqual(expect.arrayContaining(['UNIVERSAL_CREDIT', 'CHILD_BENEFIT']));
    expect(result.benefits.every((benefit) => benefit.yearlyChangePence % 12 === 0 && benefit.householdsChanged > 0)).toBe(true);

    // Three gainers, largest first, then three losers, largest loss first; each adds up from its benefits.
    const changes = result.examples.map((example) => example.monthlyChangePence);
    expect(changes).toHaveLength(6);
    expect(changes.slice(0, 3).every((change, index) => change > 0 && (index === 0 || change <= changes[index - 1]!))).toBe(true);
    expect(changes.slice(3).every((change, index) => change < 0 && (index === 0 || change >= changes[index + 2]!))).toBe(true);
    for (const example of result.examples) {
      expect(sum(example.benefits.map((benefit) => benefit.afterMonthlyPence - benefit.beforeMonthlyPence))).toBe(
        example.monthlyChangePence,
      );
      // The example is the household its seed makes, as of the date.
      const again = sample.find((sampled) => sampled.seed === example.seed)!;
      expect(example.description).toBe(describeHousehold(again.household, DATE));
    }
    // The largest: no household is in a band beyond the largest gain's or the largest loss's.
    const gainBand = impactBandOf(changes[0]!);
    const lossBand = impactBandOf(changes[3]!);
    expect(result.distribution.slice(gainBand + 1).every((band) => band.households === 0)).toBe(true);
    expect(result.distribution.slice(0, lossBand).every((band) => band.households === 0)).toBe(true);
  });

  it('takes examples only from households added with one', () => {
    const draft = draftRaising({ 'gov/hmrc/child_benefit/amount/eldest': 500 });
    const tally = new ImpactTally(published, draft, DATE, { examples: 4 });
    const households = sample.slice(0, 600);
    const withExample = new Set(households.filter((_, index) => index % 3 === 0).map(({ seed }) => seed));
    // Those without an example go first: on equal changes the earlier stays, so a wrongly kept one would show.
    for (const { household, seed } of households) if (!withExample.has(seed)) tally.add(household);
    for (const { household, seed } of households)
      if (withExample.has(seed)) tally.add(household, { seed, description: `household ${seed}` });
    const { examples, gainers } = tally.report();
    expect(gainers).toBeGreaterThan(100);
    // Child Benefit only rises: the gainers' half is filled, there is no loser to show.
    expect(examples).toHaveLength(2);
    expect(examples.every((example) => withExample.has(example.seed) && example.description === `household ${example.seed}`)).toBe(true);
  });

  it('counts households the rules cannot work out at the date as not worked out', () => {
    const late = '2030-06-01';
    const tally = new ImpactTally(published, published, late, { examples: 2 });
    for (const { household, seed } of sampleHouseholds(20, 5, late)) tally.add(household, { seed, description: 'late' });
    expect(tally.report()).toMatchObject({ households: 20, notWorkedOut: 20, changed: 0, examples: [] });
    expect(sum(tally.report().distribution.map((band) => band.households))).toBe(0);
    // Why, in words, with what to do: the rates held end (more than a year before the date).
    expect(tally.report().notWorkedOutReasons).toEqual([
      {
        reason: 'The rates held end on 31 March 2027.',
        nextStep: 'Open next year’s rates from the workbench home, or choose a date up to 31 March 2027.',
        households: 20,
      },
    ]);
  });

  it('says which table of rates a household misses, and what to do, when only that table ends (Local Housing Allowance)', () => {
    const nextYear = '2027-05-01';
    // Stands in for a draft that holds 2027/28 for everything but the rent tables: as a year opened today does.
    const extended = new Proxy(published, {
      get: (target, name) =>
        name === 'calculateSync'
          ? (household: Household, date: string, options: object) => {
              if (household.housing.tenure === 'PRIVATE_RENT' && household.housing.rent)
                throw new CalculationOutOfRangeError('No Local Housing Allowance', { table: LHA_MONTHLY_TABLE, heldUntil: '2027-03-31' });
              return target.calculateSync(household, date, { ...options, afterRatesHeld: 'last-rates-held' });
            }
          : Reflect.get(target, name),
    });
    const tally = new ImpactTally(published, extended, nextYear);
    const sample = sampleHouseholds(200, 5, nextYear);
    for (const { household } of sample) tally.add(household);
    const renters = sample.filter(({ household }) => household.housing.tenure === 'PRIVATE_RENT' && household.housing.rent).length;
    expect(renters).toBeGreaterThan(0);
    expect(tally.report()).toMatchObject({ households: 200, notWorkedOut: renters });
    expect(tally.report().notWorkedOutReasons).toEqual([
      {
        reason:
          'The Local Housing Allowance rates held for Universal Credit end on 31 March 2027, so a private tenant’s rent cannot be capped after that.',
        nextStep: expect.stringContaining('add next year’s Local Housing Allowance rates'),
        households: renters,
      },
    ]);
  });

  it('names a rate with no value at the date by its label', () => {
    expect(
      missingInWords(
        { table: 'gov/hmrc/child_benefit/amount/eldest', heldUntil: null },
        '2027-05-01',
        () => 'Child Benefit: eldest or only child',
      ),
    ).toEqual({
      reason: 'Child Benefit: eldest or only child has no value in force on 1 May 2027.',
      nextStep: 'Give it a value from 1 May 2027 or earlier in this change set.',
    });
  });

  it('after the published rates run out, compares a draft that holds the date with the last rates held (as results show them)', () => {
    // The published rules end on 31 March 2027; 1 May 2027 is after that.
    const nextYear = '2027-05-01';
    // Stands in for a draft that holds 2027/28 with every rate unchanged: it works the date out, on the same figures.
    const extended = new Proxy(published, {
      get: (target, name) =>
        name === 'calculateSync'
          ? (household: Household, date: string, options: object) =>
              target.calculateSync(household, date, { ...options, afterRatesHeld: 'last-rates-held' })
          : Reflect.get(target, name),
    });
    const tally = new ImpactTally(published, extended, nextYear, { examples: 2 });
    for (const { household, seed } of sampleHouseholds(20, 5, nextYear)) tally.add(household, { seed, description: 'next year' });
    // Each household is worked out (none 'not worked out'), and the same rates on both sides change nothing.
    expect(tally.report()).toMatchObject({ households: 20, notWorkedOut: 0, changed: 0 });
  });
});

describe('what the impact’s date means for the rates held, in plain words', () => {
  it('says nothing while both cover the date', () => {
    expect(impactDateNotes(published, published, '2026-11-29')).toEqual([]);
  });

  it('says why a draft cannot work out a date after its rates, and what to do', () => {
    expect(impactDateNotes(published, published, '2027-04-12')).toEqual([
      'This change set holds rates up to 31 March 2027, so no household can be worked out with it on 12 April 2027. To work out a date from 1 April 2027, give every rate its value from then in this change set (even where it does not change) and move the last date the rates held cover to 31 March 2028. Or choose a date up to 31 March 2027.',
      'The published rates run to 31 March 2027, so each household is compared with them as results show them now: the last rates held.',
    ]);
  });

  it('says when the date is before the rates held', () => {
    expect(impactDateNotes(published, published, '2001-04-06')).toEqual([
      'The rates held start on 7 April 2025, so 6 April 2001 cannot be worked out. Choose a later date.',
    ]);
  });
});

describe('the impact over real calculations, under the disclosure control', () => {
  /** Record keys as the database draws them, from a seeded generator so that a failure can be replayed. */
  function keysFrom(seed: number): () => number {
    let state = seed >>> 0;
    return () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let x = Math.imul(state ^ (state >>> 15), state | 1);
      x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
      return (x ^ (x >>> 14)) >>> 0;
    };
  }
  const draft = draftRaising({ [AA_HIGHER]: 1000 });
  const readers = sample.filter(({ household }) => readsAaHigher(household));
  const others = sample.filter(({ household }) => !readsAaHigher(household));

  function controlled(after: EntitlementEngine, households: Household[], keys: number[]) {
    const tally = new ControlledImpactTally(published, after, DATE);
    households.forEach((household, index) => tally.add(household, keys[index]!));
    return tally.report();
  }
  /** Which figures are withheld and why: what a reader sees besides the values. */
  const pattern = (report: ReturnType<typeof controlled>) =>
    JSON.stringify(report, (key, value: unknown) => (key === 'value' ? undefined : value));

  it('shows nothing of a draft that changes 3 households, not even that it changes any', () => {
    const households = [...readers.slice(0, 3), ...others.slice(0, 60)].map(({ household }) => household);
    const keys = households.map(keysFrom(11));
    const changesThree = controlled(draft, households, keys);
    const changesNone = controlled(published, households, keys);
    const tooFew: Figure = { value: null, withheld: 'too-few' };
    for (const report of [changesThree, changesNone]) {
      expect(report).toMatchObject({ changed: tooFew, gainers: tooFew, losers: tooFew, totalYearlyChangePence: tooFew, benefits: [] });
      expect(report.households.withheld).toBeNull();
    }
    // The same figures withheld for the same reasons: "none" and "three" read alike.
    expect(pattern(changesThree)).toBe(pattern(changesNone));
  });

  it('rounds what it shows: counts near the truth in multiples of 5, money in multiples of £10,000', () => {
    const households = sample.map(({ household }) => household);
    const report = controlled(draft, households, households.map(keysFrom(12)));
    const exact = sampleImpact(published, draft, DATE, { count: 1500, seed: 42, examples: 0 });
    const value = (figure: Figure) => {
      expect(figure.withheld).toBeNull();
      return figure.value!;
    };
    expect(Math.abs(value(report.households) - 1500)).toBeLessThan(DISCLOSURE_CONTROL.countBase);
    expect(value(report.changed) % DISCLOSURE_CONTROL.countBase).toBe(0);
    expect(Math.abs(value(report.changed) - exact.changed)).toBeLessThan(DISCLOSURE_CONTROL.countBase);
    // None lose: 0 is withheld, and since gainers would then equal those changed, gainers are withheld too.
    expect(report.losers).toEqual({ value: null, withheld: 'too-few' });
    expect(report.gainers).toEqual({ value: null, withheld: 'would-reveal-another' });
    expect(value(report.totalYearlyChangePence) % DISCLOSURE_CONTROL.moneyBasePence).toBe(0);
    // Within the largest household's yearly change (at most two awards, £10 a week more each) and the base.
    expect(Math.abs(value(report.totalYearlyChangePence) - exact.totalYearlyChangePence)).toBeLessThanOrEqual(
      Math.round((2 * 1000 * 52) / 12) * 12 + DISCLOSURE_CONTROL.moneyBasePence,
    );
    expect(report.benefits.map(({ code }) => code)).toEqual(['ATTENDANCE_ALLOWANCE']);
    // No figure below 10 is shown, and every band of loss is withheld (none lose).
    for (const band of report.distribution)
      if (band.households.withheld === null) expect(band.households.value).toBeGreaterThanOrEqual(DISCLOSURE_CONTROL.threshold);
    expect(report.distribution.filter((band) => band.label.endsWith('less')).every((band) => band.households.withheld !== null)).toBe(true);
  });

  it('gives the same households the same figures, in whatever order they are read', () => {
    const households = [...readers, ...others.slice(0, 200)].map(({ household }) => household);
    const keys = households.map(keysFrom(13));
    const once = controlled(draft, households, keys);
    expect(controlled(draft, [...households].reverse(), [...keys].reverse())).toEqual(once);
  });
});

describe('the sample of households', () => {
  it('is the same for the same seed and date, and another for another seed', () => {
    const again = plausibleSample(1500, 42, DATE);
    expect(again).toEqual(sample);
    const other = plausibleSample(1500, 43, DATE).map((sampled) => sampled.seed);
    expect(other.filter((seed) => again.some((sampled) => sampled.seed === seed))).toEqual([]);
    // An example's seed makes its household again on its own.
    expect(plausibleHousehold(sample[7]!.seed, DATE)).toEqual(sample[7]!.input);
    // The trial run's random households are made the same way from their seeds.
    expect(randomHousehold(sampleHouseholds(8, 42, DATE)[7]!.seed, DATE).household).toEqual(sampleHouseholds(8, 42, DATE)[7]!.input);
  });

  it('is made as of the date: nobody is born after it, and every household is dated it', () => {
    expect(sample.every((sampled) => sampled.date === DATE)).toBe(true);
    expect(sample.every(({ household }) => household.children.every((child) => child.dateOfBirth < DATE))).toBe(true);
    expect(
      sample.every(({ household }) => household.adults.every((adult) => adult.dateOfBirth === undefined || adult.dateOfBirth < DATE)),
    ).toBe(true);
  });

  it('gives the same impact twice, and in chunks with other work run between them', async () => {
    const draft = draftRaising({ 'gov/hmrc/child_benefit/amount/eldest': 500 });
    const once = sampleImpact(published, draft, DATE, { count: 300, seed: 9 });
    expect(once.gainers).toBeGreaterThan(0);
    expect(sampleImpact(published, draft, DATE, { count: 300, seed: 9 })).toEqual(once);
    let otherWork = 0;
    const ticking = setInterval(() => otherWork++, 0);
    try {
      expect(await sampleImpactInChunks(published, draft, DATE, { count: 300, seed: 9, chunk: 50 })).toEqual(once);
    } finally {
      clearInterval(ticking);
    }
    expect(otherWork).toBeGreaterThan(0);
  });
});

describe('the bands of the monthly change', () => {
  it('cover every change once, symmetrically, with a penny under £1 as no change', () => {
    const label = (pence: number) => IMPACT_BANDS[impactBandOf(pence)]!.label;
    expect(label(0)).toBe('No change, or under £1 a month');
    expect(label(99)).toBe('No change, or under £1 a month');
    expect(label(-99)).toBe('No change, or under £1 a month');
    expect(label(100)).toBe('£1 to £10 a month more');
    expect(label(-100)).toBe('£1 to £10 a month less');
    expect(label(1000)).toBe('£10 to £50 a month more');
    expect(label(-1000)).toBe('£10 to £50 a month less');
    expect(label(-9999)).toBe('£50 to £100 a month less');
    expect(label(-10000)).toBe('£100 or more a month less');
    expect(label(10000)).toBe('£100 or more a month more');
    expect(IMPACT_BANDS[0]!.fromPence).toBeNull();
    expect(IMPACT_BANDS[IMPACT_BANDS.length - 1]!.toPence).toBeNull();
    // Each band starts where the one before ends.
    expect(IMPACT_BANDS.slice(1).every((band, index) => band.fromPence === IMPACT_BANDS[index]!.toPence)).toBe(true);
  });
});

describe('a household in plain English', () => {
  const base: Household = {
    country: 'ENGLAND',
    adults: [
      {
        dateOfBirth: '1996-05-02',
        earnings: null,
        hoursPerWeek: 16,
        selfEmployment: null,
        otherIncome: [],
        benefitsReceived: [],
        health: { lcwra: false, lcwraBefore2026April: false, terminallyIll: false },
        caring: { hoursPerWeek: 0, caredForGetsQualifyingBenefit: false },
        student: false,
      },
    ],
    children: [{ dateOfBirth: '2020-01-01', disability: 'NONE', inNonAdvancedEducation: false }],
    nonDependants: [],
    housing: {
      tenure: 'PRIVATE_RENT',
      rent: null,
      serviceCharges: null,
      bedrooms: null,
      councilTax: { band: null, annualCharge: null, liable: true },
    },
    capital: 0,
    childcareCosts: null,
  };

  const withoutBirth = ({ dateOfBirth: _dateOfBirth, ...adult }: Household['adults'][number]) => adult;

  it('says who lives there, where, and the hours they work', () => {
    expect(describeHousehold(base, DATE)).toBe('Single, 30, renting privately in England, 1 child, working 16 hours a week');
    const couple: Household = {
      ...base,
      country: 'WALES',
      adults: [base.adults[0]!, { ...withoutBirth(base.adults[0]!), age: 41, hoursPerWeek: 0 }],
      children: [],
      housing: { ...base.housing, tenure: 'SOCIAL_RENT' },
    };
    expect(describeHousehold(couple, DATE)).toBe(
      'Couple, 30 and 41, renting from a council or housing association in Wales, no children, one working 16 hours a week',
    );
    const bothWorking = { ...couple, adults: [couple.adults[0]!, { ...couple.adults[1]!, hoursPerWeek: 37 }] };
    expect(describeHousehold(bothWorking, DATE)).toContain('both working, 16 and 37 hours a week');
    expect(describeHousehold({ ...base, adults: [{ ...base.adults[0]!, hoursPerWeek: 0 }] }, DATE)).toContain('1 child, not working');
  });
});

describe('a benefit whose amount is not known on one side (issue 30, point 5)', () => {
  it('is left out of the change, not counted as a loss: Council Tax Reduction in a year whose Band D is not held yet', () => {
    const files = diskFiles();
    const published = loadEntitlementEngine();
    const year = applyChangeSet(
      files,
      newYearEdits(published.parameters, {
        universalCredit: published.lha.rates.until,
        housingBenefit: published.lha.housingBenefitRates.until,
      }).edits,
    ).engine!;
    const household = normaliseHousehold({
      country: 'ENGLAND',
      localAuthority: 'E08000003',
      adults: [{ age: 40 }],
      housing: { tenure: 'SOCIAL_RENT', rent: { amount: 100, period: 'WEEK' }, councilTax: { band: 'B', liable: true } },
    });
    // Manchester's Band D is held for 2026 to 2027 only: on 12 April 2027 the year's rules cannot show the amount.
    const outcome = changeOf(published, year, household, '2027-04-12');
    if ('missing' in outcome) throw new Error('expected the household to be worked out');
    expect(outcome.before.benefits.get('COUNCIL_TAX_REDUCTION')!.monthlyPence).toBeGreaterThan(0);
    expect(outcome.after.notShown.has('COUNCIL_TAX_REDUCTION')).toBe(true);
    expect(outcome.notKnown).toEqual(['COUNCIL_TAX_REDUCTION']);
    expect(outcome.benefits.has('COUNCIL_TAX_REDUCTION')).toBe(false);
    // Every other rate is carried unchanged: nothing else changes, so neither does the household.
    expect(outcome.monthlyChangePence).toBe(0);

    const tally = new ImpactTally(published, year, '2027-04-12');
    tally.add(household);
    expect(tally.report()).toMatchObject({ changed: 0, losers: 0, totalYearlyChangePence: 0 });
    expect(tally.report().amountsNotKnown).toEqual([
      {
        reason: expect.stringMatching(/^Council Tax Reduction: the amount is not known on one side \(usually because the council’s Band D/),
        nextStep: expect.any(String),
        households: 1,
      },
    ]);
  }, 60_000);
});

describe('the typical change', () => {
  it('is the middle change in order, the lower of the middle two of an even number, and null of none', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([500])).toBe(500);
    expect(medianOf([900, 100, 300])).toBe(300);
    expect(medianOf([400, 100, 300, 200])).toBe(200);
    expect(medianOf([-50, -200, -100])).toBe(-100);
  });
});
