import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { API_FUNCTIONS, functionLogicalId } from '../../infra/api-functions';
import { STRIPE_RECONCILE_LOGICAL_ID } from '../../infra/reconciliation';
import { REMINDERS_JOB_LOGICAL_ID } from '../../infra/reminders';
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
type TemplateJson = { Resources: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
// After the partition migration (`legacyPartitions` false), and during it (true, as cdk.json ships).
const [stack, legacyStack] = [false, true].map(
  (legacyPartitions) =>
    new CreditDisputeLettersStack(app, `${STACK_NAME}${legacyPartitions ? 'Legacy' : ''}`, {
      siteDir,
      stripePriceId: 'price_table_access',
      publishableKey: 'sb_publishable_table_access',
      jwtSigningKeysGeneration: '1',
      allowAnonymousOperator: true,
      legacyPartitions,
    }),
);
const template = Template.fromStack(stack!).toJSON() as TemplateJson;
const legacyTemplate = Template.fromStack(legacyStack!).toJSON() as TemplateJson;

/**
 * Items only the layout before November 2026 has (sessions and billing under `USER#<id>`): read,
 * and moved by auth, only with `LEGACY_PARTITIONS` (tests/platform/migration-window.test.ts).
 */
const isLegacy = (r: TableAccessRecord) =>
  r.prefix === 'USER#' && ['SESSION#', 'SUBSCRIPTION', 'STRIPE_CUSTOMER'].includes(r.kind);

afterAll(() => {
  rmSync(siteDir, { recursive: true, force: true });
  rmSync(app.outdir, { recursive: true, force: true });
});

interface TableStatement {
  actions: string[];
  leadingKeys: RegExp[];
}

/** The synthesized table statements of a function's role: each one's actions and LeadingKeys. */
function tableStatementsOf(logicalId: string, synthesized = template): TableStatement[] {
  const template = synthesized;
  const roleId = template.Resources[logicalId].Properties.Role['Fn::GetAtt'][0];
  const statements = Object.values(template.Resources)
    .filter(
      (r) =>
        r.Type === 'AWS::IAM::Policy' &&
        r.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId),
    )
    .flatMap((r) => r.Properties.PolicyDocument.Statement)
    .filter((s) => [s.Action].flat().some((a: string) => a.startsWith('dynamodb:')));
  return statements.map((statement) => {
    const patterns: string[] =
      statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] ?? [];
    return {
      actions: [statement.Action].flat(),
      // IAM's StringLike: `*` any run of characters.
      leadingKeys: patterns.map(
        (p) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`),
      ),
    };
  });
}

const READS = new Set(['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query']);

/**
 * Per role, the partitions and item kinds (`<pk prefix> <sk kind>`) it reads and writes: what
 * the suite saw it do, and all it may do. `USER#` (profiles), `EMAIL#` (password hashes) and
 * `AUTH#` (code MACs) are auth's alone; the functions that check an access token only read its
 * `SESSION#` item.
 */
const EXPECTED: Record<string, { reads: string[]; writes: string[] }> = {
  Auth: {
    reads: [
      'AUTH# CLIENT#',
      'AUTH# CODES',
      'AUTH# FAILURES',
      'AUTH# OTP',
      'EMAIL# EMAIL',
      'SESSION# SESSION#',
      'USER# PROFILE',
    ],
    writes: [
      'AUTH# CLIENT#',
      'AUTH# CODES',
      'AUTH# FAILURES',
      'AUTH# MAIL',
      'AUTH# OTP',
      'AUTH# TRIES',
      'EMAIL# EMAIL',
      'RATE# WINDOW#',
      'SESSION# SESSION#',
      'USER# PROFILE',
    ],
  },
  Rest: { reads: ['BILLING# SUBSCRIPTION', 'SESSION# SESSION#'], writes: [] },
  StripeCheckout: {
    reads: ['BILLING# STRIPE_CUSTOMER', 'SESSION# SESSION#'],
    writes: [
      'BILLING# RATE#',
      'BILLING# STRIPE_CUSTOMER',
      'BILLING# SUBSCRIPTION',
      'CUSTOMER# USER',
    ],
  },
  StripeWebhook: {
    reads: ['CUSTOMER# USER', 'STRIPE_EVENT# EVENT'],
    writes: ['BILLING# SUBSCRIPTION', 'STRIPE_EVENT# EVENT'],
  },
  BillingPortal: {
    reads: ['BILLING# STRIPE_CUSTOMER', 'SESSION# SESSION#'],
    writes: [
      'BILLING# RATE#',
      'BILLING# STRIPE_CUSTOMER',
      'BILLING# SUBSCRIPTION',
      'CUSTOMER# USER',
    ],
  },
  Sync: {
    reads: [
      'SESSION# SESSION#',
      'SYNC# *',
      'SYNC# CHUNK#',
      'SYNC# RECORD#',
      'SYNC# UPLOAD#',
      'SYNC# USAGE',
    ],
    writes: ['SYNC# CHUNK#', 'SYNC# RECORD#', 'SYNC# UPLOAD#', 'SYNC# USAGE'],
  },
  StripeReconcile: {
    reads: ['BILLING# SUBSCRIPTION', 'CUSTOMER# USER', 'STRIPE_RECONCILE CURSOR'],
    writes: ['BILLING# SUBSCRIPTION', 'STRIPE_RECONCILE CURSOR'],
  },
  // The user's own reminders partition and the day index: no dispute data anywhere.
  Reminders: {
    reads: ['REMINDERS# *', 'SESSION# SESSION#'],
    writes: [
      'REMINDERS# ROUND#',
      'REMINDERS# SETTINGS',
      'REMINDERS# STOPPED',
      'REMINDER_DAY# USER#',
    ],
  },
  RemindersJob: {
    reads: ['REMINDERS# *', 'REMINDER_DAY# *'],
    writes: [
      'REMINDERS# ROUND#',
      'REMINDERS# SENT#',
      'REMINDERS# SETTINGS',
      'REMINDERS# STOPPED',
      'REMINDER_BUDGET DAY#',
      'REMINDER_DAY# USER#',
    ],
  },
};

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
    {
      id: 'RemindersJob',
      logicalId: REMINDERS_JOB_LOGICAL_ID,
      entry: 'lambdas/reminders-job/index.ts',
    },
  ];
  for (const spec of functions) {
    const folder = /^lambdas\/([^/]+)\//.exec(spec.entry)![1]!;
    const used = () => records.filter((r) => r.fn === folder && !isLegacy(r));

    it(`${spec.id}: reads and writes exactly the partitions and item kinds listed`, () => {
      const kinds = (reads: boolean) =>
        [
          ...new Set(
            used()
              .filter((r) => READS.has(r.action) === reads)
              .map((r) => `${r.prefix} ${r.kind}`),
          ),
        ].sort();
      expect({ reads: kinds(true), writes: kinds(false) }).toEqual(EXPECTED[spec.id]);
    });

    it(`${spec.id}: each action on each key prefix it performed is allowed`, () => {
      const statements = tableStatementsOf(spec.logicalId);
      const denied = used().filter(
        (r) =>
          !statements.some(
            (s) =>
              s.actions.includes(r.action) &&
              s.leadingKeys.some((pattern) => pattern.test(r.prefix)),
          ),
      );
      expect(denied).toEqual([]);
    });

    it(`${spec.id}: what it did with the old layout is allowed while legacyPartitions is on, and only then`, () => {
      const legacy = records.filter((r) => r.fn === folder && isLegacy(r));
      const allowedBy = (statements: TableStatement[]) => (r: TableAccessRecord) =>
        statements.some(
          (s) =>
            s.actions.includes(r.action) && s.leadingKeys.some((pattern) => pattern.test(r.prefix)),
        );
      expect(
        legacy.filter((r) => !allowedBy(tableStatementsOf(spec.logicalId, legacyTemplate))(r)),
      ).toEqual([]);
      // Only auth writes there (it moves a session); the others only read.
      if (spec.id !== 'Auth') {
        expect(legacy.filter((r) => !READS.has(r.action))).toEqual([]);
        expect(legacy.filter(allowedBy(tableStatementsOf(spec.logicalId)))).toEqual([]);
      }
      const expected: Record<string, string[]> = {
        Auth: ['USER# SESSION#'],
        Rest: ['USER# SESSION#', 'USER# SUBSCRIPTION'],
        StripeCheckout: ['USER# STRIPE_CUSTOMER'],
        BillingPortal: ['USER# STRIPE_CUSTOMER'],
      };
      expect([...new Set(legacy.map((r) => `${r.prefix} ${r.kind}`))].sort()).toEqual(
        expected[spec.id] ?? [],
      );
    });

    it(`${spec.id}: each action and key prefix of each statement was used`, () => {
      const unused = tableStatementsOf(spec.logicalId).map((s) => {
        const mine = used().filter(
          (r) =>
            s.actions.includes(r.action) && s.leadingKeys.some((pattern) => pattern.test(r.prefix)),
        );
        return {
          unusedActions: s.actions.filter((a) => !mine.some((r) => r.action === a)),
          unusedKeys: s.leadingKeys
            .filter((pattern) => !mine.some((r) => pattern.test(r.prefix)))
            .map(String),
        };
      });
      expect(
        unused.every((u) => !u.unusedActions.length && !u.unusedKeys.length),
        JSON.stringify(unused),
      ).toBe(true);
    });

    it(`${spec.id}: no write statement allows a read, and only auth holds USER#, EMAIL# or AUTH#`, () => {
      const statements = tableStatementsOf(spec.logicalId);
      for (const s of statements) {
        expect(s.actions.some((a) => READS.has(a)) && s.actions.some((a) => !READS.has(a))).toBe(
          false,
        );
        for (const secret of ['USER#', 'EMAIL#', 'AUTH#']) {
          expect(
            s.leadingKeys.some((p) => p.test(secret)),
            `${spec.id} ${secret}`,
          ).toBe(spec.id === 'Auth');
        }
      }
    });
  }
});
