import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';

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

export function createSesMailer(from: string): Mailer {
  const client = new SESv2Client({});
  return {
    async send(message) {
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
