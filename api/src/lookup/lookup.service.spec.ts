import { describe, expect, it } from '@jest/globals';
import { validateEnvironment } from '../config/environment.js';
import { JsonLogger } from '../logging/json-logger.js';
import type { CouncilTaxAddressChoice, CouncilTaxBandProvider } from './council-tax-band-provider.js';
import { LocalAuthorityList } from './local-authorities.js';
import { LookupUnavailableError } from './lookup-unavailable.error.js';
import { LookupService } from './lookup.service.js';
import { loadPostcodeAreas } from './postcode-areas.js';
import { PostcodeProviderChain, type PostcodeFound, type PostcodeProvider } from './postcode-provider.js';

// The real file: which areas are wholly in one nation is a fact these tests rely on.
const AREAS = await loadPostcodeAreas('definitions');

const AUTHORITIES = new LocalAuthorityList([
  { code: 'E09000033', name: 'Westminster', country: 'England', region: 'London', inGreaterLondon: true },
  { code: 'W06000015', name: 'Cardiff', country: 'Wales', region: null, inGreaterLondon: false },
]);

/** A provider that knows the postcodes it is given, and records what it was asked. */
class KnownPostcodes implements PostcodeProvider {
  readonly asked: string[] = [];
  constructor(private readonly known: Record<string, Omit<PostcodeFound, 'postcode'>>) {}
  async find(postcode: string): Promise<PostcodeFound | null> {
    this.asked.push(postcode);
    return this.known[postcode] ? { postcode, ...this.known[postcode] } : null;
  }
}

class Unavailable implements PostcodeProvider {
  asked = 0;
  constructor(private readonly error: Error = new LookupUnavailableError('The postcode service answered 503.')) {}
  async find(): Promise<PostcodeFound | null> {
    this.asked += 1;
    throw this.error;
  }
}

class Bands implements CouncilTaxBandProvider {
  readonly asked: string[] = [];
  constructor(private readonly addresses: CouncilTaxAddressChoice[] = []) {}
  async findAddresses(postcode: string): Promise<CouncilTaxAddressChoice[]> {
    this.asked.push(postcode);
    return this.addresses;
  }
  async hasAddresses(postcode: string): Promise<boolean> {
    this.asked.push(postcode);
    return this.addresses.length > 0;
  }
}

/** A band table that cannot be read just now. */
class UnreadableBands implements CouncilTaxBandProvider {
  async findAddresses(): Promise<CouncilTaxAddressChoice[]> {
    throw new LookupUnavailableError('The council tax addresses table could not be read.');
  }
  async hasAddresses(): Promise<boolean> {
    throw new LookupUnavailableError('The council tax addresses table could not be read.');
  }
}

function serviceWith(postcodes: PostcodeProvider, bands: CouncilTaxBandProvider = new Bands()) {
  const logLines: string[] = [];
  const service = new LookupService(
    AUTHORITIES,
    AREAS,
    postcodes,
    bands,
    new JsonLogger('debug', { write: (line: string) => logLines.push(line) }),
  );
  return { service, logLines };
}

const westminster = { authorityCode: 'E09000033', latitude: 51.501, longitude: -0.1416 };

