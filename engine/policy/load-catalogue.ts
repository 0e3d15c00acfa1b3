import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readCaseFiles } from '../core/cases.js';
import type { RulesetFile } from '../core/ruleset.js';
import { RULESETS_DIR, readFilesUnder } from '../load.js';
import type { ParameterSet } from '../parameters/parameter-set.js';
import type { CatalogueInputs } from './catalogue.js';

/** Where the questionnaire's pages and the extra help's categories are. */
export const DEFINITIONS_DIR = resolve('definitions');

/**
 * The catalogue's inputs read from disk: every ruleset (a folder of `rulesets/` with a `ruleset.json`), its cases,
 * the questionnaire's pages and the extra help's categories. The files are the ones the engine has already loaded
 * and checked; `parameters` and `caseReads` come from the engine and its `runCases`.
 */
export function readCatalogueInputs(options: {
  parameters: ParameterSet;
  caseReads: ReadonlyMap<string, ReadonlySet<string>>;
  date: string;
  rulesetsDir?: string;
  definitionsDir?: string;
}): CatalogueInputs {
  const rulesetsDir = options.rulesetsDir ?? RULESETS_DIR;
  const definitionsDir = options.definitionsDir ?? DEFINITIONS_DIR;
  const folders = readdirSync(rulesetsDir)
    .filter((folder) => existsSync(join(rulesetsDir, folder, 'ruleset.json')))
    .sort();
  const named = (directory: string) =>
    readFilesUnder(directory)
      .map((file) => ({ name: file.path.replace(/\.json$/, ''), json: JSON.parse(file.text) as unknown }))
      .sort((a, b) => a.name.localeCompare(b.name));
  return {
    rulesets: folders.map((folder) => ({
      folder,
      file: JSON.parse(readFileSync(join(rulesetsDir, folder, 'ruleset.json'), 'utf8')) as RulesetFile,
    })),
    parameters: options.parameters,
    caseFiles: readCaseFiles(rulesetsDir, folders),
    caseReads: options.caseReads,
    surveyPages: named(join(definitionsDir, 'survey', 'pages')),
    extraHelp: named(join(definitionsDir, 'extra-help', 'categories')).map(({ name, json }) => ({ category: name, json })),
    date: options.date,
  };
}
