import {
  Annotations,
  CfnOutput,
  CfnResource,
  RemovalPolicy,
  Stack,
  Validations,
} from 'aws-cdk-lib';
import type { CfnElement } from 'aws-cdk-lib';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { Api } from './api';
import { ApiFunctions } from './api-routes';
import { LOG_RETENTION } from './app-function';
import { Billing } from './billing';
import { Data } from './data';
import { Identity } from './identity';
import { nextSteps } from './next-steps';
import { DEFAULT_MONTHLY_BUDGET_USD, Operations } from './operations';
import { budgetAvailable } from './regions';
import {
  settingsProblems,
  StackSettingsError,
  type CreditDisputeLettersStackProps,
} from './settings';
import { Site } from './site';

export { ORIGIN_VERIFY_LOGICAL_ID } from './api';
export { VIEWER_IP_HEADER } from './api-routes';
export { STRIPE_WEBHOOK_ROUTE } from './billing';
export { DEFAULT_MONTHLY_BUDGET_USD } from './operations';
export {
  CLOUDFRONT_CERTIFICATE_REGION,
  settingsProblems,
  StackSettingsError,
  type CreditDisputeLettersStackProps,
} from './settings';
export { API_PATH_PATTERNS, CLOUDFRONT_LOG_DAYS, HASHED_ASSETS_CACHE_CONTROL } from './site';

export const STACK_NAME = 'CreditDisputeLetters';
/** The publishable key of AWS deployments unless context `publishableKey` names another. */
export const DEFAULT_PUBLISHABLE_KEY = 'sb_publishable_credit_dispute_letters';

/**
 * The constructs the stack is composed of, one per concern. They group the code, not the
 * template: a resource's logical id is computed as if they were not in its path, so splitting
 * the stack into them replaced nothing already deployed (the table above all).
 */
const CONCERNS = ['Operations', 'Data', 'Identity', 'Api', 'Billing', 'Site', 'ApiFunctions'];

/**
 * The whole product: CloudFront in front of a private S3 bucket (the SPA and /config.json) and
 * of an HTTP API whose routes go to one Lambda per API area, one DynamoDB table, secrets in
 * Secrets Manager, and alarms.
 */