describe('LookupService.checkPostcode', () => {
  it('answers a known postcode with its local authority, country and position, from the list', async () => {
    const postcodes = new KnownPostcodes({ 'SW1A 1AA': westminster });
    expect(await serviceWith(postcodes).service.checkPostcode(' sw1a1aa ')).toEqual({
      valid: true,
      value: {
        postcode: 'SW1A 1AA',
        authority: 'Westminster',
        authorityCode: 'E09000033',
        country: 'England',
        latitude: 51.501,
        longitude: -0.1416,
        option: false,
      },
      reason: null,
    });
    expect(postcodes.asked).toEqual(['SW1A 1AA']);
  });

  it('answers a badly formed postcode as not valid with the reason, without asking any provider', async () => {
    const postcodes = new KnownPostcodes({});
    const badlyFormed = { valid: false, value: null, reason: 'Enter a full UK postcode, like LS1 4AP.' };
    expect(await serviceWith(postcodes).service.checkPostcode('SW1A')).toEqual(badlyFormed);
    expect(await serviceWith(postcodes).service.checkPostcode('')).toEqual(badlyFormed);
    expect(postcodes.asked).toEqual([]);
  });

  it('answers a postcode of Jersey, Guernsey or the Isle of Man as not valid, saying they are outside the UK', async () => {
    const postcodes = new KnownPostcodes({});
    const { service } = serviceWith(postcodes);
    expect(await service.checkPostcode('je2 4wd')).toEqual({
      valid: false,
      value: null,
      reason:
        'Postcodes in Jersey are outside the UK: this calculator works out benefits in England, Scotland, Wales and Northern Ireland.',
    });
    expect((await service.checkPostcode('IM1 3PN')).reason).toMatch(/^Postcodes in the Isle of Man are outside the UK/);
    expect((await service.checkPostcode('GY1 1AA')).reason).toMatch(/^Postcodes in Guernsey are outside the UK/);
    expect(postcodes.asked).toEqual([]);
  });

  it('answers a well-formed postcode nobody knows as valid with the authority empty, and the nation of an area wholly in one', async () => {
    const { service } = serviceWith(new KnownPostcodes({}));
    const unknown = (postcode: string, country: string) => ({
      valid: true,
      value: { postcode, authority: '', authorityCode: '', country, latitude: null, longitude: null, option: false },
      reason: null,
    });
    expect(await service.checkPostcode('ls1 4ap')).toEqual(unknown('LS1 4AP', 'England'));
    expect(await service.checkPostcode('G2 1DU')).toEqual(unknown('G2 1DU', 'Scotland'));
    expect(await service.checkPostcode('sa1 1aa')).toEqual(unknown('SA1 1AA', 'Wales'));
    expect(await service.checkPostcode('BT1 5GS')).toEqual(unknown('BT1 5GS', 'Northern Ireland'));
    // Chester's area has postcodes in Flintshire too, and Berwick's in the Scottish Borders: no nation is certain.
    expect(await service.checkPostcode('CH5 1AA')).toEqual(unknown('CH5 1AA', ''));
    expect(await service.checkPostcode('TD15 1AA')).toEqual(unknown('TD15 1AA', ''));
  });

  it('answers the same way when the lookup is unavailable, and logs that without the postcode', async () => {
    const { service, logLines } = serviceWith(new Unavailable());
    expect(await service.checkPostcode('SW1A 1AA')).toEqual({
      valid: true,
      value: { postcode: 'SW1A 1AA', authority: '', authorityCode: '', country: 'England', latitude: null, longitude: null, option: false },
      reason: null,
    });
    expect(logLines).toHaveLength(1);
    expect(JSON.parse(logLines[0])).toMatchObject({
      level: 'warn',
      message: 'postcode lookup unavailable',
      reason: 'The postcode service answered 503.',
    });
    expect(logLines[0]).not.toContain('SW1A');
  });

  it('lets a programming error through rather than hide it as an unavailable lookup', async () => {
    await expect(serviceWith(new Unavailable(new TypeError('x is undefined'))).service.checkPostcode('SW1A 1AA')).rejects.toThrow(
      TypeError,
    );
  });

  it('gives no authority for a code not in the list, keeping the provider’s country and position', async () => {
    const postcodes = new KnownPostcodes({
      'CF99 1AA': { authorityCode: 'W06000099', latitude: 51.46, longitude: -3.16, country: 'Wales' },
    });
    expect((await serviceWith(postcodes).service.checkPostcode('CF99 1AA')).value).toEqual({
      postcode: 'CF99 1AA',
      authority: '',
      authorityCode: '',
      country: 'Wales',
      latitude: 51.46,
      longitude: -3.16,
      option: false,
    });
  });

  it('takes the country from the list over the provider’s', async () => {
    const postcodes = new KnownPostcodes({
      'CF10 1AA': { authorityCode: 'W06000015', latitude: 51.4791, longitude: -3.1781, country: 'England' },
    });
    expect((await serviceWith(postcodes).service.checkPostcode('CF10 1AA')).value).toMatchObject({
      authority: 'Cardiff',
      country: 'Wales',
    });
  });
});

describe('LookupService.findLocalAuthority', () => {
  it('finds a picked authority code in the list, with its name and country, and nothing for other codes', () => {
    const { service } = serviceWith(new KnownPostcodes({}));
    expect(service.findLocalAuthority('W06000015')).toMatchObject({ code: 'W06000015', name: 'Cardiff', country: 'Wales' });
    expect(service.findLocalAuthority('W06000099')).toBeNull();
    expect(service.findLocalAuthority('')).toBeNull();
    expect(service.listLocalAuthorities().map((authority) => authority.name)).toEqual(['Westminster', 'Cardiff']);
  });
});

