import { Aws, Duration, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { BILLING_PARTITIONS } from '../lambdas/billing/items';
import { tableStatements, type TableGrant } from './api-functions';
import { AppFunction } from './app-function';

export const STRIPE_RECONCILE_LOGICAL_ID = 'StripeReconcileFunction';
/** Once a day, at a quiet hour (UTC). */
export const RECONCILE_SCHEDULE = { hour: '6', minute: '15' };
/** What it does with the table: reads its cursor, the customer's user and the row; writes the row and the cursor. */
export const RECONCILE_TABLE_GRANT: TableGrant = {
  read: {
    actions: ['GetItem'],
    leadingKeys: [
      BILLING_PARTITIONS.billing,
      BILLING_PARTITIONS.customer,
      BILLING_PARTITIONS.reconcile,
    ],
  },
  write: {
    actions: ['PutItem'],
    leadingKeys: [BILLING_PARTITIONS.billing, BILLING_PARTITIONS.reconcile],
  },
};

export interface StripeReconciliationProps {
  table: ITable;
  stripeSecretKey: ISecret;
}

/**
 * The daily Stripe reconciliation (`lambdas/stripe-reconcile/`): a function that may read the
 * Stripe key and get/put items, and an EventBridge Scheduler schedule that invokes it. An
 * operator runs it by hand with `aws lambda invoke` (docs/deploy.md, Stripe reconciliation).
 */
export class StripeReconciliation extends Construct {
  readonly fn: AppFunction;

  constructor(scope: Construct, id: string, props: StripeReconciliationProps) {
    super(scope, id);
    this.fn = new AppFunction(this, 'Function', {
      logicalId: STRIPE_RECONCILE_LOGICAL_ID,
      entry: 'lambdas/stripe-reconcile/index.ts',
      description: 'Daily: re-syncs rows of Stripe subscriptions changed since the last run',
      // Paginates Stripe's events and re-reads each changed customer: minutes, not seconds.
      timeout: Duration.minutes(5),
      environment: {
        TABLE_NAME: props.table.tableName,
        STRIPE_SECRET_KEY_SECRET_ARN: props.stripeSecretKey.secretArn,
      },
    });
    for (const statement of tableStatements(props.table, RECONCILE_TABLE_GRANT)) {
      this.fn.addToRolePolicy(statement);
    }
    props.stripeSecretKey.grantRead(this.fn);

    // Only this account's schedules may use the role; it may invoke this function only.
    const schedulerRole = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
      }),
      description: 'EventBridge Scheduler: invokes the Stripe reconciliation',
    });
    new Schedule(this, 'Daily', {
      description: 'Stripe reconciliation, daily',
      schedule: ScheduleExpression.cron(RECONCILE_SCHEDULE),
      target: new LambdaInvoke(this.fn, {
        role: schedulerRole,
        retryAttempts: 2,
        maxEventAge: Duration.hours(1),
      }),
    });
    Validations.of(schedulerRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${STRIPE_RECONCILE_LOGICAL_ID}.Arn>:*]`,
      reason:
        "The CDK's grantInvoke adds the function's own versions and aliases (`:*`): the role " +
        'can invoke this one function and nothing else.',
    });
  }
}
