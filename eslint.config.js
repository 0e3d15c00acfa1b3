// ESLint for the whole repository (`npm run lint`, which `npm test` runs first): ESLint's and typescript-eslint's
// recommended rules, the React hooks rules for web/, and eslint-config-prettier last so that layout is Prettier's alone.
// The import boundaries between common/, engine/, api/ and web/ are dependency-cruiser's (.dependency-cruiser.cjs).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/', 'dist/', 'coverage/', '.data/', 'test-results/', 'bench/results/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // tsc (noUnusedLocals, noUnusedParameters) already fails the build on these; ESLint still reports them, with
      // the usual escape of a leading underscore.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      // The validators match control characters (NUL, \u0000-\u001f) on purpose, to reject them.
      'no-control-regex': 'off',
    },
  },
  {
    // Specs edit parsed JSON freely to build a broken file or request; `any` is what they mean there.
    files: ['**/*.spec.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // CommonJS on purpose: scripts/check-node.cjs must run on any old Node to say which one is needed.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      // These three are the React Compiler's checks; the app is not compiled by it, and keeps the latest callback
      // or state in a ref during render, sets a loading state in an effect, and its tests read a hook's value into
      // an outer variable, each on purpose.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/globals': 'off',
    },
  },
  prettier,
);
