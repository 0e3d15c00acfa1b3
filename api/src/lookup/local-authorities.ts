import { join, relative } from 'node:path';
import type { UkCountry } from '../../../common/survey/model.js';
import { Contract } from '../../../engine/schemas/json-schema.js';
import { DefinitionError, readDefinitionJson } from '../site/site-definitions.js';

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

/**
 * The file's shape is a JSON Schema (definitions/schemas/local-authorities.schema.json), checked with ajv; the code
 * adds only what relates one value to another: the country of the code's first letter, a region in England only,
 * Greater London exactly the London region, each code once.
 */
const CONTRACT = Contract.named('local-authorities.schema.json', (allowed) => `is not a known field (allowed: ${allowed.join(', ')}).`);

type Problem = { segments: (string | number)[]; message: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Looks only at values of the right type: the schema reports the rest. */
function crossChecks(json: unknown): Problem[] {
  const found: Problem[] = [];
  const rows = isObject(json) && Array.isArray(json.localAuthorities) ? json.localAuthorities : [];
  const seen = new Set<string>();
  rows.forEach((row: unknown, index) => {
    if (!isObject(row)) return;
    const { code, country, region, inGreaterLondon } = row;
    const at = (field: string) => ['localAuthorities', index, field];
    const codeCountry = typeof code === 'string' ? COUNTRY_BY_CODE_LETTER[code[0] ?? ''] : undefined;
    if (codeCountry && typeof country === 'string' && codeCountry !== country)
      found.push({ segments: at('country'), message: `must be ${codeCountry} for a code starting ${String(code).charAt(0)}.` });
    if (country === 'England' && region === null) found.push({ segments: at('region'), message: 'must be an English region in England.' });
    if (typeof country === 'string' && country !== 'England' && typeof region === 'string')
      found.push({ segments: at('region'), message: 'must be null outside England.' });
    if (typeof inGreaterLondon === 'boolean' && inGreaterLondon !== (region === 'London'))
      found.push({ segments: at('inGreaterLondon'), message: 'must be true exactly when the region is London.' });
    if (typeof code !== 'string') return;
    if (seen.has(code)) found.push({ segments: at('code'), message: `${code} is listed twice.` });
    seen.add(code);
  });
  return found;
}

/**
 * Checks the local-authority file: a meta block saying where the data comes from (its licence asks for
 * attribution), then every authority with a GSS code whose letter matches its country, each code once. Every
 * problem is listed, a line each, naming the file and the field.
 */
export function parseLocalAuthorities(json: unknown, file: string): LocalAuthorityList {
  const problems = CONTRACT.problemsWith(json, crossChecks(json));
  if (problems.length > 0) throw DefinitionError.listing(file, problems);
  return new LocalAuthorityList((json as { localAuthorities: LocalAuthority[] }).localAuthorities);
}

/** Reads `definitions/lookup/local-authorities.json` (at start, and in definitions:check); a malformed file stops the start, naming the file and field. */
export async function loadLocalAuthorities(definitionsDir: string): Promise<LocalAuthorityList> {
  const file = join(definitionsDir, LOCAL_AUTHORITIES_FILE);
  const shown = relative(process.cwd(), file);
  return parseLocalAuthorities(await readDefinitionJson(file, shown), shown);
}
