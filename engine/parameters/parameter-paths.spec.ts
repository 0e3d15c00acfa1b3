import { describe, expect, it } from '@jest/globals';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { RATES_HELD_FILE } from './parameter-set.js';

/**
 * A parameter is found by searching for its path: every reader names it by its full path as one literal string
 * (in engine code, a ruleset or a definition), so each literal must be a parameter file, and each parameter file
 * must be read by some literal.
 */

const PARAMETERS_DIR = 'rulesets/parameters';

/** A path in quotes, or a text's `{{parameter gov/...}}` (extra help writes a figure from its parameter). */
const PATH_IN_QUOTES = /['"`](gov\/[a-z0-9_/]+)['"`]|\{\{\s*parameter\s+(gov\/[a-z0-9_/]+)\s*\}\}/g;

function filesUnder(directory: string, ending: string): string[] {
  return (readdirSync(directory, { recursive: true }) as string[])
    .filter((path) => path.endsWith(ending))
    .map((path) => join(directory, path));
}

const parameterFiles = filesUnder(PARAMETERS_DIR, '.json')
  .filter((path) => !path.endsWith(RATES_HELD_FILE))
  .map((path) =>
    path
      .slice(PARAMETERS_DIR.length + 1, -'.json'.length)
      .split('\\')
      .join('/'),
  )
  .sort();

const readers = [
  ...filesUnder('engine', '.ts').filter((path) => !path.endsWith('.spec.ts')),
  ...filesUnder('rulesets', 'ruleset.json'),
  ...filesUnder('definitions', '.json'),
];

/** Every literal parameter path in the readers, with the files it is in. */
function literalPaths(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of readers) {
    for (const match of readFileSync(file, 'utf8').matchAll(PATH_IN_QUOTES)) {
      const path = (match[1] ?? match[2])!;
      found.set(path, [...(found.get(path) ?? []), file]);
    }
  }
  return found;
}

describe('parameter paths', () => {
  const literals = literalPaths();

  it('finds the readers and the parameter files', () => {
    expect(parameterFiles.length).toBeGreaterThan(100);
    expect(literals.get('gov/dwp/universal_credit/elements/carer/amount')).toEqual([
      'engine/benefits/universal-credit/health-and-caring.ts',
    ]);
  });

  it('every literal parameter path read in engine code, a ruleset or a definition is a parameter file', () => {
    const missing = [...literals]
      .filter(([path]) => !parameterFiles.includes(path))
      .map(([path, files]) => `${path} (in ${files.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('every parameter file is read somewhere by its full path (but the rates held that nothing reads yet, listed here)', () => {
    expect(parameterFiles.filter((path) => !literals.has(path))).toEqual([]);
  });

  it('no parameter path is built from a prefix in engine code', () => {
    const built = readers
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((text, index) => ({ file, line: index + 1, text })),
      )
      .filter(
        ({ text }) =>
          /`gov\/[^`]*\$\{/.test(text) || /\.(amount|limit|switch|value|has|amountOn|limitOn|switchOn|parameterOn)\(`/.test(text),
      )
      .map(({ file, line, text }) => `${file}:${line}: ${text.trim()}`);
    expect(built).toEqual([]);
  });
});
