// The import boundaries between the project's rooms, and no import cycles, checked by `npm run lint:imports`
// (part of `npm run lint`, which `npm test` runs first). scripts/lint.spec.ts shows each rule failing on a violation.
//
//   common/  the small model web and api both import: no framework, no Node built-in, nothing from the other rooms
//   engine/  the entitlement engine: never imports api/ or web/
//   web/     the browser app: never imports engine/ or api/ (it talks to the API over HTTP)
// and no import cycle under engine/, common/ or api/, type-only imports included.
//
// Inside api/src, layers (API_LAYERS below): a folder imports only from its own layer or those beneath it.
//   platform        config, errors, logging, security, requests, database, rate limits, analytics, look-ups, site,
//                   access (who is calling), jobs
//   questionnaire   the questionnaire's definitions and flow
//   rules in force  which engine and questionnaire apply on a date
//   calculations    the saved calculation: its tables, queries, and the one path from answers to figures
//   features        everything else (survey, results, adviser, caseload, policy, ...)
//   the app         the files at the top of api/src and openapi/, which put the modules together

/** Specs and tests may use Node (fs, os, path) to read fixtures and write temporary files. */
const TESTS = '\\.(spec|test)\\.tsx?$';

/** The libraries common/ may import: small, pure, free of any framework and of Node. */
const PURE_LIBRARIES = ['cookie'];

/** api/src's layers, bottom first: the folders of each. A folder in no layer is a feature, above them all. */
const API_LAYERS = [
  {
    name: 'platform',
    folders: [
      'config',
      'errors',
      'logging',
      'security',
      'requests',
      'database',
      'rate-limit',
      'analytics',
      'lookup',
      'site',
      'access',
      'jobs',
    ],
  },
  { name: 'questionnaire', folders: ['questionnaire'] },
  { name: 'rules-in-force', folders: ['rules-in-force'] },
  { name: 'calculations', folders: ['calculations'] },
];
const inFolders = (folders) => `^api/src/(${folders.join('|')})/`;

/** One rule a layer: it imports nothing from a layer above it, the features or the app. */
const API_LAYER_RULES = API_LAYERS.map((layer, index) => {
  const belowOrSame = API_LAYERS.slice(0, index + 1).flatMap(({ folders }) => folders);
  return {
    name: `api-layer-${layer.name}`,
    comment:
      `api/src/${layer.folders.join(', ')} (the ${layer.name} layer) imports only from its own layer or those beneath it ` +
      `(${belowOrSame.join(', ')}), never from a feature or the app: see the layers at the top of .dependency-cruiser.cjs.`,
    severity: 'error',
    from: { path: inFolders(layer.folders), pathNot: TESTS },
    to: { path: '^api/src/', pathNot: inFolders(belowOrSame) },
  };
});

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
    ...API_LAYER_RULES,
    {
      name: 'api-features-not-to-the-app',
      comment:
        'A feature of api/src never imports the app that puts the modules together (the files at the top of api/src, ' +
        'openapi/): the app imports the features.',
      severity: 'error',
      from: { path: '^api/src/[^/]+/', pathNot: `^api/src/openapi/|${TESTS}` },
      to: { path: '^api/src/([^/]+\\.ts|openapi/)' },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycle under engine/, common/ or api/, type-only imports included: a cycle of types is still a knot a ' +
        'reader has to untangle.',
      severity: 'error',
      from: { path: '^(engine|common|api)/' },
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
