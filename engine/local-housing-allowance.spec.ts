/**
 * Local Housing Allowance lookups, checked against the real files in rulesets/local-housing-allowance/, so
 * `npm test` fails on a broken data file. (A test, so it may read files with Node; the module stays framework-free.)
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ParameterNotInForceError } from '../common/parameters/dated-parameter.js';
import {
  checkLhaData,
  estimatedWeeklyRate,
  LHA_CATEGORIES,
  LhaDataError,
  loadLhaData,
  UnknownLhaAreaError,
  type LhaDataFiles,
} from './local-housing-allowance.js';

const DIR = resolve('rulesets/local-housing-allowance');
const files: LhaDataFiles = {
  rates: readFileSync(`${DIR}/rates.json`, 'utf8'),
  housingBenefitRates: readFileSync(`${DIR}/housing-benefit-rates.json`, 'utf8'),
  localAuthorityAreas: readFileSync(`${DIR}/local-authority-areas.json`, 'utf8'),
};
const lha = () => loadLhaData(files);

/** The real files with one change, to prove the check catches it. */
function withRates(change: (rates: any) => void): LhaDataFiles {
  const rates = JSON.parse(files.rates);
  change(rates);
  return { ...files, rates: JSON.stringify(rates) };
}
function withTable(change: (table: any) => void): LhaDataFiles {
  const table = JSON.parse(files.localAuthorityAreas);
  change(table);
  return { ...files, localAuthorityAreas: JSON.stringify(table) };
}

