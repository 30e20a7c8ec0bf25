// ESLint for the whole repository, run by `npm test` (scripts/lint.mjs).
// typescript-eslint's strict type-checked rules on the TypeScript sources, the
// recommended JavaScript rules on the build and test scripts. Rules that are
// mostly noise for this code base are turned off below, each with its reason.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', '**/reports/**'],
  },
  {
    files: ['scripts/**/*.mjs', 'apps/playground/scripts/**/*.mjs', 'eslint.config.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: [
      'packages/*/src/**/*.{ts,tsx}',
      'apps/playground/src/**/*.{ts,tsx}',
      'apps/playground/e2e/**/*.ts',
      'tests/*/src/**/*.{ts,tsx}',
      'packages/react/test-support/**/*.{ts,tsx}',
    ],
    extends: [js.configs.recommended, tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: {
        project: './tsconfig.eslint.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // a switch over a union names every member (or has a default)
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        // numbers and booleans print as expected; undefined, null and objects do not
        { allowNumber: true, allowBoolean: true },
      ],
      // `() => doSomething()` returning a void call is idiomatic here and never hides a value
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // noUncheckedIndexedAccess makes `!` the explicit mark of an index known to exist
      '@typescript-eslint/no-non-null-assertion': 'off',
      // boundary checks deliberately test values the types exclude (callers from JavaScript)
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // String(x) of a typed string is a deliberate conversion for callers from JavaScript
      '@typescript-eslint/no-unnecessary-type-conversion': 'off',
      // an async function without await still rejects instead of throwing: part of its contract
      '@typescript-eslint/require-await': 'off',
      // the code base has no enums, and the rule costs a sixth of the lint time
      '@typescript-eslint/no-unsafe-enum-assignment': 'off',
      // factories return closures, not classes: no method of ours reads `this`
      '@typescript-eslint/unbound-method': 'off',
      // a caught value or an abort reason is passed on as it came (normalised where it is read)
      '@typescript-eslint/only-throw-error': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
    },
  },
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      // DESIGN.md §6: small functions; a longer one is split where its parts have names
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    // the shipped code; the tests' shared helpers (test-platform.ts) are tests
    ignores: ['**/*.test.{ts,tsx}', '**/test-platform.ts'],
    rules: {
      // DESIGN.md §6: options objects past three parameters
      '@typescript-eslint/max-params': ['error', { max: 3 }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'apps/playground/e2e/**/*.ts'],
    rules: {
      // asymmetric matchers (expect.any, expect.objectContaining) are typed `any`
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
);
