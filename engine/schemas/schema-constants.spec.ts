import { CHECKBOX_ICON_SHAPES, CHROME_PARTS } from '../../common/site.js';
import { HEADER_TYPES, OPTIONS_SOURCES, QUESTION_NAMES, QUESTION_TYPES } from '../../common/survey/model.js';
import { COUNTRIES } from '../household.js';
import { readSchema, type JsonSchema } from './json-schema.js';

/**
 * The schemas of definitions/schemas/ write out in full some lists the code also holds as constants (a schema cannot
 * import TypeScript): these tests keep the two equal, so that neither can change without the other.
 */

const at = (schema: JsonSchema, ...path: string[]): JsonSchema => path.reduce<JsonSchema>((node, key) => node[key] as JsonSchema, schema);

/** Every list of question types the page schema names in its conditional rules (`if questionType is one of ...`). */
function questionTypeLists(node: unknown): unknown[][] {
  if (Array.isArray(node)) return node.flatMap(questionTypeLists);
  if (typeof node !== 'object' || node === null) return [];
  const own = Object.entries(node).flatMap(([key, value]) =>
    key === 'questionType' && Array.isArray((value as JsonSchema).enum) ? [(value as JsonSchema).enum as unknown[]] : [],
  );
  return [...own, ...Object.values(node).flatMap(questionTypeLists)];
}

describe('the survey page schema agrees with common/survey/model.ts', () => {
  const page = readSchema('survey-page.schema.json');

  it('lists the header types of HEADER_TYPES, in order', () => {
    expect(at(page, 'properties', 'headerType').enum).toEqual([...HEADER_TYPES]);
  });

  it('lists the question types of QUESTION_TYPES, in order, and names no other in its rules', () => {
    expect(at(page, '$defs', 'Question', 'properties', 'questionType').enum).toEqual(Object.keys(QUESTION_TYPES));
    const named = questionTypeLists(page).flat();
    expect(named.length).toBeGreaterThan(Object.keys(QUESTION_TYPES).length);
    expect(named.filter((type) => !Object.hasOwn(QUESTION_TYPES, String(type)))).toEqual([]);
  });

  it('lists the sources of OPTIONS_SOURCES', () => {
    expect(at(page, '$defs', 'Question', 'properties', 'optionsFrom').enum).toEqual([...OPTIONS_SOURCES]);
  });

  it("names the postcode question as QUESTION_NAMES does ('ClientPostcode')", () => {
    const postcodePage = at(page, '$defs', 'Question', 'properties', 'postcodePage');
    for (const words of [postcodePage['x-errorMessage'], postcodePage['x-whenMissing']]) {
      expect(words).toMatch(new RegExp(`the page that asks ${QUESTION_NAMES.clientPostcode}\\.?$`));
    }
  });
});

describe('the partner and extra-help schemas agree with the constants in code', () => {
  it('partner.schema.json: the parts of the page a portal hides are CHROME_PARTS, the icon shapes CHECKBOX_ICON_SHAPES', () => {
    const partner = readSchema('partner.schema.json');
    expect(at(partner, 'properties', 'hiddenInPortal', 'items').enum).toEqual([...CHROME_PARTS]);
    expect(at(partner, 'properties', 'checkboxIcon', 'properties', 'shape').enum).toEqual([...CHECKBOX_ICON_SHAPES]);
  });

  it('extra-help.schema.json: the nations are COUNTRIES, and its messages list them as they are', () => {
    const nations = at(readSchema('extra-help.schema.json'), '$defs', 'nations');
    expect(at(nations, 'items').enum).toEqual([...COUNTRIES]);
    expect(nations['x-errorMessage']).toContain(COUNTRIES.join(', '));
    expect(nations['x-whenMissing']).toContain(COUNTRIES.join(', '));
  });
});
