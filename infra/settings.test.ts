import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, test } from 'vitest';
import {
  CreditDisputeLettersStack,
  settingsProblems,
  STACK_NAME,
  type CreditDisputeLettersStackProps,
} from './stack';

const CDK_JSON = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '..', 'cdk.json'), 'utf8'),
) as { context: Record<string, unknown> };
const siteDir = mkdtempSync(path.join(tmpdir(), 'site-'));
mkdirSync(path.join(siteDir, 'assets'));
writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html>');
afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

const props = (extra: Partial<CreditDisputeLettersStackProps>): CreditDisputeLettersStackProps => ({
  siteDir,
  stripePriceId: 'price_settings',
  publishableKey: 'sb_publishable_settings',
  jwtSigningKeysGeneration: '1',
  operatorName: 'Pat Doe Letters LLC',
  operatorAddress: '1 Main St, Springfield, IL 62701',
  ...extra,
});
const problems = (extra: Partial<CreditDisputeLettersStackProps>) =>
  settingsProblems(props(extra)).join('\n');

describe('who runs the site is required', () => {
  test('a deploy without operatorName and operatorAddress is refused, naming both, unless allowed', () => {
    const none = { operatorName: undefined, operatorAddress: undefined };
    expect(problems(none)).toMatch(
      /operatorName and operatorAddress are not set: .*-c allowAnonymousOperator=true/,
    );
    expect(problems({ operatorAddress: undefined })).toMatch(/^operatorAddress is not set/m);
    expect(problems({ ...none, allowAnonymousOperator: true })).toBe('');
    expect(problems({})).toBe('');
  });

  test('an empty operatorName, or an address without a street line, is refused with a message', () => {
    expect(problems({ operatorName: '' })).toMatch(/operatorName is empty/);
    expect(problems({ operatorName: '  ' })).toMatch(/operatorName is empty/);
    for (const address of ['Springfield, IL 62701', 'Main Street', '', '62701']) {
      expect(problems({ operatorAddress: address }), address).toMatch(
        /operatorAddress must be a postal address starting with its street line/,
      );
    }
    for (const address of ['PO Box 12, Springfield, IL 62701', '1 Main St\nSpringfield, IL']) {
      expect(problems({ operatorAddress: address }), address).toBe('');
    }
  });
});

test('supportEmail is checked at synth by the rule the app uses', () => {
  expect(problems({ supportEmail: 'help@localhost' })).toMatch(
    /supportEmail must be an e-mail address like help@example.com, got "help@localhost"/,
  );
  expect(problems({ supportEmail: 'help@letters.example.com' })).toBe('');
});

describe('settings that stay set', () => {
  test('the key generations live in cdk.json, where every later deploy reads them', () => {
    expect(CDK_JSON.context.jwtSigningKeysGeneration).toBe('1');
    expect(CDK_JSON.context.jwtSigningKeysEmergencyGeneration).toBe('0');
    expect(problems({ jwtSigningKeysGeneration: 'two' })).toMatch(
      /jwtSigningKeysGeneration must be a whole number/,
    );
    expect(problems({ jwtSigningKeysEmergencyGeneration: '' })).toMatch(
      /jwtSigningKeysEmergencyGeneration must be a whole number/,
    );
  });

  test('legacyPartitions (true in cdk.json until the migration): old-layout reads, and only then', () => {
    expect(CDK_JSON.context.legacyPartitions).toBe(true);
    // Policies and variables do not depend on the bundles: skip bundling.
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const [legacyStack, currentStack] = [true, false].map(
      (legacyPartitions) =>
        new CreditDisputeLettersStack(app, `${STACK_NAME}${String(legacyPartitions)}`, {
          ...props({}),
          legacyPartitions,
        }),
    );
    const json = (stack: CreditDisputeLettersStack) =>
      Template.fromStack(stack).toJSON() as { Resources: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    const legacy = json(legacyStack!);
    const current = json(currentStack!);
    rmSync(app.outdir, { recursive: true, force: true });
    const readPrefixes = (template: typeof legacy, fn: string) => {
      const role = template.Resources[fn].Properties.Role['Fn::GetAtt'][0] as string;
      const policy = Object.values(template.Resources).find(
        (r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles[0].Ref === role,
      );
      return (policy.Properties.PolicyDocument.Statement as any[]) // eslint-disable-line @typescript-eslint/no-explicit-any
        .filter((s) => String(s.Action).includes('dynamodb:') && !String(s.Action).includes('Put'))
        .flatMap((s) => s.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys']);
    };
    for (const fn of ['RestFunction', 'StripeCheckoutFunction', 'BillingPortalFunction']) {
      expect(legacy.Resources[fn].Properties.Environment.Variables.LEGACY_PARTITIONS).toBe('true');
      expect(readPrefixes(legacy, fn)).toContain('USER#*');
      expect(
        current.Resources[fn].Properties.Environment.Variables.LEGACY_PARTITIONS,
      ).toBeUndefined();
      expect(readPrefixes(current, fn)).not.toContain('USER#*');
    }
    expect(legacy.Resources.AuthFunction.Properties.Environment.Variables.LEGACY_PARTITIONS).toBe(
      'true',
    );
    // The webhook reads neither sessions nor billing rows: nothing changes for it.
    expect(
      legacy.Resources.StripeWebhookFunction.Properties.Environment.Variables.LEGACY_PARTITIONS,
    ).toBeUndefined();
  }, 180_000);
});
