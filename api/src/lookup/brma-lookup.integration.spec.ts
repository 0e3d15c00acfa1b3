import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { loadLocalHousingAllowance } from '../../../engine/load.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { dataSourceOptions } from '../data-source-options.js';
import { runMigrations } from '../database/migrate.js';
import { loadPostcodeBrmas } from './brma-loader.js';
import { BRMA_SCRIPT, runDataScript } from './data-script.js';
import { PostcodeBrma } from './postcode-brma.entity.js';
import { PostcodeBrmaLookup } from './postcode-brma-lookup.js';

/** The postcode to BRMA lookup (npm run data:brma) against a real PostgreSQL: loading, reading, and its absence. */
let database: TestDatabase;
let dataSource: DataSource;
let client: pg.Client;
let scratch: string;
const lha = loadLocalHousingAllowance();

beforeAll(async () => {
  Logger.overrideLogger(false);
  database = await createTestDatabase();
  dataSource = await new DataSource(dataSourceOptions(database.url)).initialize();
  await runMigrations(dataSource, new Logger('Migrations'));
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  scratch = await mkdtemp(join(tmpdir(), 'brma-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  await client.end();
  await dataSource.destroy();
  await database.drop();
});
beforeEach(async () => {
  await database.query('DELETE FROM postcode_brmas');
});

const streamOf = (text: string, chunkSize = 53) => {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += chunkSize) chunks.push(bytes.subarray(start, start + chunkSize));
  return Readable.from(chunks);
};

// The Urban Big Data Centre's columns (pcode_brma_lookup_v2.2.csv), with its spellings of the areas' names.
const UBDC = [
  'country,PCD,PCD2,PCDS,brma,brma_name',
  'E,M1 1AD,M1  1AD,M1 1AD,1,Central Greater Manchester',
  'E,LE671AA,LE67 1AA,LE67 1AA,2,Leicester',
  'E,DE741AA,DE74 1AA,DE74 1AA,3,Derby',
  'E,BD1 1AA,BD1  1AA,BD1 1AA,4,Bradford & South Dales',
  'S,PA1 1AA,PA1  1AA,PA1 1AA,5,Renfrewshire/Inverclyde',
  'E,XX1 1XX,XX1  1XX,NOT A POSTCODE,6,Leeds',
  'E,LS1 1AA,LS1  1AA,LS1 1AA,7,Atlantis',
].join('\n');

describe('loadPostcodeBrmas', () => {
  it("loads the UBDC lookup, naming each area as the calculator's rates do, and leaves out what it cannot place", async () => {
    const report = await loadPostcodeBrmas(streamOf(UBDC), client, lha, { batchSize: 2 });
    expect(report).toEqual({ loaded: 5, malformed: 1, unknownArea: 1, unknownAreaNames: ['Atlantis'] });
    const rows = await database.query<{ postcode: string; brma: string }>('SELECT postcode, brma FROM postcode_brmas ORDER BY postcode');
    expect(rows).toEqual([
      { postcode: 'BD1 1AA', brma: 'Bradford and South Dales' },
      { postcode: 'DE74 1AA', brma: 'Derby' },
      { postcode: 'LE67 1AA', brma: 'Leicester' },
      { postcode: 'M1 1AD', brma: 'Central Greater Manchester' },
      { postcode: 'PA1 1AA', brma: 'Renfrewshire/ Inverclyde' },
    ]);
  });

  it('loading again updates a postcode that moved area', async () => {
    await loadPostcodeBrmas(streamOf(UBDC), client, lha);
    await loadPostcodeBrmas(streamOf('pcds,brma_name\nLE67 1AA,Eastern Staffordshire\n'), client, lha);
    expect(await database.query('SELECT brma FROM postcode_brmas WHERE postcode = $1', ['LE67 1AA'])).toEqual([
      { brma: 'Eastern Staffordshire' },
    ]);
  });

  it('refuses a file without a postcode or area column, naming what is missing', async () => {
    await expect(loadPostcodeBrmas(streamOf('postcode,area\nM1 1AD,Leeds\n'), client, lha)).rejects.toThrow(
      'no column for the BRMA name (brma_name)',
    );
  });
});

describe('PostcodeBrmaLookup', () => {
  const lookup = () => new PostcodeBrmaLookup(dataSource.getRepository(PostcodeBrma));

  it('answers a loaded postcode in any case and spacing, and null for one not loaded', async () => {
    await loadPostcodeBrmas(streamOf(UBDC), client, lha);
    expect(await lookup().areaOf('le671aa')).toBe('Leicester');
    expect(await lookup().areaOf('M1 2AD')).toBeNull();
    expect(await lookup().areaOf('not a postcode')).toBeNull();
  });

  it('answers null, never an error, when the table cannot be read', async () => {
    await database.query('ALTER TABLE postcode_brmas RENAME TO postcode_brmas_away');
    try {
      expect(await lookup().areaOf('LE67 1AA')).toBeNull();
    } finally {
      await database.query('ALTER TABLE postcode_brmas_away RENAME TO postcode_brmas');
    }
  });
});

describe('npm run data:brma', () => {
  it('loads a file into DATABASE_URL and says what it did', async () => {
    const file = join(scratch, 'lookup.csv');
    await writeFile(file, UBDC);
    const lines: string[] = [];
    const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(`ERROR ${line}`) };
    expect(await runDataScript(BRMA_SCRIPT, [file], { DATABASE_URL: database.url }, out)).toBe(0);
    expect(lines[0]).toBe('Loaded 5 postcodes into the postcode_brmas table; left out 1 rows without a well-formed postcode or area name.');
    expect(lines[1]).toContain('"Atlantis"');
    expect(await database.query('SELECT count(*)::int AS n FROM postcode_brmas')).toEqual([{ n: 5 }]);
  });

  it('without DATABASE_URL or a running server, says how to choose the database', async () => {
    const lines: string[] = [];
    expect(
      await runDataScript(
        BRMA_SCRIPT,
        ['lookup.csv'],
        { DATA_DIR: join(scratch, 'no-server') },
        { log: (line) => lines.push(line), error: (line) => lines.push(line) },
      ),
    ).toBe(1);
    expect(lines[0]).toContain('npm run data:brma -- pcode_brma_lookup_v2.2.csv');
  });
});
