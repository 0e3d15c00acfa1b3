import { join, relative } from 'node:path';
import { UK_COUNTRIES, type UkCountry } from '../../../common/survey/model.js';
import { postcodeAreaOf } from '../../../common/survey/postcode.js';
import { Contract } from '../../../engine/schemas/json-schema.js';
import { DefinitionError, readDefinitionJson } from '../site/site-definitions.js';

export const POSTCODE_AREAS_FILE = join('lookup', 'postcode-areas.json');

interface PostcodeAreasFile {
  nations: Record<UkCountry, string[]>;
  acrossBorders: string[];
  outsideUk: Record<string, string>;
}

/**
 * The nation a postcode's area lies in, where all of the area is in one nation (definitions/lookup/postcode-areas.json).
 * When no look-up knows a postcode, the council question offers that nation's councils first; a Crown Dependency's
 * postcode is refused with the reason.
 */
export class PostcodeAreas {
  private readonly nationByArea: ReadonlyMap<string, UkCountry>;

  constructor(private readonly file: PostcodeAreasFile) {
    this.nationByArea = new Map(UK_COUNTRIES.flatMap((nation) => file.nations[nation].map((area) => [area, nation] as const)));
  }

  /** The nation of a well-formed postcode's area, or null when the area crosses a border or is not listed. */
  nationOf(postcode: string): UkCountry | null {
    return this.nationByArea.get(postcodeAreaOf(postcode)) ?? null;
  }

  /** The place a postcode outside the UK belongs to ('Jersey'), or null for a UK postcode. */
  placeOutsideUk(postcode: string): string | null {
    return Object.hasOwn(this.file.outsideUk, postcodeAreaOf(postcode)) ? this.file.outsideUk[postcodeAreaOf(postcode)] : null;
  }

  /** Every area listed under one nation, for `npm run data:postcodes` to check against the postcodes it loaded. */
  get areasByNation(): ReadonlyMap<string, UkCountry> {
    return this.nationByArea;
  }
}

const CONTRACT = Contract.named('postcode-areas.schema.json', (allowed) => `is not a known field (allowed: ${allowed.join(', ')}).`);

/** Looks only at values of the right type: the schema reports the rest. An area is in one list only. */
function crossChecks(json: unknown): { segments: (string | number)[]; message: string }[] {
  const file = json as Partial<PostcodeAreasFile> | null;
  const listed = (segments: string[], areas: unknown) =>
    (Array.isArray(areas) ? areas : []).map((area: unknown, index) => ({
      area,
      segments: [...segments, index],
      where: segments.join('.'),
    }));
  const entries = [
    ...UK_COUNTRIES.flatMap((nation) => listed(['nations', nation], file?.nations?.[nation])),
    ...listed(['acrossBorders'], file?.acrossBorders),
    ...Object.keys(file?.outsideUk && typeof file.outsideUk === 'object' ? file.outsideUk : {}).map((area) => ({
      area,
      segments: ['outsideUk', area],
      where: 'outsideUk',
    })),
  ];
  const seen = new Map<string, string>();
  const found: { segments: (string | number)[]; message: string }[] = [];
  for (const { area, segments, where } of entries) {
    if (typeof area !== 'string') continue;
    const first = seen.get(area);
    if (first) found.push({ segments, message: `must be in one list only: ${area} is in ${first} already.` });
    else seen.set(area, where);
  }
  return found;
}

export function parsePostcodeAreas(json: unknown, file: string): PostcodeAreas {
  const problems = CONTRACT.problemsWith(json, crossChecks(json));
  if (problems.length > 0) throw DefinitionError.listing(file, problems);
  return new PostcodeAreas(json as PostcodeAreasFile);
}

/** Reads `definitions/lookup/postcode-areas.json` (at start, and in definitions:check); a malformed file stops the start. */
export async function loadPostcodeAreas(definitionsDir: string): Promise<PostcodeAreas> {
  const file = join(definitionsDir, POSTCODE_AREAS_FILE);
  const shown = relative(process.cwd(), file);
  return parsePostcodeAreas(await readDefinitionJson(file, shown), shown);
}
