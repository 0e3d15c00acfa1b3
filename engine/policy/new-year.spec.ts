import { describe, expect, it } from '@jest/globals';
import type { BandDEdit, CouncilSchemeEdit, ParameterValueEdit, PolicyEdit } from '../../common/policy/model.js';
import { loadEntitlementEngine } from '../load.js';
import { applyChangeSet, publishingProblems } from './edits.js';
import { carriedFrom, newYearEdits, taxYearWords, yearDecisionOf } from './new-year.js';
import { diskFiles } from '../source-files.js';
import { normaliseHousehold } from '../core/normalise.js';

const engine = loadEntitlementEngine();
const { parameters } = engine;

describe('the date a value carried into the new year takes effect', () => {
  it('is a year on, on a Monday when the value it carries started on a Monday', () => {
    // Weekly benefits: 6 April 2026 was a Monday; the Monday a year on is 12 April 2027.
    expect(carriedFrom('2026-04-06', '2027-04-01')).toBe('2027-04-12');
    // Universal Credit's 13 April 2026 (a Monday): 19 April 2027.
    expect(carriedFrom('2026-04-13', '2027-04-01')).toBe('2027-04-19');
    // A tax year's figure from 6 April (a Tuesday in 2027 when it was not a Monday before): the same date.
    expect(carriedFrom('2025-04-06', '2026-04-01')).toBe('2026-04-06');
    // Never before the new year starts.
    expect(carriedFrom('2025-04-01', '2027-04-01')).toBe('2027-04-01');
  });
});

describe('opening the next year', () => {
  const { until, edits } = newYearEdits(parameters, {
    universalCredit: engine.lha.rates.until,
    housingBenefit: engine.lha.housingBenefitRates.until,
  });
  const carried = edits.filter((edit): edit is ParameterValueEdit => edit.kind === 'parameter-value');

  it('moves the last date held on a year and carries every rate and table of bands forward, unchanged and to confirm', () => {
    expect(parameters.ratesHeldUntil).toBe('2027-03-31');
    expect(until).toBe('2028-03-31');
    expect(taxYearWords(until)).toBe('2027 to 2028');
    expect(edits[0]).toEqual({ kind: 'rates-held', until: '2028-03-31' });
    // The rent tables: the Local Housing Allowance rates held as they are (frozen) to the same date, to confirm.
    expect(edits.slice(1, 3)).toEqual([
      { kind: 'lha-rates-held', scheme: 'universal-credit', until: '2028-03-31', source: null },
      { kind: 'lha-rates-held', scheme: 'housing-benefit', until: '2028-03-31', source: null },
    ]);
    // A parameter whose newest value already takes effect in the new year or later (an end announced ahead) is not
    // carried: the value before it still holds until then.
    const announcedAhead = parameters.names.filter((name) => parameters.findParameterOrThrow(name).values.at(-1)!.from >= '2027-04-01');
    expect(announcedAhead).toEqual(['gov/dfc_ni/welfare_supplementary_payment/benefit_cap/in_force']);
    expect(carried.map((edit) => edit.parameter).sort()).toEqual(
      [...parameters.names, ...parameters.scaleNames].filter((name) => !announcedAhead.includes(name)).sort(),
    );
    for (const edit of carried) {
      const latest = parameters.hasScale(edit.parameter)
        ? { brackets: parameters.findScaleOrThrow(edit.parameter).values.at(-1)!.brackets }
        : parameters.findParameterOrThrow(edit.parameter).values.at(-1)!.value;
      expect(edit.value).toEqual(latest);
      expect(edit.source).toBeNull();
      expect(edit.from >= '2027-04-01' && edit.from <= '2028-03-31').toBe(true);
    }
    expect(carried.find((edit) => edit.parameter === 'gov/hmrc/child_benefit/amount/eldest')).toMatchObject({
      from: '2027-04-12',
      value: 2705,
    });
  });

  it('loads over the rules held with nothing missing, works out a date in the new year, and cannot be published until every value has its source', async () => {
    const applied = applyChangeSet(diskFiles(), edits);
    expect(applied.problems).toEqual([]);
    // The carried year works out 12 April 2027 with this year's figures, tables of bands included.
    const household = {
      country: 'ENGLAND' as const,
      adults: [{ dateOfBirth: '1990-05-01' }],
      children: [{ dateOfBirth: '2019-03-02' }],
      housing: { tenure: 'PRIVATE_RENT' as const },
    };
    const result = await applied.engine!.calculate(normaliseHousehold(household), '2027-04-12');
    expect(result.benefits.find((benefit) => benefit.code === 'CHILD_BENEFIT')?.weeklyPence).toBe(2705);
    // A private tenant's rent is capped by the Local Housing Allowance held on: the rates frozen at April 2024's.
    const renter = normaliseHousehold({
      ...household,
      localAuthority: 'E08000003',
      housing: { tenure: 'PRIVATE_RENT' as const, rent: { amount: 2000, period: 'MONTH' as const } },
    });
    const lhaThen = (await applied.engine!.calculate(renter, '2027-04-12')).localHousingAllowance;
    const lhaNow = (await applied.engine!.calculate(renter, '2026-11-30')).localHousingAllowance;
    expect(lhaThen).toBeTruthy();
    expect(lhaThen).toEqual(lhaNow);
    // Each value and each rent table needs its source before publishing.
    expect(publishingProblems(edits).length).toBe(carried.length + 2);
    expect(publishingProblems(edits)[0]!.message).toBe(
      'The Local Housing Allowance rates for Universal Credit (monthly) held to 31 March 2028 need their official source (the rates published for the year, or the freeze announced) before they can be published.',
    );
  });

  it('sorts each rate by what is decided about it: uprated, fixed, a council’s, or not money', () => {
    const decisionOf = (name: string) => yearDecisionOf(name, parameters.findParameterOrThrow(name));
    expect(decisionOf('gov/hmrc/child_benefit/amount/eldest')).toBe('uprated');
    expect(decisionOf('gov/dwp/universal_credit/means_test/capital/upper_limit')).toBe('fixed');
    expect(decisionOf('gov/dwp/universal_credit/means_test/taper')).toBe('not-money');
    const council = parameters.names.find((name) => name.startsWith('gov/local_authorities/'));
    expect(council && decisionOf(council)).toBe('council');
  });
});

