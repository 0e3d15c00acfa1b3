import { normalisePostcode } from '../../../common/survey/postcode.js';
import type { CouncilTaxBand } from './council-tax-address.entity.js';
import { readCsvRecords } from './csv.js';
import type { LocalAuthorityList } from './local-authorities.js';
import { DataFileError, type LoadOptions, type Queryable } from './postcode-loader.js';

export interface CouncilTaxAddressRow {
  postcode: string;
  line1: string;
  band: CouncilTaxBand;
  localAuthorityCode: string | null;
  country: string | null;
}

export interface BandLoadReport {
  /** Addresses written (added, or their band updated). */
  loaded: number;
  /** Rows left out, with the line numbers of the first few, so the file can be put right. */
  malformed: number;
  malformedLines: number[];
}

const REQUIRED_COLUMNS = ['postcode', 'address', 'band'] as const;
const OPTIONAL_COLUMNS = ['authority_code'] as const;
type Column = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];
const MAX_LINE1_LENGTH = 200;
const MALFORMED_LINES_SHOWN = 10;
// 'C', 'c' or 'Band C', as valuation list extracts write it.
const BAND = /^(?:band\s*)?([a-i])$/i;

/** Where the columns are, by header name; other columns are ignored. */
export function findBandColumns(header: string[]): Record<Column, number> {
  const names = header.map((name) => name.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) {
    throw new DataFileError(
      `The first line of the file must name the columns postcode,address,band (and optionally authority_code); it has no column ${missing.join(', ')}.`,
    );
  }
  return Object.fromEntries([...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].map((column) => [column, names.indexOf(column)])) as Record<
    Column,
    number
  >;
}

/** One row as a council_tax_addresses row, or null when it is not usable. */
export function readBandRow(
  fields: string[],
  columns: Record<Column, number>,
  authorities: LocalAuthorityList,
): CouncilTaxAddressRow | null {
  const postcode = normalisePostcode(fields[columns.postcode] ?? '');
  const line1 = (fields[columns.address] ?? '').trim().replace(/\s+/g, ' ');
  const band = BAND.exec((fields[columns.band] ?? '').trim())?.[1].toUpperCase() as CouncilTaxBand | undefined;
  if (!postcode || line1 === '' || line1.length > MAX_LINE1_LENGTH || !band) return null;
  const code = columns.authority_code === -1 ? '' : (fields[columns.authority_code] ?? '').trim().toUpperCase();
  if (code === '') return { postcode, line1, band, localAuthorityCode: null, country: null };
  const authority = authorities.find(code);
  return authority ? { postcode, line1, band, localAuthorityCode: authority.code, country: authority.country } : null;
}

const UPSERT_ADDRESSES = `
  INSERT INTO council_tax_addresses (postcode, line1, band, local_authority_code, country)
  SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[])
  ON CONFLICT ON CONSTRAINT council_tax_addresses_postcode_line1_key DO UPDATE
    SET band = EXCLUDED.band, local_authority_code = EXCLUDED.local_authority_code, country = EXCLUDED.country`;

/**
 * Loads a CSV of addresses and their bands (columns postcode,address,band, optionally authority_code) into
 * council_tax_addresses as it streams in, a batch at a time. An address already there (same postcode and
 * first line) gets the band in the file.
 */
export async function loadCouncilTaxBands(
  chunks: AsyncIterable<string | Uint8Array>,
  database: Queryable,
  authorities: LocalAuthorityList,
  { batchSize = 5000, onProgress }: LoadOptions = {},
): Promise<BandLoadReport> {
  const report: BandLoadReport = { loaded: 0, malformed: 0, malformedLines: [] };
  let columns: Record<Column, number> | null = null;
  let batch = new Map<string, CouncilTaxAddressRow>();
  let rowsRead = 0;
  const flush = async () => {
    if (batch.size === 0) return;
    const rows = [...batch.values()];
    await database.query(UPSERT_ADDRESSES, [
      rows.map((row) => row.postcode),
      rows.map((row) => row.line1),
      rows.map((row) => row.band),
      rows.map((row) => row.localAuthorityCode),
      rows.map((row) => row.country),
    ]);
    report.loaded += rows.length;
    batch = new Map();
    onProgress?.(rowsRead);
  };
  for await (const { line, fields } of readCsvRecords(chunks)) {
    if (!columns) {
      columns = findBandColumns(fields);
      continue;
    }
    rowsRead += 1;
    const row = readBandRow(fields, columns, authorities);
    if (!row) {
      report.malformed += 1;
      if (report.malformedLines.length < MALFORMED_LINES_SHOWN) report.malformedLines.push(line);
      continue;
    }
    batch.set(`${row.postcode}\n${row.line1}`, row);
    if (batch.size >= batchSize) await flush();
  }
  if (!columns) throw new DataFileError('The file is empty.');
  await flush();
  return report;
}
