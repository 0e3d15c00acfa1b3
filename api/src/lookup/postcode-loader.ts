import type { UkCountry } from '../../../common/survey/model.js';
import { normalisePostcode, postcodeAreaOf } from '../../../common/survey/postcode.js';
import { readCsvRecords } from './csv.js';
import type { LocalAuthorityList } from './local-authorities.js';

/** What the loaders need of a PostgreSQL connection (a pg Client or Pool). */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

export class DataFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataFileError';
  }
}

/** Where the columns the loader reads are in an ONS Postcode Directory (or NSPL) file. */
export interface OnspdColumns {
  postcode: number;
  authorityCode: number;
  latitude: number;
  longitude: number;
  terminated: number;
}

export interface PostcodeRow {
  postcode: string;
  localAuthorityCode: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface PostcodeLoadReport {
  /** Live postcodes written (added or updated). */
  loaded: number;
  /** Postcodes with a termination date, left out. */
  terminated: number;
  /** Rows whose postcode is not well formed or that have too few fields, left out. */
  malformed: number;
  /** Loaded postcodes with no local authority (ONS gives none, or a pseudo code such as L99999999). */
  withoutAuthority: number;
  /** Loaded postcodes whose authority code is not in the local-authority list, so they are answered without one. */
  authorityNotListed: number;
  /** The nations (of their listed authorities) the loaded postcodes of each postcode area are in. */
  nationsOfAreas: Map<string, Set<UkCountry>>;
}

const POSTCODE_HEADERS = ['pcds', 'pcd', 'pcd2', 'pcd7', 'pcd8'];
// oslaua in ONSPD up to 2024, laua in NSPL, lad24cd / lad25cd style since ONS renamed the columns by year.
const AUTHORITY_HEADER = /^(?:oslaua|laua|lad(\d{2})cd)$/;
const LATITUDE_HEADERS = ['lat', 'latitude'];
const LONGITUDE_HEADERS = ['long', 'lon', 'longitude'];
const GSS_CODE = /^[A-Z]\d{8}$/;
// ONS's "no local authority" codes: L99999999 Channel Islands, M99999999 Isle of Man, E/W/S/N99999999.
const PSEUDO_CODE = /^[A-Z]99999999$/;

/** Finds the columns by header name, whichever ONSPD or NSPL edition the file is; throws naming any that are missing. */
export function findOnspdColumns(header: string[]): OnspdColumns {
  const names = header.map((name) => name.trim().toLowerCase());
  const first = (candidates: string[]) => {
    for (const candidate of candidates) {
      const index = names.indexOf(candidate);
      if (index !== -1) return index;
    }
    return -1;
  };
  // With several year-named columns, the latest boundaries win.
  const authorityColumns = names
    .map((name, index) => ({ index, match: AUTHORITY_HEADER.exec(name) }))
    .filter((column) => column.match)
    .sort((a, b) => Number(b.match![1] ?? 0) - Number(a.match![1] ?? 0));
  const columns: OnspdColumns = {
    postcode: first(POSTCODE_HEADERS),
    authorityCode: authorityColumns[0]?.index ?? -1,
    latitude: first(LATITUDE_HEADERS),
    longitude: first(LONGITUDE_HEADERS),
    terminated: first(['doterm']),
  };
  const wanted: Record<keyof OnspdColumns, string> = {
    postcode: 'pcds (the postcode)',
    authorityCode: 'oslaua or lad25cd (the local authority code)',
    latitude: 'lat',
    longitude: 'long',
    terminated: 'doterm (the termination date)',
  };
  const missing = (Object.keys(columns) as (keyof OnspdColumns)[]).filter((key) => columns[key] === -1).map((key) => wanted[key]);
  if (missing.length > 0) {
    throw new DataFileError(
      `The first line of the file must be the ONS Postcode Directory's column names; it has no column ${missing.join(', ')}.`,
    );
  }
  return columns;
}

function coordinate(text: string | undefined, limit: number): number | null {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

/** One ONSPD row as a postcodes-table row; 'terminated' or 'malformed' for rows that are left out. */
export function readOnspdRow(fields: string[], columns: OnspdColumns): PostcodeRow | 'terminated' | 'malformed' {
  const postcode = normalisePostcode(fields[columns.postcode] ?? '');
  if (!postcode) return 'malformed';
  if ((fields[columns.terminated] ?? '').trim() !== '') return 'terminated';
  const code = (fields[columns.authorityCode] ?? '').trim().toUpperCase();
  // ONSPD marks a postcode with no grid reference by latitude 99.999999 and longitude 0.
  const latitude = coordinate(fields[columns.latitude], 90);
  const longitude = latitude === null ? null : coordinate(fields[columns.longitude], 180);
  return {
    postcode,
    localAuthorityCode: GSS_CODE.test(code) && !PSEUDO_CODE.test(code) ? code : null,
    latitude: longitude === null ? null : latitude,
    longitude,
  };
}

const UPSERT_POSTCODES = `
  INSERT INTO postcodes (postcode, local_authority_code, latitude, longitude)
  SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::double precision[], $4::double precision[])
  ON CONFLICT (postcode) DO UPDATE
    SET local_authority_code = EXCLUDED.local_authority_code, latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude`;

async function upsertPostcodes(database: Queryable, rows: Iterable<PostcodeRow>): Promise<void> {
  const batch = [...rows];
  await database.query(UPSERT_POSTCODES, [
    batch.map((row) => row.postcode),
    batch.map((row) => row.localAuthorityCode),
    batch.map((row) => row.latitude),
    batch.map((row) => row.longitude),
  ]);
}

export interface LoadOptions {
  batchSize?: number;
  /** Called after each batch with the number of data rows read so far. */
  onProgress?: (rowsRead: number) => void;
}

/**
 * Loads an ONS Postcode Directory CSV into the postcodes table as it streams in, a batch at a time, adding new
 * postcodes and updating known ones, so a newer edition can be loaded over an older one. Terminated postcodes
 * are left out (one already in the table from an older edition stays until the table is cleared).
 */
export async function loadOnspdPostcodes(
  chunks: AsyncIterable<string | Uint8Array>,
  database: Queryable,
  authorities: LocalAuthorityList,
  { batchSize = 5000, onProgress }: LoadOptions = {},
): Promise<PostcodeLoadReport> {
  const report: PostcodeLoadReport = {
    loaded: 0,
    terminated: 0,
    malformed: 0,
    withoutAuthority: 0,
    authorityNotListed: 0,
    nationsOfAreas: new Map(),
  };
  let columns: OnspdColumns | null = null;
  // Keyed by postcode: one INSERT ... ON CONFLICT cannot touch the same row twice.
  let batch = new Map<string, PostcodeRow>();
  let rowsRead = 0;
  const flush = async () => {
    if (batch.size === 0) return;
    await upsertPostcodes(database, batch.values());
    report.loaded += batch.size;
    batch = new Map();
    onProgress?.(rowsRead);
  };
  for await (const { fields } of readCsvRecords(chunks)) {
    if (!columns) {
      columns = findOnspdColumns(fields);
      continue;
    }
    rowsRead += 1;
    const row = readOnspdRow(fields, columns);
    if (row === 'terminated') report.terminated += 1;
    else if (row === 'malformed') report.malformed += 1;
    else {
      const authority = row.localAuthorityCode === null ? null : authorities.find(row.localAuthorityCode);
      if (row.localAuthorityCode === null) report.withoutAuthority += 1;
      else if (!authority) report.authorityNotListed += 1;
      else {
        // What postcode-areas.json says of each area is checked against this (data:postcodes' summary).
        const area = postcodeAreaOf(row.postcode);
        const nations = report.nationsOfAreas.get(area) ?? report.nationsOfAreas.set(area, new Set()).get(area)!;
        nations.add(authority.country);
      }
      batch.set(row.postcode, row);
      if (batch.size >= batchSize) await flush();
    }
  }
  if (!columns) throw new DataFileError('The file is empty.');
  await flush();
  return report;
}