describe('rulesets/local-housing-allowance data files', () => {
  it('are valid: 200 BRMAs (152 England, 18 Scotland, 22 Wales, 8 Northern Ireland), each with a source', () => {
    expect(checkLhaData(files)).toEqual([]);
    const nations = lha().areas.map((area) => area.nation);
    expect(nations).toHaveLength(200);
    expect(nations.filter((n) => n === 'ENGLAND')).toHaveLength(152);
    expect(nations.filter((n) => n === 'SCOTLAND')).toHaveLength(18);
    expect(nations.filter((n) => n === 'WALES')).toHaveLength(22);
    expect(nations.filter((n) => n === 'NORTHERN_IRELAND')).toHaveLength(8);
  });

  const localAuthorities = (
    JSON.parse(readFileSync(resolve('definitions/lookup/local-authorities.json'), 'utf8')) as {
      localAuthorities: { code: string; country: string }[];
    }
  ).localAuthorities;

  it('every local authority in the table is one of the 361 in definitions/lookup/local-authorities.json', () => {
    const known = new Set(localAuthorities.map((la) => la.code));
    for (const entry of lha().localAuthorityAreas.authorities) expect(known.has(entry.localAuthority)).toBe(true);
  });

  it('every local authority of definitions/lookup/local-authorities.json is resolved to one area or marked split with its candidates, each area in the rates', () => {
    const data = lha();
    expect(data.localAuthorityAreas.complete).toBe(true);
    const unresolved: string[] = [];
    for (const { code, country } of localAuthorities) {
      const finding = data.findLhaArea({ localAuthority: code, country: country.toUpperCase().replace(/ /g, '_') as 'ENGLAND' });
      const row = data.authority(code);
      if (!row) unresolved.push(code);
      else if (finding.kind === 'settled')
        expect([row.split, finding.basis, [finding.area.name]]).toEqual([false, 'LOCAL_AUTHORITY', row.brmas]);
      else {
        expect([row.split, finding.reason]).toEqual([true, 'SPLIT_AUTHORITY']);
        expect(finding.candidates.map((area) => area.name)).toEqual(row.brmas);
      }
      // Every area named has a monthly rate in force today for every category.
      for (const name of row?.brmas ?? []) expect(data.rate(name, 'SHARED', '2026-11-21', 'UNIVERSAL_CREDIT')).toBeGreaterThan(0);
    }
    expect(unresolved).toEqual([]);
  });

  it('cites an official page for every row marked confirmed, and uses every GB area at least once', () => {
    const rows = lha().localAuthorityAreas.authorities;
    for (const row of rows.filter((candidate) => candidate.confirmed)) expect(row.sources.length).toBeGreaterThan(0);
    const used = new Set(rows.flatMap((row) => row.brmas));
    expect(
      lha()
        .areas.filter((area) => !used.has(area.name))
        .map((area) => area.name),
    ).toEqual([]);
  });

  it('refuses a rate or an area cited to a site that is not an official source', () => {
    const problems = checkLhaData(
      withRates(
        (r) => (r.areas[0].values[0].source = { title: 'A rates list', url: 'https://github.com/someone/lha-rates/blob/main/rates.json' }),
      ),
    );
    expect(problems).toEqual([
      expect.objectContaining({
        path: 'areas[0].values[0].source.url',
        message: expect.stringMatching(/^cites github\.com, which is not an official source/),
      }),
    ]);
    const table = checkLhaData(
      withTable((t) => (t.authorities[0].sources = [{ title: 'A council page', url: 'https://6168c903.azurewebsites.net/lha' }])),
    );
    expect(table).toEqual([
      expect.objectContaining({
        path: 'authorities[0].sources[0].url',
        message: expect.stringMatching(/^cites 6168c903\.azurewebsites\.net/),
      }),
    ]);
  });

  it('refuses a row marked confirmed without a citation', () => {
    expect(checkLhaData(withTable((t) => ((t.authorities[0].confirmed = true), (t.authorities[0].sources = []))))).toEqual([
      { file: 'local-authority-areas', path: 'authorities[0].sources', message: 'must cite the official page that confirms the areas' },
    ]);
  });

  it('rejects an unknown field, a duplicate BRMA, pence that are not whole, and a table naming a BRMA not in the rates', () => {
    expect(checkLhaData(withRates((r) => (r.areas[0].values[0].fiveBedrooms = 100)))).toEqual([
      { file: 'rates', path: 'areas[0].values[0]', message: 'unknown field "fiveBedrooms"' },
    ]);
    // The same BRMA in capitals has the same key, so it is a duplicate, not a new area.
    expect(checkLhaData(withRates((r) => r.areas.push({ ...r.areas[5], name: r.areas[5].name.toUpperCase() })))).toEqual([
      { file: 'rates', path: 'areas[200].name', message: `duplicate BRMA: "${lha().areas[5]!.name.toUpperCase()}" is also areas[5]` },
    ]);
    expect(checkLhaData(withRates((r) => (r.areas[0].values[0].oneBedroom = 475.5)))).toEqual([
      { file: 'rates', path: 'areas[0].values[0].oneBedroom', message: 'must be a whole, positive number of pence' },
    ]);
    expect(checkLhaData(withTable((t) => (t.authorities[0].brmas[0] = 'Leicester and surrounds')))).toEqual([
      {
        file: 'local-authority-areas',
        path: 'authorities[0].brmas[0]',
        message: '"Leicester and surrounds" is not a BRMA name in the rates file',
      },
    ]);
    expect(() => loadLhaData(withRates((r) => delete r.areas[0].values[0].source))).toThrow(LhaDataError);
  });
});

