/**
 * Local Housing Allowance lookups, checked against the real files in rulesets/local-housing-allowance/, so
 * `npm test` fails on a broken data file. (A test, so it may read files with Node; the module stays framework-free.)
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ParameterNotInForceError } from '../common/parameters/dated-parameter.js';
import { loadEntitlementEngineFrom } from './load.js';
import {
  checkLhaData,
  estimatedWeeklyRate,
  LHA_CATEGORIES,
  LHA_FILES,
  LhaDataError,
  loadLhaData,
  UnknownLhaAreaError,
  type LhaDataFiles,
} from './local-housing-allowance.js';
import { diskFiles, overlayFiles, requiredFile } from './source-files.js';

const files: LhaDataFiles = {
  rates: requiredFile(diskFiles(), LHA_FILES.rates),
  housingBenefitRates: requiredFile(diskFiles(), LHA_FILES.housingBenefitRates),
  localAuthorityAreas: requiredFile(diskFiles(), LHA_FILES.localAuthorityAreas),
  privateRentingHouseholds: requiredFile(diskFiles(), LHA_FILES.privateRentingHouseholds),
};
const lha = () => loadLhaData(files);

/** The real files with one of them changed, to prove the check catches it. */
function withFile(name: keyof LhaDataFiles, change: (json: any) => void): LhaDataFiles {
  const json = JSON.parse(files[name]);
  change(json);
  return { ...files, [name]: JSON.stringify(json) };
}
const withRates = (change: (rates: any) => void) => withFile('rates', change);
const withTable = (change: (table: any) => void) => withFile('localAuthorityAreas', change);

/** The problems of the files, as `file: message`. */
const problemsOf = (changed: LhaDataFiles) => checkLhaData(changed).map(({ file, message }) => `${file}: ${message}`);

