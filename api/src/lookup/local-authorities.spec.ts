import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UK_COUNTRIES } from '../../../common/survey/model.js';
import { readSchema } from '../../../engine/schemas/json-schema.js';
import { ENGLISH_REGIONS, loadLocalAuthorities, parseLocalAuthorities } from './local-authorities.js';

const DEFINITIONS = resolve('definitions');

describe('the shipped definitions/lookup/local-authorities.json', () => {
  it('loads: all 361 UK local authorities, by country', async () => {
    const list = await loadLocalAuthorities(DEFINITIONS);
    const byCountry: Record<string, number> = {};
    for (const authority of list.all) byCountry[authority.country] = (byCountry[authority.country] ?? 0) + 1;
    expect(byCountry).toEqual({
      England: 296,
      'Northern Ireland': 11,
      Scotland: 32,
      Wales: 22,
    });
  });

  it('marks the 32 London boroughs and the City of London as Greater London, and nothing else', async () => {
    const list = await loadLocalAuthorities(DEFINITIONS);
    const london = list.all.filter((authority) => authority.inGreaterLondon);
    expect(london).toHaveLength(33);
    expect(london.every((authority) => authority.code.startsWith('E09') && authority.region === 'London')).toBe(true);
    expect(list.find('E09000033')).toEqual({
      code: 'E09000033',
      name: 'Westminster',
      country: 'England',
      region: 'London',
      inGreaterLondon: true,
    });
    // Hertsmere shares the outcode EN5 with Barnet but is outside London (the benefit cap differs).
    expect(list.find('E07000098')).toMatchObject({ name: 'Hertsmere', region: 'East of England', inGreaterLondon: false });
  });

  it('gives regions in England only', async () => {
    const list = await loadLocalAuthorities(DEFINITIONS);
    expect(list.find('W06000015')).toEqual({ code: 'W06000015', name: 'Cardiff', country: 'Wales', region: null, inGreaterLondon: false });
    expect(list.find('S12000033')).toMatchObject({ name: 'Aberdeen City', country: 'Scotland', region: null });
    expect(list.find('N09000003')).toMatchObject({ name: 'Belfast', country: 'Northern Ireland', region: null });
  });

  it('holds the authority of every sample postcode with one', async () => {
    const list = await loadLocalAuthorities(DEFINITIONS);
    const codes = ['S12000033', 'E09000033', 'E09000032', 'E09000003', 'E07000098', 'E08000003', 'W06000015', 'N09000003'];
    expect(codes.filter((code) => !list.has(code))).toEqual([]);
    expect(list.find('E99999999')).toBeNull();
  });

  it('keeps the source and attribution the licence asks for', () => {
    const { meta } = JSON.parse(readFileSync(resolve(DEFINITIONS, 'lookup/local-authorities.json'), 'utf8'));
    expect(meta.licence).toContain('Open Government Licence');
    expect(meta.attribution).toContain('Office for National Statistics');
  });
});

