/**
 * Import cycles among TypeScript files (none allowed): builds the graph of relative imports with the TypeScript
 * compiler's pre-processor (every `import`, `import type`, `export ... from` and `import()`, type-only ones too, since
 * a cycle of types is still a cycle a reader has to untangle) and reports each cycle as a chain of files.
 * `import-cycles.spec.ts` runs it over `common/` (and `engine/` when it exists) in the unit tier.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** Each file (relative to `root`, with '/') and the files it imports; only imports that resolve to a .ts/.tsx file. */
export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.tsx?$/;

function sourceFilesUnder(directory: string): string[] {
  return (readdirSync(directory, { recursive: true }) as string[])
    .map((path) => join(directory, path))
    .filter((path) => SOURCE.test(path) && !path.endsWith('.d.ts') && statSync(path).isFile());
}

/** The .ts/.tsx file a relative specifier ('./money.js', '../rules', './x.ts') names, or null. */
function resolveSpecifier(fromFile: string, specifier: string, exists: (path: string) => boolean): string | null {
  const base = resolve(dirname(fromFile), specifier);
  const stem = base.replace(/\.(js|jsx|ts|tsx|mjs)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, join(stem, 'index.ts'), join(stem, 'index.tsx')]) {
    if (exists(candidate)) return candidate;
  }
  return null;
}

/** The import graph of every .ts/.tsx file under the folders (relative to `root`); imports from outside them are left out. */
export function importGraph(root: string, folders: readonly string[]): ImportGraph {
  const files = folders.flatMap((folder) => sourceFilesUnder(resolve(root, folder)));
  const known = new Set(files);
  const name = (path: string) => relative(root, path).split(sep).join('/');
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveSpecifier(file, specifier, (path) => known.has(path)))
      .filter((target): target is string => target !== null);
    graph.set(name(file), [...new Set(targets.map(name))].sort());
  }
  return graph;
}

/**
 * Every cycle, one per strongly connected group of files (Tarjan), as the chain of files that closes it:
 * ['a.ts', 'b.ts', 'a.ts'], sorted. Empty when the graph has none.
 */
export function findImportCycles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1 || (graph.get(file) ?? []).includes(file)) groups.push(group);
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return groups.map((group) => chainThrough(graph, new Set(group))).sort((a, b) => a.join().localeCompare(b.join()));
}

/** A shortest chain from the group's first file (alphabetically) back to itself, staying inside the group. */
function chainThrough(graph: ImportGraph, group: ReadonlySet<string>): string[] {
  const start = [...group].sort()[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const chain = [start];
        for (let at: string | undefined = file; at !== start && at !== undefined; at = cameFrom.get(at)) chain.splice(1, 0, at);
        return file === start ? [start, start] : [...chain, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start];
}
