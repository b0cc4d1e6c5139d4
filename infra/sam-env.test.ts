import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { REPO_ROOT } from './app-function';
import { assertSamLocalTemplate, deployedValues, envVarsFor, type Template } from './sam-env';

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
  // Each spawns tsx, which takes tens of seconds on a loaded 2-core machine.
}, 180_000);

test('npm run sam:env and sam:stack run from a path with a space (never a silent exit 0)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sam env '));
  try {
    // The checkout, seen from a path with a space in it.
    const repo = path.join(dir, 'my repo');
    symlinkSync(REPO_ROOT, repo);
    const probe = path.join(dir, 'probe dir', 'probe.ts');
    mkdirSync(path.dirname(probe));
    writeFileSync(
      probe,
      `import { isEntryPoint } from ${JSON.stringify(path.join(REPO_ROOT, 'local', 'entry-point.ts'))};\n` +
        'console.log(isEntryPoint(import.meta.url) ? "entry" : "imported");\n',
    );
    const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
    expect(spawnSync(tsx, [probe], { encoding: 'utf8' }).stdout.trim()).toBe('entry');

    const file = path.join(dir, 'template with space.json');
    writeFileSync(file, JSON.stringify({ Resources: {} }));
    const run = spawnSync(
      tsx,
      [path.join(repo, 'infra', 'sam-env.ts'), '--template', file, '--out', dir],
      { cwd: repo, encoding: 'utf8' },
    );
    // It runs (no silent exit 0), and refuses this template with its message.
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^sam:env: .*template with space\.json was synthesized without/m);
    for (const script of ['infra/sam-env.ts', 'local/sam-stack.ts']) {
      expect(readFileSync(path.join(REPO_ROOT, script), 'utf8')).toContain(
        'if (isEntryPoint(import.meta.url)) {',
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // Each spawns tsx, which takes tens of seconds on a loaded 2-core machine.
}, 180_000);

test('sam:env --stack fills SES_CONFIGURATION_SET from the output a stack with mailFrom has', () => {
  const template: Template = {
    Resources: {
      AuthFunction: {
        Type: 'AWS::Lambda::Function',
        Properties: {
          Handler: 'index.handler',
          Environment: {
            Variables: {
              TABLE_NAME: { Ref: 'TableCD117FA1' },
              MAIL_FROM: 'App <no-reply@example.com>',
              SES_CONFIGURATION_SET: { Ref: 'IdentityMail5B3E1E0A' },
            },
          },
        },
      },
    },
  };
  const outputs = {
    TableName: 'table',
    SiteUrl: 'https://d1.cloudfront.net',
    JwtPublicJwks: '{"keys":[]}',
    JwtSigningKeysSecretArn: 'arn:jwt',
    RefreshTokenSecretArn: 'arn:refresh',
    StripeSecretKeySecretArn: 'arn:sk',
    StripeWebhookSecretSecretArn: 'arn:whsec',
    OriginVerifySecretArn: 'arn:verify',
  };
  expect(() => envVarsFor(template, deployedValues(outputs))).toThrow(/SES_CONFIGURATION_SET/);
  expect(
    envVarsFor(template, deployedValues({ ...outputs, SesConfigurationSet: 'cdl-mail' }))
      .AuthFunction,
  ).toEqual({ TABLE_NAME: 'table', SES_CONFIGURATION_SET: 'cdl-mail' });
});
