import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { councilSchemeOf, schemeTextOf } from '../../web/src/policy/council-scheme-form.js';
import { REPO_ROOT } from '../support/api-process.js';

/**
 * Every council's Council Tax Reduction scheme held can be written through the workbench's form (issue 30, point
 * 3: a form for each kind of rule the schemes use): filled in from the file, the form gives the same year's entry
 * back, so next year's scheme is started from this year's and only what changed is typed.
 */
const FOLDER = join(REPO_ROOT, 'rulesets/council-tax-reduction/england-working-age-schemes');
/** What the edit carries beside the form's fields, or the form writes for itself. */
const NOT_THE_FORMS = ['from', 'source', 'alsoSources', 'readVia'];

/** The year's entry without what the form does not hold, the elements taken off the award in one order (each is taken off). */
function comparable(scheme: Record<string, unknown>): Record<string, unknown> {
  const kept = structuredClone(Object.fromEntries(Object.entries(scheme).filter(([key]) => !NOT_THE_FORMS.includes(key))));
  const uc = (kept.income as { universalCredit?: { less?: { element: string }[] } } | undefined)?.universalCredit;
  if (typeof uc === 'object' && uc.less) uc.less.sort((a, b) => a.element.localeCompare(b.element));
  return kept;
}

describe('the council schemes held, in the workbench’s form', () => {
  const entries = readdirSync(FOLDER)
    .filter((file) => /^E\d{8}-.*\.json$/.test(file))
    .flatMap((file) => {
      const json = JSON.parse(readFileSync(join(FOLDER, file), 'utf8')) as { values: Record<string, unknown>[] };
      return json.values.map((value) => ({ file, from: value.from, value }));
    });

  it('each come back from the form as the file holds them', () => {
    expect(entries.length).toBeGreaterThan(30);
    for (const { file, from, value } of entries) {
      const back = councilSchemeOf(schemeTextOf(value));
      const scheme = 'scheme' in back ? comparable(back.scheme) : back;
      const expected = comparable(value);
      expect({ file, from, scheme }).toEqual({ file, from, scheme: expected });
    }
  });
});
