import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sampleLetterPlugin } from './web/build/sample-letter';

/** Where the backend tests' workers copy every line they write (tests/support/log-capture.ts). */
const LOG_CAPTURE_DIR = mkdtempSync(join(tmpdir(), 'cdl-test-logs-'));

/**
 * Four projects: `node` (handlers, engine, runtime; on a DynamoDB Local started once per run),
 * `web` (components in jsdom), `e2e` (Debian Chromium driven by playwright-core against the local
 * runtime; needs the SPA built first, which `npm test` does), and after them `logs`: the scan of
 * every line the `node` and `e2e` workers wrote.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['{lambdas,local,shared,infra,tests}/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/platform/log-scan.test.ts', 'node_modules/**'],
          globalSetup: ['tests/support/dynamodb-global-setup.ts'],
          setupFiles: ['tests/support/log-capture-setup.ts'],
          env: {
            LOG_CAPTURE_DIR,
            // The SDK warns once per process that its 2027 releases need Node 22 (CI runs 20).
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          },
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'logs',
          environment: 'node',
          include: ['tests/platform/log-scan.test.ts'],
          env: { LOG_CAPTURE_DIR },
          sequence: { groupOrder: 1 },
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
          // The local runtime runs in these workers too: its log lines are scanned as well.
          setupFiles: ['tests/support/log-capture-setup.ts'],
          env: { LOG_CAPTURE_DIR, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
