import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import pg from 'pg';
import { findRunningEmbeddedPostgres } from '../database/embedded-postgres.js';
import { describeErrorForLog } from '../errors/database-errors.js';
import { loadCouncilTaxBands, type BandLoadReport } from './band-loader.js';
import { loadPostcodeBrmas, type BrmaLoadReport } from './brma-loader.js';
import { loadLocalHousingAllowance } from '../../../engine/load.js';
import { CsvFormatError } from './csv.js';
import { loadLocalAuthorities, LOCAL_AUTHORITIES_FILE, type LocalAuthorityList } from './local-authorities.js';
import { loadPostcodeAreas, POSTCODE_AREAS_FILE, type PostcodeAreas } from './postcode-areas.js';
import type { UkCountry } from '../../../common/survey/model.js';
import { DataFileError, loadOnspdPostcodes, type LoadOptions, type PostcodeLoadReport, type Queryable } from './postcode-loader.js';

/** Where a script's messages go: the terminal, or a list in tests. */
export interface ScriptConsole {
  log(line: string): void;
  error(line: string): void;
}

interface DataScript<Report> {
  command: string;
  /** What the file is, for the usage line. */
  file: string;
  example: string;
  table: string;
  load(chunks: AsyncIterable<Uint8Array>, database: Queryable, authorities: LocalAuthorityList, options: LoadOptions): Promise<Report>;
  summary(report: Report, areas: PostcodeAreas): string[];
}

/**
 * Where the postcodes loaded show that an area postcode-areas.json puts wholly in one nation has postcodes in
 * another: the council question would offer the wrong nation's councils first for its unknown postcodes.
 */
export function areasAcrossBorders(nationsOfAreas: ReadonlyMap<string, ReadonlySet<UkCountry>>, areas: PostcodeAreas): string[] {
  const file = `definitions/${POSTCODE_AREAS_FILE}`;
  const wrong = [...areas.areasByNation]
    .map(([area, nation]) => ({ area, nation, others: [...(nationsOfAreas.get(area) ?? [])].filter((seen) => seen !== nation) }))
    .filter(({ others }) => others.length > 0);
  if (wrong.length === 0) return [`Every postcode area that ${file} puts in one nation has postcodes in that nation only.`];
  return wrong.map(
    ({ area, nation, others }) =>
      `${file} puts ${area} in ${nation}, but ${area} has postcodes in ${new Intl.ListFormat('en-GB').format(others.sort())} too: move ${area} to acrossBorders.`,
  );
}

const count = (value: number) => value.toLocaleString('en-GB');
const PROGRESS_EVERY_ROWS = 250_000;

export const POSTCODES_SCRIPT: DataScript<PostcodeLoadReport> = {
  command: 'data:postcodes',
  file: 'the ONS Postcode Directory (ONSPD) CSV, from the ONS Open Geography Portal',
  example: 'ONSPD_MAY_2026_UK.csv',
  table: 'postcodes',
  load: loadOnspdPostcodes,
  summary: (report, areas) => [
    `Loaded ${count(report.loaded)} postcodes into the postcodes table; left out ${count(report.terminated)} terminated and ${count(report.malformed)} not well formed.`,
    ...(report.withoutAuthority > 0 ? [`${count(report.withoutAuthority)} of them have no local authority (ONS gives none).`] : []),
    ...(report.authorityNotListed > 0
      ? [
          `${count(report.authorityNotListed)} of them have a local authority code that is not in definitions/${LOCAL_AUTHORITIES_FILE}: they are answered without an authority until it is added there.`,
        ]
      : []),
    ...areasAcrossBorders(report.nationsOfAreas, areas),
  ],
};

export const BRMA_SCRIPT: DataScript<BrmaLoadReport> = {
  command: 'data:brma',
  file: "a postcode to Broad Rental Market Area lookup CSV, such as the Urban Big Data Centre's 'Postcode to BRMA lookup' (pcode_brma_lookup_v2.2.csv; columns PCDS and brma_name)",
  example: 'pcode_brma_lookup_v2.2.csv',
  table: 'postcode_brmas',
  load: (chunks, database, _authorities, options) => loadPostcodeBrmas(chunks, database, loadLocalHousingAllowance(), options),
  summary: (report) => [
    `Loaded ${count(report.loaded)} postcodes into the postcode_brmas table; left out ${count(report.malformed)} rows without a well-formed postcode or area name.`,
    ...(report.unknownArea > 0
      ? [
          `Left out ${count(report.unknownArea)} rows whose area is not one of the calculator's Local Housing Allowance areas (rulesets/local-housing-allowance/rates.json): ${report.unknownAreaNames.map((name) => `"${name}"`).join(', ')}${report.unknownAreaNames.length < report.unknownArea ? ' ...' : ''}.`,
        ]
      : []),
    'From now on a postcode in the table decides its Local Housing Allowance area, even in a council split between areas.',
  ],
};

