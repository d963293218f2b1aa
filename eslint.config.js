// One lint configuration for the whole workspace: typescript-eslint everywhere, lit and web-components rules
// for the elements, React-free core checks by import restrictions.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/generated/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'packages/react/src/wrappers/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['packages/elements/src/**/*.ts'],
    plugins: { lit, wc },
    rules: {
      ...lit.configs.recommended.rules,
      ...wc.configs.recommended.rules,
      'wc/guard-super-call': 'off',
    },
  },
  {
    // A function a reader can hold in mind: split longer ones by meaning (the server's routes by topic, handlers that
    // parse, call and answer). Tests are exempt: a describe block is a list, not one function.
    files: [
      'packages/*/src/**/*.{ts,tsx}',
      'packages/server/scripts/**/*.ts',
      'demo/src/**/*.{ts,tsx}',
      'scripts/**/*.mjs',
      'bench/**/*.mjs',
    ],
    ignores: ['**/*.test.{ts,tsx,mjs}', '**/test-support/**'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['lit', 'lit/*', '@lit/*', 'react', 'react-dom', '@edu-portal/elements*', '@edu-portal/react*'] },
      ],
    },
  },
  {
    files: ['packages/elements/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', '@edu-portal/react*'] }] },
  },
  {
    // The server shares core's wire types (type imports, erased at run time), its pure constants (the spec's limits,
    // the languages, the themes, the file extension lists) and the one safe-URL rule (pure, no browser globals when
    // given a base); the rest of core is browser code.
    files: ['packages/server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@edu-portal/core', allowTypeImports: true, message: 'Import only types from core.' }],
          patterns: [
            {
              regex:
                '^@edu-portal/core/(?!(constants|i18n/langs|theme/constants|validate/extensions|platform/safe-url)\\.ts$)',
              allowTypeImports: true,
              message: 'Of core, the server imports types, the pure constants modules and the safe-URL rule only.',
            },
            { group: ['@edu-portal/elements*', '@edu-portal/react*', 'lit', 'react'], message: 'Browser code.' },
          ],
        },
      ],
    },
  },
);
