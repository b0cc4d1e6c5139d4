import { Aws } from 'aws-cdk-lib';
import { STRIPE_API_VERSION } from '../lambdas/billing/stripe-client';
import { SYNCED_EVENT_TYPES } from '../lambdas/billing/stripe-events';

export interface NextStepsValues {
  stripeSecretKeyArn: string;
  stripeWebhookSecretArn: string;
  webhookUrl: string;
  siteUrl: string;
  sender?: string;
  alarmEmail?: string;
  alarmTopicArn: string;
  /** Set when the region has no `AWS::Budgets::Budget`: how to create the budget by hand. */
  budgetUsd?: number;
  /** No operator name or postal address given (the footer, /privacy and /terms say so). */
  operatorMissing: boolean;
}

const region = `--region ${Aws.REGION}`;

/**
 * What to run once after the first deploy (the `NextSteps` output), one numbered line each,
 * with this deployment's ARNs, URLs and region filled in. A new step is one more entry.
 */
export function nextSteps(values: NextStepsValues): string {
  const putSecret = (arn: string, value: string) =>
    `aws secretsmanager put-secret-value ${region} --secret-id ${arn} --secret-string '${value}'`;
  const events = [...SYNCED_EVENT_TYPES].map((type) => `-d 'enabled_events[]=${type}'`).join(' ');
  const identity = (address: string) =>
    `aws sesv2 create-email-identity ${region} --email-identity ${address}`;
  const steps = [
    `Stripe secret key: ${putSecret(values.stripeSecretKeyArn, 'sk_live_…')}`,
    'Stripe webhook endpoint: curl https://api.stripe.com/v1/webhook_endpoints -u sk_live_…: ' +
      `-d url=${values.webhookUrl} -d api_version=${STRIPE_API_VERSION} ${events}`,
    `Its signing secret (the "secret" curl printed): ${putSecret(values.stripeWebhookSecretArn, 'whsec_…')}`,
    values.sender
      ? `SES sender, in this region: ${identity(values.sender)} (then open the link AWS e-mails). ` +
        'In the SES sandbox only verified recipients get mail; leave it with: aws sesv2 ' +
        `put-account-details ${region} --production-access-enabled --mail-type TRANSACTIONAL ` +
        `--website-url ${values.siteUrl} --use-case-description 'Sign-up confirmations and password recovery'`
      : `E-mail (password recovery, magic links) is off: ${identity('no-reply@your-domain')}, ` +
        `then redeploy with -c mailFrom='Name <no-reply@your-domain>'`,
    values.alarmEmail
      ? `Alarms: confirm the subscription e-mail AWS sent to ${values.alarmEmail}`
      : `Alarms reach nobody yet: aws sns subscribe ${region} --topic-arn ${values.alarmTopicArn} ` +
        '--protocol email --notification-endpoint you@example.com (or redeploy with -c alarmEmail=you@example.com)',
    values.operatorMissing
      ? 'Who runs the site: the footer, /privacy and /terms say it is not given; redeploy with ' +
        "-c operatorName='Your Name or Company' -c operatorAddress='Street, City, ST 12345'"
      : 'Who runs the site: check the name and postal address on /privacy and /terms',
  ];
  if (values.budgetUsd !== undefined) {
    steps.push(
      `Cost budget (CloudFormation has no budgets in this region): aws budgets create-budget ` +
        `--account-id ${Aws.ACCOUNT_ID} --budget 'BudgetName=CreditDisputeLetters,BudgetType=COST,` +
        `TimeUnit=MONTHLY,BudgetLimit={Amount=${values.budgetUsd},Unit=USD}' --notifications-with-subscribers ` +
        `'Notification={NotificationType=ACTUAL,ComparisonOperator=GREATER_THAN,Threshold=100},` +
        `Subscribers=[{SubscriptionType=SNS,Address=${values.alarmTopicArn}}]'`,
    );
  }
  return steps.map((step, index) => `${index + 1}. ${step}`).join('\n');
}
