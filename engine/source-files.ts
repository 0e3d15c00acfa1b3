import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

/**
 * The repository's rules and definitions as the loaders read them: from disk, or from disk with a policy change
 * set's edits laid over it (the workbench's drafts and the published change sets, issue 19). Every loader reads
 * through this, so a draft is checked by exactly the code that checks the files.
 *
 * Paths are relative to the repository root and always use '/': `rulesets/child-benefit/ruleset.json`.
 */
export interface SourceFiles {
  /** The text of a file, or null when there is none. */
  read(path: string): string | null;
  /** Every file under a folder (recursively), relative to it, in name order; [] when there is no such folder. */
  list(folder: string): string[];
}

const slash = (path: string) => path.split(sep).join('/');

/**
 * Files on disk. `mounts` reads a repository folder from another directory instead (the tests' and benchmarks'
 * copies of `rulesets/`): `{ rulesets: '/tmp/copy' }`. The longest mounted prefix wins.
 */
export function diskFiles(root = process.cwd(), mounts: Readonly<Record<string, string>> = {}): SourceFiles {
  const prefixes = Object.keys(mounts).sort((a, b) => b.length - a.length);
  const onDisk = (path: string): string => {
    const prefix = prefixes.find((candidate) => path === candidate || path.startsWith(`${candidate}/`));
    return prefix === undefined ? resolve(root, path) : join(mounts[prefix], path.slice(prefix.length));
  };
  return {
    read: (path) => {
      const file = onDisk(path);
      return existsSync(file) && statSync(file).isFile() ? readFileSync(file, 'utf8') : null;
    },
    list: (folder) => {
      const dir = onDisk(folder);
      if (!existsSync(dir)) return [];
      return (readdirSync(dir, { recursive: true }) as string[])
        .filter((path) => statSync(join(dir, path)).isFile())
        .map(slash)
        .sort();
    },
  };
}

/** Files with some replaced or added (by repository path): a change set laid over the files it changes. */
export function overlayFiles(base: SourceFiles, changed: ReadonlyMap<string, string>): SourceFiles {
  if (changed.size === 0) return base;
  return {
    read: (path) => changed.get(path) ?? base.read(path),
    list: (folder) => {
      const prefix = `${folder.replace(/\/+$/, '')}/`;
      const added = [...changed.keys()].filter((path) => path.startsWith(prefix)).map((path) => path.slice(prefix.length));
      return [...new Set([...base.list(folder), ...added])].sort();
    },
  };
}

/** The text of a file the loaders cannot do without: a missing one stops the load, naming it. */
export function requiredFile(files: SourceFiles, path: string): string {
  const text = files.read(path);
  if (text === null) throw new Error(`${path} is missing.`);
  return text;
}

/** Every file of a kind under a folder, with its path relative to the folder. */
export function filesUnder(files: SourceFiles, folder: string, ending = '.json'): { path: string; text: string }[] {
  return files
    .list(folder)
    .filter((path) => path.endsWith(ending))
    .map((path) => ({ path, text: requiredFile(files, `${folder}/${path}`) }));
}
