import { describe, expect, it } from '@jest/globals';
import { extraHelpCatalogue } from '../../engine/policy/extra-help-catalogue.js';
import { diskFiles } from '../../engine/source-files.js';
import { conditionFormOf, conditionOf } from '../../web/src/policy/extra-help-conditions.js';

/**
 * Every extra-help item the product holds can be changed in the workbench's form (issue 30, point 3), not as JSON:
 * its condition reads into the form's rows and back to the same condition, so saving an item untouched changes
 * nothing. A single fact comes back as 'all' of it, which json-rules-engine reads alike.
 */
describe('the extra-help items held, in the workbench’s form', () => {
  const { categories, facts } = extraHelpCatalogue(diskFiles());
  const items = categories.flatMap((category) => category.items.map((item) => ({ category: category.name, item })));

  it('are all shown by the form, and come back from it unchanged', () => {
    expect(items.length).toBeGreaterThan(50);
    const notShown = items.filter(({ item }) => conditionFormOf(item.condition, facts) === null).map(({ item }) => item.name);
    expect(notShown).toEqual([]);
    for (const { item } of items) {
      const form = conditionFormOf(item.condition, facts)!;
      const condition = item.condition;
      const expected = 'all' in condition || 'any' in condition ? condition : { all: [condition] };
      expect({ item: item.name, back: conditionOf(form, facts) }).toEqual({ item: item.name, back: { condition: expected } });
    }
  });
});
