import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sampleLetterPlugin } from './web/build/sample-letter';

/**
 * Three projects: `node` (handlers, engine, runtime; on a DynamoDB Local started once per run),
 * `web` (components in jsdom) and `e2e` (Debian Chromium driven by playwright-core against the
 * local runtime; needs the SPA built first, which `npm test` does).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['{lambdas,local,shared,infra,tests}/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
          globalSetup: ['tests/support/dynamodb-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react(), sampleLetterPlugin()],
        resolve: {
          alias: {
            '@': `${import.meta.dirname}/web/src`,
            '@shared': `${import.meta.dirname}/shared`,
          },
        },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/testing/setup-tests.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