describe('lhaMonthlyRate', () => {
  it('Outer South East London, 1 bedroom, is £1,050.00 a month (the reference figure), frozen from April 2024 to March 2027', () => {
    expect(lha().lhaMonthlyRate('Outer South East London', 'ONE_BEDROOM', '2024-04-01')).toBe(105000);
    expect(lha().lhaMonthlyRate('Outer South East London', 'ONE_BEDROOM', '2026-11-21')).toBe(105000);
    expect(lha().lhaMonthlyRate('Outer South East London', 'ONE_BEDROOM', '2027-03-31')).toBe(105000);
    expect(lha().lhaMonthlyRate('Outer South East London', 'SHARED', '2026-11-21')).toBe(60000);
    expect(lha().lhaMonthlyRate('Outer South East London', 'FOUR_BEDROOMS', '2026-11-21')).toBe(180000);
  });

  it('refuses a date before the first rate, naming the BRMA and the date, rather than using a later figure', () => {
    const read = () => lha().lhaMonthlyRate('Outer South East London', 'ONE_BEDROOM', '2024-03-31');
    expect(read).toThrow(ParameterNotInForceError);
    expect(read).toThrow(
      'No value of the Local Housing Allowance for Outer South East London (1 bedroom) is in force on 2024-03-31: its first rate takes effect on 2024-04-01.',
    );
  });

  it('refuses a date after the rates held (31 March 2027): the freeze is not assumed to continue', () => {
    expect(() => lha().lhaMonthlyRate('Outer South East London', 'ONE_BEDROOM', '2027-04-01')).toThrow(
      'No value of the Local Housing Allowance for Outer South East London (1 bedroom) is in force on 2027-04-01: the rates held end on 2027-03-31.',
    );
  });

  it('an unknown BRMA is an error naming it', () => {
    expect(() => lha().lhaMonthlyRate('Atlantis', 'ONE_BEDROOM', '2026-11-21')).toThrow(UnknownLhaAreaError);
    expect(() => lha().lhaMonthlyRate('Atlantis', 'ONE_BEDROOM', '2026-11-21')).toThrow('No Broad Rental Market Area called "Atlantis"');
  });

  it('Northern Ireland BRMAs are held from 1 April 2025 (NIHE: 2026/27 frozen at 2025/26 levels; monthly derived from NIHE weekly), and refused before', () => {
    const ni = lha()
      .areas.filter((area) => area.nation === 'NORTHERN_IRELAND')
      .map((area) => area.name);
    expect(ni).toEqual(['Belfast', 'Lough Neagh Upper', 'Lough Neagh Lower', 'North', 'North West', 'South', 'South East', 'South West']);
    // NIHE's Belfast 1 bedroom is £139.34 a week: 139.34 x 52 / 12 = 603.8067, so £603.81 a month.
    expect(lha().lhaMonthlyRate('Belfast', 'ONE_BEDROOM', '2026-04-01')).toBe(60381);
    expect(lha().lhaMonthlyRate('Belfast', 'ONE_BEDROOM', '2025-04-01')).toBe(60381);
    expect(() => lha().lhaMonthlyRate('Belfast', 'ONE_BEDROOM', '2025-03-31')).toThrow(ParameterNotInForceError);
    // Housing Benefit uses NIHE's published weekly figure itself.
    expect(lha().rate('Belfast', 'ONE_BEDROOM', '2026-11-21', 'HOUSING_BENEFIT')).toBe(13934);
  });
});

describe('findLhaArea', () => {
  const england = { country: 'ENGLAND' as const };
  it('finds a BRMA written in another case, spacing or punctuation; nothing looser', () => {
    const found = lha().findLhaArea({ ...england, brma: '  outer south-east   LONDON ' });
    expect(found).toMatchObject({ kind: 'settled', basis: 'GIVEN', area: { name: 'Outer South East London' } });
    expect(lha().findLhaArea({ country: 'SCOTLAND', brma: 'Renfrewshire / Inverclyde' })).toMatchObject({
      kind: 'settled',
      area: { name: 'Renfrewshire/ Inverclyde' },
    });
    expect(lha().findLhaArea({ ...england, brma: 'Bradford & South Dales' })).toMatchObject({
      kind: 'settled',
      area: { key: 'bradford-and-south-dales' },
    });
    expect(() => lha().findLhaArea({ ...england, brma: 'Outer South East Londn' })).toThrow(UnknownLhaAreaError);
  });

  it('a BRMA placed by the postcode lookup says so', () => {
    expect(lha().findLhaArea({ ...england, brma: 'Leicester', brmaFrom: 'POSTCODE', localAuthority: 'E07000134' })).toMatchObject({
      kind: 'settled',
      basis: 'POSTCODE',
      area: { name: 'Leicester' },
    });
  });

  it('an authority wholly in one BRMA is settled from its GSS code, in any case', () => {
    expect(lha().findLhaArea({ ...england, localAuthority: 'e06000043' })).toMatchObject({
      kind: 'settled',
      basis: 'LOCAL_AUTHORITY',
      area: { name: 'Brighton and Hove' },
    });
  });

  it('a split authority is unsettled among its areas; no authority means every area of the nation', () => {
    const finding = lha().findLhaArea({ ...england, localAuthority: 'E07000134' });
    expect(finding).toMatchObject({ kind: 'unsettled', reason: 'SPLIT_AUTHORITY' });
    expect(finding.kind === 'unsettled' && finding.candidates.map((area) => area.name)).toEqual([
      'Leicester',
      'Eastern Staffordshire',
      'Derby',
    ]);
    const anywhere = lha().findLhaArea({ country: 'WALES' });
    expect(anywhere).toMatchObject({ kind: 'unsettled', reason: 'NO_LOCAL_AUTHORITY' });
    expect(anywhere.kind === 'unsettled' && anywhere.candidates).toHaveLength(22);
  });

  it('an unsettled area uses the lowest rate among the candidates and gives the highest too', () => {
    const finding = lha().findLhaArea({ ...england, localAuthority: 'E07000134' });
    // One bedroom: Leicester 540.00, Eastern Staffordshire 495.00, Derby 450.00 a month.
    expect(lha().chooseRate(finding, 'ONE_BEDROOM', '2026-11-21', 'UNIVERSAL_CREDIT')).toMatchObject({
      area: { name: 'Derby' },
      rate: 45000,
      highest: { area: { name: 'Leicester' }, rate: 54000 },
    });
  });
});

