import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { cfnLintMode } from '../support/cfn-lint';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

test('without cfn-lint the template-lint tests skip on a laptop but fail in CI', () => {
  expect(cfnLintMode({ CI: 'true' }, true)).toBe('run');
  expect(cfnLintMode({}, true)).toBe('run');
  expect(cfnLintMode({}, false)).toBe('skip');
  expect(cfnLintMode({ CI: 'true' }, false)).toBe('fail');
  // Every template-lint test goes through it: none skips on its own test of the binary.
  for (const file of ['infra/deploy-bundles.test.ts', 'infra/operations.test.ts']) {
    const source = read(file);
    expect(source).not.toMatch(/skipIf\(!hasCfnLint\)/);
    const lintTests = source
      .split(/\n\s*test(?:\.skipIf\([^)]*\))?\(/)
      .filter((body) => /spawnSync\('(cfn-lint|python3)'/.test(body));
    expect(lintTests.length, file).toBeGreaterThan(0);
    for (const body of lintTests) expect(body).toContain('requireCfnLint();');
  }
});

test('.ci/run installs cfn-lint from Debian when it is missing, or stops saying why', () => {
  const run = read('.ci/run');
  expect(run).toMatch(/command -v cfn-lint/);
  expect(run).toMatch(/apt-cache policy cfn-lint/);
  expect(run).toMatch(/missing\+=\(cfn-lint\)/);
});
