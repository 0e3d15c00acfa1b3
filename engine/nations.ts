import type { Citation } from '../common/parameters/dated-parameter.js';
import type { Country } from './household.js';
import { Contract } from './schemas/json-schema.js';

/** Where the file is, relative to the repository root. */
export const NATIONS_FILE = 'rulesets/nations.json';

/** A Great Britain instrument as a nation's own: its title and address, and the provisions checked against its text. */
interface OwnInstrument {
  gb: string;
  title: string;
  url: string;
  provisions?: { gb: string; ni: string; heading: string }[];
}

/** The rent areas (Broad Rental Market Areas) a nation's postcode districts fall in, where a district says which. */
interface RentAreasByDistrict {
  source: { title: string; url: string };
  areas: { area: string; districts: string[] }[];
  /** Districts the published lists do not agree on: the person chooses among these areas. */
  unsettled: { districts: string[]; areas: string[]; why: string }[];
}

interface Nation {
  name: string;
  law: OwnInstrument[];
  modelled: string[];
  notModelled: string[];
  rentAreasByPostcodeDistrict?: RentAreasByDistrict;
}

/** What a postcode district says of the rent area: one area, or the areas to choose among. */
export type RentAreaOfDistrict = { area: string } | { candidates: string[] };

type NationsFile = { description: string; nations: Record<Country, Nation> };

export class NationsFileError extends Error {
  override name = 'NationsFileError';
}

const CONTRACT = Contract.named('nations.schema.json', (allowed) => `is not a known field (allowed: ${allowed.join(', ')})`);

