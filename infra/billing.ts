import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterPattern, LogGroup, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  PhysicalResourceId,
} from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { LOG_RETENTION } from './app-function';
import { METRICS_NAMESPACE } from '../lambdas/platform/metrics';
import { FIVE_MINUTE_SUM, type AlarmFactory } from './operations';
import { StripeReconciliation } from './reconciliation';

export const STRIPE_WEBHOOK_ROUTE = 'POST /functions/v1/stripe-webhook';
/** A daily run, plus two hours of slack: no successful run in this many hours alarms. */
export const RECONCILE_MISSED_AFTER_HOURS = 26;

export interface BillingProps {
  table: ITable;
  /** The API's access log, where refused webhook deliveries are counted. */
  accessLogs: ILogGroup;
  alarm: AlarmFactory;
}

/**
 * Payments: the two values Stripe issues (kept in Secrets Manager), the daily reconciliation
 * that repairs a row a lost webhook left wrong, and the alarms on both.
 */
export class Billing extends Construct {
  readonly stripeSecretKey: Secret;
  readonly stripeWebhookSecret: Secret;
  readonly reconciliation: StripeReconciliation;

  constructor(scope: Construct, id: string, props: BillingProps) {
    super(scope, id);
    // Created with a random placeholder; the operator puts the real values after deploy.
    this.stripeSecretKey = new Secret(this, 'StripeSecretKey', {
      description: 'STRIPE_SECRET_KEY (sk_live_… / sk_test_…); set by the operator',
    });
    this.stripeWebhookSecret = new Secret(this, 'StripeWebhookSecret', {
      description: 'STRIPE_WEBHOOK_SECRET (whsec_…) of the webhook endpoint; set by the operator',
    });
    for (const secret of [this.stripeSecretKey, this.stripeWebhookSecret]) {
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'Stripe issues this value: it is rotated in the Stripe Dashboard (roll the key or the ' +
          'endpoint secret) and put here (docs/operations.md); Secrets Manager cannot rotate it.',
      });
    }

    this.reconciliation = new StripeReconciliation(this, 'StripeReconcile', {
      table: props.table,
      stripeSecretKey: this.stripeSecretKey,
    });
    const reconcile = this.reconciliation.fn;
    props.alarm(
      this,
      'StripeReconcileErrors',
      reconcile.metricErrors(FIVE_MINUTE_SUM),
      'The daily Stripe reconciliation failed (it runs again tomorrow from the same cursor)',
    );
    // The stack's creation runs it once (in the background): the missed-run alarm below starts
    // with a finished run (a fresh deploy has no Stripe key yet, which counts as nothing to do).
    const firstRun = new AwsCustomResource(this, 'StripeReconcileFirstRun', {
      onCreate: {
        service: 'Lambda',
        action: 'invoke',
        parameters: { FunctionName: reconcile.functionName, InvocationType: 'Event' },
        physicalResourceId: PhysicalResourceId.of('stripe-reconcile-first-run'),
      },
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({
          actions: ['lambda:InvokeFunction'],
          resources: [reconcile.functionArn],
        }),
      ]),
      installLatestAwsSdk: false,
      logGroup: new LogGroup(this, 'StripeReconcileFirstRunLogs', {
        retention: LOG_RETENTION,
        removalPolicy: RemovalPolicy.DESTROY,
      }),
      timeout: Duration.minutes(2),
    });
    // Missing data is the problem here: a schedule that never fires publishes nothing.
    const missed = props.alarm(
      this,
      'StripeReconcileMissed',
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: 'StripeReconcileSucceeded',
        dimensionsMap: { service: reconcile.functionName },
        statistic: 'Sum',
        period: Duration.hours(1),
      }),
      `No Stripe reconciliation finished in ${RECONCILE_MISSED_AFTER_HOURS} hours ` +
        '(schedule off, every run failed, or a backlog it has not caught up with)',
      {
        comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
        evaluationPeriods: RECONCILE_MISSED_AFTER_HOURS,
        treatMissingData: TreatMissingData.BREACHING,
      },
    );
    missed.node.addDependency(firstRun);

    const webhookFailures = new MetricFilter(this, 'StripeWebhookFailuresFilter', {
      logGroup: props.accessLogs,
      filterPattern: FilterPattern.all(
        FilterPattern.stringValue('$.routeKey', '=', STRIPE_WEBHOOK_ROUTE),
        FilterPattern.numberValue('$.status', '>=', 400),
      ),
      metricNamespace: METRICS_NAMESPACE,
      metricName: 'StripeWebhookFailures',
      metricValue: '1',
    });
    props.alarm(
      this,
      'StripeWebhookFailuresAlarm',
      webhookFailures.metric(FIVE_MINUTE_SUM),
      'Stripe webhook deliveries answered with 4xx/5xx (bad signature secret, sync failure)',
    );
  }
}
