import { describe, expect, it } from '@jest/globals';
import { findBandColumns, readBandRow } from './band-loader.js';
import { LocalAuthorityList } from './local-authorities.js';
import { findOnspdColumns, readOnspdRow } from './postcode-loader.js';

describe('findOnspdColumns', () => {
  it('finds the columns of an ONSPD edition with oslaua', () => {
    expect(findOnspdColumns(['pcd', 'pcd2', 'pcds', 'dointr', 'doterm', 'oscty', 'oslaua', 'osward', 'lat', 'long'])).toEqual({
      postcode: 2,
      authorityCode: 6,
      latitude: 8,
      longitude: 9,
      terminated: 4,
    });
  });

  it('finds the columns of an edition named by year (lad25cd), in any case, preferring the latest year', () => {
    expect(findOnspdColumns(['PCD7', 'PCDS', 'DOINTR', 'DOTERM', 'LAD24CD', 'LAD25CD', 'LAT', 'LONG'])).toMatchObject({
      postcode: 1,
      authorityCode: 5,
    });
  });

  it('finds the columns of the NSPL (laua)', () => {
    expect(findOnspdColumns(['pcd', 'pcd2', 'pcds', 'dointr', 'doterm', 'laua', 'lat', 'long'])).toMatchObject({ authorityCode: 5 });
  });

  it('names every column it cannot find', () => {
    expect(() => findOnspdColumns(['postcode', 'lat', 'long'])).toThrow(
      "The first line of the file must be the ONS Postcode Directory's column names; it has no column pcds (the postcode), oslaua or lad25cd (the local authority code), doterm (the termination date).",
    );
  });
});

describe('readOnspdRow', () => {
  const columns = findOnspdColumns(['pcds', 'doterm', 'oslaua', 'lat', 'long']);

  it('reads a live postcode', () => {
    expect(readOnspdRow(['SW1A 1AA', '', 'E09000033', '51.501009', '-0.141588'], columns)).toEqual({
      postcode: 'SW1A 1AA',
      localAuthorityCode: 'E09000033',
      latitude: 51.501009,
      longitude: -0.141588,
    });
  });

  it('leaves out terminated postcodes and rows without a well-formed postcode', () => {
    expect(readOnspdRow(['AB1 0AA', '199606', 'S12000033', '57.101474', '-2.242851'], columns)).toBe('terminated');
    expect(readOnspdRow(['not one', '', 'E09000033', '51.5', '-0.1'], columns)).toBe('malformed');
    expect(readOnspdRow([], columns)).toBe('malformed');
  });

  it('keeps a postcode with no grid reference (latitude 99.999999) without a position', () => {
    expect(readOnspdRow(['BT1 1BT', '', '', '99.999999', '0.000000'], columns)).toEqual({
      postcode: 'BT1 1BT',
      localAuthorityCode: null,
      latitude: null,
      longitude: null,
    });
  });

  it('reads ONS pseudo codes (Channel Islands, Isle of Man) as no local authority', () => {
    expect(readOnspdRow(['JE2 3AB', '', 'L99999999', '49.18', '-2.10'], columns)).toMatchObject({
      localAuthorityCode: null,
      latitude: 49.18,
    });
    expect(readOnspdRow(['IM1 1AA', '', 'M99999999', '54.15', '-4.48'], columns)).toMatchObject({ localAuthorityCode: null });
  });
});

describe('the council tax bands file', () => {
  const authorities = new LocalAuthorityList([
    { code: 'W06000015', name: 'Cardiff', country: 'Wales', region: null, inGreaterLondon: false },
  ]);

  it('needs the columns postcode, address and band, in any order and case', () => {
    expect(findBandColumns(['Band', 'Postcode', 'Address'])).toEqual({ postcode: 1, address: 2, band: 0, authority_code: -1 });
    expect(() => findBandColumns(['postcode', 'line1', 'band'])).toThrow(
      'The first line of the file must name the columns postcode,address,band (and optionally authority_code); it has no column address.',
    );
  });

  it('reads a row, normalising the postcode, the spacing of the address and the band', () => {
    const columns = findBandColumns(['postcode', 'address', 'band', 'authority_code']);
    expect(readBandRow(['cf101aa', '  12   Park Place ', 'band i', 'W06000015'], columns, authorities)).toEqual({
      postcode: 'CF10 1AA',
      line1: '12 Park Place',
      band: 'I',
      localAuthorityCode: 'W06000015',
      country: 'Wales',
    });
    expect(readBandRow(['CF10 1AA', '14 Park Place', 'C', ''], columns, authorities)).toMatchObject({
      band: 'C',
      localAuthorityCode: null,
      country: null,
    });
  });

  it('refuses a row without a postcode, address or band A to I, or with an authority not in the list', () => {
    const columns = findBandColumns(['postcode', 'address', 'band', 'authority_code']);
    expect(readBandRow(['CF10', '12 Park Place', 'C', ''], columns, authorities)).toBeNull();
    expect(readBandRow(['CF10 1AA', ' ', 'C', ''], columns, authorities)).toBeNull();
    expect(readBandRow(['CF10 1AA', '12 Park Place', 'J', ''], columns, authorities)).toBeNull();
    expect(readBandRow(['CF10 1AA', 'x'.repeat(201), 'C', ''], columns, authorities)).toBeNull();
    expect(readBandRow(['CF10 1AA', '12 Park Place', 'C', 'E09000033'], columns, authorities)).toBeNull();
  });
});
