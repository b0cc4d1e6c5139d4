import { Aws, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import {
  ConfigurationSet,
  EmailSendingEvent,
  EventDestination,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { REMINDER_PARTITIONS } from '../lambdas/reminders/items';
import { tableStatements, type TableGrant } from './api-functions';
import { AppFunction } from './app-function';
import { FIVE_MINUTE_SUM, type AlarmFactory } from './operations';

export const REMINDERS_JOB_LOGICAL_ID = 'RemindersJobFunction';
/** Daily at 14:00 UTC: the morning of the due date in every US time zone. */
export const REMINDERS_SCHEDULE = { hour: '14', minute: '0' };
/** Reminders per day in all, unless `remindersDailyBudget` says otherwise: their own SES share. */
export const DEFAULT_REMINDERS_DAILY_BUDGET = 200;

const { reminders, day, budget } = REMINDER_PARTITIONS;
/**
 * What the job does with the table: reads the day index and each user's reminders; counts each
 * reminder (a transaction of two updates), clears what it sent; SES feedback deletes them all.
 */
export const REMINDERS_JOB_TABLE_GRANT: TableGrant = {
  read: { actions: ['Query'], leadingKeys: [reminders, day] },
  write: {
    actions: ['PutItem', 'UpdateItem', 'DeleteItem'],
    leadingKeys: [reminders, day, budget],
  },
};

export interface RemindersProps {
  table: ITable;
  siteUrl: string;
  /** The auth mails' sender; unset, no reminder is sent and no SES resource exists. */
  mailFrom?: string;
  /** The address `mailFrom` holds (SES authorizes sending from it alone). */
  sender?: string;
  operatorName?: string;
  operatorAddress?: string;
  dailyBudget?: number;
  alarm: AlarmFactory;
}

/**
 * E-mail reminders: the unsubscribe links' HMAC key, the daily job (EventBridge Scheduler, as
 * the reconciliation), and their own SES configuration set, whose bounces and complaints come
 * back to the job through SNS and stop reminders to that address.
 */
export class Reminders extends Construct {
  readonly linkSecret: Secret;
  readonly fn: AppFunction;
  /** Whether reminders can be sent: a sender and the operator's name and postal address. */
  readonly enabled: boolean;

  constructor(scope: Construct, id: string, props: RemindersProps) {
    super(scope, id);
    this.enabled = Boolean(props.mailFrom && props.operatorName && props.operatorAddress);
    this.linkSecret = new Secret(this, 'ReminderLinkSecret', {
      description: 'REMINDER_LINK_SECRET: the HMAC key of reminder unsubscribe links',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(this.linkSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A new value makes the unsubscribe links already mailed say they do not work; the ' +
        'operator rotates it by hand if it leaks (docs/operations.md).',
    });

    const configurationSet = this.enabled
      ? new ConfigurationSet(this, 'ReminderMail', {
          reputationMetrics: true,
          // SES itself also drops mail to an address that bounced or complained.
          suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
        })
      : undefined;
    this.fn = new AppFunction(this, 'RemindersJob', {
      logicalId: REMINDERS_JOB_LOGICAL_ID,
      entry: 'lambdas/reminders-job/index.ts',
      description:
        'Daily: e-mails the reminders due today; stops them on SES bounces and complaints',
      timeout: Duration.minutes(5),
      environment: {
        TABLE_NAME: props.table.tableName,
        SITE_URL: props.siteUrl,
        REMINDER_LINK_SECRET_SECRET_ARN: this.linkSecret.secretArn,
        REMINDERS_DAILY_BUDGET: String(props.dailyBudget ?? DEFAULT_REMINDERS_DAILY_BUDGET),
        ...(this.enabled && {
          MAIL_FROM: props.mailFrom!,
          OPERATOR_NAME: props.operatorName!,
          OPERATOR_ADDRESS: props.operatorAddress!,
          SES_CONFIGURATION_SET: configurationSet!.configurationSetName,
        }),
      },
    });
    for (const statement of tableStatements(props.table, REMINDERS_JOB_TABLE_GRANT)) {
      this.fn.addToRolePolicy(statement);
    }
    this.linkSecret.grantRead(this.fn);

    if (configurationSet && props.sender) this.sendThrough(configurationSet, props.sender);

    const schedulerRole = new Role(this, 'RemindersSchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
      }),
      description: 'EventBridge Scheduler: invokes the reminders job',
    });
    new Schedule(this, 'RemindersDaily', {
      description: 'E-mail reminders, daily',
      schedule: ScheduleExpression.cron(REMINDERS_SCHEDULE),
      target: new LambdaInvoke(this.fn, {
        role: schedulerRole,
        retryAttempts: 2,
        maxEventAge: Duration.hours(1),
      }),
    });
    Validations.of(schedulerRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${REMINDERS_JOB_LOGICAL_ID}.Arn>:*]`,
      reason:
        "The CDK's grantInvoke adds the function's own versions and aliases (`:*`): the role " +
        'can invoke this one function and nothing else.',
    });
    props.alarm(
      this,
      'RemindersJobErrors',
      this.fn.metricErrors(FIVE_MINUTE_SUM),
      'The reminders job failed (its reminders of the day may not have gone out)',
    );
  }

  /** Sends from `sender` through the configuration set; its bounces and complaints come back. */
  private sendThrough(configurationSet: ConfigurationSet, sender: string): void {
    const feedback = new Topic(this, 'ReminderFeedback', {
      displayName: 'SES bounces and complaints of reminders',
      enforceSSL: true,
    });
    configurationSet.addEventDestination('ReminderFeedback', {
      destination: EventDestination.snsTopic(feedback),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
    feedback.addSubscription(new LambdaSubscription(this.fn));
    const stack = Stack.of(this);
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' }),
          stack.formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: configurationSet.configurationSetName,
          }),
        ],
        conditions: { StringEquals: { 'ses:FromAddress': sender } },
      }),
    );
    Validations.of(this.fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*]`,
      reason:
        'In the SES sandbox SES checks SendEmail against every recipient identity too; the ' +
        'ses:FromAddress condition keeps the sender to MAIL_FROM.',
    });
  }
}
