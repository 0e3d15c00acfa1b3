import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { DefinitionError } from '../site/site-definitions.js';
import { loadPostcodeAreas, parsePostcodeAreas } from './postcode-areas.js';

const FILE = 'definitions/lookup/postcode-areas.json';
const real = () => JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown> & { nations: Record<string, string[]> };

function problemsOf(json: unknown): string[] {
  try {
    parsePostcodeAreas(json, FILE);
    return [];
  } catch (error) {
    if (!(error instanceof DefinitionError)) throw error;
    return error.message.split('\n');
  }
}

describe('definitions/lookup/postcode-areas.json', () => {
  it('gives the nation of an area wholly in one, none for an area across a border, and the place of one outside the UK', async () => {
    const areas = await loadPostcodeAreas('definitions');
    expect(areas.nationOf('LS1 4AP')).toBe('England');
    expect(areas.nationOf('B33 8TH')).toBe('England');
    expect(areas.nationOf('EH1 1YZ')).toBe('Scotland');
    expect(areas.nationOf('CF10 1EP')).toBe('Wales');
    expect(areas.nationOf('BT7 1NN')).toBe('Northern Ireland');
    for (const acrossTheBorder of ['SY23 1AA', 'NP16 7AA', 'HR3 5AA', 'LD7 1AA', 'DG16 5AA', 'CA6 5AA'])
      expect(areas.nationOf(acrossTheBorder)).toBeNull();
    expect(areas.placeOutsideUk('IM1 3PN')).toBe('the Isle of Man');
    expect(areas.placeOutsideUk('LS1 4AP')).toBeNull();
  });

  it('names every postcode area in use once: 126 areas in a nation, across a border or outside the UK', async () => {
    const file = real();
    const listed = [
      ...Object.values(file.nations).flat(),
      ...(file.acrossBorders as string[]),
      ...Object.keys(file.outsideUk as Record<string, string>),
    ];
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed).toHaveLength(126);
  });

  it('refuses an area listed twice, or written other than as capital letters, naming the file and the field', () => {
    const file = real();
    const twice = { ...file, acrossBorders: [...(file.acrossBorders as string[]), 'LS'] };
    expect(problemsOf(twice)).toEqual([`${FILE}: acrossBorders[12] must be in one list only: LS is in nations.England already.`]);
    const lower = { ...file, nations: { ...file.nations, Wales: ['cf', 'SA'] } };
    expect(problemsOf(lower)).toEqual([
      `${FILE}: nations.Wales[0] must be a postcode area of one or two capital letters, such as LS or G.`,
    ]);
    expect(problemsOf({ ...file, outsideUk: {} })[0]).toMatch(/outsideUk/);
  });
});
