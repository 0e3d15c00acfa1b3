import { afterAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findImportCycles, importGraph } from './import-cycles.js';

const ROOT = resolve(import.meta.dirname, '..');

describe('import cycles', () => {
  it('none under common/ (nor engine/ when it exists), type-only imports included', () => {
    const folders = ['common', 'engine'].filter((folder) => existsSync(join(ROOT, folder)));
    const graph = importGraph(ROOT, folders);
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('engine/load.ts')).toContain('engine/core/entitlement-engine.ts');
    expect(findImportCycles(graph).map((chain) => chain.join(' -> '))).toEqual([]);
  });

  describe('on a deliberate cycle', () => {
    const folder = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(join(folder, path, '..'), { recursive: true });
      writeFileSync(join(folder, path), text);
    };
    write('lib/engine.ts', "import type { Result } from './result.js';\nimport { extraHelp } from '../extra/help.js';\nexport const run = (): Result => extraHelp();\n");
    write('lib/result.ts', 'export interface Result { amount: number }\n');
    write('extra/help.ts', "import type { Result } from '../lib/result.js';\nimport { run } from '../lib/engine';\nexport const extraHelp = (): Result => ({ amount: 1 });\nexport const again = () => run;\n");
    write('extra/index.ts', "export * from './help.js';\nimport './index.js';\n");
    write('plain/a.ts', "import { b } from './b.js';\nexport const a = b;\n");
    write('plain/b.ts', "export const b = 1;\n");

    it('names each cycle as the chain of files that closes it, a file importing itself too', () => {
      expect(findImportCycles(importGraph(folder, ['lib', 'extra', 'plain']))).toEqual([
        ['extra/help.ts', 'lib/engine.ts', 'extra/help.ts'],
        ['extra/index.ts', 'extra/index.ts'],
      ]);
    });

    it('counts a type-only import', () => {
      write('types/a.ts', "import type { B } from './b.js';\nexport interface A { b: B }\n");
      write('types/b.ts', "import type { A } from './a.js';\nexport interface B { a?: A }\n");
      expect(findImportCycles(importGraph(folder, ['types']))).toEqual([['types/a.ts', 'types/b.ts', 'types/a.ts']]);
    });
  });
});
