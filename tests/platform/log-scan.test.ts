import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSecrets } from '../support/log-scan';

/**
 * Runs after the other projects (vitest.config.ts: project `logs`, a later group) and reads
 * every line the backend and end-to-end suites wrote: the Lambdas' log records and metrics from
 * every test worker, and the output of the `npm start` processes the tests spawned.
 */
const captureDir = process.env.LOG_CAPTURE_DIR!;

/** Every password literal the test files use (`password: '…'` or `password = '…'`). */
function testPasswords(): string[] {
  const found = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (path.endsWith('.ts')) {
        for (const match of readFileSync(path, 'utf8').matchAll(
          /password['"]?\s*[:=]\s*'([^']{5,})'/g,
        )) {
          found.add(match[1]!);
        }
      }
    }
  };
  visit('tests');
  visit('infra');
  return [...found];
}

describe('the scan', () => {
  it('finds each kind of secret in a planted line', () => {
    const planted = [
      '{"level":"INFO","message":"x","email":"jane.doe@example.com"}',
      '{"level":"INFO","t":"eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"}',
      '{"level":"ERROR","key":"sk_test_51Habcdef"}',
      '{"level":"ERROR","hook":"whsec_abc123"}',
      '{"level":"INFO","refresh":"AXb3c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9"}',
      '{"level":"INFO","password":"hunter22"}',
      '{"level":"INFO","code":"123456"}',
      '{"level":"INFO","header":"Bearer abc.def.ghi"}',
      '{"level":"INFO","message":"long enough"}',
      '    "message": "long enough",',
    ];
    for (const line of planted) {
      expect(findSecrets(line, ['long enough']), line).not.toEqual([]);
    }
    const clean =
      '{"level":"INFO","message":"request refused","status":400,"code":"invalid_credentials",' +
      '"request_id":"7d0b8a41-58a3-4b43-9f0b-1f4a3c2b1a00","function_request_id":"c6af9ac6-7b61-4b4e-8a42-3fbd2d1a9f31"}';
    expect(findSecrets(clean, ['long enough'])).toEqual([]);
    expect(findSecrets('Ready: long enough to read', ['long enough'])).toEqual([]);
    // A short numeric password is found as itself, not inside a timestamp that contains it.
    expect(findSecrets('{"level":"INFO","echo":"12345"}', ['12345'])).not.toEqual([]);
    expect(findSecrets('{"_aws":{"Timestamp":1795473123459}}', ['12345'])).toEqual([]);
  });
});

describe('every line the backend test suite wrote', () => {
  const files = readdirSync(captureDir).map((name) => join(captureDir, name));
  const text = files.map((file) => readFileSync(file, 'utf8')).join('\n');

  it('was captured: the suite logged requests with their request ids, and metrics', () => {
    expect(text).toMatch(/"request_id":"[0-9a-f-]{36}"/);
    expect(text).toContain('"CloudWatchMetrics"');
  });

  it('holds no password, token, code, full e-mail address or Stripe secret', () => {
    const findings = findSecrets(text, testPasswords());
    const sample = findings.slice(0, 20).map(({ kind, value }) => {
      const at = text.indexOf(value);
      return `${kind}: ${text.slice(Math.max(0, at - 160), at + value.length + 40)}`;
    });
    expect(sample).toEqual([]);
  });
});