describe('parseLocalAuthorities', () => {
  const meta = { description: 'd', sources: ['ONS'], licence: 'OGL v3', attribution: 'Source: ONS' };
  const westminster = { code: 'E09000033', name: 'Westminster', country: 'England', region: 'London', inGreaterLondon: true };
  const cardiff = { code: 'W06000015', name: 'Cardiff', country: 'Wales', region: null, inGreaterLondon: false };
  const problem =
    (localAuthorities: unknown[], extra: Record<string, unknown> = {}) =>
    () =>
      parseLocalAuthorities({ meta, localAuthorities, ...extra }, 'definitions/lookup/local-authorities.json');

  it('reads a well-formed list', () => {
    expect(problem([westminster, cardiff])().all).toHaveLength(2);
  });

  it('names the file and the field of a country written any other way', () => {
    expect(problem([westminster, { ...cardiff, country: 'wales' }])).toThrow(
      'definitions/lookup/local-authorities.json: localAuthorities[1].country must be one of England, Northern Ireland, Scotland, Wales.',
    );
  });

  it('refuses a country that does not match the code', () => {
    expect(problem([{ ...cardiff, country: 'Scotland' }])).toThrow('localAuthorities[0].country must be Wales for a code starting W.');
  });

  it('refuses a malformed code, a code listed twice and an unknown field', () => {
    expect(problem([{ ...westminster, code: 'E9000033' }])).toThrow('localAuthorities[0].code must be a GSS code such as E09000033.');
    expect(problem([westminster, westminster])).toThrow('localAuthorities[1].code E09000033 is listed twice.');
    expect(problem([{ ...westminster, bandD: 1000 }])).toThrow(
      'localAuthorities[0].bandD is not a known field (allowed: code, name, country, region, inGreaterLondon).',
    );
  });

  it('insists on regions in England only, and London exactly for Greater London', () => {
    expect(problem([{ ...westminster, region: 'Greater London' }])).toThrow('localAuthorities[0].region must be one of North East,');
    expect(problem([{ ...cardiff, region: 'South West' }])).toThrow('localAuthorities[0].region must be null outside England.');
    expect(problem([{ ...westminster, inGreaterLondon: false }])).toThrow(
      'localAuthorities[0].inGreaterLondon must be true exactly when the region is London.',
    );
  });

  it('refuses a file without its sources', () => {
    expect(() => parseLocalAuthorities({ meta: { ...meta, sources: [] }, localAuthorities: [westminster] }, 'f.json')).toThrow(
      'f.json: meta.sources must be a list of the sources, as text.',
    );
    expect(() => parseLocalAuthorities({ localAuthorities: [westminster] }, 'f.json')).toThrow('f.json: meta is required.');
  });

  it('lists every problem of the file, a line each, naming the file and the field', () => {
    expect(
      problem([
        { ...westminster, name: ' ' },
        { ...cardiff, code: 'E06000015' },
      ]),
    ).toThrow(
      [
        'definitions/lookup/local-authorities.json: localAuthorities[0].name must be non-empty text.',
        'definitions/lookup/local-authorities.json: localAuthorities[1].country must be England for a code starting E.',
      ].join('\n'),
    );
  });
});

describe('a broken copy of the shipped file', () => {
  const shipped = () => JSON.parse(readFileSync(resolve(DEFINITIONS, 'lookup/local-authorities.json'), 'utf8'));
  const FILE = 'definitions/lookup/local-authorities.json';

  it('is refused by its schema, naming the file and the field', () => {
    const broken = shipped();
    broken.localAuthorities[40].inGreaterLondon = 'no';
    delete broken.meta.attribution;
    expect(() => parseLocalAuthorities(broken, FILE)).toThrow(
      [`${FILE}: meta.attribution is required.`, `${FILE}: localAuthorities[40].inGreaterLondon must be true or false.`].join('\n'),
    );
  });

  it('is refused when a code is listed twice or the region does not fit the country', () => {
    const broken = shipped();
    broken.localAuthorities[1].code = broken.localAuthorities[0].code;
    broken.localAuthorities[2].region = null;
    expect(() => parseLocalAuthorities(broken, FILE)).toThrow(
      [
        `${FILE}: localAuthorities[1].code E06000001 is listed twice.`,
        `${FILE}: localAuthorities[2].region must be an English region in England.`,
      ].join('\n'),
    );
  });
});

describe('definitions/schemas/local-authorities.schema.json', () => {
  it('lists the countries of UK_COUNTRIES and the regions of ENGLISH_REGIONS (with null), as the code does', () => {
    const authority = (
      readSchema('local-authorities.schema.json').$defs as Record<string, { properties: Record<string, { enum: unknown[] }> }>
    ).LocalAuthority!.properties;
    expect(authority.country!.enum).toEqual([...UK_COUNTRIES]);
    expect(authority.region!.enum).toEqual([...ENGLISH_REGIONS, null]);
  });
});
