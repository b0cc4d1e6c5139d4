import { createAwsServiceClient } from '../common/aws-client';
import type { AwsCredentials } from '../common/aws-signature';

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

/** SES v2 `SendEmail` (REST-JSON), signed with the function role's credentials. */
export function createSesMailer(
  from: string,
  aws: { region: string; credentials: AwsCredentials },
): Mailer {
  const client = createAwsServiceClient({
    service: 'ses',
    region: aws.region,
    endpoint: `https://email.${aws.region}.amazonaws.com`,
    credentials: aws.credentials,
  });
  return {
    async send(message) {
      await client.rest('POST', '/v2/email/outbound-emails', {
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
      });
    },
  };
}
