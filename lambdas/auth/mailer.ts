import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { isTransientAwsError } from '../platform/aws-errors';
import { countMetric } from '../platform/metrics';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where auth e-mails go: Amazon SES in AWS, a local outbox (`local/outbox.ts`) otherwise. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Counts every e-mail the auth API hands to its mailer, and every one it failed to send (SES
 * refused it, e.g. a sandbox recipient, or was down): `EmailSendFailures` has an alarm. The
 * failure still reaches the caller, which answers as GoTrue does.
 */
export function countingMailer(mailer: Mailer): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        countMetric('EmailSendFailures');
        throw error;
      }
      countMetric('EmailsSent');
    },
  };
}

/** Why SES did not take a message: it is busy or down, it refused the message, or anything else. */
export type MailDeliveryProblem = 'unavailable' | 'rejected' | 'failed';

/**
 * SES did not take a message. It carries SES's error name (as its own name) and nothing of SES's
 * message, which quotes the addresses: that is all a log line can show.
 */
export class MailDeliveryError extends Error {
  constructor(
    readonly problem: MailDeliveryProblem,
    sesErrorName: string,
  ) {
    super('Amazon SES did not accept the message');
    this.name = sesErrorName;
  }
}

/** SES refusing the message itself (e.g. an address it cannot deliver to). */
const SES_REJECTIONS = new Set(['MessageRejected', 'BadRequestException']);

function deliveryError(error: unknown): MailDeliveryError {
  const raw = (error as { name?: unknown } | null)?.name;
  const name = typeof raw === 'string' ? raw : 'Error';
  // LimitExceededException: the account's daily quota, back in a while.
  if (isTransientAwsError(error) || name === 'LimitExceededException') {
    return new MailDeliveryError('unavailable', name);
  }
  return new MailDeliveryError(SES_REJECTIONS.has(name) ? 'rejected' : 'failed', name);
}

/**
 * SES v2 `SendEmail` through the AWS SDK (region and credentials from the runtime, or the given
 * client), through `configurationSet` when given. The client is created on the first e-mail: most auth requests send none. A failure
 * becomes a `MailDeliveryError`.
 */
export function createSesMailer(
  from: string,
  sesClient?: SESv2Client,
  configurationSet?: string,
): Mailer {
  let client = sesClient;
  return {
    async send(message) {
      client ??= new SESv2Client({});
      await client
        .send(
          new SendEmailCommand({
            FromEmailAddress: from,
            ConfigurationSetName: configurationSet,
            Destination: { ToAddresses: [message.to] },
            Content: {
              Simple: {
                Subject: { Data: message.subject, Charset: 'UTF-8' },
                Body: {
                  Text: { Data: message.text, Charset: 'UTF-8' },
                  Html: { Data: message.html, Charset: 'UTF-8' },
                },
              },
            },
          }),
        )
        .catch((error: unknown) => {
          throw deliveryError(error);
        });
    },
  };
}