describe('a year’s Band D council tax, added from the official table (issue 30, point 3)', () => {
  const { edits } = newYearEdits(parameters, {
    universalCredit: engine.lha.rates.until,
    housingBenefit: engine.lha.housingBenefitRates.until,
  });
  const TABLE = {
    title: 'MHCLG, Council Tax levels set by local authorities in England 2027 to 2028',
    url: 'https://www.gov.uk/government/statistics/council-tax-levels-set-by-local-authorities-in-england-2027-to-2028',
  };
  const bandD = (figures: { authority: string; bandD: number }[], source: typeof TABLE | null = TABLE) =>
    ({ kind: 'band-d', year: '2027/28', figures, source }) as const;
  const tenant = normaliseHousehold({
    country: 'ENGLAND',
    localAuthority: 'E08000003',
    adults: [{ age: 40 }],
    housing: { tenure: 'SOCIAL_RENT', rent: { amount: 100, period: 'WEEK' }, councilTax: { band: 'D', liable: true } },
  });
  const ctr = async (engineWith: NonNullable<ReturnType<typeof applyChangeSet>['engine']>) =>
    (await engineWith.calculate(tenant, '2027-04-12')).benefits.find((benefit) => benefit.code === 'COUNCIL_TAX_REDUCTION')!;

  it('makes Council Tax Reduction known in the new year, from that council’s figure and citing the table', async () => {
    const without = applyChangeSet(diskFiles(), edits).engine!;
    expect((await ctr(without)).amountShown).toBe(false);
    const applied = applyChangeSet(diskFiles(), [...edits, bandD([{ authority: 'E08000003', bandD: 230000 }])]);
    expect(applied.problems).toEqual([]);
    const found = applied.engine!.councilTax.bandDOn('E08000003', '2027-04-12');
    expect(found).toMatchObject({ kind: 'found', year: '2027/28', bandD: 230000, source: TABLE });
    expect((await ctr(applied.engine!)).amountShown).toBe(true);
    // The year before keeps its own figure and the nation's source.
    expect(applied.engine!.councilTax.bandDOn('E08000003', '2026-11-30')).toMatchObject({
      year: '2026/27',
      source: { url: expect.stringContaining('2026-to-2027') },
    });
  });

  it('names a council that is not held, and cannot be published without its source', () => {
    const applied = applyChangeSet(diskFiles(), [...edits, bandD([{ authority: 'E99999999', bandD: 230000 }])]);
    expect(applied.problems).toContainEqual(
      expect.objectContaining({ edit: edits.length, field: 'figures[0].authority', message: expect.stringContaining('E99999999') }),
    );
    const unsourced = [bandD([{ authority: 'E08000003', bandD: 230000 }], null)];
    expect(publishingProblems(unsourced)).toEqual([
      {
        edit: 0,
        field: 'source',
        message:
          'The Band D council tax of 1 council for 2027 to 2028 needs its official source (the table the figures come from) before it can be published.',
      },
    ]);
  });
});

