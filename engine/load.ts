import { resolve } from 'node:path';
import { loadParameterSet, type ParameterSet, type ParameterSourceFile } from './parameters/parameter-set.js';
import { BENEFIT_CALCULATORS } from './benefits/index.js';
import type { BenefitCalculator } from './core/benefit.js';
import type { CalculationResult } from './core/calculation-result.js';
import { EntitlementEngine, type LoadedBenefit } from './core/entitlement-engine.js';
import { Explanations } from './core/explanations.js';
import { ParameterReader } from './core/parameters.js';
import { Ruleset } from './core/ruleset.js';
import { LoadedExtraHelp, withExtraHelp } from './extra-help/extra-help.js';
import { loadCouncilTaxDataFrom } from './benefits/council-tax-reduction-data.js';
import { LHA_FILES, loadLhaData, type LocalHousingAllowance } from './local-housing-allowance.js';
import { diskFiles, filesUnder, requiredFile, type SourceFiles } from './source-files.js';
import { NATIONS_FILE, Nations } from './nations.js';

/**
 * Reads `rulesets/` (with the council tax data of `rulesets/council-tax-reduction/` and the Local Housing Allowance
 * data of `rulesets/local-housing-allowance/`) and `definitions/extra-help/` and builds the engine, once per process
 * (the API, `npm run calc`, `rules:test`), or once per rules version (the API with published policy change sets, the
 * workbench's drafts). Every file is checked on loading: a broken ruleset, template, rate, council scheme or LHA
 * table stops the load with a message naming the file and the field.
 */

export const RULESETS_DIR = resolve('rulesets');

export const EXTRA_HELP_DIR = resolve('definitions/extra-help');

/** Where the loaders find each kind of file, relative to the repository root. */
export const RULESETS_FOLDER = 'rulesets';
export const PARAMETERS_FOLDER = 'rulesets/parameters';
export const EXTRA_HELP_FOLDER = 'definitions/extra-help';

/** Every file of a kind under a folder on disk, with its path relative to the folder (always with '/'). */
export function readFilesUnder(directory: string, ending = '.json'): ParameterSourceFile[] {
  return filesUnder(diskFiles(directory), '.', ending).map(({ path, text }) => ({ path: path.replace(/^\.\//, ''), text }));
}

export function loadBenefitFrom(files: SourceFiles, calculator: BenefitCalculator, parameters: ParameterSet): LoadedBenefit {
  const rulesetFile = `${RULESETS_FOLDER}/${calculator.folder}/ruleset.json`;
  const explanationsFile = `${RULESETS_FOLDER}/${calculator.folder}/explanations.json`;
  return {
    calculator,
    ruleset: Ruleset.fromJson(rulesetFile, requiredFile(files, rulesetFile), calculator.code, calculator.facts.names, (name) =>
      parameters.has(name),
    ),
    explanations: Explanations.fromJson(explanationsFile, requiredFile(files, explanationsFile)),
  };
}

export function loadBenefit(calculator: BenefitCalculator, parameters: ParameterSet, rulesetsDir = RULESETS_DIR): LoadedBenefit {
  return loadBenefitFrom(diskFiles(process.cwd(), { [RULESETS_FOLDER]: rulesetsDir }), calculator, parameters);
}

/**
 * The Local Housing Allowance rates, the table of councils and areas and the private-renting households
 * (`rulesets/local-housing-allowance/`), each checked against its JSON Schema and the others.
 */
export function loadLocalHousingAllowanceFrom(files: SourceFiles): LocalHousingAllowance {
  return loadLhaData({
    rates: requiredFile(files, LHA_FILES.rates),
    housingBenefitRates: requiredFile(files, LHA_FILES.housingBenefitRates),
    localAuthorityAreas: requiredFile(files, LHA_FILES.localAuthorityAreas),
    privateRentingHouseholds: requiredFile(files, LHA_FILES.privateRentingHouseholds),
  });
}

export function loadLocalHousingAllowance(rulesetsDir = RULESETS_DIR): LocalHousingAllowance {
  return loadLocalHousingAllowanceFrom(diskFiles(process.cwd(), { [RULESETS_FOLDER]: rulesetsDir }));
}

export function loadParameterSetFrom(files: SourceFiles): ParameterSet {
  return loadParameterSet(filesUnder(files, PARAMETERS_FOLDER));
}

export interface EngineLoadOptions {
  calculators?: readonly BenefitCalculator[];
  /** Added to every result's rules version: the published change sets it was worked out with ('+cs3+cs5'). */
  rulesVersionSuffix?: string;
}

/** The engine from the files given: on disk, or with change sets laid over them. */
export function loadEntitlementEngineFrom(files: SourceFiles, options: EngineLoadOptions = {}): EntitlementEngine {
  const parameters = loadParameterSetFrom(files);
  const lha = loadLocalHousingAllowanceFrom(files);
  // Read here with the rest, never on first use: a broken scheme file stops the start, not someone's results page.
  const councilTax = loadCouncilTaxDataFrom(files);
  const nations = loadNationsFrom(files);
  const extraHelp = LoadedExtraHelp.fromFiles(filesUnder(files, EXTRA_HELP_FOLDER), (name) => parameters.unitOf(name));
  // The engine works out the benefits; the extra help reads them, so it runs after, here (no import cycle).
  return new EntitlementEngine(
    (options.calculators ?? BENEFIT_CALCULATORS).map((calculator) => loadBenefitFrom(files, calculator, parameters)),
    parameters,
    lha,
    councilTax,
    {
      run: (result) => withExtraHelp(extraHelp, result, new ParameterReader(parameters, ratesDateOf(result))),
      runReference: async (result) => {
        const offered = await extraHelp.evaluateReference(result, new ParameterReader(parameters, ratesDateOf(result)));
        return { ...result, variables: [...result.variables, ...offered.variables], extraHelp: offered.categories };
      },
    },
    options.rulesVersionSuffix,
    nations,
  );
}

/** What differs between the nations (`rulesets/nations.json`), checked against its JSON Schema. */
export function loadNationsFrom(files: SourceFiles): Nations {
  return Nations.fromJson(requiredFile(files, NATIONS_FILE));
}

export function loadEntitlementEngine(
  rulesetsDir = RULESETS_DIR,
  calculators: readonly BenefitCalculator[] = BENEFIT_CALCULATORS,
  extraHelpDir = EXTRA_HELP_DIR,
): EntitlementEngine {
  return loadEntitlementEngineFrom(diskFiles(process.cwd(), { [RULESETS_FOLDER]: rulesetsDir, [EXTRA_HELP_FOLDER]: extraHelpDir }), {
    calculators,
  });
}

/** The date whose rates a result used: its own, or the last date held when it was worked out with the last rates held. */
function ratesDateOf(result: CalculationResult): string {
  return result.lastRatesHeld?.ratesDate ?? result.date;
}
