import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { API_FUNCTIONS, functionLogicalId } from '../../infra/api-functions';
import { STRIPE_RECONCILE_LOGICAL_ID } from '../../infra/reconciliation';
import { CreditDisputeLettersStack, STACK_NAME } from '../../infra/stack';
import { LAMBDA_FOLDERS, type TableAccessRecord } from '../support/table-access';

/**
 * Runs after the backend suite (vitest.config.ts: project `logs`, a later group) and reads what
 * each Lambda did to the table during it (`tests/support/table-access.ts`). DynamoDB Local
 * ignores IAM, so a missing grant only shows in AWS as AccessDenied → 500; here it fails the
 * suite: every action on every partition-key prefix must be allowed by that function's policy in
 * the synthesized template, and every action and prefix the policy allows must have been used.
 */
const recordDir = process.env.TABLE_ACCESS_DIR!;
const records: TableAccessRecord[] = readdirSync(recordDir).flatMap((name) =>
  readFileSync(join(recordDir, name), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TableAccessRecord),
);

const siteDir = mkdtempSync(join(tmpdir(), 'site-'));
mkdirSync(join(siteDir, 'assets'));
writeFileSync(join(siteDir, 'index.html'), '<!doctype html>');
writeFileSync(join(siteDir, 'assets', 'index.js'), '');
// Policies do not depend on the bundles: skip bundling, so the synth takes seconds.
const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const template = Template.fromStack(
  new CreditDisputeLettersStack(app, STACK_NAME, {
    siteDir,
    stripePriceId: 'price_table_access',
    publishableKey: 'sb_publishable_table_access',
    jwtSigningKeysGeneration: '1',
  }),
).toJSON() as { Resources: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

afterAll(() => {
  rmSync(siteDir, { recursive: true, force: true });
  rmSync(app.outdir, { recursive: true, force: true });
});

interface TablePolicy {
  actions: string[];
  leadingKeys: RegExp[];
}

/** The synthesized table statement of a function's role: its actions and LeadingKeys patterns. */
function tablePolicyOf(logicalId: string): TablePolicy {
  const roleId = template.Resources[logicalId].Properties.Role['Fn::GetAtt'][0];
  const statements = Object.values(template.Resources)
    .filter(
      (r) =>
        r.Type === 'AWS::IAM::Policy' &&
        r.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId),
    )
    .flatMap((r) => r.Properties.PolicyDocument.Statement)
    .filter((s) => [s.Action].flat().some((a: string) => a.startsWith('dynamodb:')));
  expect(statements, logicalId).toHaveLength(1);
  const [statement] = statements;
  const patterns: string[] =
    statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] ?? [];
  return {
    actions: [statement.Action].flat(),
    // IAM's StringLike: `*` any run of characters.
    leadingKeys: patterns.map(
      (p) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`),
    ),
  };
}

describe('every table action of the backend suite, against the synthesized policies', () => {
  it('was recorded for every Lambda', () => {
    expect([...new Set(records.map((r) => r.fn))].sort()).toEqual([...LAMBDA_FOLDERS].sort());
  });

  const functions = [
    ...API_FUNCTIONS.map((spec) => ({
      id: spec.id,
      logicalId: functionLogicalId(spec),
      entry: spec.entry,
    })),
    {
      id: 'StripeReconcile',
      logicalId: STRIPE_RECONCILE_LOGICAL_ID,
      entry: 'lambdas/stripe-reconcile/index.ts',
    },
  ];
  for (const spec of functions) {
    const folder = /^lambdas\/([^/]+)\//.exec(spec.entry)![1]!;
    const used = () => records.filter((r) => r.fn === folder);

    it(`${spec.id}: each action on each key prefix it performed is allowed`, () => {
      const policy = tablePolicyOf(spec.logicalId);
      const denied = used().filter(
        (r) =>
          !policy.actions.includes(r.action) ||
          !policy.leadingKeys.some((pattern) => pattern.test(r.prefix)),
      );
      expect(denied).toEqual([]);
    });

    it(`${spec.id}: each action and key prefix it is allowed was used`, () => {
      const policy = tablePolicyOf(spec.logicalId);
      const unusedActions = policy.actions.filter((a) => !used().some((r) => r.action === a));
      const unusedKeys = policy.leadingKeys
        .filter((pattern) => !used().some((r) => pattern.test(r.prefix)))
        .map(String);
      expect({ unusedActions, unusedKeys }).toEqual({ unusedActions: [], unusedKeys: [] });
    });
  }
});
