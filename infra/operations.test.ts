import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CFN_LINT_MODE, requireCfnLint } from '../tests/support/cfn-lint';
import { SES_REVIEW_RATES } from './identity';
import {
  BUDGET_TYPE,
  COMMERCIAL_REGIONS,
  MAIL_TYPES,
  missingTypes,
  REGION_DATA,
  regionPartitions,
} from './regions';
import {
  CreditDisputeLettersStack,
  settingsProblems,
  STACK_NAME,
  type CreditDisputeLettersStackProps,
} from './stack';

/**
 * Operations II: alarms that reach the topic, a template for every commercial region (checked
 * with cfn-lint's region data), retention that strands nothing, the reconciliation and e-mail
 * watched, and the README's cost at rest as the template implies it.
 */

type Resource = { Type: string; Properties: Record<string, any>; [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const CDK_JSON = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '..', 'cdk.json'), 'utf8'),
) as { context: Record<string, unknown> };
const MAIL_FROM = 'Credit Dispute Letters <no-reply@letters.example.com>';

let siteDir: string;
let app: App;
/** One template per deployable configuration, by the region it was synthesized for. */
const templates = new Map<string, Template>();
const stacks = new Map<string, CreditDisputeLettersStack>();

const baseProps = (): CreditDisputeLettersStackProps => ({
  siteDir,
  stripePriceId: 'price_operations',
  publishableKey: 'sb_publishable_operations',
  jwtSigningKeysGeneration: '1',
  allowAnonymousOperator: true,
  alarmEmail: 'ops@example.com',
});

/** Whether a region takes e-mail (the SES configuration set) and gets the budget. */
const configOf = (region: string) => {
  const missing = missingTypes(region)!;
  return {
    mail: !MAIL_TYPES.some((type) => missing.includes(type)),
    budget: !missing.includes(BUDGET_TYPE),
  };
};
const acceptedRegions = () =>
  COMMERCIAL_REGIONS.filter(
    (region) => settingsProblems({ ...baseProps(), deployRegion: region }).length === 0,
  );
const groupKey = (region: string) => JSON.stringify(configOf(region));

