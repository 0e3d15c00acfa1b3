import { CHECKBOX_ICON_SHAPES, CHROME_PARTS } from '../../common/site.js';
import { HEADER_TYPES, OPTIONS_SOURCES, QUESTION_NAMES, QUESTION_TYPES } from '../../common/survey/model.js';
import { BAND_HOUSEHOLDS, PROTECTED_GROUPS, UC_ELEMENT_CODES } from '../benefits/council-tax-reduction-data.js';
import { COUNTRIES, OTHER_INCOME_TYPES } from '../household.js';
import { LHA_CATEGORY_FIELDS } from '../local-housing-allowance.js';
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

describe('the council tax scheme schema agrees with engine/benefits/council-tax-reduction-data.ts', () => {
  const scheme = readSchema('council-tax-scheme.schema.json');

  it('lists PROTECTED_GROUPS, UC_ELEMENT_CODES and BAND_HOUSEHOLDS, and the kinds of other income but child maintenance', () => {
    expect(at(scheme, '$defs', 'ProtectedRule', 'properties', 'groups', 'items').enum).toEqual([...PROTECTED_GROUPS]);
    // A value of several kinds is checked by one schema for each kind: `allOf: [{ if: kind, then: schema }]`.
    const ofKind = (schema: JsonSchema, kind: string) =>
      (schema.allOf as { if: { type: string }; then: JsonSchema }[]).find((branch) => branch.if.type === kind)!.then;
    const universalCredit = ofKind(at(scheme, '$defs', 'IncomeRules', 'properties', 'universalCredit'), 'object');
    expect(at(universalCredit, 'properties', 'less', 'items', 'properties', 'element').enum).toEqual([...UC_ELEMENT_CODES]);
    expect(at(scheme, '$defs', 'IncomeBands', 'properties', 'tables', 'items', 'properties', 'household').enum).toEqual([
      ...BAND_HOUSEHOLDS,
    ]);
    const otherIncome = ofKind(at(scheme, '$defs', 'IncomeRules', 'properties', 'otherIncome'), 'array');
    expect(at(otherIncome, 'items').enum).toEqual(OTHER_INCOME_TYPES.filter((type) => type !== 'CHILD_MAINTENANCE'));
  });
});

describe('the Local Housing Allowance rates schema agrees with engine/local-housing-allowance.ts', () => {
  const rates = readSchema('local-housing-allowance-rates.schema.json');

  it('names the nations of COUNTRIES, and a dated rate holds the date, a rate for each of LHA_CATEGORY_FIELDS and the source', () => {
    expect(at(rates, '$defs', 'Area', 'properties', 'nation').enum).toEqual([...COUNTRIES]);
    expect(at(rates, '$defs', 'DatedRate').required).toEqual(['from', ...Object.values(LHA_CATEGORY_FIELDS), 'source']);
  });
});
