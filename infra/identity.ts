import { Duration, Validations } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import {
  CloudWatchDimensionSource,
  ConfigurationSet,
  EmailSendingEvent,
  EventDestination,
} from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { JwtSigningKeys } from './jwt-signing-keys';
import type { AlarmFactory } from './operations';

/**
 * The rates at which SES puts an account under review (5 % bounces, 0.1 % complaints); at
 * twice these it may pause the account's sending. The alarms fire at the first.
 */
export const SES_REVIEW_RATES = { bounce: 0.05, complaint: 0.001 } as const;

/** The address of a sender written `Name <address>` or as the address alone. */
export function senderAddress(mailFrom: string): string {
  return (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
}

export interface IdentityProps {
  jwtSigningKeysGeneration: string;
  jwtSigningKeysEmergencyGeneration?: string;
  /** Sender of auth e-mails; unset, no e-mail is sent and no SES resource exists. */
  mailFrom?: string;
  alarm: AlarmFactory;
}

/**
 * What sign-in rests on: the access-token signing keys, the refresh-token MAC key, and the SES
 * configuration set auth e-mails go through (bounces and complaints counted and alarmed).
 */
export class Identity extends Construct {
  readonly jwtKeys: JwtSigningKeys;
  readonly refreshTokenSecret: Secret;
  /** `mailFrom`'s address; the auth function may send from it alone. */
  readonly sender?: string;
  readonly configurationSet?: ConfigurationSet;

  constructor(scope: Construct, id: string, props: IdentityProps) {
    super(scope, id);
    this.jwtKeys = new JwtSigningKeys(this, 'JwtSigningKeys', {
      generation: props.jwtSigningKeysGeneration,
      emergencyGeneration: props.jwtSigningKeysEmergencyGeneration,
    });
    // The refresh-token MAC key, its own secret: a leaked signing key forges no refresh token.
    this.refreshTokenSecret = new Secret(this, 'RefreshTokenSecret', {
      description: 'REFRESH_TOKEN_SECRET: the refresh-token MAC key (README, Secrets)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(this.refreshTokenSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotated by the operator with put-secret-value: "<new> <old>" keeps sessions refreshing, ' +
        'the new value alone ends them (docs/operations.md); a scheduled rotation would end them all.',
    });

    if (!props.mailFrom) return;
    this.sender = senderAddress(props.mailFrom);
    this.configurationSet = new ConfigurationSet(this, 'Mail', { reputationMetrics: true });
    this.configurationSet.addEventDestination('MailCounts', {
      destination: EventDestination.cloudWatchDimensions([
        {
          name: 'ses:configuration-set',
          source: CloudWatchDimensionSource.MESSAGE_TAG,
          defaultValue: 'none',
        },
      ]),
      events: [
        EmailSendingEvent.SEND,
        EmailSendingEvent.DELIVERY,
        EmailSendingEvent.BOUNCE,
        EmailSendingEvent.COMPLAINT,
        EmailSendingEvent.REJECT,
      ],
    });
    // The account's own reputation: the rates SES reviews and pauses on.
    const reputation = (metricName: string) =>
      new Metric({
        namespace: 'AWS/SES',
        metricName,
        statistic: 'Maximum',
        period: Duration.hours(1),
      });
    props.alarm(
      this,
      'MailBounceRate',
      reputation('Reputation.BounceRate'),
      'SES bounce rate reached 5 %: SES reviews the account (at 10 % it may pause sending)',
      { threshold: SES_REVIEW_RATES.bounce },
    );
    props.alarm(
      this,
      'MailComplaintRate',
      reputation('Reputation.ComplaintRate'),
      'SES complaint rate reached 0.1 %: SES reviews the account (at 0.5 % it may pause sending)',
      { threshold: SES_REVIEW_RATES.complaint },
    );
  }
}