describe('rulesets/local-housing-allowance data files', () => {
  it('are valid: 200 BRMAs (152 England, 18 Scotland, 22 Wales, 8 Northern Ireland), each with a source', () => {
    expect(checkLhaData(files)).toEqual([]);
    const nations = lha().areas.map((area) => area.nation);
    expect(nations).toHaveLength(200);
    expect(nations.filter((n) => n === 'ENGLAND')).toHaveLength(152);
    expect(nations.filter((n) => n === 'SCOTLAND')).toHaveLength(18);
    expect(nations.filter((n) => n === 'WALES')).toHaveLength(22);
    expect(nations.filter((n) => n === 'NORTHERN_IRELAND')).toHaveLength(8);
    expect(lha().privateRentingHouseholds.authorities).toHaveLength(295);
  });

  const localAuthorities = (
    JSON.parse(readFileSync(resolve('definitions/lookup/local-authorities.json'), 'utf8')) as {
      localAuthorities: { code: string; country: string }[];
    }
  ).localAuthorities;

  it('every local authority in the table is one of the 361 in definitions/lookup/local-authorities.json', () => {
    const known = new Set(localAuthorities.map((la) => la.code));
    for (const entry of lha().localAuthorityAreas.authorities) expect(known.has(entry.localAuthority)).toBe(true);
    for (const entry of lha().privateRentingHouseholds.authorities) expect(known.has(entry.localAuthority)).toBe(true);
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
        file: 'rulesets/local-housing-allowance/rates.json',
        path: 'areas[0].values[0].source.url',
        message: expect.stringMatching(/^areas\[0\]\.values\[0\]\.source\.url cites github\.com, which is not an official source/),
      }),
    ]);
    const table = checkLhaData(
      withTable((t) => (t.authorities[0].sources = [{ title: 'A council page', url: 'https://6168c903.azurewebsites.net/lha' }])),
    );
    expect(table).toEqual([
      expect.objectContaining({
        file: 'rulesets/local-housing-allowance/local-authority-areas.json',
        path: 'authorities[0].sources[0].url',
        message: expect.stringMatching(/^authorities\[0\]\.sources\[0\]\.url cites 6168c903\.azurewebsites\.net/),
      }),
    ]);
  });

  it('refuses a row marked confirmed without a citation, or marked split with one area', () => {
    expect(problemsOf(withTable((t) => ((t.authorities[0].confirmed = true), (t.authorities[0].sources = []))))).toEqual([
      'rulesets/local-housing-allowance/local-authority-areas.json: authorities[0].sources must cite the official page that confirms the areas',
    ]);
    expect(problemsOf(withTable((t) => (t.authorities[0].split = true)))).toEqual([
      'rulesets/local-housing-allowance/local-authority-areas.json: authorities[0].split must be false: the authority lists 1 BRMA',
    ]);
  });

  it('rejects an unknown field, a duplicate BRMA, pence that are not whole, and a table naming a BRMA not in the rates', () => {
    expect(problemsOf(withRates((r) => (r.areas[0].values[0].fiveBedrooms = 100)))).toEqual([
      expect.stringMatching(
        /^rulesets\/local-housing-allowance\/rates\.json: areas\[0\]\.values\[0\]\.fiveBedrooms is not a known field \(allowed: from, shared,/,
      ),
    ]);
    // The same BRMA in capitals has the same key, so it is a duplicate, not a new area.
    expect(problemsOf(withRates((r) => r.areas.push({ ...r.areas[5], name: r.areas[5].name.toUpperCase() })))).toEqual([
      `rulesets/local-housing-allowance/rates.json: areas[200].name duplicate BRMA: "${lha().areas[5]!.name.toUpperCase()}" is also areas[5]`,
    ]);
    expect(problemsOf(withRates((r) => (r.areas[0].values[0].oneBedroom = 475.5)))).toEqual([
      'rulesets/local-housing-allowance/rates.json: areas[0].values[0].oneBedroom must be whole, positive pence',
    ]);
    expect(problemsOf(withTable((t) => (t.authorities[0].brmas[0] = 'Leicester and surrounds')))).toEqual([
      'rulesets/local-housing-allowance/local-authority-areas.json: authorities[0].brmas[0] "Leicester and surrounds" is not a BRMA name in the rates file',
    ]);
    expect(() => loadLhaData(withRates((r) => delete r.areas[0].values[0].source))).toThrow(LhaDataError);
  });

  it('refuses a broken copy of each file by its schema, naming the file and the field', () => {
    expect(problemsOf(withRates((r) => (r.until = '2027-02-30')))).toEqual([
      'rulesets/local-housing-allowance/rates.json: until must be a real date written yyyy-mm-dd',
    ]);
    expect(problemsOf(withFile('housingBenefitRates', (w) => (w.areas[0].values[0].shared = '90.50')))).toEqual([
      'rulesets/local-housing-allowance/housing-benefit-rates.json: areas[0].values[0].shared must be whole, positive pence',
    ]);
    expect(problemsOf(withFile('housingBenefitRates', (w) => (w.unit = 'pence a month')))).toEqual([
      'rulesets/local-housing-allowance/housing-benefit-rates.json: unit must be pence a week',
    ]);
    expect(problemsOf(withTable((t) => (t.authorities[0].localAuthority = 'E6000001')))).toEqual([
      'rulesets/local-housing-allowance/local-authority-areas.json: authorities[0].localAuthority must be a GSS code such as E09000006',
    ]);
    expect(problemsOf(withFile('privateRentingHouseholds', (h) => (h.authorities[0].privateRentShare2023 = '17.92%')))).toEqual([
      'rulesets/local-housing-allowance/private-renting-households.json: authorities[0].privateRentShare2023 must be a percentage from 0 to 100, with at most 2 decimal places',
    ]);
    expect(problemsOf(withFile('privateRentingHouseholds', (h) => delete h.licence))).toEqual([
      'rulesets/local-housing-allowance/private-renting-households.json: licence is required',
    ]);
    expect(problemsOf({ ...files, rates: '{' })).toEqual([
      expect.stringMatching(/^rulesets\/local-housing-allowance\/rates\.json: invalid JSON/),
    ]);
  });

  it('refuses weekly rates of an area not in the rates file, dates out of order, and a household count that is not the product', () => {
    expect(problemsOf(withFile('housingBenefitRates', (w) => (w.areas[0].name = w.areas[0].name.toUpperCase())))).toEqual([
      expect.stringMatching(/housing-benefit-rates\.json: areas\[0\]\.name "[A-Z ]+" is not a BRMA name in the rates file$/),
    ]);
    expect(problemsOf(withRates((r) => r.areas[0].values.push({ ...r.areas[0].values[0], from: '2023-04-01' })))).toEqual([
      'rulesets/local-housing-allowance/rates.json: areas[0].values[1].from dates must be unique and oldest first',
    ]);
    expect(problemsOf(withFile('privateRentingHouseholds', (h) => (h.authorities[0].privateRentingHouseholds = 7336)))).toEqual([
      'rulesets/local-housing-allowance/private-renting-households.json: authorities[0].privateRentingHouseholds must be 7335: households2021 times privateRentShare2023 / 100, to the nearest household',
    ]);
  });

  it('stops the engine loading, naming the file and the field, when a file is broken (not on a results page later)', () => {
    const broken = JSON.parse(files.localAuthorityAreas);
    broken.authorities[3].splt = broken.authorities[3].split;
    const changed = overlayFiles(diskFiles(), new Map([[LHA_FILES.localAuthorityAreas, JSON.stringify(broken)]]));
    expect(() => loadEntitlementEngineFrom(changed)).toThrow(
      /^rulesets\/local-housing-allowance\/local-authority-areas\.json has 1 problem:\n {2}- authorities\[3\]\.splt is not a known field/,
    );
    const households = overlayFiles(diskFiles(), new Map([[LHA_FILES.privateRentingHouseholds, '[]']]));
    expect(() => loadEntitlementEngineFrom(households)).toThrow(
      /^rulesets\/local-housing-allowance\/private-renting-households\.json has 1 problem:\n {2}- must be an object$/,
    );
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
