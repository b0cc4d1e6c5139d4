import { Aws, Duration, Validations } from 'aws-cdk-lib';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import {
  Alarm,
  ComparisonOperator,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export const DEFAULT_MONTHLY_BUDGET_USD = 10;
/** The sum over five minutes: what most alarms of the stack compare to their threshold. */
export const FIVE_MINUTE_SUM = { period: Duration.minutes(5), statistic: 'Sum' };

export interface AlarmOptions {
  threshold?: number;
  comparisonOperator?: ComparisonOperator;
  evaluationPeriods?: number;
  /** Missing data is "not breaching" unless a missing datapoint is itself the problem. */
  treatMissingData?: TreatMissingData;
}

/** Creates an alarm wired to the alarm topic; each concern calls it for its own alarms. */
export type AlarmFactory = (
  scope: Construct,
  id: string,
  metric: IMetric,
  description: string,
  options?: AlarmOptions,
) => Alarm;

export interface OperationsProps {
  alarmEmail?: string;
  /** Create the monthly cost budget (only where CloudFormation has `AWS::Budgets::Budget`). */
  budgetUsd?: number;
}

/**
 * The pager: one TLS-only SNS topic that every alarm tells when it fires and when it clears,
 * and that AWS Budgets tells of a cost overrun. Its policy lets CloudWatch (this account's
 * alarms) and Budgets publish; a topic policy replaces SNS's default one, so both are needed.
 */
export class Operations extends Construct {
  readonly topic: Topic;
  readonly alarm: AlarmFactory;

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    // Stack-level id: the topic keeps its logical id and subscriptions.
    this.topic = new Topic(this, 'Alarms', {
      displayName: 'Credit Dispute Letters alarms',
      enforceSSL: true,
    });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm and budget notifications carry no personal data. CloudWatch and AWS Budgets cannot ' +
        'publish to a topic under the AWS-managed SNS key, and a customer key costs $1 a month.',
    });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    this.topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: {
            'aws:SourceArn': `arn:${Aws.PARTITION}:cloudwatch:${Aws.REGION}:${Aws.ACCOUNT_ID}:alarm:${Aws.STACK_NAME}-*`,
          },
        },
      }),
    );

    const action = new SnsAction(this.topic);
    this.alarm = (alarmScope, alarmId, metric, alarmDescription, options = {}) => {
      const created = new Alarm(alarmScope, alarmId, {
        metric,
        alarmDescription,
        threshold: options.threshold ?? 1,
        evaluationPeriods: options.evaluationPeriods ?? 1,
        comparisonOperator:
          options.comparisonOperator ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: options.treatMissingData ?? TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      return created;
    };

    // Budgets may publish even where the stack cannot create the budget (one made by hand).
    const { policyDependable: budgetsMayPublish } = this.topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('budgets.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: { 'aws:SourceArn': `arn:${Aws.PARTITION}:budgets::${Aws.ACCOUNT_ID}:*` },
        },
      }),
    );
    if (props.budgetUsd === undefined) return;
    const budget = new CfnBudget(this, 'MonthlyBudget', {
      budget: {
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.budgetUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: (['FORECASTED', 'ACTUAL'] as const).map((notificationType) => ({
        notification: {
          notificationType,
          comparisonOperator: 'GREATER_THAN',
          threshold: 100,
          thresholdType: 'PERCENTAGE',
        },
        subscribers: [{ subscriptionType: 'SNS', address: this.topic.topicArn }],
      })),
    });
    // Budgets checks that it may publish when the budget is created.
    if (budgetsMayPublish) budget.node.addDependency(budgetsMayPublish);
  }
}