describe('LookupService.findAddresses', () => {
  it('asks with the postcode in its standard form', async () => {
    const bands = new Bands([{ id: 'a1', line1: '12 Park Place', band: 'C' }]);
    expect(await serviceWith(new KnownPostcodes({}), bands).service.findAddresses('cf101aa')).toEqual([
      { id: 'a1', line1: '12 Park Place', band: 'C' },
    ]);
    expect(bands.asked).toEqual(['CF10 1AA']);
  });

  it('answers no addresses for a postcode that is not well formed, without asking', async () => {
    const bands = new Bands([{ id: 'a1', line1: '12 Park Place', band: 'C' }]);
    expect(await serviceWith(new KnownPostcodes({}), bands).service.findAddresses('CF10')).toEqual([]);
    expect(bands.asked).toEqual([]);
  });
});

describe('LookupService.hasAddresses', () => {
  it('says whether addresses are loaded for the postcode, asking in its standard form', async () => {
    const loaded = new Bands([{ id: 'a1', line1: '12 Park Place', band: 'C' }]);
    expect(await serviceWith(new KnownPostcodes({}), loaded).service.hasAddresses('cf101aa')).toBe(true);
    expect(loaded.asked).toEqual(['CF10 1AA']);
    expect(await serviceWith(new KnownPostcodes({}), new Bands()).service.hasAddresses('CF10 1AA')).toBe(false);
  });

  it('answers no for a postcode that is not well formed, without asking', async () => {
    const bands = new Bands([{ id: 'a1', line1: '12 Park Place', band: 'C' }]);
    expect(await serviceWith(new KnownPostcodes({}), bands).service.hasAddresses('CF10')).toBe(false);
    expect(bands.asked).toEqual([]);
  });

  it('answers no when the table cannot be read, logging why but not the postcode', async () => {
    const { service, logLines } = serviceWith(new KnownPostcodes({}), new UnreadableBands());
    expect(await service.hasAddresses('CF10 1AA')).toBe(false);
    expect(logLines.join('\n')).toContain('council tax band lookup unavailable');
    expect(logLines.join('\n')).not.toMatch(/CF10/i);
  });
});

describe('PostcodeProviderChain', () => {
  it('asks the database first, and the service only for postcodes the database does not know', async () => {
    const database = new KnownPostcodes({ 'SW1A 1AA': westminster });
    const service = new KnownPostcodes({ 'CF10 1AA': { authorityCode: 'W06000015', latitude: 51.4791, longitude: -3.1781 } });
    const chain = new PostcodeProviderChain([database, service]);
    expect(await chain.find('SW1A 1AA')).toMatchObject({ authorityCode: 'E09000033' });
    expect(service.asked).toEqual([]);
    expect(await chain.find('CF10 1AA')).toMatchObject({ authorityCode: 'W06000015' });
    expect(await chain.find('SW1A 9ZZ')).toBeNull();
    expect(service.asked).toEqual(['CF10 1AA', 'SW1A 9ZZ']);
  });

  it('still finds a postcode in the service when the database is down', async () => {
    const chain = new PostcodeProviderChain([new Unavailable(), new KnownPostcodes({ 'SW1A 1AA': westminster })]);
    expect(await chain.find('SW1A 1AA')).toMatchObject({ authorityCode: 'E09000033' });
  });

  it('is unavailable when a provider could not answer and none found the postcode', async () => {
    await expect(new PostcodeProviderChain([new KnownPostcodes({}), new Unavailable()]).find('SW1A 1AA')).rejects.toBeInstanceOf(
      LookupUnavailableError,
    );
    await expect(
      new PostcodeProviderChain([new Unavailable(new Error('socket hang up')), new KnownPostcodes({})]).find('SW1A 1AA'),
    ).rejects.toThrow('The postcode lookup failed.');
  });
});

describe('POSTCODE_LOOKUP_URL', () => {
  it('is unset by default: postcodes are looked up in the database only', () => {
    expect(validateEnvironment({}).POSTCODE_LOOKUP_URL).toBeUndefined();
    expect(validateEnvironment({ POSTCODE_LOOKUP_URL: ' ' }).POSTCODE_LOOKUP_URL).toBeUndefined();
  });

  it('takes the http(s) address of a postcodes.io-compatible service, and refuses anything else', () => {
    expect(validateEnvironment({ POSTCODE_LOOKUP_URL: 'https://api.postcodes.io' }).POSTCODE_LOOKUP_URL).toBe('https://api.postcodes.io');
    expect(validateEnvironment({ POSTCODE_LOOKUP_URL: 'http://postcodes:8000' }).POSTCODE_LOOKUP_URL).toBe('http://postcodes:8000');
    expect(() => validateEnvironment({ POSTCODE_LOOKUP_URL: 'api.postcodes.io' })).toThrow(
      'POSTCODE_LOOKUP_URL must be the full http(s) address of a postcodes.io-compatible service',
    );
  });
});
