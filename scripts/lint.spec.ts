/**
 * The checks `npm run lint` runs (import boundaries, no cycles, ESLint), run here through their own APIs with the repository's
 * configuration: the real tree passes dependency-cruiser's import boundaries and no-circular rule, and each rule, and
 * ESLint, fails on a deliberate violation written into a temporary folder.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cruise, type ICruiseOptions, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { ESLint } from 'eslint';

const ROOT = resolve(import.meta.dirname, '..');
const ROOMS = ['common', 'engine', 'web', 'api'];
const MINUTES = 60_000;

let options: ICruiseOptions;
beforeAll(async () => {
  options = await extractDepcruiseOptions(join(ROOT, '.dependency-cruiser.cjs'));
});

async function cruiseFrom(baseDir: string, folders: string[], withTsConfig = false): Promise<ICruiseResult> {
  const tsConfig = withTsConfig ? extractTSConfig(join(ROOT, 'tsconfig.json')) : undefined;
  const { output } = await cruise(folders, { ...options, baseDir }, {}, { tsConfig });
  return output as ICruiseResult;
}

/** Each violation as 'rule: from -> to' (a cycle as its chain of files). */
function described(violations: IViolation[]): string[] {
  return violations
    .map(({ rule, from, to, cycle }) =>
      cycle ? `${rule.name}: ${[from, ...cycle.map(({ name }) => name)].join(' -> ')}` : `${rule.name}: ${from} -> ${to}`,
    )
    .sort();
}

describe('dependency-cruiser on the real tree', () => {
  it(
    'finds no violation in common/, engine/, web/ or api/, and sees the imports (type-only ones too)',
    async () => {
      const result = await cruiseFrom(ROOT, ROOMS, true);
      expect(described(result.summary.violations)).toEqual([]);
      expect(result.summary.totalCruised).toBeGreaterThan(400);
      const imports = (source: string) =>
        result.modules.find((module) => module.source === source)?.dependencies.map(({ resolved }) => resolved) ?? [];
      expect(imports('engine/load.ts')).toContain('engine/core/entitlement-engine.ts');
      expect(imports('web/src/adviser/adviser-api.ts')).toContain('common/adviser/model.ts');
      // No folders of api/src import each other round a circle, two or more (a circle of folders with no circle of
      // files is still a knot), tests aside.
      const folderOf = (path: string) => /^api\/src\/([^/]+)\//.exec(path)?.[1];
      const next = new Map<string, Set<string>>();
      for (const { source, dependencies } of result.modules) {
        const from = folderOf(source);
        if (!from || /\.(spec|test)\.tsx?$/.test(source)) continue;
        for (const { resolved } of dependencies) {
          const to = folderOf(resolved);
          if (to && to !== from) next.set(from, (next.get(from) ?? new Set()).add(to));
        }
      }
      const circles: string[] = [];
      const state = new Map<string, 'open' | 'done'>();
      const visit = (folder: string, path: string[]) => {
        if (state.get(folder) === 'done') return;
        if (state.get(folder) === 'open') return void circles.push([...path.slice(path.indexOf(folder)), folder].join(' -> '));
        state.set(folder, 'open');
        for (const to of next.get(folder) ?? []) visit(to, [...path, folder]);
        state.set(folder, 'done');
      };
      for (const folder of next.keys()) visit(folder, []);
      expect(circles).toEqual([]);
      const edges = new Set([...next].flatMap(([from, tos]) => [...tos].map((to) => `${from} -> ${to}`)));
      expect(edges.size).toBeGreaterThan(50);
    },
    5 * MINUTES,
  );
});