beforeAll(() => {
  siteDir = mkdtempSync(path.join(tmpdir(), 'site-'));
  mkdirSync(path.join(siteDir, 'assets'));
  writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(siteDir, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
  app = new App({ context: CDK_JSON.context, builtinCloudFormationValidation: false });
  // One stack per configuration the accepted regions need (the stack is env-agnostic otherwise).
  const representative = new Map<string, string>();
  for (const region of ['us-east-1', 'eu-north-1', 'ap-east-1', ...acceptedRegions()]) {
    if (!representative.has(groupKey(region))) representative.set(groupKey(region), region);
  }
  for (const region of representative.values()) {
    const stack = new CreditDisputeLettersStack(app, `${STACK_NAME}-${region}`, {
      ...baseProps(),
      deployRegion: region,
      ...(configOf(region).mail ? { mailFrom: MAIL_FROM } : {}),
    });
    stacks.set(region, stack);
  }
  // Synthesized once, after every stack exists.
  for (const [region, stack] of stacks) templates.set(region, Template.fromStack(stack));
}, 240_000);

afterAll(() => {
  rmSync(siteDir, { recursive: true, force: true });
  rmSync(app.outdir, { recursive: true, force: true });
});

const full = () => templates.get('us-east-1')!;
const resourcesOf = (template: Template) => template.toJSON().Resources as Record<string, Resource>;
const ofType = (template: Template, type: string) =>
  Object.entries(resourcesOf(template)).filter(([, r]) => r.Type === type);

/** `{Ref}`, `{Fn::Join}` and pseudo parameters with sample values, as CloudFormation would. */
function resolve(value: unknown, stackName: string): string {
  const pseudo: Record<string, string> = {
    'AWS::Partition': 'aws',
    'AWS::Region': 'us-east-1',
    'AWS::AccountId': '123456789012',
    'AWS::StackName': stackName,
  };
  if (typeof value === 'string') return value;
  const node = value as Record<string, unknown>;
  if ('Ref' in node) return pseudo[String(node.Ref)] ?? `<${String(node.Ref)}>`;
  if ('Fn::Join' in node) {
    const [separator, parts] = node['Fn::Join'] as [string, unknown[]];
    return parts.map((part) => resolve(part, stackName)).join(separator);
  }
  throw new Error(`Cannot resolve ${JSON.stringify(value)}`);
}
const glob = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

describe('1. alarm delivery', () => {
  test('every alarm publishes to the topic, whose policy lets this account’s CloudWatch alarms in', () => {
    for (const [region, template] of templates) {
      const stackName = stacks.get(region)!.stackName;
      const [topicId] = ofType(template, 'AWS::SNS::Topic')[0]!;
      const statements = ofType(template, 'AWS::SNS::TopicPolicy')[0]![1].Properties.PolicyDocument
        .Statement as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
      const cloudWatch = statements.filter(
        (s) => s.Effect === 'Allow' && s.Principal?.Service === 'cloudwatch.amazonaws.com',
      );
      expect(cloudWatch, region).toHaveLength(1);
      const [allow] = cloudWatch;
      expect(allow!.Action).toBe('sns:Publish');
      expect(allow!.Resource).toEqual({ Ref: topicId });
      expect(allow!.Condition.StringEquals).toEqual({
        'aws:SourceAccount': { Ref: 'AWS::AccountId' },
      });
      const sourceArn = glob(resolve(allow!.Condition.ArnLike['aws:SourceArn'], stackName));
      const alarms = ofType(template, 'AWS::CloudWatch::Alarm');
      expect(alarms.length).toBeGreaterThan(15);
      for (const [id, alarm] of alarms) {
        expect(alarm.Properties.AlarmActions, id).toEqual([{ Ref: topicId }]);
        expect(alarm.Properties.OKActions, id).toEqual([{ Ref: topicId }]);
        // Unnamed: CloudFormation names it <stack>-<logical id>-<suffix>, which the policy matches.
        expect(alarm.Properties.AlarmName, id).toBeUndefined();
        const arn = `arn:aws:cloudwatch:us-east-1:123456789012:alarm:${stackName}-${id}-1A2B3C4D5E6F`;
        expect(arn, id).toMatch(sourceArn);
      }
      // Only the TLS rule denies; it never matches CloudWatch's own (TLS) calls.
      for (const deny of statements.filter((s) => s.Effect === 'Deny')) {
        expect(deny.Condition).toEqual({ Bool: { 'aws:SecureTransport': 'false' } });
      }
    }
  });
});

describe('2. regions', () => {
  test.skipIf(CFN_LINT_MODE === 'skip')(
    'infra/region-support.json is what cfn-lint’s region data says',
    () => {
      requireCfnLint();
      const script = path.join(import.meta.dirname, 'region-support.py');
      const result = spawnSync('python3', [script, ...REGION_DATA.types], {
        input: JSON.stringify(regionPartitions()),
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual(REGION_DATA);
    },
  );

  test('the data knows every resource type the stack creates', () => {
    for (const template of templates.values()) {
      const types = new Set(Object.values(resourcesOf(template)).map((r) => r.Type));
      for (const type of types) {
        if (type.startsWith('AWS::')) expect(REGION_DATA.types, type).toContain(type);
      }
    }
  });

  test('synth refuses a region missing a type it needs, naming it; the budget is left out where it cannot be', () => {
    const problems = (deployRegion: string, extra: Partial<CreditDisputeLettersStackProps> = {}) =>
      settingsProblems({ ...baseProps(), deployRegion, ...extra }).join('\n');
    expect(problems('ap-east-2')).toMatch(
      /CloudFormation in ap-east-2 has no AWS::ApiGatewayV2::Api, .*AWS::ApiGatewayV2::Stage, which this stack needs/,
    );
    expect(problems('ap-east-2')).not.toContain(BUDGET_TYPE);
    expect(problems('eu-north-1')).toBe('');
    expect(problems('eu-north-1', { monthlyBudgetUsd: 20 })).toContain(
      `CloudFormation in eu-north-1 has no ${BUDGET_TYPE}, which this stack needs. Deploy to another region, or drop -c monthlyBudgetUsd.`,
    );
    expect(problems('ap-east-1')).toBe('');
    expect(problems('ap-east-1', { mailFrom: MAIL_FROM })).toContain(
      'has no AWS::SES::ConfigurationSet, AWS::SES::ConfigurationSetEventDestination',
    );
    expect(problems('cn-north-1')).toMatch(
      new RegExp(`not one of the ${COMMERCIAL_REGIONS.length} commercial AWS regions`),
    );
    expect(regionPartitions()['cn-north-1']).toBe('aws-cn');
    for (const region of COMMERCIAL_REGIONS) expect(regionPartitions()[region], region).toBe('aws');

    const north = templates.get('eu-north-1')!;
    north.resourceCountIs(BUDGET_TYPE, 0);
    full().resourceCountIs(BUDGET_TYPE, 1);
    const warnings = Annotations.fromStack(stacks.get('eu-north-1')!).findWarning(
      '*',
      Match.stringLikeRegexp('no AWS::Budgets::Budget in eu-north-1'),
    );
    expect(warnings).toHaveLength(1);
    const nextSteps = JSON.stringify(north.toJSON().Outputs.NextSteps.Value);
    expect(nextSteps).toContain('aws budgets create-budget');
  });

  test.skipIf(CFN_LINT_MODE === 'skip')(
    'cfn-lint is clean in every commercial region the stack accepts',
    () => {
      requireCfnLint();
      const dir = mkdtempSync(path.join(tmpdir(), 'regions-'));
      const linted: string[] = [];
      try {
        // One cfn-lint process for every template (its start-up is most of a run): each template
        // carries its own regions in cfn-lint's template config.
        const files = [...templates].map(([region, template]) => {
          const group = acceptedRegions().filter((r) => groupKey(r) === groupKey(region));
          const json = template.toJSON();
          const config = { regions: group, ignore_checks: ['W3005'] };
          const file = path.join(dir, `${region}.json`);
          writeFileSync(
            file,
            JSON.stringify({ ...json, Metadata: { ...json.Metadata, 'cfn-lint': { config } } }),
          );
          linted.push(...group);
          return file;
        });
        const result = spawnSync('cfn-lint', ['--format', 'json', '--', ...files], {
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        });
        expect(result.status! & 1, result.stderr).toBe(0);
        expect(JSON.parse(result.stdout || '[]'), linted.join()).toEqual([]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      expect(linted.sort()).toEqual(acceptedRegions().sort());
      expect(acceptedRegions()).not.toContain('ap-east-2');
      expect(acceptedRegions()).not.toContain('ap-southeast-6');
    },
    600_000,
  );
});

describe('3. retention that strands nothing', () => {
  test('the table and the CloudFront log bucket are kept, except when their own creation rolls back', () => {
    const [, table] = ofType(full(), 'AWS::DynamoDB::Table')[0]!;
    const [, logBucket] = ofType(full(), 'AWS::S3::Bucket').find(([id]) =>
      id.startsWith('CloudFrontLogs'),
    )!;
    for (const resource of [table, logBucket]) {
      expect(resource.DeletionPolicy).toBe('RetainExceptOnCreate');
      expect(resource.UpdateReplacePolicy).toBe('Retain');
    }
    // Nothing empties the log bucket on the way out: it is kept with its logs.
    expect(ofType(full(), 'Custom::S3AutoDeleteObjects')).toHaveLength(1);
  });
});

describe('4. the reconciliation is watched', () => {
  test('no successful run in 26 hours alarms, missing data counting as a missed run', () => {
    const alarm = ofType(full(), 'AWS::CloudWatch::Alarm').find(([id]) =>
      id.startsWith('StripeReconcileMissed'),
    )![1];
    expect(alarm.Properties).toMatchObject({
      Namespace: 'CreditDisputeLetters',
      MetricName: 'StripeReconcileSucceeded',
      Dimensions: [{ Name: 'service', Value: { Ref: 'StripeReconcileFunction' } }],
      Statistic: 'Sum',
      Period: 3600,
      EvaluationPeriods: 26,
      ComparisonOperator: 'LessThanThreshold',
      Threshold: 1,
      TreatMissingData: 'breaching',
    });
  });
});

describe('4b. the missed-run alarm starts clear', () => {
  test("the stack's creation runs the reconciliation once, before the alarm exists", () => {
    const resources = resourcesOf(full());
    const [runId, run] = ofType(full(), 'Custom::AWS').find(([id]) =>
      id.startsWith('StripeReconcileFirstRun'),
    )!;
    const create = JSON.stringify(run.Properties.Create).replace(/\\"/g, '"');
    expect(create).toContain('"action":"invoke"');
    expect(create).toContain('"InvocationType":"Event"');
    expect(create).toContain('StripeReconcileFunction');
    expect(run.Properties.Update).toBeUndefined();
    const [, alarm] = Object.entries(resources).find(([id]) =>
      id.startsWith('StripeReconcileMissed'),
    )!;
    expect(alarm.DependsOn).toContain(runId);
  });
});

describe('5b. alarms for what users feel', () => {
  const alarmsOf = (template: Template) =>
    ofType(template, 'AWS::CloudWatch::Alarm').map(
      ([id, a]) => ({ id, ...a.Properties }) as Record<string, unknown> & { id: string },
    );

  test('one 5xx on auth, checkout, the billing portal or the webhook in 5 minutes alarms, from the access log', () => {
    const resources = resourcesOf(full());
    const [filterId, filter] = ofType(full(), 'AWS::Logs::MetricFilter').find(([id]) =>
      id.startsWith('UserFacing5xxFilter'),
    )!;
    const pattern = filter.Properties.FilterPattern as string;
    expect(pattern).toContain('$.status >= 500');
    for (const routeKey of [
      'POST /functions/v1/stripe-checkout',
      'POST /functions/v1/billing-portal',
      'POST /functions/v1/stripe-webhook',
      'POST /auth/v1/token',
      'POST /auth/v1/signup',
      'POST /auth/v1/recover',
      'GET /auth/v1/user',
      'ANY /auth/v1/{proxy+}',
    ]) {
      expect(pattern).toContain(`$.routeKey = "${routeKey}"`);
    }
    expect(pattern).not.toContain('stripe_user_subscriptions');
    expect(pattern.length).toBeLessThanOrEqual(1024);
    const logGroup = filter.Properties.LogGroupName.Ref as string;
    expect(resources[logGroup]!.Type).toBe('AWS::Logs::LogGroup');
    expect(
      JSON.stringify(
        resources.ApiDefaultStage ?? ofType(full(), 'AWS::ApiGatewayV2::Stage')[0]![1],
      ),
    ).toContain(logGroup);
    const metric = filter.Properties.MetricTransformations[0];
    expect(alarmsOf(full())).toContainEqual(
      expect.objectContaining({
        Namespace: metric.MetricNamespace,
        MetricName: metric.MetricName,
        Statistic: 'Sum',
        Period: 300,
        Threshold: 1,
        EvaluationPeriods: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      }),
    );
    expect(filterId).toBeDefined();
  });

  test('an e-mail SES did not send (rejected, sandbox recipient) alarms at once; none without mailFrom', () => {
    const emailAlarm = (template: Template) =>
      alarmsOf(template).find((a) => a.MetricName === 'EmailSendFailures');
    expect(emailAlarm(full())).toMatchObject({
      Namespace: 'CreditDisputeLetters',
      Dimensions: [{ Name: 'service', Value: { Ref: 'AuthFunction' } }],
      Statistic: 'Sum',
      Period: 300,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(emailAlarm(templates.get('ap-east-1')!)).toBeUndefined();
  });

  test('docs/operations.md says what each alarm means and the log line to look for', () => {
    const runbook = readFileSync(
      path.join(import.meta.dirname, '..', 'docs', 'operations.md'),
      'utf8',
    );
    const ids = new Set(
      alarmsOf(full()).map(({ id }) =>
        id.replace(/(Alarm)?[0-9A-F]{8}$/, '').replace(/Alarm$/, ''),
      ),
    );
    for (const id of ids) expect(runbook, id).toContain(`\`${id}\``);
  });
});

describe('5. e-mail health', () => {
  test('auth e-mails go through a configuration set that counts them; bounce and complaint rates alarm', () => {
    const [setId] = ofType(full(), 'AWS::SES::ConfigurationSet')[0]!;
    const [, destination] = ofType(full(), 'AWS::SES::ConfigurationSetEventDestination')[0]!;
    expect(destination.Properties.ConfigurationSetName).toEqual({ Ref: setId });
    expect(destination.Properties.EventDestination.MatchingEventTypes).toEqual(
      expect.arrayContaining(['send', 'bounce', 'complaint']),
    );
    expect(destination.Properties.EventDestination.CloudWatchDestination).toBeDefined();
    const auth = resourcesOf(full()).AuthFunction!;
    expect(auth.Properties.Environment.Variables.SES_CONFIGURATION_SET).toEqual({ Ref: setId });
    const alarms = ofType(full(), 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    for (const [metricName, threshold] of [
      ['Reputation.BounceRate', SES_REVIEW_RATES.bounce],
      ['Reputation.ComplaintRate', SES_REVIEW_RATES.complaint],
    ] as const) {
      expect(alarms).toContainEqual(
        expect.objectContaining({
          Namespace: 'AWS/SES',
          MetricName: metricName,
          Threshold: threshold,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        }),
      );
    }
    // SES reviews an account at 5 % bounces and 0.1 % complaints.
    expect(SES_REVIEW_RATES).toEqual({ bounce: 0.05, complaint: 0.001 });
  });
});

describe('the stack by concern keeps what is deployed', () => {
  test('every resource of the release before the split keeps its logical id and type', () => {
    // Synthesized from main before the split, with alarmEmail and mailFrom, as this one.
    const before = JSON.parse(
      readFileSync(path.join(import.meta.dirname, 'deployed-resources.json'), 'utf8'),
    ) as Record<string, string>;
    const retired: Record<string, string> = {
      // The log bucket is kept now: nothing empties it on the way out.
      CloudFrontLogsAutoDeleteObjectsCustomResource1A86C2D9: 'Custom::S3AutoDeleteObjects',
      // API Gateway's permission to call the authorizer, named by CDK from the construct path:
      // the new one is created before the old one goes.
      ApiCreditDisputeLettersApiOriginVerifyB7320D6APermissionC419C678: 'AWS::Lambda::Permission',
    };
    const now = resourcesOf(full());
    for (const [id, type] of Object.entries(before)) {
      if (retired[id] === type) continue;
      expect(now[id]?.Type, id).toBe(type);
    }
    expect(Object.keys(before)).toEqual(expect.arrayContaining(Object.keys(retired)));
    expect(now.TableCD117FA1?.Type).toBe('AWS::DynamoDB::Table');
  });
});

/** What the template costs a month with no traffic (us-east-1 prices). */
function costAtRest(template: Template) {
  const resources = Object.values(resourcesOf(template));
  const secrets = resources.filter((r) => r.Type === 'AWS::SecretsManager::Secret').length;
  const alarms = resources.filter((r) => r.Type === 'AWS::CloudWatch::Alarm');
  // A metric-math alarm is billed per metric it reads.
  const alarmMetrics = alarms
    .map((a) =>
      a.Properties.Metrics
        ? a.Properties.Metrics.filter((m: { MetricStat?: unknown }) => m.MetricStat).length
        : 1,
    )
    .reduce((sum, n) => sum + n, 0);
  const metricFilters = resources.filter((r) => r.Type === 'AWS::Logs::MetricFilter').length;
  const dollars = Math.round((secrets * 0.4 + alarmMetrics * 0.1) * 100) / 100;
  return { secrets, alarms: alarms.length, alarmMetrics, metricFilters, dollars };
}

describe('7. cost at rest', () => {
  test('the README states the alarms, their metrics and the monthly cost the template implies', () => {
    const readme = readFileSync(path.join(import.meta.dirname, '..', 'README.md'), 'utf8');
    const cost = costAtRest(full());
    const withoutMail = costAtRest(templates.get('ap-east-1')!);
    const stated = `${cost.secrets} secrets ($${(cost.secrets * 0.4).toFixed(2)}) and ${cost.alarms} alarms over ${cost.alarmMetrics} metrics ($${(cost.alarmMetrics * 0.1).toFixed(2)}): about **$${cost.dollars.toFixed(2)} a month**`;
    expect(readme.replace(/\s+/g, ' ')).toContain(stated);
    expect(readme.replace(/\s+/g, ' ')).toContain(
      `Without \`mailFrom\`, ${withoutMail.alarms} alarms and $${withoutMail.dollars.toFixed(2)}`,
    );
  });
});