export const BANDS_SCRIPT: DataScript<BandLoadReport> = {
  command: 'data:bands',
  file: 'a CSV of addresses and their council tax bands (columns postcode,address,band, optionally authority_code)',
  example: 'council-tax-bands.csv',
  table: 'council_tax_addresses',
  load: loadCouncilTaxBands,
  summary: (report) => [
    `Loaded ${count(report.loaded)} addresses into the council_tax_addresses table.`,
    ...(report.malformed > 0
      ? [
          `Left out ${count(report.malformed)} rows without a well-formed postcode, an address of 1 to 200 characters, a band A to I, or with an authority_code not in the list; the first are on lines ${report.malformedLines.join(', ')}.`,
        ]
      : []),
  ],
};

function howToChooseTheDatabase(script: DataScript<unknown>, dataDir: string): string {
  return [
    `DATABASE_URL is not set, and no server is running on the embedded database in ${dataDir}.`,
    'Start the server (npm start) in another terminal, and run this again while it runs: it loads into the same database. Or say which PostgreSQL database to load into, for example:',
    `  DATABASE_URL=postgres://user:password@localhost:5432/benefits npm run ${script.command} -- ${script.example}`,
  ].join('\n');
}

/**
 * Runs a data loader from the command line: checks the file and DATABASE_URL, loads, and prints what it did.
 * Returns the exit code. Messages name the file and line, never a row's contents.
 */
export async function runDataScript<Report>(
  script: DataScript<Report>,
  args: string[],
  environment: Record<string, string | undefined>,
  out: ScriptConsole,
  definitionsDir = resolve('definitions'),
): Promise<number> {
  if (args.length !== 1 || args[0].startsWith('-')) {
    out.error(`Usage: npm run ${script.command} -- <file>\n  where <file> is ${script.file}.`);
    return 1;
  }
  // npm runs scripts from the project folder; INIT_CWD is where the command was typed, which a relative path means.
  const file = resolve(environment.INIT_CWD ?? process.cwd(), args[0]);
  // Without DATABASE_URL, the embedded database the running server uses (never one started here: the server
  // runs the migrations that make the tables, and stops its database itself).
  const dataDir = resolve(environment.DATA_DIR?.trim() || '.data');
  const url = environment.DATABASE_URL?.trim() || (await findRunningEmbeddedPostgres(dataDir));
  if (!url) {
    out.error(howToChooseTheDatabase(script, dataDir));
    return 1;
  }
  if (!/^postgres(ql)?:\/\/\S+$/.test(url)) {
    out.error('DATABASE_URL must be a PostgreSQL connection URL such as postgres://user:password@host:5432/database.');
    return 1;
  }
  const isFile = await stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
  if (!isFile) {
    out.error(`There is no file ${file}.`);
    return 1;
  }
  let authorities: LocalAuthorityList;
  let areas: PostcodeAreas;
  try {
    authorities = await loadLocalAuthorities(definitionsDir);
    areas = await loadPostcodeAreas(definitionsDir);
  } catch (error) {
    out.error(error instanceof Error ? error.message : String(error));
    return 1;
  }

  const database = new pg.Client({ connectionString: url, application_name: `benefits-calculator ${script.command}` });
  try {
    await database.connect();
  } catch (error) {
    out.error(
      `The database did not answer (${describeErrorForLog(error).errorCode ?? 'no connection'}). Check that it is running and the URL is right.`,
    );
    return 1;
  }
  try {
    const [{ table }] = (await database.query<{ table: string | null }>('SELECT to_regclass($1)::text AS "table"', [script.table])).rows;
    if (!table) {
      out.error(
        `The database has no ${script.table} table yet. Start the server once with this DATABASE_URL (it runs the migrations on start), or run npm run build && npm run migration:run.`,
      );
      return 1;
    }
    let nextProgress = PROGRESS_EVERY_ROWS;
    const report = await script.load(createReadStream(file, { highWaterMark: 1 << 20 }), database, authorities, {
      onProgress: (rowsRead) => {
        if (rowsRead < nextProgress) return;
        out.log(`  ${count(rowsRead)} rows read...`);
        nextProgress = (Math.floor(rowsRead / PROGRESS_EVERY_ROWS) + 1) * PROGRESS_EVERY_ROWS;
      },
    });
    for (const line of script.summary(report, areas)) out.log(line);
    return 0;
  } catch (error) {
    if (error instanceof DataFileError) {
      out.error(`${file}: ${error.message}`);
      return 1;
    }
    if (error instanceof CsvFormatError) {
      out.error(`${file}: ${error.message} The rows before it are loaded; loading the file again once it is put right is safe.`);
      return 1;
    }
    // A database error can quote a row, so only its kind and code are shown.
    const { errorName, errorCode } = describeErrorForLog(error);
    out.error(
      `Loading stopped: ${errorName}${errorCode ? ` ${errorCode}` : ''}. Rows before the problem are already loaded; loading the file again is safe.`,
    );
    return 1;
  } finally {
    await database.end();
  }
}
