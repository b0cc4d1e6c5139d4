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

async function boundaryViolations(filePath: string, source: string): Promise<number> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').length;
}

describe('web boundaries (bulletproof-react)', () => {
  it.each([
    ['web/src/features/payment/x.ts', "import '@/features/auth/auth-page';"],
    ['web/src/features/payment/x.ts', "import '../auth/auth-page';"],
    ['web/src/features/marketing/x.tsx', "import '@/features/testimonials/testimonial-card';"],
    ['web/src/lib/x.ts', "import '@/features/auth/auth-page';"],
    ['web/src/components/x.ts', "import '@/app/provider';"],
    ['web/src/features/auth/x.ts', "import '@/app/provider';"],
  ])('%s may not %s', async (file, source) => {
    expect(await boundaryViolations(file, source)).toBe(1);
  });

  it.each([
    ['web/src/app/routes/x.tsx', "import '@/features/auth/auth-page';"],
    ['web/src/app/routes/x.tsx', "import '@/features/testimonials/testimonial-card';"],
    ['web/src/features/auth/x.ts', "import './auth-page';"],
    ['web/src/features/auth/x.ts', "import '@/features/auth/auth-page';"],
    ['web/src/features/payment/x.ts', "import '@/lib/auth';"],
    ['web/src/features/payment/x.ts', "import '@/components/button-styles';"],
  ])('%s may %s', async (file, source) => {
    expect(await boundaryViolations(file, source)).toBe(0);
  });
});

async function storageViolations(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages
    .filter((m) => m.message.includes('@/lib/device-store'))
    .map((m) => m.ruleId ?? '');
}

describe('one data layer in the browser', () => {
  it.each([
    ['web/src/features/checkup/x.ts', "localStorage.getItem('k');"],
    ['web/src/features/checkup/x.ts', "sessionStorage.setItem('k', 'v');"],
    ['web/src/app/routes/x.tsx', "indexedDB.deleteDatabase('d');"],
    ['web/src/lib/x.ts', 'window.localStorage.clear();'],
    ['web/src/features/disputes/x.ts', "import { openDB } from 'idb'; void openDB;"],
  ])('%s may not %s', async (file, source) => {
    expect(await storageViolations(file, source)).toHaveLength(1);
  });

  it('lets the device store use them, and keeps the other web rules', async () => {
    expect(
      await storageViolations(
        'web/src/lib/device-store/x.ts',
        "import { openDB } from 'idb'; void openDB; localStorage.clear();",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'web/src/features/checkup/x.ts',
        "import '../../../../local/constants';",
      ),
    ).toBe(1);
  });
});