/** What an address says after the instrument: `regulation/36` of `.../uksi/2013/376/regulation/36/made`. */
function provisionOf(url: string, instrument: string): string | null {
  if (url !== instrument && !url.startsWith(`${instrument}/`)) return null;
  return url
    .slice(instrument.length)
    .replace(/^\//, '')
    .replace(/(^|\/)(made|contents|note|enacted)(\/.*)?$/, '');
}

/** `schedule/4/paragraph/35` in words: schedule 4, paragraph 35. */
const provisionWords = (provision: string): string =>
  provision
    .split('/')
    .reduce<string[]>(
      (words, part, index, parts) => (index % 2 === 0 ? [...words, `${part === 'part' ? 'Part' : part} ${parts[index + 1]}`] : words),
      [],
    )
    .join(', ');

/**
 * What differs between the nations (`rulesets/nations.json`, checked against its JSON Schema at load): the Great
 * Britain instruments a nation has its own counterpart of, so that a household there is cited its own law, and what
 * the calculator does and does not work out in each nation, for the accuracy page.
 */
export class Nations {
  /** No nation's own law: every citation as written (for engines built without the file, in tests). */
  static readonly NONE = new Nations({ description: '', nations: {} as Record<Country, Nation> });

  private constructor(private readonly file: NationsFile) {}

  static fromJson(text: string): Nations {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new NationsFileError(`${NATIONS_FILE} is not valid JSON: ${(error as Error).message}`);
    }
    const problems = CONTRACT.problems(json);
    if (problems.length > 0)
      throw new NationsFileError(
        `${NATIONS_FILE} has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p.message}`).join('\n')}`,
      );
    const file = json as NationsFile;
    const twice = Object.values(file.nations).flatMap((nation) => {
      const table = nation.rentAreasByPostcodeDistrict;
      const districts = [...(table?.areas ?? []), ...(table?.unsettled ?? [])].flatMap((entry) => entry.districts);
      return districts.filter((district, index) => districts.indexOf(district) !== index);
    });
    if (twice.length > 0) throw new NationsFileError(`${NATIONS_FILE} lists a postcode district under two rent areas: ${twice.join(', ')}`);
    return new Nations(file);
  }

  /** The nation's name and what is and is not worked out there. */
  differences(country: Country): { name: string; modelled: readonly string[]; notModelled: readonly string[] } {
    const { name, modelled, notModelled } = this.file.nations[country];
    return { name, modelled, notModelled };
  }

  /**
   * A citation as a household in the nation should read it: a Great Britain instrument the nation has its own
   * counterpart of becomes that one, at the provision mapped (the nearest mapped part of it, else the instrument as a
   * whole, never a number unchecked); anything else, UK-wide law included, is unchanged.
   */
  cite(country: Country, citation: Citation): Citation {
    const law = this.file.nations[country]?.law;
    if (!law || law.length === 0) return citation;
    for (const instrument of law) {
      const provision = provisionOf(citation.url, instrument.gb);
      if (provision === null) continue;
      const mapped = (instrument.provisions ?? [])
        .filter((candidate) => provision === candidate.gb || provision.startsWith(`${candidate.gb}/`))
        .sort((a, b) => b.gb.length - a.gb.length)[0];
      if (!mapped) return { title: instrument.title, url: instrument.url };
      return {
        title: `${instrument.title}, ${provisionWords(mapped.ni)} (${mapped.heading.charAt(0).toLowerCase()}${mapped.heading.slice(1)})`,
        url: `${instrument.url}/${mapped.ni}`,
      };
    }
    return citation;
  }

  /**
   * The rent area a postcode is in, from its district (the outward code, `BT9` of `BT9 5AB`), where the nation
   * publishes its areas by district (Northern Ireland: the Housing Executive's eight areas); null when the nation does
   * not, or the district is not listed.
   */
  rentAreaOf(country: Country, postcode: string): RentAreaOfDistrict | null {
    const table = this.file.nations[country]?.rentAreasByPostcodeDistrict;
    const compact = postcode.toUpperCase().replace(/\s+/g, '');
    if (!table || compact.length < 5) return null;
    const district = compact.slice(0, -3);
    const unsettled = table.unsettled.find((entry) => entry.districts.includes(district));
    if (unsettled) return { candidates: [...unsettled.areas] };
    const settled = table.areas.find((entry) => entry.districts.includes(district));
    return settled ? { area: settled.area } : null;
  }

  /** Every rent area the file names, for the check that each is a Local Housing Allowance area. */
  rentAreasNamed(): { country: Country; area: string }[] {
    return (Object.entries(this.file.nations) as [Country, Nation][]).flatMap(([country, nation]) => {
      const table = nation.rentAreasByPostcodeDistrict;
      if (!table) return [];
      const names = new Set([...table.areas.map((entry) => entry.area), ...table.unsettled.flatMap((entry) => entry.areas)]);
      return [...names].map((area) => ({ country, area }));
    });
  }

  private readonly notes = new WeakMap<readonly Citation[], Map<Country, string>>();

  /**
   * What a rule's description adds for a household in the nation: the nation's own instruments for the Great Britain
   * law its ruleset cites ('The references are to Great Britain's law; in Northern Ireland the rule is in the Universal
   * Credit Regulations (Northern Ireland) 2016 (SR 2016/216); ...'), so that a description written with Great
   * Britain's references points to the law that applies. Provisions are not renumbered (the nation's numbers are checked only where `provisions` maps
   * them); '' when none of the ruleset's law differs.
   */
  ownLawNote(country: Country, legislation: readonly Citation[]): string {
    let byCountry = this.notes.get(legislation);
    if (!byCountry) this.notes.set(legislation, (byCountry = new Map()));
    let note = byCountry.get(country);
    if (note === undefined) {
      const own = [
        ...new Set(
          legislation
            .map((citation) => this.cite(country, citation))
            .filter((cited, index) => cited.url !== legislation[index]!.url)
            .map((cited) => cited.title),
        ),
      ];
      note =
        own.length === 0
          ? ''
          : `The references are to Great Britain's law; in ${this.file.nations[country].name} the rule is in the ${own.join('; the ')}.`;
      byCountry.set(country, note);
    }
    return note;
  }

  /** Whether a nation has any law of its own to cite (so that nothing is copied for the others). */
  hasOwnLaw(country: Country): boolean {
    return (this.file.nations[country]?.law.length ?? 0) > 0;
  }
}
