import { availableParallelism } from 'node:os';

// Jest runs in native ESM mode (NestJS 12 ships only ES modules); SWC compiles TypeScript with decorator metadata.
// The tiers are named projects: `npm run test:jest -- --selectProjects unit` runs one.

/** @param {{ tsx?: boolean }} options */
function swc({ tsx = false } = {}) {
  return [
    '@swc/jest',
    {
      jsc: {
        target: 'es2023',
        parser: { syntax: 'typescript', decorators: true, tsx },
        transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
        keepClassNames: true,
        // Keeps `with { type: 'json' }` on JSON imports, which Node's ES modules need.
        experimental: { keepImportAttributes: true },
      },
      module: { type: 'es6' },
      sourceMaps: 'inline',
    },
  ];
}

const shared = {
  rootDir: import.meta.dirname,
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  // Sources import each other with the .js extension that Node's ESM needs; Jest resolves the .ts file.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  // Node's environment on a vanilla vm context, where reading a global is as quick as in plain Node (see the file).
  testEnvironment: '<rootDir>/test/node-environment.js',
  // Decorators with metadata (NestJS, TypeORM, class-validator) need it, as api/src/main.ts loads it first.
  setupFiles: ['reflect-metadata'],
  transform: { '^.+\\.tsx?$': swc() },
};

/** The tools tier's files (see below). */
const TOOL_CHECKS = ['scripts/lint.spec.ts', 'api/src/openapi/openapi-lint.spec.ts', 'api/src/openapi/openapi-types.spec.ts'];

export default {
  // Jest's default is one worker fewer than the cores: one worker on a 2-core machine (CI's), which then idles a core
  // whenever an end-to-end test waits on its server or PostgreSQL. Two at least keep both busy.
  // `npm run test:unit` runs one more worker than there are cores (JEST_ONE_MORE_WORKER): its workers wait on loading
  // modules. (Jest's --maxWorkers=150% is not that: a percentage over 100 is read as a number of workers, 150.)
  maxWorkers: process.env.JEST_ONE_MORE_WORKER ? availableParallelism() + 1 : Math.max(2, availableParallelism() - 1),
  testSequencer: '<rootDir>/test/sequencer.js',
  testTimeout: 30_000,
  reporters: ['default', '<rootDir>/test/summary-reporter.js'],
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{api,common,engine,scripts}/**/*.spec.ts', '<rootDir>/test/node-environment.spec.ts'],
      testPathIgnorePatterns: ['\\.integration\\.spec\\.ts$', ...TOOL_CHECKS],
    },
    {
      // The checks that run a tool over the whole repository (dependency-cruiser and ESLint on deliberate violations,
      // Redocly on the OpenAPI document, openapi-typescript against the web's types): in `npm test`, not in the quick
      // `npm run test:unit`.
      ...shared,
      displayName: 'tools',
      testMatch: TOOL_CHECKS.map((path) => `<rootDir>/${path}`),
    },
    {
      // The engine's properties over 10,000 random households, the compiled rules against json-rules-engine over
      // 4,000 (10,000 in `npm run bench:properties`; the unit tier runs a few hundred), and scripts trying to read 100
      // security codes: in `npm test` and `npm run bench`, not in `npm run test:unit`.
      ...shared,
      displayName: 'properties',
      testMatch: ['<rootDir>/test/properties/**/*.properties.spec.ts'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/{api,test}/**/*.integration.spec.ts'],
    },
    {
      ...shared,
      displayName: 'api-e2e',
      testMatch: ['<rootDir>/test/api/**/*.e2e.spec.ts'],
    },
    {
      ...shared,
      displayName: 'web',
      moduleNameMapper: { ...shared.moduleNameMapper, '\\.css$': '<rootDir>/web/style-stub.js' },
      testEnvironment: '<rootDir>/web/jsdom-environment.js',
      testMatch: ['<rootDir>/web/**/*.test.{ts,tsx}'],
      transform: { '^.+\\.tsx?$': swc({ tsx: true }) },
    },
    {
      ...shared,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.browser.spec.ts'],
    },
  ],
};
