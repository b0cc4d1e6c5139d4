import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
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

/** Counts every e-mail the auth API hands to its mailer. */
export function countingMailer(mailer: Mailer): Mailer {
  return {
    async send(message) {
      await mailer.send(message);
      countMetric('EmailsSent');
    },
  };
}

/**
 * SES v2 `SendEmail` through the AWS SDK (region and credentials from the runtime). The client
 * is created on the first e-mail: most auth requests send none.
 */
export function createSesMailer(from: string): Mailer {
  let client: SESv2Client | undefined;
  return {
    async send(message) {
      client ??= new SESv2Client({});
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: from,
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
      );
    },
  };
}
