import { diskFiles, type SourceFiles } from '../source-files.js';
import { readScheduledChanges } from './export.js';
import { RulesVersions } from './rules-versions.js';

/**
 * The rules as the repository alone holds them: its files, with the change sets `rules:export` scheduled in
 * `rulesets/scheduled/` from their dates. What a fresh install works out before anything is published in its own
 * workbench; `npm run calc` and `npm run rules:test` use it.
 */
export function repositoryRulesVersions(files: SourceFiles = diskFiles()): RulesVersions {
  return new RulesVersions(files, readScheduledChanges(files));
}
