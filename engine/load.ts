import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { loadParameterSet, type ParameterSet, type ParameterSourceFile } from './parameters/parameter-set.js';
import { BENEFIT_CALCULATORS } from './benefits/index.js';
import type { BenefitCalculator } from './core/benefit.js';
import { EntitlementEngine, type LoadedBenefit } from './core/entitlement-engine.js';
import { Explanations } from './core/explanations.js';
import { ParameterReader } from './core/parameters.js';
import { Ruleset } from './core/ruleset.js';
import { LoadedExtraHelp, withExtraHelp } from './extra-help/extra-help.js';
import { loadLhaData, type LocalHousingAllowance } from './local-housing-allowance.js';

/**
 * Reads `rulesets/` from disk and builds the engine, once per process (the API, `npm run calc`, `rules:test`).
 * Every file is checked on loading: a broken ruleset, template or rate stops the start with a message naming it.
 */

export const RULESETS_DIR = resolve('rulesets');

export const EXTRA_HELP_DIR = resolve('definitions/extra-help');

/** Every file of a kind under a folder, with its path relative to the folder (always with '/'). */
export function readFilesUnder(directory: string, ending = '.json'): ParameterSourceFile[] {
  return (readdirSync(directory, { recursive: true }) as string[])
    .filter((path) => path.endsWith(ending) && statSync(join(directory, path)).isFile())
    .map((path) => ({ path: path.split(sep).join('/'), text: readFileSync(join(directory, path), 'utf8') }));
}

export function loadBenefit(calculator: BenefitCalculator, parameters: ParameterSet, rulesetsDir = RULESETS_DIR): LoadedBenefit {
  const folder = join(rulesetsDir, calculator.folder);
  const rulesetFile = join(folder, 'ruleset.json');
  const explanationsFile = join(folder, 'explanations.json');
  return {
    calculator,
    ruleset: Ruleset.fromJson(rulesetFile, readFileSync(rulesetFile, 'utf8'), calculator.code, calculator.facts.names, (name) =>
      parameters.has(name),
    ),
    explanations: Explanations.fromJson(explanationsFile, readFileSync(explanationsFile, 'utf8')),
  };
}

/** The Local Housing Allowance rates and the table of councils and areas (`rulesets/local-housing-allowance/`), checked. */
export function loadLocalHousingAllowance(rulesetsDir = RULESETS_DIR): LocalHousingAllowance {
  const read = (file: string) => readFileSync(join(rulesetsDir, 'local-housing-allowance', file), 'utf8');
  return loadLhaData({
    rates: read('rates.json'),
    housingBenefitRates: read('housing-benefit-rates.json'),
    localAuthorityAreas: read('local-authority-areas.json'),
  });
}

export function loadEntitlementEngine(
  rulesetsDir = RULESETS_DIR,
  calculators: readonly BenefitCalculator[] = BENEFIT_CALCULATORS,
  extraHelpDir = EXTRA_HELP_DIR,
): EntitlementEngine {
  const parameters = loadParameterSet(readFilesUnder(join(rulesetsDir, 'parameters')));
  const lha = loadLocalHousingAllowance(rulesetsDir);
  const extraHelp = LoadedExtraHelp.fromFiles(readFilesUnder(extraHelpDir));
  // The engine works out the benefits; the extra help reads them, so it runs after, here (no import cycle).
  return new EntitlementEngine(
    calculators.map((calculator) => loadBenefit(calculator, parameters, rulesetsDir)),
    parameters,
    lha,
    {
      run: (result) => withExtraHelp(extraHelp, result, new ParameterReader(parameters, result.date)),
      runReference: async (result) => {
        const offered = await extraHelp.evaluateReference(result, new ParameterReader(parameters, result.date));
        return { ...result, variables: [...result.variables, ...offered.variables], extraHelp: offered.categories };
      },
    },
  );
}
