import type { BenefitCode, BenefitOutcome, CalculatedBenefit } from '../core/benefit.js';
import { normaliseHousehold, type HouseholdInput } from '../core/normalise.js';
import { ParameterReader } from '../core/parameters.js';
import { deriveFacts } from '../facts.js';
import { loadBenefit, loadEntitlementEngine, loadEntitlementEngineFrom, RULESETS_DIR } from '../load.js';
import { childBenefit } from './child-benefit.js';
import { diskFiles, overlayFiles } from '../source-files.js';
import {
  checkBandDFile,
  checkPopulationFile,
  POPULATION_FILE,
  checkCouncilSchemeFile,
  councilTaxYearOf,
  loadCouncilTaxData,
  BAND_D_FILE,
  readCouncilTaxFiles,
  SCHEMES_FOLDER,
} from './council-tax-reduction-data.js';
import { COUNCIL_TAX_CHARGE, councilTaxReduction } from './council-tax-reduction.js';
import { PENSION_CREDIT_GUARANTEE, pensionCredit } from './pension-credit.js';

/** The council tax data's files as the engine's loader reads them. */
const TEXTS = readCouncilTaxFiles(diskFiles());
const engine = loadEntitlementEngine(RULESETS_DIR, [childBenefit, pensionCredit, councilTaxReduction]);
const loaded = loadBenefit(councilTaxReduction, engine.parameters);

/** An outcome of an earlier benefit, as the engine would hand it over. */
function outcome(code: BenefitCode, figures: Partial<BenefitOutcome>): BenefitOutcome {
  return {
    code,
    name: code,
    system: 'UNIVERSAL_CREDIT',
    meansTested: true,
    eligible: true,
    amountShown: true,
    weeklyPence: 0,
    monthlyPence: 0,
    elements: [],
    deductions: [],
    explanation: [],
    rules: [],
    parameters: [],
    variables: [],
    ...figures,
  };
}

/** Council Tax Reduction alone, with the earlier benefits built by hand. */
async function ctr(household: HouseholdInput, earlier: BenefitOutcome[] = [], date = '2026-11-21'): Promise<CalculatedBenefit> {
  const facts = deriveFacts(normaliseHousehold(household), date);
  const parameters = new ParameterReader(engine.parameters, date);
  const input = {
    date,
    facts,
    parameters,
    lha: engine.lha,
    councilTax: engine.councilTax,
    explanations: loaded.explanations,
    nationalName: null,
    earlier: new Map(earlier.map((benefit) => [benefit.code, benefit])),
  };
  const fired = await loaded.ruleset.run(councilTaxReduction.facts.evaluate(input), parameters);
  return councilTaxReduction.calculate(input, fired);
}

const universalCredit = (monthlyAward: number, maximumMonthly: number) =>
  outcome('UNIVERSAL_CREDIT', {
    eligible: monthlyAward > 0,
    monthlyPence: monthlyAward,
    weeklyPence: Math.round((monthlyAward * 12) / 52),
    elements: [
      {
        code: 'STANDARD_ALLOWANCE',
        name: 'Standard allowance',
        monthlyPence: maximumMonthly,
        weeklyPence: Math.round((maximumMonthly * 12) / 52),
      },
    ],
    // As Universal Credit lists them: what is taken off the maximum amount to leave the award.
    deductions: [
      {
        code: 'EARNINGS',
        name: 'Earnings',
        monthlyPence: maximumMonthly - monthlyAward,
        weeklyPence: Math.round(((maximumMonthly - monthlyAward) * 12) / 52),
      },
    ],
  });

const guaranteeCredit = (weekly: number) =>
  outcome('PENSION_CREDIT', {
    system: 'LEGACY_AND_PENSION_AGE',
    weeklyPence: weekly,
    variables: [{ name: PENSION_CREDIT_GUARANTEE, weeklyPence: weekly, monthlyPence: Math.round((weekly * 52) / 12) }],
  });