describe('an area’s Local Housing Allowance rates from a date (issue 30, point 3)', () => {
  const { edits } = newYearEdits(parameters, {
    universalCredit: engine.lha.rates.until,
    housingBenefit: engine.lha.housingBenefitRates.until,
  });
  const RATES = { shared: 42000, oneBedroom: 80000, twoBedrooms: 90000, threeBedrooms: 98000, fourBedrooms: 140000 };
  const SOURCE = {
    title: 'VOA, Local Housing Allowance rates applicable from April 2027 to March 2028',
    url: 'https://www.gov.uk/government/publications/local-housing-allowance-lha-rates-applicable-from-april-2027-to-march-2028',
  };
  const lhaRates = (area: string, source: typeof SOURCE | null = SOURCE) =>
    ({ kind: 'lha-rates', scheme: 'universal-credit', area, from: '2027-04-01', rates: RATES, source }) as const;

  it('caps a private tenant’s rent at the new rate from its date, citing the table, and leaves the year before alone', () => {
    const applied = applyChangeSet(diskFiles(), [...edits, lhaRates('Central Greater Manchester')]);
    expect(applied.problems).toEqual([]);
    const rates = applied.engine!.lha.ratesInForce('Central Greater Manchester', 'ONE_BEDROOM', '2027-04-12');
    expect(rates).toMatchObject({ from: '2027-04-01', oneBedroom: 80000, source: SOURCE });
    expect(applied.engine!.lha.ratesInForce('Central Greater Manchester', 'ONE_BEDROOM', '2027-03-31')).toMatchObject({
      oneBedroom: 77500,
    });
  });

  it('names an area that does not exist, and cannot be published without its source', () => {
    const applied = applyChangeSet(diskFiles(), [...edits, lhaRates('Central Greater Manchestr')]);
    expect(applied.problems).toContainEqual(
      expect.objectContaining({ edit: edits.length, field: 'area', message: expect.stringContaining('Central Greater Manchestr') }),
    );
    expect(publishingProblems([lhaRates('Central Greater Manchester', null)])[0]!.message).toBe(
      'The Local Housing Allowance rates for Central Greater Manchester from 1 April 2027 need their official source before they can be published.',
    );
  });
});

