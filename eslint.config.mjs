import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Workspace boundaries (docs/decisions/0005-workspace-description-and-boundaries.md): a remote
// knows no other remote and not the shell, the shell loads remotes only at run time by name, libs
// know no app, and the api shares only the contracts with the front ends. Relative paths that climb
// into another top-level folder are the same import by another road.
const APPS = 'shell|mfe-[a-z-]+|api';
const climbInto = (folders) => ({ regex: `^(\\.\\./)+(${folders})(/|$)`, message: 'Import another workspace folder by its package name, never by a relative path.' });
const packages = (names, message) => ({ regex: `^@antiquarium/(${names})(/|$)`, message });
const boundary = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tools/**', 'data/**', 'coverage/**', 'test-results/**', 'playwright-report/**', '.nx/**', '**/sourcemaps/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
    },
  },
  {
    files: ['**/*.{mjs,cjs,js}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}', 'libs/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Sizes a reader can hold (issue 46): no source file over 400 lines, no function over 120. Tests,
  // journeys and data tables are exempt: their length is their cases.
  {
    files: ['**/*.{ts,tsx,mjs,cjs,js}'],
    ignores: ['**/*.{spec,test}.{ts,tsx,mjs,cjs}', '**/*.e2e-spec.ts', 'api/test/**', 'e2e/**', 'api/src/seed/demo-data.ts'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
  boundary(['mfe-*/src/**/*.{ts,tsx}'], [
    packages('shell|mfe-[a-z-]+|api', 'A remote imports no other remote, nor the shell, nor the api: share through libs/.'),
    climbInto(`${APPS}|libs`),
  ]),
  boundary(['shell/src/**/*.{ts,tsx}'], [
    packages('mfe-[a-z-]+|api', 'The shell loads remotes at run time by name (runtime config); it never imports them.'),
    climbInto(`${APPS}|libs`),
  ]),
  boundary(['libs/**/*.{ts,tsx}'], [packages(APPS, 'Libraries serve the apps and import none of them.'), climbInto(`${APPS}`)]),
  boundary(['api/src/**/*.ts', 'api/test/**/*.ts'], [
    packages('(?!contracts(/|$))[a-z-]+', 'The api shares only @antiquarium/contracts with the front ends.'),
    climbInto(`shell|mfe-[a-z-]+|libs`),
  ]),
  // The api's tests also take the phone photos the browser journeys upload and a free port (Node-only fixtures).
  boundary(['api/src/**/*.spec.ts', 'api/test/**/*.ts'], [
    packages('(?!contracts(/|$)|testing/(photos|net)$)[a-z-]+', 'The api shares only @antiquarium/contracts with the front ends (its tests also @antiquarium/testing/photos and /net).'),
    climbInto(`shell|mfe-[a-z-]+|libs`),
  ]),
);
