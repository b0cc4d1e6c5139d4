// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * One-way layers: shared/ imports nothing of ours; web/ and lambdas/ may import shared/;
 * runtime code (web/, lambdas/, shared/) never imports infra/ or local/.
 */
const layer = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ group: forbidden.flatMap((dir) => [`**/${dir}/*`, `**/${dir}`]), message }] },
    ],
  },
});

export default tseslint.config(
  { ignores: ['node_modules', '.data', 'web/dist', 'cdk.out', 'coverage', 'bench/out'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  layer(
    ['shared/**'],
    ['lambdas', 'web', 'infra', 'local', 'tests', 'bench'],
    'shared/ must not import project code outside shared/.',
  ),
  layer(
    ['lambdas/**'],
    ['web', 'infra', 'local', 'tests', 'bench'],
    'lambdas/ may import only shared/ and itself.',
  ),
  layer(
    ['web/**'],
    ['lambdas', 'infra', 'local', 'tests', 'bench'],
    'web/ may import only shared/ and itself.',
  ),
);