describe('a council’s Council Tax Reduction scheme for the new year, added in the workbench (issue 30, point 3)', () => {
  const { edits } = newYearEdits(parameters, {
    universalCredit: engine.lha.rates.until,
    housingBenefit: engine.lha.housingBenefitRates.until,
  });
  const SCHEME_DOCUMENT = {
    title: 'Hartlepool Borough Council, Council Tax Support Scheme 2027/28',
    url: 'https://www.hartlepool.gov.uk/council-tax-support-2027',
  };
  const bandD: BandDEdit = {
    kind: 'band-d',
    year: '2027/28',
    figures: [{ authority: 'E06000001', bandD: 234000 }],
    source: {
      title: 'MHCLG, Council Tax levels 2027 to 2028',
      url: 'https://www.gov.uk/government/statistics/council-tax-levels-2027-to-2028',
    },
  };
  // A taper scheme: 80% of the bill at most, 20% of income above the applicable amount, the Universal Credit award ignored.
  const scheme = {
    maximumSupport: 8000,
    bandCap: null,
    taper: 2000,
    incomeBands: null,
    income: { universalCredit: 'IGNORED', earnings: true, otherIncome: true, childMaintenance: false, earningsDisregardWeekly: null },
    capitalLimit: 600000,
    minimumAwardWeekly: null,
    nonDependantDeductions: 'NOT_HELD',
    protectedGroups: [],
    note: 'Working-age people pay at least 20% of their bill.',
    readVia: 'The council’s scheme document for 2027/28, read in the workbench.',
  };
  const councilScheme = (source: typeof SCHEME_DOCUMENT | null = SCHEME_DOCUMENT): CouncilSchemeEdit => ({
    kind: 'ctr-scheme',
    authority: 'E06000001',
    name: 'Hartlepool',
    year: '2027/28',
    scheme,
    source,
  });
  const tenant = normaliseHousehold({
    country: 'ENGLAND',
    localAuthority: 'E06000001',
    adults: [{ age: 40 }],
    housing: { tenure: 'SOCIAL_RENT', rent: { amount: 100, period: 'WEEK' }, councilTax: { band: 'A', liable: true } },
  });
  const weeklyCtr = async (engineWith: NonNullable<ReturnType<typeof applyChangeSet>['engine']>, date: string) => {
    const found = (await engineWith.calculate(tenant, date)).benefits.find((benefit) => benefit.code === 'COUNCIL_TAX_REDUCTION')!;
    return found.amountShown ? found.weeklyPence : null;
  };

  it('applies from 1 April of its year, a new council’s file, while the year before keeps the default scheme', async () => {
    const without = applyChangeSet(diskFiles(), [...edits, bandD]);
    expect(without.problems).toEqual([]);
    const applied = applyChangeSet(diskFiles(), [...edits, bandD, councilScheme()]);
    expect(applied.problems).toEqual([]);
    // Band A is 6/9 of £2,340, less the 25% single person discount: £1,170 a year, £22.50 a week. The default scheme
    // pays all of it; Hartlepool's pays 80% (the Universal Credit award is ignored, so no income is above the
    // applicable amount): £18.00.
    expect(await weeklyCtr(without.engine!, '2027-04-12')).toBe(2250);
    expect(await weeklyCtr(applied.engine!, '2027-04-12')).toBe(1800);
    expect(applied.engine!.councilTax.workingAgeSchemeOn('E06000001', '2027-04-12')).toMatchObject({
      kind: 'local',
      name: 'Hartlepool',
      source: SCHEME_DOCUMENT,
    });
    expect(applied.engine!.councilTax.workingAgeSchemeOn('E06000001', '2026-11-30')).toMatchObject({ kind: 'default' });
  });

  it('is checked as the scheme files are, and cannot be published without the council’s document', () => {
    const broken: CouncilSchemeEdit = { ...councilScheme(), scheme: { ...scheme, taper: 20000 } };
    const applied = applyChangeSet(diskFiles(), [...edits, bandD, broken]);
    expect(applied.problems).toContainEqual(
      expect.objectContaining({ edit: edits.length + 1, field: 'scheme', message: expect.stringContaining('taper') }),
    );
    expect(publishingProblems([councilScheme(null)])).toEqual([
      {
        edit: 0,
        field: 'source',
        message:
          'Hartlepool’s Council Tax Reduction scheme for 2027 to 2028 needs its source (the council’s scheme document) before it can be published.',
      },
    ]);
  });
});

describe('a council’s rent areas, confirmed in the workbench (issue 30, point 3)', () => {
  const PAGE = {
    title: 'Hartlepool Borough Council, Local Housing Allowance',
    url: 'https://www.hartlepool.gov.uk/local-housing-allowance',
  };
  const areas = (list: string[], source: typeof PAGE | null = PAGE): PolicyEdit => ({
    kind: 'lha-council-areas',
    authority: 'E06000001',
    name: 'Hartlepool',
    areas: list,
    source,
  });

  it('sets the areas that cover the council, confirmed by the page given', () => {
    expect(engine.lha.authority('E06000001')).toMatchObject({ brmas: ['Teesside'], confirmed: false });
    const confirmed = applyChangeSet(diskFiles(), [areas(['Teesside'])]);
    expect(confirmed.problems).toEqual([]);
    expect(confirmed.engine!.lha.authority('E06000001')).toMatchObject({
      brmas: ['Teesside'],
      split: false,
      confirmed: true,
      sources: [PAGE],
    });
    // Two areas: the council is split, and a household that gives only its council is asked which.
    const split = applyChangeSet(diskFiles(), [areas(['Teesside', 'Darlington'])]);
    expect(split.problems).toEqual([]);
    expect(split.engine!.lha.findLhaArea({ localAuthority: 'E06000001', country: 'ENGLAND' })).toMatchObject({
      kind: 'unsettled',
      reason: 'SPLIT_AUTHORITY',
    });
  });

  it('names an area the rent officers do not, a council not held, and the missing page', () => {
    const unknown = applyChangeSet(diskFiles(), [areas(['Teeside'])]);
    expect(unknown.problems).toContainEqual(
      expect.objectContaining({ edit: 0, field: 'areas', message: expect.stringContaining('Teeside') }),
    );
    const noCouncil = applyChangeSet(diskFiles(), [{ ...areas(['Teesside']), authority: 'E99999999' } as PolicyEdit]);
    expect(noCouncil.problems).toContainEqual(
      expect.objectContaining({ edit: 0, field: 'authority', message: expect.stringContaining('E99999999') }),
    );
    expect(publishingProblems([areas(['Teesside'], null)])[0]!.message).toBe(
      'The rent areas of Hartlepool need the official page that names them before they can be published.',
    );
  });
});
