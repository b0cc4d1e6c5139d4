import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sampleLetterPlugin } from './web/build/sample-letter';

/** Where the backend tests' workers copy every line they write (tests/support/log-capture.ts). */
const LOG_CAPTURE_DIR = mkdtempSync(join(tmpdir(), 'cdl-test-logs-'));
/** Where they record each Lambda's table actions (tests/support/table-access.ts). */
const TABLE_ACCESS_DIR = mkdtempSync(join(tmpdir(), 'cdl-table-access-'));

/**
 * Node 22+ re-parses a package's whole `exports` map for every file it imports: date-fns's 140 kB
 * map times its 300 files cost each test file 2 CPU s on Node 24. One pre-bundled file instead.
 */
const dateFns = { enabled: true, include: ['date-fns'] };
const PRE_BUNDLED = { optimizer: { client: dateFns, ssr: dateFns } };

/**
 * Four projects: `node` (handlers, engine, runtime; on a DynamoDB Local started once per run),
 * `web` (components in jsdom), `e2e` (Debian Chromium driven by playwright-core against the local
 * runtime; needs the SPA built first, which `npm test` does), and after them `logs`: the scan of
 * every line the `node` and `e2e` workers wrote, and the check of every table action the `node`
 * workers' Lambdas performed against their IAM policies.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one: one on a 2-core CI machine, which then sits
    // half idle while files wait on DynamoDB Local, a spawned server or a browser.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['{lambdas,local,shared,infra,tests}/**/*.test.ts'],
          exclude: [
            'tests/e2e/**',
            'tests/platform/log-scan.test.ts',
            'tests/platform/table-access.test.ts',
            'node_modules/**',
          ],
          globalSetup: ['tests/support/dynamodb-global-setup.ts'],
          setupFiles: ['tests/support/log-capture-setup.ts'],
          env: { LOG_CAPTURE_DIR, TABLE_ACCESS_DIR },
          deps: PRE_BUNDLED,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'logs',
          environment: 'node',
          include: ['tests/platform/log-scan.test.ts', 'tests/platform/table-access.test.ts'],
          env: { LOG_CAPTURE_DIR, TABLE_ACCESS_DIR },
          sequence: { groupOrder: 2 },
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
          deps: PRE_BUNDLED,
          // Typing a whole form in jsdom takes seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // One DynamoDB Local for the project's runtimes, each in its own table.
          globalSetup: ['tests/support/dynamodb-global-setup.ts'],
          // The local runtime runs in these workers too: its log lines are scanned as well.
          setupFiles: ['tests/support/log-capture-setup.ts'],
          env: { LOG_CAPTURE_DIR },
          deps: PRE_BUNDLED,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A page's answer is waited for, not timed: vitest's 1 s default for `expect.poll` is a
          // race against the browser on a loaded 2-core machine (a poll ends as soon as it holds).
          expect: { poll: { timeout: 15_000 } },
          // After `node` and `web`, before `logs` scans what it wrote. Each file starts its own
          // runtime and browser, so two run side by side: one alone left a core idle
          // (335 → 262 s for the project, with both cores shared).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
