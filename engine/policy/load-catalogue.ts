import { readCaseFilesFrom } from '../core/cases.js';
import type { RulesetFile } from '../core/ruleset.js';
import { RULESETS_FOLDER } from '../load.js';
import type { ParameterSet } from '../parameters/parameter-set.js';
import { diskFiles, filesUnder, type SourceFiles } from '../source-files.js';
import type { CatalogueInputs } from './catalogue.js';

/**
 * The catalogue's inputs read through `files` (the repository's, or a rules version's with the published change sets
 * over them): every ruleset (a folder of `rulesets/` with a `ruleset.json`), its cases, the questionnaire's pages and
 * the extra help's categories. The files are the ones the engine has already loaded and checked; `parameters` and
 * `caseReads` come from the engine and its `runCases`.
 */
export function readCatalogueInputs(options: {
  parameters: ParameterSet;
  caseReads: ReadonlyMap<string, ReadonlySet<string>>;
  date: string;
  files?: SourceFiles;
}): CatalogueInputs {
  const files = options.files ?? diskFiles();
  const folders = files
    .list(RULESETS_FOLDER)
    .flatMap((path) => /^([^/]+)\/ruleset\.json$/.exec(path)?.[1] ?? [])
    .sort();
  const named = (folder: string) =>
    filesUnder(files, folder)
      .map((file) => ({ name: file.path.replace(/\.json$/, ''), json: JSON.parse(file.text) as unknown }))
      .sort((a, b) => a.name.localeCompare(b.name));
  return {
    rulesets: folders.map((folder) => ({
      folder,
      file: JSON.parse(files.read(`${RULESETS_FOLDER}/${folder}/ruleset.json`)!) as RulesetFile,
    })),
    parameters: options.parameters,
    caseFiles: readCaseFilesFrom(files, folders),
    caseReads: options.caseReads,
    surveyPages: named('definitions/survey/pages'),
    extraHelp: named('definitions/extra-help/categories').map(({ name, json }) => ({ category: name, json })),
    date: options.date,
  };
}