export class CreditDisputeLettersStack extends Stack {
  constructor(scope: Construct, id: string, props: CreditDisputeLettersStackProps) {
    // Before anything is built (or bundled): a wrong setting fails the synth at once.
    const problems = settingsProblems(props);
    if (problems.length > 0) throw new StackSettingsError(problems);
    super(scope, id, props);
    if (!props.alarmEmail) {
      Annotations.of(this).addWarningV2(
        'credit-dispute-letters:alarmEmail',
        'alarmEmail is not set: alarms go to an SNS topic nobody reads. Pass ' +
          '-c alarmEmail=you@example.com, or subscribe later (the NextSteps output says how).',
      );
    }
    const budgetUsd = props.monthlyBudgetUsd ?? DEFAULT_MONTHLY_BUDGET_USD;
    const budgetHere = budgetAvailable(props.deployRegion);
    if (!budgetHere) {
      Annotations.of(this).addWarningV2(
        'credit-dispute-letters:budget',
        `CloudFormation has no AWS::Budgets::Budget in ${props.deployRegion}: no cost budget is ` +
          'created (the NextSteps output gives the command that creates one).',
      );
    }
    // Every function role, the CDK's own handlers' included.
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason:
        'AWSLambdaBasicExecutionRole only lets a function write its logs (CreateLogGroup, ' +
        'CreateLogStream, PutLogEvents): the documented minimum for any Lambda.',
    });

    const operations = new Operations(this, 'Operations', {
      alarmEmail: props.alarmEmail,
      budgetUsd: budgetHere ? budgetUsd : undefined,
    });
    const { alarm } = operations;
    const { table } = new Data(this, 'Data', { existingTableName: props.existingTableName, alarm });
    const identity = new Identity(this, 'Identity', {
      jwtSigningKeysGeneration: props.jwtSigningKeysGeneration,
      jwtSigningKeysEmergencyGeneration: props.jwtSigningKeysEmergencyGeneration,
      mailFrom: props.mailFrom,
      alarm,
    });
    const api = new Api(this, 'Api', { alarm });
    const billing = new Billing(this, 'Billing', { table, accessLogs: api.accessLogs, alarm });
    const site = new Site(this, 'Site', {
      api,
      customDomain: props.customDomain,
      webAclArn: props.webAclArn,
    });
    const { siteUrl } = site;
    new ApiFunctions(this, 'ApiFunctions', {
      api,
      table,
      identity,
      secrets: {
        JWT_SIGNING_KEYS: identity.jwtKeys.secret,
        REFRESH_TOKEN_SECRET: identity.refreshTokenSecret,
        STRIPE_SECRET_KEY: billing.stripeSecretKey,
        STRIPE_WEBHOOK_SECRET: billing.stripeWebhookSecret,
      },
      siteUrl,
      publishableKey: props.publishableKey,
      stripePriceId: props.stripePriceId,
      mailFrom: props.mailFrom,
      emailConfirmation: props.emailConfirmation,
      legacyPartitions: props.legacyPartitions,
      alarm,
    });
    site.deploy(props.siteDir, {
      url: siteUrl,
      publishableKey: props.publishableKey,
      ...(props.supportEmail && { supportEmail: props.supportEmail }),
      ...(props.operatorName && { operatorName: props.operatorName }),
      ...(props.operatorAddress && { operatorAddress: props.operatorAddress }),
    });

    const output = (name: string, value: string, description?: string) =>
      new CfnOutput(this, name, { value, description });
    output('SiteUrl', siteUrl);
    output(
      'StripeWebhookUrl',
      `${siteUrl}/functions/v1/stripe-webhook`,
      'Point a Stripe webhook endpoint here',
    );
    output('DistributionId', site.distribution.distributionId);
    output('DistributionDomainName', site.distribution.distributionDomainName);
    output('TableName', table.tableName);
    output('StripeSecretKeySecretArn', billing.stripeSecretKey.secretArn);
    output('StripeWebhookSecretSecretArn', billing.stripeWebhookSecret.secretArn);
    output('JwtSigningKeysSecretArn', identity.jwtKeys.secret.secretArn);
    output('RefreshTokenSecretArn', identity.refreshTokenSecret.secretArn);
    // What `npm run sam:env -- --stack` reads for `sam local invoke` against this stack.
    output('JwtPublicJwks', identity.jwtKeys.publicJwks);
    output('OriginVerifySecretArn', api.originVerifySecret.secretArn);
    output('AlarmTopicArn', operations.topic.topicArn);
    if (identity.configurationSet) {
      output('SesConfigurationSet', identity.configurationSet.configurationSetName);
    }
    output(
      'StripeReconcileFunctionName',
      billing.reconciliation.fn.functionName,
      'Run the Stripe reconciliation now: aws lambda invoke --function-name <this> out.json',
    );
    output(
      'NextSteps',
      nextSteps({
        stripeSecretKeyArn: billing.stripeSecretKey.secretArn,
        stripeWebhookSecretArn: billing.stripeWebhookSecret.secretArn,
        webhookUrl: `${siteUrl}/functions/v1/stripe-webhook`,
        siteUrl,
        sender: identity.sender,
        alarmEmail: props.alarmEmail,
        alarmTopicArn: operations.topic.topicArn,
        budgetUsd: budgetHere ? undefined : budgetUsd,
        operatorMissing: !props.operatorName || !props.operatorAddress,
      }),
      'What to run once after the first deploy',
    );

    logCdkProviderFunctions(this);
  }

  /** CloudFormation's default scheme (CDK's own hash), with the concern construct left out. */
  protected override allocateLogicalId(element: CfnElement): string {
    const scopes = element.node.scopes;
    const concern = scopes[scopes.indexOf(this) + 1];
    if (!concern || !CONCERNS.includes(concern.node.id) || concern.node.scope !== this) {
      return super.allocateLogicalId(element);
    }
    const unwrapped = { stack: this, node: { scopes: scopes.filter((s) => s !== concern) } };
    return super.allocateLogicalId(unwrapped as unknown as CfnElement);
  }
}

/**
 * The CDK's own custom-resource handlers built on `CustomResourceProvider` (the buckets'
 * auto-delete handler) are plain `AWS::Lambda::Function` resources with no log-group option:
 * give each a log group with the app's retention, or Lambda makes one that never expires.
 */
function logCdkProviderFunctions(stack: Stack): void {
  for (const node of stack.node.findAll()) {
    if (!(node instanceof CfnResource) || node instanceof CfnFunction) continue;
    if (node.cfnResourceType !== 'AWS::Lambda::Function') continue;
    const logGroup = new LogGroup(node.node.scope!, `${node.node.id}Logs`, {
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    node.addPropertyOverride('LoggingConfig', { LogGroup: logGroup.logGroupName });
  }
}
