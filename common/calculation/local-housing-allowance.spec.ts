/**
 * Local Housing Allowance lookups, checked against the real files in rulesets/local-housing-allowance/, so
 * `npm test` fails on a broken data file. (A test, so it may read files with Node; the module stays framework-free.)
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ParameterNotInForceError } from '../parameters/dated-parameter.js';
import { checkLhaData, LhaDataError, loadLhaData, UnknownLhaAreaError, type LhaDataFiles } from './local-housing-allowance.js';

const DIR = resolve('rulesets/local-housing-allowance');
const files: LhaDataFiles = {
  rates: readFileSync(`${DIR}/rates.json`, 'utf8'),
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

  it('every local authority in the table is one of the 361 in definitions/lookup/local-authorities.json', () => {
    const known = new Set(
      (JSON.parse(readFileSync(resolve('definitions/lookup/local-authorities.json'), 'utf8')) as { localAuthorities: { code: string }[] }).localAuthorities.map((la) => la.code),
    );
    for (const entry of lha().localAuthorityAreas.authorities) expect(known.has(entry.localAuthority)).toBe(true);
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
    expect(checkLhaData(withTable((t) => t.authorities[0].brmas.push('Leicester and surrounds')))).toEqual([
      { file: 'local-authority-areas', path: 'authorities[0].brmas[3]', message: '"Leicester and surrounds" is not a BRMA name in the rates file' },
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

  it('Northern Ireland BRMAs are held from 1 April 2026 (monthly derived from NIHE weekly), and refused before', () => {
    const ni = lha().areas.filter((area) => area.nation === 'NORTHERN_IRELAND').map((area) => area.name);
    expect(ni).toEqual(['Belfast', 'Lough Neagh Upper', 'Lough Neagh Lower', 'North', 'North West', 'South', 'South East', 'South West']);
    // NIHE's Belfast 1 bedroom is £139.34 a week: 139.34 x 52 / 12 = 603.8067, so £603.81 a month.
    expect(lha().lhaMonthlyRate('Belfast', 'ONE_BEDROOM', '2026-04-01')).toBe(60381);
    expect(() => lha().lhaMonthlyRate('Belfast', 'ONE_BEDROOM', '2026-03-31')).toThrow(ParameterNotInForceError);
  });
});

describe('findLhaArea', () => {
  it('finds a BRMA written in another case, spacing or punctuation; nothing looser', () => {
    const found = lha().findLhaArea({ brma: '  outer south-east   LONDON ' });
    expect(found).toEqual({ kind: 'found', brma: expect.objectContaining({ name: 'Outer South East London' }) });
    expect(lha().findLhaArea({ brma: 'Renfrewshire / Inverclyde' })).toEqual({ kind: 'found', brma: expect.objectContaining({ name: 'Renfrewshire/ Inverclyde' }) });
    expect(lha().findLhaArea({ brma: 'Bradford & South Dales' })).toEqual({ kind: 'found', brma: expect.objectContaining({ key: 'bradford-and-south-dales' }) });
    expect(lha().findLhaArea({ brma: 'Outer South East Londn' })).toEqual({ kind: 'unknown', reason: 'BRMA_NOT_IN_DATA' });
  });

  it('a BRMA not in the data is unknown even when the local authority is given: the rent is not checked', () => {
    expect(lha().findLhaArea({ brma: 'Atlantis', localAuthority: 'E06000043' })).toEqual({ kind: 'unknown', reason: 'BRMA_NOT_IN_DATA' });
  });

  it('an authority wholly in one BRMA is found from its GSS code', () => {
    expect(lha().findLhaArea({ localAuthority: 'E06000043' })).toEqual({ kind: 'found', brma: expect.objectContaining({ name: 'Brighton and Hove' }) });
  });

  it('North West Leicestershire is split between three BRMAs: ambiguous, so no single LHA figure is assumed', () => {
    const finding = lha().findLhaArea({ localAuthority: 'E07000134' });
    expect(finding.kind).toBe('ambiguous');
    expect(finding.kind === 'ambiguous' && finding.brmas.map((b) => b.name)).toEqual(['Leicester', 'Eastern Staffordshire', 'Derby']);
  });

  it('an authority missing from the (incomplete) table, or no area at all, is unknown', () => {
    expect(lha().findLhaArea({ localAuthority: 'E09000006' })).toEqual({ kind: 'unknown', reason: 'LOCAL_AUTHORITY_NOT_IN_TABLE' });
    expect(lha().findLhaArea({})).toEqual({ kind: 'unknown', reason: 'NO_AREA_GIVEN' });
  });
});
