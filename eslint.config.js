// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * One-way layers: shared/ imports nothing of ours; web/ and lambdas/ may import shared/;
 * runtime code (web/, lambdas/, shared/) never imports infra/ or local/.
 */
const layerPatterns = (forbidden, message) => [
  { group: forbidden.flatMap((dir) => [`**/${dir}/*`, `**/${dir}`]), message },
];
const layer = (files, forbidden, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: layerPatterns(forbidden, message) }] },
});
const WEB_FORBIDDEN = ['lambdas', 'infra', 'local', 'tests', 'bench'];
const WEB_LAYER_MESSAGE = 'web/ may import only shared/ and itself.';

const NO_ICU = [
  { property: 'localeCompare', message: 'Order ISO text with compareIso (@shared/letters).' },
  { property: 'toLocaleString', message: 'Format a count with its component, not ICU.' },
  { property: 'toLocaleDateString', message: 'Format dates with date-fns (@shared/letters).' },
];

/**
 * One data layer in the browser: only `web/src/lib/device-store/` touches the browser's storage
 * (the auth client's own session key aside), so every stored record has one owner.
 */
const STORE_MESSAGE = 'Store and read data through @/lib/device-store.';
const oneDataLayer = {
  files: ['web/src/**/*.{ts,tsx}'],
  ignores: [
    'web/src/lib/device-store/**',
    'web/src/lib/supabase.ts',
    '**/*.test.{ts,tsx}',
    'web/src/testing/**',
  ],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: layerPatterns(WEB_FORBIDDEN, WEB_LAYER_MESSAGE),
        paths: [{ name: 'idb', message: STORE_MESSAGE }],
      },
    ],
    'no-restricted-globals': [
      'error',
      ...['localStorage', 'sessionStorage', 'indexedDB'].map((name) => ({
        name,
        message: STORE_MESSAGE,
      })),
    ],
    'no-restricted-properties': [
      'error',
      ...NO_ICU,
      ...['localStorage', 'sessionStorage', 'indexedDB'].map((property) => ({
        object: 'window',
        property,
        message: STORE_MESSAGE,
      })),
    ],
  },
};

/**
 * bulletproof-react's boundaries in web/src: a feature never imports another feature (pages that
 * combine features live in app/routes/); the shared layers (components, hooks, lib, config)
 * import neither features nor app; features do not import app.
 */
const webSrc = `${import.meta.dirname}/web/src`;
const features = readdirSync(`${webSrc}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webBoundaries = {
  files: ['web/src/**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [
      createTypeScriptImportResolver({ project: `${import.meta.dirname}/web/tsconfig.json` }),
    ],
  },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: webSrc,
        zones: [
          ...features.map((name) => ({
            target: `./features/${name}`,
            from: './features',
            except: [`./${name}`],
            message: 'A feature never imports another feature: compose them in app/routes/.',
          })),
          {
            target: ['./components', './hooks', './lib', './config'],
            from: ['./features', './app'],
            message: 'Shared code (components, hooks, lib, config) imports no feature and no app.',
          },
          { target: './features', from: './app', message: 'Features do not import app/.' },
        ],
      },
    ],
  },
};

/**
 * No import cycle anywhere in the tree (type-only imports, erased at build, aside): a module and what it imports
 * form a one-way graph, so each can be read, tested and moved on its own.
 */
const noCycles = {
  files: ['**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
    'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
    'import-x/resolver-next': [
      createTypeScriptImportResolver({
        project: [
          `${import.meta.dirname}/tsconfig.json`,
          `${import.meta.dirname}/web/tsconfig.json`,
        ],
        noWarnOnMultipleProjects: true,
      }),
    ],
  },
  rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
};

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
  webBoundaries,
  noCycles,
  {
    // The browser's first collation or number format loads ICU data inside a render: tens of
    // milliseconds of a phone's start-up (Lighthouse TBT). Dates are ISO text; counts are en-US.
    files: ['web/src/**/*.{ts,tsx}', 'shared/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'shared/**/testing/**'],
    rules: {
      'no-restricted-properties': ['error', ...NO_ICU],
    },
  },
  {
    // One way to raise a toast: loading `@/lib/toast` mounts the toast area (it is not on the
    // marketing pages' first load), so code importing react-hot-toast itself could toast unseen.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [
      'web/src/lib/toast.ts',
      'web/src/app/toaster.tsx',
      '**/*.test.{ts,tsx}',
      'web/src/testing/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='react-hot-toast']",
          message: 'Raise toasts with @/lib/toast.',
        },
      ],
    },
  },
  {
    // One clock: time that decides something is injected (`lambdas/platform/clock.ts`).
    files: ['lambdas/**/*.ts'],
    ignores: ['lambdas/platform/clock.ts', 'lambdas/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Take a Clock (lambdas/platform/clock.ts).' },
      ],
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
  layer(['web/**'], WEB_FORBIDDEN, WEB_LAYER_MESSAGE),
  oneDataLayer,
);
