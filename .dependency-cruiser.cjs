// The import boundaries between the project's rooms, and no import cycles, checked by `npm run lint:imports`
// (part of `npm run lint`, which `npm test` runs first). scripts/lint.spec.ts shows each rule failing on a violation.
//
//   common/  the small model web and api both import: no framework, no Node built-in, nothing from the other rooms
//   engine/  the entitlement engine: never imports api/ or web/
//   web/     the browser app: never imports engine/ or api/ (it talks to the API over HTTP)
// and no import cycle under engine/ or common/, type-only imports included.

/** Specs and tests may use Node (fs, os, path) to read fixtures and write temporary files. */
const TESTS = '\\.(spec|test)\\.tsx?$';

/** The libraries common/ may import: small, pure, free of any framework and of Node. */
const PURE_LIBRARIES = ['cookie'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'common-no-node',
      comment: 'common/ runs in the browser too: it imports no Node built-in module (node:fs, node:path, ...).',
      severity: 'error',
      from: { path: '^common/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'common-only-pure-libraries',
      comment:
        'common/ imports no framework (@nestjs/*, typeorm, react, express, class-validator, pg, ...): only its own ' +
        `files and the pure libraries listed in .dependency-cruiser.cjs (${PURE_LIBRARIES.join(', ')}).`,
      severity: 'error',
      from: { path: '^common/', pathNot: TESTS },
      to: {
        path: '(^|/)node_modules/',
        pathNot: PURE_LIBRARIES.map((name) => `(^|/)node_modules/(@types/)?${name}/`),
      },
    },
    {
      name: 'common-no-framework-in-tests',
      comment: "common/'s specs test plain code: they import no framework either (jest and Node are fine).",
      severity: 'error',
      from: { path: `^common/.+${TESTS}` },
      to: {
        path: '(^|/)node_modules/(@nestjs/|typeorm/|react|express/|class-validator/|class-transformer/|pg/|@rjsf/)',
      },
    },
    {
      name: 'common-not-to-other-rooms',
      comment: 'common/ is what web and api share: it never imports engine/, api/ or web/.',
      severity: 'error',
      from: { path: '^common/' },
      to: { path: '^(engine|api|web)/' },
    },
    {
      name: 'web-not-to-engine-or-api',
      comment: 'web/ talks to the API over HTTP: it never imports engine/ or api/ (only common/).',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(engine|api)/' },
    },
    {
      name: 'engine-not-to-api-or-web',
      comment: 'engine/ computes entitlements for whoever asks: it never imports api/ or web/.',
      severity: 'error',
      from: { path: '^engine/' },
      to: { path: '^(api|web)/' },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycle under engine/ or common/, type-only imports included: a cycle of types is still a knot a ' +
        'reader has to untangle.',
      severity: 'error',
      from: { path: '^(engine|common)/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to no file: a typo, or a rule above that would silently check nothing.',
      severity: 'error',
      from: { path: '^(common|engine|web|api)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|coverage|\\.data)/' },
    // Type-only imports (`import type`) count: they are edges of the graph too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Resolve packages as Node's ES modules do (through package.json "exports"): many have no "main".
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
