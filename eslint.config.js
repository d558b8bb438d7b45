// Lint: the type-aware rules that catch promises nobody awaits or handles, and code nobody uses.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'generated/**',
      'dist/**',
      'site/**',
      'node_modules/**',
      'packages/*/dist/**',
      'packages/*/staging/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            'eslint.config.js',
            'packages/client/build.mjs',
            'scripts/bench/*.mjs',
            'scripts/lib/*.mjs',
            'test/process/fixtures/*.mjs',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A repository answers at once or with a promise (MaybePromise): Promise.all over such values is meant.
      '@typescript-eslint/await-thenable': 'off',
      // A value assigned once after it is first read (a handler's app, built once the port is bound) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
);
