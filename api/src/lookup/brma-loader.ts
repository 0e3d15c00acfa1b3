import { normalisePostcode } from '../../../common/survey/postcode.js';
import type { LocalHousingAllowance } from '../../../engine/local-housing-allowance.js';
import { readCsvRecords } from './csv.js';
import { DataFileError, type LoadOptions, type Queryable } from './postcode-loader.js';

/**
 * Loads a postcode to Broad Rental Market Area lookup into the `postcode_brmas` table: the Urban Big Data Centre's
 * 'Postcode to BRMA lookup' (columns country, PCD, PCD2, PCDS, brma, brma_name; OGL), or any CSV with a postcode
 * column and a BRMA name column. Names are matched to the calculator's LHA areas as `lhaAreaKey` does ('Bradford &
 * South Dales' is Bradford and South Dales); a row naming an area the calculator does not hold is left out and
 * counted, never guessed. Loading again adds and updates rows, so a newer edition can go over an older one.
 */

export interface BrmaLoadReport {
  loaded: number;
  /** Rows without a well-formed postcode or with too few fields. */
  malformed: number;
  /** Rows whose BRMA name is not one of the calculator's areas. */
  unknownArea: number;
  /** The first few such names, so the operator can see whether the file spells an area differently. */
  unknownAreaNames: string[];
}

const POSTCODE_HEADERS = ['pcds', 'pcd', 'pcd2', 'postcode'];
const NAME_HEADERS = ['brma_name', 'brmaname', 'brma name', 'name'];
const UNKNOWN_NAMES_SHOWN = 10;

function findColumns(header: string[]): { postcode: number; name: number } {
  const names = header.map((name) => name.trim().toLowerCase());
  const first = (candidates: string[]) => candidates.map((candidate) => names.indexOf(candidate)).find((index) => index !== -1) ?? -1;
  const columns = { postcode: first(POSTCODE_HEADERS), name: first(NAME_HEADERS) };
  const missing = [
    columns.postcode === -1 ? 'a postcode (pcds, pcd or postcode)' : null,
    columns.name === -1 ? 'the BRMA name (brma_name)' : null,
  ].filter(Boolean);
  if (missing.length > 0)
    throw new DataFileError(`The first line of the file must name its columns; it has no column for ${missing.join(' or ')}.`);
  return columns;
}

const UPSERT = `
  INSERT INTO postcode_brmas (postcode, brma)
  SELECT * FROM unnest($1::varchar[], $2::varchar[])
  ON CONFLICT (postcode) DO UPDATE SET brma = EXCLUDED.brma`;

export async function loadPostcodeBrmas(
  chunks: AsyncIterable<string | Uint8Array>,
  database: Queryable,
  lha: LocalHousingAllowance,
  { batchSize = 5000, onProgress }: LoadOptions = {},
): Promise<BrmaLoadReport> {
  const report: BrmaLoadReport = { loaded: 0, malformed: 0, unknownArea: 0, unknownAreaNames: [] };
  let columns: { postcode: number; name: number } | null = null;
  let batch = new Map<string, string>();
  let rowsRead = 0;
  const flush = async () => {
    if (batch.size === 0) return;
    await database.query(UPSERT, [[...batch.keys()], [...batch.values()]]);
    report.loaded += batch.size;
    batch = new Map();
    onProgress?.(rowsRead);
  };
  for await (const { fields } of readCsvRecords(chunks)) {
    if (!columns) {
      columns = findColumns(fields);
      continue;
    }
    rowsRead += 1;
    const postcode = normalisePostcode(fields[columns.postcode] ?? '');
    const name = (fields[columns.name] ?? '').trim();
    if (!postcode || !name) {
      report.malformed += 1;
      continue;
    }
    const area = lha.areaNamed(name);
    if (!area) {
      report.unknownArea += 1;
      // Area names are public geography, not personal data, so they may be shown.
      if (report.unknownAreaNames.length < UNKNOWN_NAMES_SHOWN && !report.unknownAreaNames.includes(name))
        report.unknownAreaNames.push(name.slice(0, 100));
      continue;
    }
    batch.set(postcode, area.name);
    if (batch.size >= batchSize) await flush();
  }
  if (!columns) throw new DataFileError('The file is empty.');
  await flush();
  return report;
}