describe('Housing Benefit weekly rates', () => {
  const date = '2026-11-21';

  it('uses the published weekly figure where it is held: Outer South East London, 1 bedroom, 241.64 a week (Bromley)', () => {
    const finding = lha().findLhaArea({ country: 'ENGLAND', brma: 'Outer South East London' });
    expect(lha().chooseRate(finding, 'ONE_BEDROOM', date, 'HOUSING_BENEFIT')).toMatchObject({ rate: 24164, estimated: false });
  });

  it('estimates it from the monthly rate, x 12 / 365 x 7 to the penny, where it is not, and says it is an estimate', () => {
    // Leeds, 1 bedroom: 675.00 a month x 84 / 365 = 155.342 = 155.34 a week.
    const finding = lha().findLhaArea({ country: 'ENGLAND', brma: 'Leeds' });
    expect(lha().hasPublishedHousingBenefitRates(lha().areaNamed('Leeds')!)).toBe(false);
    expect(lha().chooseRate(finding, 'ONE_BEDROOM', date, 'HOUSING_BENEFIT')).toMatchObject({ rate: 15534, estimated: true });
    // Outer South East London's published 241.64 is what the estimate gives from 1,050.00 a month, not 1,050 x 12 / 52 = 242.31.
    expect(estimatedWeeklyRate(105000)).toBe(24164);
    // Universal Credit keeps using the monthly figure itself.
    expect(lha().chooseRate(finding, 'ONE_BEDROOM', date, 'UNIVERSAL_CREDIT')).toMatchObject({ rate: 67500, estimated: false });
  });

  it('the estimate gives the published figure in every Great Britain area held, within 3p where a council page differs', () => {
    const data = lha();
    let figures = 0;
    let equal = 0;
    for (const area of data.areas) {
      if (area.nation === 'NORTHERN_IRELAND' || !data.hasPublishedHousingBenefitRates(area)) continue;
      for (const category of LHA_CATEGORIES) {
        const published = data.rate(area.name, category, date, 'HOUSING_BENEFIT');
        const estimate = estimatedWeeklyRate(data.rate(area.name, category, date, 'UNIVERSAL_CREDIT'));
        expect(Math.abs(published - estimate)).toBeLessThanOrEqual(3);
        figures += 1;
        if (published === estimate) equal += 1;
      }
    }
    expect(figures).toBeGreaterThanOrEqual(150);
    expect(equal).toBeGreaterThanOrEqual(figures - 1);
  });

  it('still refuses a date after the rates held, for the estimate too', () => {
    expect(() => lha().rate('Leeds', 'ONE_BEDROOM', '2027-04-01', 'HOUSING_BENEFIT')).toThrow(ParameterNotInForceError);
  });
});
