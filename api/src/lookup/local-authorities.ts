import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { UK_COUNTRIES, type UkCountry } from '../../../common/survey/model.js';
import { DefinitionError } from '../site/site-definitions.js';

export const LOCAL_AUTHORITIES_FILE = join('lookup', 'local-authorities.json');

export const ENGLISH_REGIONS = [
  'North East',
  'North West',
  'Yorkshire and The Humber',
  'East Midlands',
  'West Midlands',
  'East of England',
  'London',
  'South East',
  'South West',
] as const;
export type EnglishRegion = (typeof ENGLISH_REGIONS)[number];

/** One local authority district, as the postcode lookup names it and as a person picks it. */
export interface LocalAuthority {
  /** GSS code, e.g. E09000033. */
  code: string;
  name: string;
  country: UkCountry;
  /** English region; null in Scotland, Wales and Northern Ireland. */
  region: EnglishRegion | null;
  /** The 32 London boroughs and the City of London (the benefit cap's Greater London figures). */
  inGreaterLondon: boolean;
}

/** The first letter of a GSS code says the country. */
const COUNTRY_BY_CODE_LETTER: Record<string, UkCountry> = { E: 'England', N: 'Northern Ireland', S: 'Scotland', W: 'Wales' };
const GSS_CODE = /^[ENSW]\d{8}$/;
const AUTHORITY_KEYS = ['code', 'name', 'country', 'region', 'inGreaterLondon'];
const META_KEYS = ['description', 'compiled', 'sources', 'licence', 'attribution', 'notes'];

/** The list, read once, with lookup by code. */
export class LocalAuthorityList {
  private readonly byCode: ReadonlyMap<string, LocalAuthority>;

  constructor(readonly all: readonly LocalAuthority[]) {
    this.byCode = new Map(all.map((authority) => [authority.code, authority]));
  }

  /** The authority with this GSS code, or null when the code is not one in the list. */
  find(code: string): LocalAuthority | null {
    return this.byCode.get(code) ?? null;
  }

  has(code: string): boolean {
    return this.byCode.has(code);
  }
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseAuthority(value: unknown, path: string, file: string): LocalAuthority {
  const problem = (text: string) => new DefinitionError(file, `${path}${text}`);
  if (!isObject(value)) throw problem(' must be a JSON object.');
  const unknown = Object.keys(value).find((key) => !AUTHORITY_KEYS.includes(key));
  if (unknown) throw problem(`.${unknown} is not a field a local authority has (${AUTHORITY_KEYS.join(', ')}).`);
  const { code, name, country, region, inGreaterLondon } = value;
  if (typeof code !== 'string' || !GSS_CODE.test(code)) throw problem('.code must be a GSS code such as E09000033.');
  if (typeof name !== 'string' || name.trim() === '') throw problem('.name must be non-empty text.');
  if (!UK_COUNTRIES.includes(country as UkCountry)) throw problem(`.country must be one of ${UK_COUNTRIES.join(', ')}.`);
  if (COUNTRY_BY_CODE_LETTER[code[0]] !== country)
    throw problem(`.country must be ${COUNTRY_BY_CODE_LETTER[code[0]]} for a code starting ${code[0]}.`);
  if (country === 'England') {
    if (!ENGLISH_REGIONS.includes(region as EnglishRegion)) throw problem(`.region must be one of ${ENGLISH_REGIONS.join(', ')}.`);
  } else if (region !== null) {
    throw problem('.region must be null outside England.');
  }
  if (typeof inGreaterLondon !== 'boolean') throw problem('.inGreaterLondon must be true or false.');
  if (inGreaterLondon !== (region === 'London')) throw problem('.inGreaterLondon must be true exactly when the region is London.');
  return { code, name, country: country as UkCountry, region: region as EnglishRegion | null, inGreaterLondon };
}

/**
 * Checks the local-authority file: a meta block saying where the data comes from (its licence asks for
 * attribution), then every authority with a GSS code whose letter matches its country, each code once.
 */
export function parseLocalAuthorities(json: unknown, file: string): LocalAuthorityList {
  if (!isObject(json)) throw new DefinitionError(file, 'the file must be a JSON object.');
  const unknownTop = Object.keys(json).find((key) => key !== 'meta' && key !== 'localAuthorities');
  if (unknownTop) throw new DefinitionError(file, `${unknownTop} is not a field of this file (meta, localAuthorities).`);
  const meta = json.meta;
  if (!isObject(meta)) throw new DefinitionError(file, 'meta must be a JSON object.');
  const unknownMeta = Object.keys(meta).find((key) => !META_KEYS.includes(key));
  if (unknownMeta) throw new DefinitionError(file, `meta.${unknownMeta} is not a field of meta (${META_KEYS.join(', ')}).`);
  for (const key of ['description', 'licence', 'attribution']) {
    if (typeof meta[key] !== 'string' || meta[key].trim() === '') throw new DefinitionError(file, `meta.${key} must be non-empty text.`);
  }
  if (
    !Array.isArray(meta.sources) ||
    meta.sources.length === 0 ||
    meta.sources.some((source) => typeof source !== 'string' || source.trim() === '')
  ) {
    throw new DefinitionError(file, 'meta.sources must be a list of the sources, as text.');
  }
  if (!Array.isArray(json.localAuthorities) || json.localAuthorities.length === 0) {
    throw new DefinitionError(file, 'localAuthorities must be a non-empty list.');
  }
  const authorities = json.localAuthorities.map((value, index) => parseAuthority(value, `localAuthorities[${index}]`, file));
  const seen = new Set<string>();
  authorities.forEach((authority, index) => {
    if (seen.has(authority.code)) throw new DefinitionError(file, `localAuthorities[${index}].code ${authority.code} is listed twice.`);
    seen.add(authority.code);
  });
  return new LocalAuthorityList(authorities);
}

/** Reads `definitions/lookup/local-authorities.json`; a malformed file stops the start, naming the file and field. */
export async function loadLocalAuthorities(definitionsDir: string): Promise<LocalAuthorityList> {
  const file = join(definitionsDir, LOCAL_AUTHORITIES_FILE);
  const shown = relative(process.cwd(), file);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new DefinitionError(shown, error instanceof SyntaxError ? `is not valid JSON (${error.message}).` : 'cannot be read.');
  }
  return parseLocalAuthorities(json, shown);
}