describe('Council Tax Reduction', () => {
  it('cites only the rates of the nation the home is in', async () => {
    const result = await engine.calculate(
      normaliseHousehold({
        country: 'SCOTLAND',
        adults: [{ age: 70, otherIncome: [{ type: 'STATE_PENSION', amount: 300, period: 'WEEK' }] }],
        capital: 1000,
        housing: { tenure: 'OWNER_OCCUPIER', councilTax: { annualCharge: 1200 } },
      }),
      '2026-11-21',
    );
    const cited = result.benefits
      .find((benefit) => benefit.code === 'COUNCIL_TAX_REDUCTION')!
      .parameters.map((parameter) => parameter.name);
    expect(cited).toContain('gov/scottish_government/council_tax_reduction/capital_limit');
    expect(cited.filter((name) => name.includes('england') || name.includes('welsh'))).toEqual([]);
  });

  it('checks its data files', () => {
    expect(checkBandDFile(JSON.parse(TEXTS.bandD))).toEqual([]);
    expect(() => loadCouncilTaxData(TEXTS)).not.toThrow();
    expect(
      checkBandDFile({
        description: 'x',
        unit: 'pence a year',
        compiledFrom: { title: 't', url: 'https://x' },
        nations: {},
        authorities: { E1: { name: 'A', nation: 'WALES', values: [{ year: '2026/28', bandD: 1.5 }] } },
      }),
    ).toEqual(
      expect.arrayContaining([
        'nations.ENGLAND is required',
        'authorities.E1 is not the GSS code of an English, Welsh or Scottish authority',
        'authorities.E1.nation must be the nation of its code',
        'authorities.E1.values[0].year must be a council tax year such as 2026/27',
        'authorities.E1.values[0].bandD must be whole, positive pence',
      ]),
    );
  });

  it("checks each council's scheme file, by its name and code, and names the file at fault", () => {
    const folder = TEXTS.schemes;
    const bolton = folder.councils.find((council) => council.fileName === 'E08000001-bolton.json')!;
    expect(checkCouncilSchemeFile(bolton.fileName, JSON.parse(bolton.text))).toEqual([]);
    expect(checkCouncilSchemeFile('bolton.json', JSON.parse(bolton.text))).toEqual([expect.stringContaining('GSS code and name')]);
    expect(checkCouncilSchemeFile('E08000002-bolton.json', JSON.parse(bolton.text))).toEqual([
      'localAuthority E08000001 is not the code the file is named with (E08000002)',
    ]);
    const broken = { ...JSON.parse(bolton.text), values: [{ ...JSON.parse(bolton.text).values[0], taper: 0.2 }] };
    const bandD = TEXTS.bandD;
    expect(() =>
      loadCouncilTaxData({ bandD, schemes: { ...folder, councils: [{ fileName: bolton.fileName, text: JSON.stringify(broken) }] } }),
    ).toThrow(
      /england-working-age-schemes\/E08000001-bolton\.json has 1 problem:\n {2}- values\[0\]\.taper must be basis points \(0 to 10000\)/,
    );
    expect(() =>
      loadCouncilTaxData({
        bandD,
        schemes: { ...folder, councils: [bolton, { fileName: 'E08000001-bolton-again.json', text: bolton.text }] },
      }),
    ).toThrow(/a second file for E08000001/);
  });

  it("checks the accuracy page's list of the most populous councils, and stops the engine loading when it is broken", () => {
    const list = JSON.parse(TEXTS.mostPopulous!);
    expect(checkPopulationFile(list)).toEqual([]);
    expect(loadCouncilTaxData(TEXTS).mostPopulous[0]).toEqual(expect.objectContaining({ rank: 1, name: 'Birmingham' }));
    const [first, second, ...rest] = list.authorities;
    const broken = {
      ...list,
      source: { ...list.source, url: 'https://www.example.com/populations' },
      authorities: [second, { ...first, population: '1.2 million' }, { ...second, rank: 3 }, ...rest.slice(1)],
    };
    expect(checkPopulationFile(broken)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^source\.url /),
        'authorities[0].rank must be 1: the ranks go 1, 2, 3... in order',
        'authorities[1].population must be a whole number of people',
        'authorities[2].localAuthority is listed twice',
      ]),
    );
    expect(() =>
      loadEntitlementEngineFrom(overlayFiles(diskFiles(), new Map([[POPULATION_FILE, JSON.stringify({ ...list, authorities: [] })]]))),
    ).toThrow(/^rulesets\/council-tax-reduction\/england-councils-by-population\.json has 1 problem:\n {2}- authorities /);
  });

  it('stops the engine loading, naming the file, when a scheme file is broken (not on a results page later)', () => {
    const path = `${SCHEMES_FOLDER}/E08000001-bolton.json`;
    const broken = JSON.parse(readCouncilTaxFiles(diskFiles()).schemes.councils.find((c) => c.fileName === 'E08000001-bolton.json')!.text);
    broken.values[0].maximumSupport = '85%';
    const files = overlayFiles(diskFiles(), new Map([[path, JSON.stringify(broken)]]));
    expect(() => loadEntitlementEngineFrom(files)).toThrow(
      /^rulesets\/council-tax-reduction\/england-working-age-schemes\/E08000001-bolton\.json has 1 problem:\n {2}- values\[0\]\.maximumSupport /,
    );
    expect(() => loadEntitlementEngineFrom(overlayFiles(diskFiles(), new Map([[`${SCHEMES_FOLDER}/E08000001-bolton.json`, '{']])))).toThrow(
      /E08000001-bolton\.json has 1 problem:\n {2}- invalid JSON/,
    );
  });

  it('refuses a broken copy of band-d.json and default.json by their schemas, naming the file and the field', () => {
    const bandD = JSON.parse(TEXTS.bandD);
    bandD.authorities.E09000033.values[0].bandD = '1049.55';
    expect(() => loadEntitlementEngineFrom(overlayFiles(diskFiles(), new Map([[BAND_D_FILE, JSON.stringify(bandD)]])))).toThrow(
      /^rulesets\/council-tax-reduction\/band-d\.json has 1 problem:\n {2}- authorities\.E09000033\.values\[0\]\.bandD must be whole, positive pence$/,
    );
    const defaults = JSON.parse(TEXTS.schemes.defaultFile);
    defaults.default.maximumSuport = defaults.default.maximumSupport;
    const path = `${SCHEMES_FOLDER}/default.json`;
    expect(() => loadEntitlementEngineFrom(overlayFiles(diskFiles(), new Map([[path, JSON.stringify(defaults)]])))).toThrow(
      /^rulesets\/council-tax-reduction\/england-working-age-schemes\/default\.json has 1 problem:\n {2}- default\.maximumSuport is not a known field/,
    );
  });

  it("refuses a scheme cited to anything but the council's own site or its committee papers", () => {
    const folder = TEXTS.schemes;
    const bolton = folder.councils.find((council) => council.fileName === 'E08000001-bolton.json')!;
    const cite = (url: string) => {
      const json = JSON.parse(bolton.text);
      json.values[0].source = { title: 'The scheme', url };
      return checkCouncilSchemeFile(bolton.fileName, json);
    };
    expect(cite('https://www.letstalknewcastle.co.uk/consultations/572/participate')).toEqual([
      expect.stringMatching(/^values\[0\]\.source\.url cites www\.letstalknewcastle\.co\.uk, which is not an official source/),
    ]);
    expect(cite('https://assets.ctfassets.net/ii3xdrqc6nfw/Council_Tax_Support_Scheme.pdf')).toEqual([
      expect.stringContaining('assets.ctfassets.net, which is not an official source'),
    ]);
    expect(cite('https://www.bolton.gov.uk/council-tax-support')).toEqual([]);
    expect(cite('https://bolton.moderngov.co.uk/documents/s1/Scheme.pdf')).toEqual([]);
  });

  it('uses a Band D only in its own council tax year, which starts on 1 April', () => {
    expect(councilTaxYearOf('2026-03-31')).toBe('2025/26');
    expect(councilTaxYearOf('2026-04-01')).toBe('2026/27');
    const data = engine.councilTax;
    expect(data.bandDOn('E09000033', '2026-04-01')).toMatchObject({ kind: 'found', year: '2026/27', bandD: 104955 });
    expect(data.bandDOn('E09000033', '2026-03-31')).toMatchObject({ kind: 'year-not-held', year: '2025/26' });
    expect(data.bandDOn('S12000036', '2026-11-21')).toMatchObject({ kind: 'year-not-held', latest: { year: '2025/26', bandD: 156351 } });
    expect(data.bandDOn('N09000001', '2026-11-21')).toEqual({ kind: 'authority-not-held' });
    expect(data.workingAgeSchemeOn('E09000025', '2026-11-21')).toMatchObject({ kind: 'local', maximumSupport: 7000, taper: 2500 });
    expect(data.workingAgeSchemeOn('E09000025', '2025-11-21')).toMatchObject({ kind: 'default', maximumSupport: 10000 });
  });

  it('gives the maximum with the guarantee credit, whatever the savings', async () => {
    const result = await ctr(
      {
        country: 'ENGLAND',
        localAuthority: 'E06000001',
        adults: [{ dateOfBirth: '1950-01-01' }],
        capital: 30000,
        housing: { tenure: 'OWNER_OCCUPIER', councilTax: { band: 'D' } },
      },
      [guaranteeCredit(5000)],
    );
    // 2,560.20 less 25% (640.05) = 1,920.15 a year; / 52 = 36.926 = 36.93 a week.
    expect(result).toMatchObject({
      eligible: true,
      amountShown: true,
      weeklyPence: 3693,
      monthlyPence: 16003,
      system: 'LEGACY_AND_PENSION_AGE',
    });
    expect(result.variables).toEqual([{ name: COUNCIL_TAX_CHARGE, weeklyPence: 3693, monthlyPence: 16001 }]);
  });

  it('rounds the 20% taper to the penny, half away from zero', async () => {
    // Income 238.00 + 0.03 is 0.03 above the applicable amount; 20% = 0.006, which rounds to 0.01.
    const result = await ctr({
      country: 'WALES',
      adults: [{ dateOfBirth: '1955-06-01', otherIncome: [{ type: 'STATE_PENSION', amount: 238.03, period: 'WEEK' }] }],
      housing: { tenure: 'OWNER_OCCUPIER', councilTax: { band: null, annualCharge: 1040 } },
    });
    expect(result.weeklyPence).toBe(2000 - 1);
  });

  it('assesses a Universal Credit claimant on the award plus earnings against the UC maximum amount', async () => {
    // UC 265.40 a month of a 424.90 maximum, earnings 1,000 a month net: income 61.25 + 230.77 = 292.02 a week against
    // 98.05; 20% of the 193.97 excess is 38.79, more than the 28.85 a week charge: nothing.
    const household: HouseholdInput = {
      country: 'SCOTLAND',
      adults: [{ age: 30, earnings: { amount: 1000, period: 'MONTH', basis: 'NET' }, hoursPerWeek: 25 }],
      housing: { tenure: 'OWNER_OCCUPIER', councilTax: { band: null, annualCharge: 1500 } },
    };
    const high = await ctr(household, [universalCredit(26540, 42490)]);
    expect(high).toMatchObject({ eligible: false, system: 'UNIVERSAL_CREDIT' });
    // With a 3,000 a year charge (57.69 a week) the same income leaves 57.69 - 38.79 = 18.90 a week.
    const partial = await ctr({ ...household, housing: { tenure: 'OWNER_OCCUPIER', councilTax: { band: null, annualCharge: 3000 } } }, [
      universalCredit(26540, 42490),
    ]);
    expect(partial).toMatchObject({ eligible: true, weeklyPence: 1890, monthlyPence: 8190 });
    expect(partial.deductions).toEqual([expect.objectContaining({ code: 'INCOME_TAPER', weeklyPence: 3879 })]);
  });

  it('does not show a working-age amount until Universal Credit has been worked out', async () => {
    const result = await ctr({
      country: 'WALES',
      adults: [{ age: 30 }],
      housing: { tenure: 'OWNER_OCCUPIER', councilTax: { band: null, annualCharge: 1300 } },
    });
    expect(result).toMatchObject({ eligible: true, amountShown: false, weeklyPence: 0 });
    expect(result.explanation.at(-1)).toContain('up to £25.00 a week');
  });

  it('applies an English council band scheme (Oxford) by weekly income', async () => {
    // Oxford Band A = 6/9 x 2,678.40 = 1,785.60, less 25% = 1,339.20; / 52 = 25.754 = 25.75 a week.
    // UC 300.00 a month (69.23 a week) + earnings 2,000 a month (461.54 a week) = 530.77: the 50% band (from 530.01).
    const result = await ctr(
      {
        country: 'ENGLAND',
        localAuthority: 'E07000178',
        adults: [{ age: 40, earnings: { amount: 2000, period: 'MONTH', basis: 'NET' }, hoursPerWeek: 37 }],
        housing: { tenure: 'OWNER_OCCUPIER', councilTax: { band: 'A' } },
      },
      [universalCredit(30000, 80000)],
    );
    expect(result).toMatchObject({ eligible: true, weeklyPence: 1288 });
    expect(result.deductions).toEqual([expect.objectContaining({ code: 'INCOME_BAND', weeklyPence: 2575 - 1288 })]);
  });

  it('does not show a Scottish amount when a non-dependant lives there (the deduction is not held)', async () => {
    const result = await ctr(
      {
        country: 'SCOTLAND',
        adults: [{ age: 30 }],
        nonDependants: [{ age: 25, grossIncome: { amount: 200, period: 'WEEK' }, exempt: false }],
        housing: { tenure: 'OWNER_OCCUPIER', councilTax: { band: null, annualCharge: 1300 } },
      },
      [universalCredit(42490, 42490)],
    );
    expect(result).toMatchObject({ eligible: true, amountShown: false });
  });

  describe("a council scheme's own rules, on a made-up council (E09999999)", () => {
    const FOLDER_TEXT = TEXTS.schemes;
    const base = JSON.parse(FOLDER_TEXT.councils.find((council) => council.fileName === 'E08000001-bolton.json')!.text).values[0];
    /** Council Tax Reduction worked out with one made-up council's scheme (Bolton's figures with `changes`). */
    async function withScheme(
      changes: Record<string, unknown>,
      household: HouseholdInput,
      earlier: BenefitOutcome[],
    ): Promise<CalculatedBenefit> {
      const scheme = { localAuthority: 'E09999999', name: 'Testshire', values: [{ ...base, ...changes }] };
      const data = loadCouncilTaxData({
        bandD: TEXTS.bandD,
        schemes: { ...FOLDER_TEXT, councils: [{ fileName: 'E09999999-testshire.json', text: JSON.stringify(scheme) }] },
      });
      const calculator = councilTaxReduction;
      const date = '2026-11-21';
      const facts = deriveFacts(normaliseHousehold({ ...household, country: 'ENGLAND', localAuthority: 'E09999999' }), date);
      const parameters = new ParameterReader(engine.parameters, date);
      const input = {
        date,
        facts,
        parameters,
        lha: engine.lha,
        councilTax: data,
        explanations: loaded.explanations,
        nationalName: null,
        earlier: new Map(earlier.map((benefit) => [benefit.code, benefit])),
      };
      const fired = await loaded.ruleset.run(calculator.facts.evaluate(input), parameters);
      return calculator.calculate(input, fired);
    }
    const single = (extra: Partial<HouseholdInput> = {}): HouseholdInput => ({
      country: 'ENGLAND',
      adults: [{ age: 30, earnings: { amount: 400, period: 'MONTH', basis: 'NET' }, hoursPerWeek: 16 }],
      housing: { tenure: 'OWNER_OCCUPIER', councilTax: { band: 'B', annualCharge: 1800 } },
      ...extra,
    });
    // UC 204.90 of a maximum 424.90 a month; earnings 400.00: income 47.28 + 92.31 = 139.59 a week, applicable 98.05.
    const uc = universalCredit(20490, 42490);

    it('reads income bands against income above the applicable amount when the scheme says so (EXCESS_INCOME)', async () => {
      const incomeBands = {
        period: 'WEEK',
        measure: 'EXCESS_INCOME',
        tables: [
          {
            household: 'ANY',
            children: 0,
            bands: [
              { fromIncome: 0, share: 8500 },
              { fromIncome: 4000, share: 5000 },
              { fromIncome: 8000, share: 0 },
            ],
          },
        ],
      };
      const result = await withScheme({ maximumSupport: 8500, taper: null, incomeBands }, single(), [uc]);
      // Excess 139.59 - 98.05 = 41.54: the band from 40.00, 50% of 34.62 = 17.31.
      expect(result).toMatchObject({ eligible: true, weeklyPence: 1731 });
      expect(result.explanation.join(' ')).toContain('above your applicable amount of £98.05 is in the band from £40.00');
    });

    it('compares income with the standard allowance alone when the scheme says so', async () => {
      const income = { ...base.income, applicableAmount: 'UC_STANDARD_ALLOWANCE' };
      const withChild = universalCredit(20490, 42490);
      withChild.elements.push({ code: 'CHILD', name: 'Child element', monthlyPence: 30394, weeklyPence: 7014 });
      const result = await withScheme({ income }, single(), [withChild]);
      const usual = await withScheme({}, single(), [withChild]);
      // With a child element of 303.94 the award is 728.84 - 220.00 = 508.84 a month = 117.42 a week; income 117.42 + 92.31 = 209.73.
      // Standard allowance alone: 424.90 a month = 98.05 a week; excess 111.68, 20% = 22.34; 82.5% of 34.62 = 28.56 - 22.34 = 6.22.
      expect(result).toMatchObject({ weeklyPence: 622 });
      // The maximum amount: 728.84 a month = 168.19 a week; excess 41.54, 20% = 8.31; 28.56 - 8.31 = 20.25.
      expect(usual).toMatchObject({ weeklyPence: 2025 });
      expect(result.explanation.join(' ')).toContain('your Universal Credit standard allowance');
    });

    it('counts Child Benefit as income when the scheme says so', async () => {
      const childBenefit = outcome('CHILD_BENEFIT', { system: 'BOTH', weeklyPence: 2705, monthlyPence: 11722 });
      const without = await withScheme({}, single(), [childBenefit, uc]);
      const counted = await withScheme({ income: { ...base.income, childBenefit: true } }, single(), [childBenefit, uc]);
      // 20% of the extra 27.05 a week = 5.41 less.
      expect(without.weeklyPence - counted.weeklyPence).toBe(541);
    });

    it('excludes capital of exactly the limit only when the scheme says "or more"', async () => {
      const above = await withScheme({ capitalLimit: 1000000 }, single({ capital: 10000 }), [uc]);
      const orMore = await withScheme({ capitalLimit: 1000000, capitalLimitIncluded: true }, single({ capital: 10000 }), [uc]);
      expect(above.eligible).toBe(true);
      expect(orMore.eligible).toBe(false);
    });

    it('takes the not-in-work figure for a non-dependant who does not work 16 hours, the income band for one who does, and says when it assumed work', async () => {
      const nonDependantDeductions = {
        inWork: [
          { fromWeeklyIncome: 0, deduction: 500 },
          { fromWeeklyIncome: 20000, deduction: 1500 },
        ],
        notInWork: 300,
      };
      const other = (inRemunerativeWork?: boolean | null) =>
        single({
          nonDependants: [
            {
              age: 30,
              grossIncome: { amount: 250, period: 'WEEK' },
              exempt: false,
              ...(inRemunerativeWork === undefined ? {} : { inRemunerativeWork }),
            },
          ],
        });
      const notWorking = await withScheme({ nonDependantDeductions }, other(false), [uc]);
      const working = await withScheme({ nonDependantDeductions }, other(true), [uc]);
      const unknown = await withScheme({ nonDependantDeductions }, other(), [uc]);
      expect(notWorking.deductions.find((line) => line.code === 'NON_DEPENDANT_1')?.weeklyPence).toBe(300);
      expect(working.deductions.find((line) => line.code === 'NON_DEPENDANT_1')?.weeklyPence).toBe(1500);
      expect(unknown.deductions.find((line) => line.code === 'NON_DEPENDANT_1')?.weeklyPence).toBe(1500);
      expect(unknown.explanation.join(' ')).toContain('which we were not told, so we took them to work');
      expect(working.explanation.join(' ')).not.toContain('which we were not told');
    });

    it("takes no deduction for a non-dependant under the scheme's own minimum age", async () => {
      const household = single({ nonDependants: [{ age: 20, grossIncome: { amount: 100, period: 'WEEK' }, exempt: false }] });
      const at18 = await withScheme({}, household, [uc]);
      const at21 = await withScheme({ nonDependantMinimumAge: 21 }, household, [uc]);
      expect(at18.deductions.some((line) => line.code === 'NON_DEPENDANT_1')).toBe(true);
      expect(at21.deductions.some((line) => line.code === 'NON_DEPENDANT_1')).toBe(false);
    });

    it("counts tariff income on savings above the scheme's threshold, a step or part of one at a time, where Universal Credit is ignored", async () => {
      const income = { ...base.income, universalCredit: 'IGNORED', tariffIncome: { from: 600000, step: 25000, weekly: 100 } };
      const none = await withScheme({ income }, single({ capital: 6000 }), [uc]);
      const some = await withScheme({ income }, single({ capital: 7760 }), [uc]);
      // 7,760 - 6,000 = 1,760: 8 steps of 250 or part, 8.00 a week. Earnings 92.31 + 8.00 = 100.31, 2.26 above 98.05;
      // 20% = 0.452 = 0.45 less than the maximum of 28.56 that earnings alone (below 98.05) leave untouched.
      expect(none.weeklyPence).toBe(2856);
      expect(some.weeklyPence).toBe(2856 - 45);
      expect(some.explanation.join(' ')).toContain('with £8.00 a week the scheme counts for your savings');
    });

    it('refuses tariff income where the Universal Credit award counts: the income UC assumes from savings already does', () => {
      const problems = checkCouncilSchemeFile('E09999999-testshire.json', {
        localAuthority: 'E09999999',
        name: 'Testshire',
        values: [{ ...base, income: { ...base.income, tariffIncome: { from: 600000, step: 25000, weekly: 100 } } }],
      });
      expect(problems).toEqual([
        expect.stringContaining('values[0].income.tariffIncome is only for a scheme that ignores Universal Credit'),
      ]);
    });

    it('ignores Universal Credit only for a household without earnings when the scheme says so', async () => {
      const income = { ...base.income, universalCreditIgnoredWithoutEarnings: true };
      const earner = await withScheme({ income }, single(), [uc]);
      const usual = await withScheme({}, single(), [uc]);
      expect(earner.weeklyPence).toBe(usual.weeklyPence);
      const noEarnings = single({ adults: [{ age: 30 }] });
      const ucOnly = universalCredit(42490, 42490);
      const ignored = await withScheme({ income }, noEarnings, [ucOnly]);
      // Nothing counted: the maximum, 82.5% of 34.62 = 28.56.
      expect(ignored.weeklyPence).toBe(2856);
      expect(ignored.explanation.join(' ')).toContain(
        'does not count as income in this scheme when neither you nor your partner has earnings',
      );
    });

    it('gives a couple with children its own earnings disregard when the scheme has one', async () => {
      const disregard = { single: 500, couple: 1000, loneParent: 2500, disabledOrCarer: 2000 };
      const couple = single({
        adults: [{ age: 30, earnings: { amount: 400, period: 'MONTH', basis: 'NET' }, hoursPerWeek: 16 }, { age: 30 }],
        children: [{ dateOfBirth: '2020-01-01' }],
      });
      const withChildUc = universalCredit(20490, 42490);
      const plain = await withScheme({ income: { ...base.income, earningsDisregardWeekly: disregard } }, couple, [withChildUc]);
      const family = await withScheme(
        { income: { ...base.income, earningsDisregardWeekly: { ...disregard, coupleWithChildren: 2500 } } },
        couple,
        [withChildUc],
      );
      // 15.00 more ignored: 20% of it = 3.00 more support.
      expect(family.weeklyPence - plain.weeklyPence).toBe(300);
    });

    it('recognises the groups some schemes protect: single under 25, terminally ill, the highest care rate', async () => {
      const protectedGroups = [
        {
          groups: ['SINGLE_UNDER_25_NO_CHILDREN', 'TERMINALLY_ILL', 'HIGHEST_CARE_BENEFIT'],
          withoutEarnings: false,
          maximumSupport: 10000,
        },
      ];
      const young = await withScheme(
        { protectedGroups },
        single({ adults: [{ age: 22, earnings: { amount: 400, period: 'MONTH', basis: 'NET' }, hoursPerWeek: 16 }] }),
        [uc],
      );
      const older = await withScheme({ protectedGroups }, single(), [uc]);
      const ill = await withScheme(
        { protectedGroups },
        single({
          adults: [
            { age: 30, earnings: { amount: 400, period: 'MONTH', basis: 'NET' }, hoursPerWeek: 16, health: { terminallyIll: true } },
          ],
        }),
        [uc],
      );
      const enhanced = await withScheme(
        { protectedGroups },
        single({
          adults: [
            {
              age: 30,
              earnings: { amount: 400, period: 'MONTH', basis: 'NET' },
              hoursPerWeek: 16,
              benefitsReceived: [{ type: 'PIP_DAILY_LIVING', rate: 'ENHANCED' }],
            },
          ],
        }),
        [uc],
      );
      const standard = await withScheme(
        { protectedGroups },
        single({
          adults: [
            {
              age: 30,
              earnings: { amount: 400, period: 'MONTH', basis: 'NET' },
              hoursPerWeek: 16,
              benefitsReceived: [{ type: 'PIP_DAILY_LIVING', rate: 'STANDARD' }],
            },
          ],
        }),
        [uc],
      );
      // 100% of 34.62 less 8.31 = 26.31, where the scheme's usual 82.5% gives 20.25.
      expect([young, older, ill, enhanced, standard].map((result) => result.weeklyPence)).toEqual([2631, 2025, 2631, 2631, 2025]);
    });

    it('refuses a misspelt new field', () => {
      const problems = checkCouncilSchemeFile('E09999999-testshire.json', {
        localAuthority: 'E09999999',
        name: 'Testshire',
        values: [
          {
            ...base,
            capitalLimitIncluded: 'yes',
            nonDependantMinimumAge: 16,
            nonDependantDeductions: { inWork: [], notInWork: 1.5 },
            incomeBands: null,
          },
        ],
      });
      expect(problems).toEqual(
        expect.arrayContaining([
          'values[0].capitalLimitIncluded must be true or false',
          'values[0].nonDependantMinimumAge must be a whole number of years, 18 to 25',
          'values[0].nonDependantDeductions.inWork must be a non-empty list',
          'values[0].nonDependantDeductions.notInWork must be whole pence',
        ]),
      );
    });
  });
});
