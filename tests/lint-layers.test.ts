import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function restrictedImports(filePath: string, source: string): Promise<number> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').length;
}

describe('one-way import layers', () => {
  it.each([
    ['shared/x.ts', "import '../lambdas/platform/env';"],
    ['shared/x.ts', "import '../web/src/main';"],
    ['lambdas/auth/x.ts', "import '../../local/constants';"],
    ['lambdas/auth/x.ts', "import '../../infra/app';"],
    ['web/src/x.ts', "import '../../lambdas/platform/env';"],
    ['web/src/x.ts', "import '../../local/constants';"],
  ])('%s may not %s', async (file, source) => {
    expect(await restrictedImports(file, source)).toBe(1);
  });

  it.each([
    ['lambdas/auth/x.ts', "import '../../shared/security-headers';"],
    ['web/src/x.ts', "import '../../shared/security-headers';"],
    ['local/x.ts', "import '../lambdas/platform/env';"],
    ['infra/x.ts', "import '../lambdas/platform/table-definition';"],
  ])('%s may %s', async (file, source) => {
    expect(await restrictedImports(file, source)).toBe(0);
  });
});