describe('dependency-cruiser on deliberate violations', () => {
  const folder = mkdtempSync(join(tmpdir(), 'lint-probe-'));
  const write = (path: string, text: string) => {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), text);
  };
  let violations: string[];

  beforeAll(async () => {
    // Packages resolve as in the repository, so a framework import is seen as the framework it is.
    symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'), 'dir');
    write('common/reads-files.ts', "import { readFileSync } from 'node:fs';\nexport const read = () => readFileSync('x');\n");
    write('common/reads-files.spec.ts', "import { readFileSync } from 'node:fs';\nexport const fixture = readFileSync;\n");
    write('common/uses-nest.ts', "import { Injectable } from '@nestjs/common';\nexport const marker = Injectable;\n");
    write('common/uses-nest.spec.ts', "import { Test } from '@nestjs/testing';\nexport const module = Test;\n");
    write('common/uses-cookie.ts', "import { parse } from 'cookie';\nexport const cookies = parse;\n");
    write('common/knows-engine.ts', "import { load } from '../engine/load.js';\nexport const again = load;\n");
    // A cycle of types only: still a knot for a reader.
    write('common/a.ts', "import type { B } from './b.js';\nexport interface A { b: B }\n");
    write('common/b.ts', "import type { A } from './a.js';\nexport interface B { a?: A }\n");
    // The engine and extra help importing each other, as they once did.
    write('engine/core/engine.ts', "import { extraHelp } from '../extra-help/help.js';\nexport const run = () => extraHelp();\n");
    write(
      'engine/extra-help/help.ts',
      "import { run } from '../core/engine';\nexport const extraHelp = () => 1;\nexport const again = () => run;\n",
    );
    write('engine/extra-help/index.ts', "export * from './help.js';\nimport './index.js';\n");
    write('engine/load.ts', "import { server } from '../api/src/server.js';\nexport const load = () => server;\n");
    write('api/src/server.ts', 'export const server = 1;\n');
    // api/src's layers: the platform, the questionnaire and the saved calculation reaching up; a feature reaching the
    // app; two features importing each other.
    write('api/src/survey/survey.service.ts', 'export const survey = 1;\n');
    write('api/src/rules-in-force/rules.ts', 'export const rules = 1;\n');
    write('api/src/database/knows-survey.ts', "import { survey } from '../survey/survey.service.js';\nexport const again = survey;\n");
    write('api/src/questionnaire/flow.ts', "import { rules } from '../rules-in-force/rules.js';\nexport const flow = rules;\n");
    write('api/src/calculations/household.ts', "import { results } from '../results/results.js';\nexport const household = results;\n");
    write(
      'api/src/results/results.ts',
      "import { adviser } from '../adviser/adviser.js';\nexport const results = 1;\nexport const again = adviser;\n",
    );
    write(
      'api/src/adviser/adviser.ts',
      "import { results } from '../results/results.js';\nimport { app } from '../app.module.js';\nexport const adviser = [results, app];\n",
    );
    write('api/src/app.module.ts', 'export const app = 1;\n');
    // Within a layer, and downwards, is fine.
    write('api/src/rules-in-force/uses-questionnaire.ts', "import { flow } from '../questionnaire/flow.js';\nexport const used = flow;\n");
    write(
      'web/src/page.tsx',
      "import { load } from '../../engine/load.js';\nimport { server } from '../../api/src/server.js';\nexport const page = [load, server];\n",
    );
    violations = described((await cruiseFrom(folder, ROOMS)).summary.violations);
  }, 5 * MINUTES);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('common/ importing a Node module (its specs may)', () => {
    expect(violations).toContain('common-no-node: common/reads-files.ts -> fs');
    expect(violations.filter((violation) => violation.includes('reads-files.spec.ts'))).toEqual([]);
  });

  it('common/ importing a framework, in a spec too (a pure library is fine)', () => {
    const framework = /^common-only-pure-libraries: common\/uses-nest\.ts -> .*node_modules\/@nestjs\/common\//;
    expect(violations.filter((violation) => framework.test(violation))).toHaveLength(1);
    expect(violations.filter((violation) => violation.includes('uses-cookie'))).toEqual([]);
    expect(
      violations.filter((violation) => violation.startsWith('common-no-framework-in-tests: common/uses-nest.spec.ts -> ')),
    ).toHaveLength(1);
  });

  it('common/ importing the engine', () => {
    expect(violations).toContain('common-not-to-other-rooms: common/knows-engine.ts -> engine/load.ts');
  });

  it('web/ importing the engine or the API', () => {
    expect(violations).toContain('web-not-to-engine-or-api: web/src/page.tsx -> engine/load.ts');
    expect(violations).toContain('web-not-to-engine-or-api: web/src/page.tsx -> api/src/server.ts');
  });

  it('engine/ importing the API', () => {
    expect(violations).toContain('engine-not-to-api-or-web: engine/load.ts -> api/src/server.ts');
  });

  it('api/src: a layer importing one above it, a feature importing the app, and two features importing each other', () => {
    const api = violations.filter((violation) => / api\/src\//.test(violation));
    expect(api).toEqual(
      expect.arrayContaining([
        'api-layer-platform: api/src/database/knows-survey.ts -> api/src/survey/survey.service.ts',
        'api-layer-questionnaire: api/src/questionnaire/flow.ts -> api/src/rules-in-force/rules.ts',
        'api-layer-calculations: api/src/calculations/household.ts -> api/src/results/results.ts',
        'api-features-not-to-the-app: api/src/adviser/adviser.ts -> api/src/app.module.ts',
        'no-circular: api/src/adviser/adviser.ts -> api/src/results/results.ts -> api/src/adviser/adviser.ts',
      ]),
    );
    expect(api.filter((violation) => violation.includes('uses-questionnaire'))).toEqual([]);
  });

  it('a cycle, type-only imports included, named as the chain of files that closes it, a file importing itself too', () => {
    expect(violations.filter((violation) => violation.startsWith('no-circular:'))).toEqual(
      expect.arrayContaining([
        'no-circular: common/a.ts -> common/b.ts -> common/a.ts',
        'no-circular: engine/core/engine.ts -> engine/extra-help/help.ts -> engine/core/engine.ts',
        'no-circular: engine/extra-help/index.ts -> engine/extra-help/index.ts',
      ]),
    );
  });
});

describe('ESLint', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const problems = async (path: string, text: string) => {
    const [result] = await eslint.lintText(text, { filePath: join(ROOT, path) });
    return result.messages.map(({ ruleId, line }) => `${ruleId} at line ${line}`);
  };

  it(
    'passes plain code and fails an unused variable and a hook called conditionally',
    async () => {
      expect(
        await problems('common/__lint_probe__.ts', 'export const pence = (pounds: number): number => Math.round(pounds * 100);\n'),
      ).toEqual([]);
      expect(
        await problems(
          'common/__lint_probe__.ts',
          'export function pence(pounds: number): number {\n  const unused = 1;\n  return pounds * 100;\n}\n',
        ),
      ).toEqual(['@typescript-eslint/no-unused-vars at line 2']);
      expect(
        await problems(
          'web/src/__lint_probe__.tsx',
          "import { useState } from 'react';\nexport function Probe({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n",
        ),
      ).toEqual(['react-hooks/rules-of-hooks at line 3']);
    },
    5 * MINUTES,
  );
});
