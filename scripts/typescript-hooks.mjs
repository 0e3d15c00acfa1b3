// Module hooks for register-typescript.mjs: resolve './x.js' to './x.ts' when only the TypeScript exists, and
// compile '.ts' files with SWC (types stripped, decorators kept as the Jest configuration keeps them).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import swc from '@swc/core';

export async function resolve(specifier, context, nextResolve) {
  if (specifier.endsWith('.js') && (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('file:'))) {
    const candidate = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
    const original = new URL(specifier, context.parentURL);
    if (!existsSync(fileURLToPath(original)) && existsSync(fileURLToPath(candidate))) {
      return nextResolve(candidate.href, context);
    }
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const filename = fileURLToPath(url);
  const { code } = await swc.transform(await readFile(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: {
      target: 'es2023',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      keepClassNames: true,
    },
    module: { type: 'es6' },
  });
  return { format: 'module', source: code, shortCircuit: true };
}
