import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The questionnaire's files, relative to the definitions folder. */
export const SURVEY_FILE = 'survey/survey.json';
export const PAGES_FOLDER = 'survey/pages';

/** Reading files under the definitions folder; tests give an in-memory one. */
export interface DefinitionFiles {
  /** The text of a file (path relative to the definitions folder), or null when there is none. */
  readText(path: string): string | null;
  /** The names of the files in a folder, or [] when there is no such folder. */
  list(folder: string): string[];
  /** How a file is named in messages. */
  shown(path: string): string;
}

export function definitionFilesIn(definitionsDir: string): DefinitionFiles {
  return {
    readText: (path) => {
      const file = join(definitionsDir, path);
      return existsSync(file) ? readFileSync(file, 'utf8') : null;
    },
    list: (folder) => {
      const dir = join(definitionsDir, folder);
      return existsSync(dir) ? readdirSync(dir).sort() : [];
    },
    shown: (path) => relative(process.cwd(), join(definitionsDir, path)),
  };
}

