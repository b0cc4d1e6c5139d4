import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { REPO_ROOT } from './app-function';
import { assertSamLocalTemplate, type Template } from './sam-env';

const templateWith = (variables: Record<string, unknown>): Template => ({
  Resources: {
    AuthFunction: {
      Type: 'AWS::Lambda::Function',
      Properties: { Handler: 'index.handler', Environment: { Variables: variables } },
    },
  },
});

test('npm run sam:env refuses a template synthesized without -c samLocal=true, saying how to make one', () => {
  const deployable = templateWith({ TABLE_NAME: { Ref: 'TableCD117FA1' } });
  const forSam = templateWith({
    TABLE_NAME: { Ref: 'TableCD117FA1' },
    AWS_ENDPOINT_URL_DYNAMODB: '',
  });
  expect(() => assertSamLocalTemplate(forSam, 't.json')).not.toThrow();
  expect(() => assertSamLocalTemplate(deployable, 't.json')).toThrow(
    /t\.json was synthesized without -c samLocal=true.*npm run synth -- -c stripePriceId=price_… -c samLocal=true/,
  );

  const dir = mkdtempSync(path.join(tmpdir(), 'sam-env-'));
  try {
    const file = path.join(dir, 'template.json');
    writeFileSync(file, JSON.stringify(deployable));
    const run = spawnSync('npx', ['tsx', 'infra/sam-env.ts', '--template', file, '--out', dir], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('sam:env: ');
    expect(run.stderr).toContain('-c samLocal=true');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
