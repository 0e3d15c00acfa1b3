import type { CouncilSchemeHeld } from '../../common/policy/model.js';
import { councilTaxYearOf, SCHEMES_FOLDER, type CouncilSchemeFile } from '../benefits/council-tax-reduction-data.js';
import type { SourceFiles } from '../source-files.js';

/**
 * A council's own working-age Council Tax Reduction scheme as the rules hold it, each year's entry (issue 30, point 3):
 * what the workbench's form starts next year's scheme from. Null when the council has none of its own (the default
 * scheme applies there).
 */
export function councilSchemeHeld(files: SourceFiles, authority: string): CouncilSchemeHeld | null {
  const path = files.list(SCHEMES_FOLDER).find((file) => file.startsWith(`${authority}-`) && file.endsWith('.json'));
  const text = path ? files.read(`${SCHEMES_FOLDER}/${path}`) : null;
  if (!text) return null;
  const file = JSON.parse(text) as CouncilSchemeFile;
  return {
    authority: file.localAuthority,
    name: file.name,
    years: file.values
      .map(({ from, source: _source, alsoSources: _also, readVia: _readVia, ...scheme }) => ({
        year: councilTaxYearOf(from),
        scheme: scheme as unknown as Record<string, unknown>,
      }))
      .sort((a, b) => b.year.localeCompare(a.year)),
  };
}
