import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { dataSourceOptions } from '../data-source-options.js';
import { runMigrations } from '../database/migrate.js';
import { loadCouncilTaxBands } from './band-loader.js';
import { CouncilTaxAddress } from './council-tax-address.entity.js';
import { PostgresCouncilTaxBandProvider } from './council-tax-band-provider.js';
import { BANDS_SCRIPT, POSTCODES_SCRIPT, runDataScript } from './data-script.js';
import { loadLocalAuthorities, type LocalAuthorityList } from './local-authorities.js';
import { LookupUnavailableError } from './lookup-unavailable.error.js';
import { PostcodeLocation } from './postcode-location.entity.js';
import { loadOnspdPostcodes } from './postcode-loader.js';
import { PostgresPostcodeProvider } from './postgres-postcode.provider.js';

let database: TestDatabase;
let dataSource: DataSource;
let client: pg.Client;
let authorities: LocalAuthorityList;
let scratch: string;

beforeAll(async () => {
  Logger.overrideLogger(false);
  database = await createTestDatabase();
  dataSource = await new DataSource(dataSourceOptions(database.url)).initialize();
  await runMigrations(dataSource, new Logger('Migrations'));
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  authorities = await loadLocalAuthorities(resolve('definitions'));
  scratch = await mkdtemp(join(tmpdir(), 'lookup-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  await client.end();
  await dataSource.destroy();
  await database.drop();
});

/** Text as a stream cut into small chunks, as a large file arrives. */
function streamOf(text: string, chunkSize = 97): Readable {
  const chunks: Buffer[] = [];
  const bytes = Buffer.from(text, 'utf8');
  for (let start = 0; start < bytes.length; start += chunkSize) chunks.push(bytes.subarray(start, start + chunkSize));
  return Readable.from(chunks);
}

/** Takes a table away for the length of `work`, as when the database has lost it or cannot read it. */
async function withTableAway(table: string, work: () => Promise<void>): Promise<void> {
  await database.query(`ALTER TABLE ${table} RENAME TO ${table}_away`);
  try {
    await work();
  } finally {
    await database.query(`ALTER TABLE ${table}_away RENAME TO ${table}`);
  }
}

const SEEDED = ['AB10 1AB', 'AB10 6AA', 'AB10 7AA', 'SW1A 0AA', 'SW1A 1AA', 'SW1A 2AA', 'SW1A 1YT', 'EN5 1AA', 'EN5 2AA', 'EN5 3AA'];

describe('the migration', () => {
  it('seeds the 20 sample postcodes, so the lookup works offline with no data loaded', async () => {
    const rows = await database.query<{ postcode: string }>('SELECT postcode FROM postcodes');
    expect(rows).toHaveLength(20);
    expect(rows.map((row) => row.postcode)).toEqual(
      expect.arrayContaining([...SEEDED, 'CF10 1AA', 'BT1 5AA', 'BT1 1BT', 'M1 7AA', 'EN5 3JE']),
    );
  });

  it('starts the council tax addresses empty: no band data is invented', async () => {
    expect(await database.query('SELECT * FROM council_tax_addresses')).toEqual([]);
  });

  it('refuses a band outside A to I', async () => {
    await expect(
      database.query(`INSERT INTO council_tax_addresses (postcode, line1, band) VALUES ('CF10 1AA', '1 Test Row', 'J')`),
    ).rejects.toThrow(/council_tax_addresses_band_check/);
  });
});

describe('PostgresPostcodeProvider', () => {
  const provider = () => new PostgresPostcodeProvider(dataSource.getRepository(PostcodeLocation));

  it('finds a seeded postcode with its local authority code and position', async () => {
    expect(await provider().find('SW1A 1AA')).toEqual({
      postcode: 'SW1A 1AA',
      authorityCode: 'E09000033',
      latitude: 51.501,
      longitude: -0.1416,
    });
    // EN5 spans Barnet (London) and Hertsmere (not): the postcode, not the outcode, decides.
    expect(await provider().find('EN5 3JE')).toMatchObject({ authorityCode: 'E07000098' });
  });

  it('finds a live postcode that has no local authority, without one', async () => {
    expect(await provider().find('BT1 1BT')).toEqual({ postcode: 'BT1 1BT', authorityCode: null, latitude: null, longitude: null });
  });

  it('answers null for a postcode it does not hold', async () => {
    expect(await provider().find('SW1A 9ZZ')).toBeNull();
  });

  it('is unavailable when the table cannot be read', async () => {
    await withTableAway('postcodes', async () => {
      await expect(provider().find('SW1A 1AA')).rejects.toBeInstanceOf(LookupUnavailableError);
    });
  });
});

/**
 * An ONSPD-shaped file: the real column layout (cut down), quoted values as ONS writes them, `rows` live
 * postcodes in Manchester, plus a terminated one, one with no grid reference and one in Jersey.
 */
function onspdFile(rows: number, authorityHeader = 'oslaua'): string {
  const lines = [`"pcd","pcd2","pcds","dointr","doterm","oscty","${authorityHeader}","osward","lat","long"`];
  for (let index = 0; index < rows; index += 1) {
    // Outcodes M1 to M9 with every inward code 0AA..9ZZ: all well formed, all different.
    const inward = `${index % 10}${String.fromCharCode(65 + (Math.floor(index / 10) % 26))}${String.fromCharCode(65 + (Math.floor(index / 260) % 26))}`;
    const postcode = `M${1 + Math.floor(index / 6760)} ${inward}`;
    lines.push(
      `"${postcode.replace(' ', '')}","${postcode}","${postcode}","198001","","E99999999","E08000003","E05011362",53.48${index % 10},-2.24${index % 7}`,
    );
  }
  lines.push('"AB1 0AA","AB1  0AA","AB1 0AA","198001","199606","S99999999","S12000033","S13002843",57.101474,-2.242851');
  lines.push('"BT1 1BT","BT1  1BT","BT1 1BT","200001","","N99999999","","",99.999999,0.000000');
  lines.push('"JE2 3AB","JE2  3AB","JE2 3AB","198001","","L99999999","L99999999","L99999999",49.18,-2.10');
  return `${lines.join('\r\n')}\r\n`;
}

describe('loadOnspdPostcodes', () => {
  it('loads an ONSPD file in batches, leaving out terminated postcodes, and counts what it did', async () => {
    const batches: number[] = [];
    const report = await loadOnspdPostcodes(streamOf(onspdFile(2500)), client, authorities, {
      batchSize: 1000,
      onProgress: (read) => batches.push(read),
    });
    expect(report).toEqual({
      loaded: 2502,
      terminated: 1,
      malformed: 0,
      withoutAuthority: 2,
      authorityNotListed: 0,
      nationsOfAreas: new Map([['M', new Set(['England'])]]),
    });
    expect(batches).toEqual([1000, 2000, 2503]);
    expect(
      await database.query(`SELECT * FROM postcodes WHERE postcode IN ('M1 0AA', 'AB1 0AA', 'BT1 1BT', 'JE2 3AB') ORDER BY postcode`),
    ).toEqual([
      { postcode: 'BT1 1BT', local_authority_code: null, latitude: null, longitude: null },
      { postcode: 'JE2 3AB', local_authority_code: null, latitude: 49.18, longitude: -2.1 },
      { postcode: 'M1 0AA', local_authority_code: 'E08000003', latitude: 53.48, longitude: -2.24 },
    ]);
    // The three seeded Manchester postcodes are among the 2,500, so they are updated, not added.
    expect((await database.query<{ count: string }>(`SELECT count(*) FROM postcodes WHERE postcode LIKE 'M%'`))[0].count).toBe('2500');
  });

  it('updates postcodes already there, so a newer edition loads over an older one, and loading twice changes nothing', async () => {
    const newer =
      '"pcds","doterm","lad25cd","lat","long"\n"SW1A 1AA","","E09000033",51.501009,-0.141588\n"SW1A 1YT","","E09000033",51.4811,-0.1339\n';
    for (let time = 0; time < 2; time += 1) {
      expect(await loadOnspdPostcodes(streamOf(newer, 7), client, authorities)).toMatchObject({ loaded: 2, terminated: 0 });
    }
    expect(await database.query(`SELECT * FROM postcodes WHERE postcode IN ('SW1A 1AA', 'SW1A 1YT') ORDER BY postcode`)).toEqual([
      { postcode: 'SW1A 1AA', local_authority_code: 'E09000033', latitude: 51.501009, longitude: -0.141588 },
      { postcode: 'SW1A 1YT', local_authority_code: 'E09000033', latitude: 51.4811, longitude: -0.1339 },
    ]);
    await database.query(`UPDATE postcodes SET local_authority_code = 'E09000032' WHERE postcode = 'SW1A 1YT'`);
  });

  it('counts authority codes that are not in the list, and keeps the postcode', async () => {
    const file = '"pcds","doterm","oslaua","lat","long"\n"CF10 9ZZ","","W06000099",51.48,-3.17\n"CF10 9ZY","","W06000015",51.48,-3.17\n';
    expect(await loadOnspdPostcodes(streamOf(file), client, authorities)).toEqual({
      loaded: 2,
      terminated: 0,
      malformed: 0,
      withoutAuthority: 0,
      authorityNotListed: 1,
      nationsOfAreas: new Map([['CF', new Set(['Wales'])]]),
    });
    expect(await database.query(`SELECT local_authority_code FROM postcodes WHERE postcode = 'CF10 9ZZ'`)).toEqual([
      { local_authority_code: 'W06000099' },
    ]);
  });
});

describe('npm run data:postcodes', () => {
  function console_() {
    const lines: { log: string[]; error: string[] } = { log: [], error: [] };
    return { lines, out: { log: (line: string) => lines.log.push(line), error: (line: string) => lines.error.push(line) } };
  }

  it('loads the file named on the command line and prints the counts', async () => {
    const file = join(scratch, 'ONSPD_TEST.csv');
    await writeFile(file, onspdFile(30, 'lad25cd'));
    const { lines, out } = console_();
    expect(await runDataScript(POSTCODES_SCRIPT, [file], { DATABASE_URL: database.url }, out)).toBe(0);
    expect(lines.error).toEqual([]);
    expect(lines.log).toEqual([
      'Loaded 32 postcodes into the postcodes table; left out 1 terminated and 0 not well formed.',
      '2 of them have no local authority (ONS gives none).',
      'Every postcode area that definitions/lookup/postcode-areas.json puts in one nation has postcodes in that nation only.',
    ]);
  });

  it('says when a postcode area that postcode-areas.json puts in one nation has postcodes in another', async () => {
    const file = join(scratch, 'ONSPD_BORDER.csv');
    await writeFile(
      file,
      '"pcds","doterm","lad25cd","lat","long"\n"LS1 9ZZ","","W06000015",51.48,-3.17\n"LS1 9ZY","","E08000035",53.8,-1.55\n',
    );
    const { lines, out } = console_();
    expect(await runDataScript(POSTCODES_SCRIPT, [file], { DATABASE_URL: database.url }, out)).toBe(0);
    expect(lines.log.at(-1)).toBe(
      'definitions/lookup/postcode-areas.json puts LS in England, but LS has postcodes in Wales too: move LS to acrossBorders.',
    );
    await database.query(`DELETE FROM postcodes WHERE postcode IN ('LS1 9ZZ', 'LS1 9ZY')`);
  });

  it('reads a relative path from where the command was typed (INIT_CWD), as npm runs scripts from the project folder', async () => {
    await writeFile(join(scratch, 'relative.csv'), onspdFile(3));
    const { lines, out } = console_();
    expect(await runDataScript(POSTCODES_SCRIPT, ['relative.csv'], { DATABASE_URL: database.url, INIT_CWD: scratch }, out)).toBe(0);
    expect(lines.log[0]).toBe('Loaded 5 postcodes into the postcodes table; left out 1 terminated and 0 not well formed.');
  });

  it('without DATABASE_URL or a server running on the embedded database, says to start the server or set DATABASE_URL', async () => {
    const { lines, out } = console_();
    expect(await runDataScript(POSTCODES_SCRIPT, ['ONSPD.csv'], { DATA_DIR: join(scratch, 'no-server') }, out)).toBe(1);
    expect(lines.error[0]).toContain(
      `DATABASE_URL is not set, and no server is running on the embedded database in ${join(scratch, 'no-server')}.`,
    );
    expect(lines.error[0]).toContain('Start the server (npm start) in another terminal, and run this again while it runs');
    expect(lines.error[0]).toContain(
      'DATABASE_URL=postgres://user:password@localhost:5432/benefits npm run data:postcodes -- ONSPD_MAY_2026_UK.csv',
    );
  });

  it('says what is wrong with the command, the file or the database', async () => {
    const { lines, out } = console_();
    expect(await runDataScript(POSTCODES_SCRIPT, [], { DATABASE_URL: database.url }, out)).toBe(1);
    expect(await runDataScript(POSTCODES_SCRIPT, [join(scratch, 'missing.csv')], { DATABASE_URL: database.url }, out)).toBe(1);
    const wrongHeader = join(scratch, 'wrong.csv');
    await writeFile(wrongHeader, 'postcode,district\nSW1A 1AA,Westminster\n');
    expect(await runDataScript(POSTCODES_SCRIPT, [wrongHeader], { DATABASE_URL: database.url }, out)).toBe(1);
    const file = join(scratch, 'ok.csv');
    await writeFile(file, onspdFile(1));
    await withTableAway('postcodes', async () => {
      expect(await runDataScript(POSTCODES_SCRIPT, [file], { DATABASE_URL: database.url }, out)).toBe(1);
    });
    expect(lines.error).toEqual([
      'Usage: npm run data:postcodes -- <file>\n  where <file> is the ONS Postcode Directory (ONSPD) CSV, from the ONS Open Geography Portal.',
      `There is no file ${join(scratch, 'missing.csv')}.`,
      `${wrongHeader}: The first line of the file must be the ONS Postcode Directory's column names; it has no column pcds (the postcode), oslaua or lad25cd (the local authority code), lat, long, doterm (the termination date).`,
      'The database has no postcodes table yet. Start the server once with this DATABASE_URL (it runs the migrations on start), or run npm run build && npm run migration:run.',
    ]);
  });
});

describe('council tax bands', () => {
  const provider = () => new PostgresCouncilTaxBandProvider(dataSource.getRepository(CouncilTaxAddress));
  // Test rows only, in a postcode of the sample set; not real valuation list entries.
  const bandsFile = [
    'postcode,address,band,authority_code',
    'CF10 1AA,10 Test Row,D,W06000015',
    'cf101aa,"2 Test Row",c,',
    'CF10 1AA,Flat 1  Test House,Band I,W06000015',
    'CF10 3AE,1 Test Row,B,',
    'CF10,3 Test Row,B,',
    'CF10 1AA,4 Test Row,K,',
  ].join('\n');

  beforeEach(() => database.query('DELETE FROM council_tax_addresses'));

  it('loads a bands file and lists a postcode’s addresses in street order', async () => {
    expect(await loadCouncilTaxBands(streamOf(bandsFile, 11), client, authorities)).toEqual({
      loaded: 4,
      malformed: 2,
      malformedLines: [6, 7],
    });
    const addresses = await provider().findAddresses('CF10 1AA');
    expect(addresses.map(({ line1, band }) => ({ line1, band }))).toEqual([
      { line1: '2 Test Row', band: 'C' },
      { line1: '10 Test Row', band: 'D' },
      { line1: 'Flat 1 Test House', band: 'I' },
    ]);
    expect(addresses.every((address) => /^[0-9a-f-]{36}$/.test(address.id))).toBe(true);
    expect(await database.query(`SELECT local_authority_code, country FROM council_tax_addresses WHERE line1 = '10 Test Row'`)).toEqual([
      { local_authority_code: 'W06000015', country: 'Wales' },
    ]);
    expect(await provider().findAddresses('SW1A 1AA')).toEqual([]);
  });

  it('says whether a postcode has addresses, so the look-up is offered only there', async () => {
    expect(await provider().hasAddresses('CF10 1AA')).toBe(false);
    await loadCouncilTaxBands(streamOf(bandsFile), client, authorities);
    expect(await provider().hasAddresses('CF10 1AA')).toBe(true);
    expect(await provider().hasAddresses('CF10 4AA')).toBe(false);
  });

  it('updates the band of an address already there, keeping its id', async () => {
    await loadCouncilTaxBands(streamOf(bandsFile), client, authorities);
    const [before] = (await provider().findAddresses('CF10 3AE')).filter((address) => address.line1 === '1 Test Row');
    await loadCouncilTaxBands(streamOf('postcode,address,band\nCF10 3AE,1 Test Row,E\n'), client, authorities);
    expect(await provider().findAddresses('CF10 3AE')).toEqual([{ id: before.id, line1: '1 Test Row', band: 'E' }]);
  });

  it('is unavailable when the table cannot be read', async () => {
    await withTableAway('council_tax_addresses', async () => {
      await expect(provider().findAddresses('CF10 1AA')).rejects.toBeInstanceOf(LookupUnavailableError);
      await expect(provider().hasAddresses('CF10 1AA')).rejects.toBeInstanceOf(LookupUnavailableError);
    });
  });

  it('npm run data:bands loads a file and names the lines it left out', async () => {
    const file = join(scratch, 'bands.csv');
    await writeFile(file, bandsFile);
    const log: string[] = [];
    expect(
      await runDataScript(
        BANDS_SCRIPT,
        [file],
        { DATABASE_URL: database.url },
        { log: (line) => log.push(line), error: (line) => log.push(line) },
      ),
    ).toBe(0);
    expect(log).toEqual([
      'Loaded 4 addresses into the council_tax_addresses table.',
      'Left out 2 rows without a well-formed postcode, an address of 1 to 200 characters, a band A to I, or with an authority_code not in the list; the first are on lines 6, 7.',
    ]);
  });
});
