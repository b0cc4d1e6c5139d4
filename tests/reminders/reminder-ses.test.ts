import { createServer, type Server } from 'node:http';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSesMailer } from '../../lambdas/auth/mailer';
import { composeReminder } from '../../lambdas/reminders/reminder-mail';

/**
 * A reminder through the auth mails' SES mailer, against a stand-in for the SES v2 API: the
 * RFC 8058 headers travel as SES message headers, the user as a message tag (it comes back in
 * SES's bounce and complaint events), through the reminders' own configuration set.
 */
let ses: Server;
let endpoint = '';
const received: Array<Record<string, unknown>> = [];
beforeAll(async () => {
  ses = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(JSON.parse(body) as Record<string, unknown>);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ MessageId: 'sent' }));
    });
  });
  await new Promise<void>((resolve) => ses.listen(0, '127.0.0.1', resolve));
  const address = ses.address();
  endpoint = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => ses.close(() => resolve())));

it('sends the unsubscribe headers, the user tag and the reminders configuration set to SES', async () => {
  const client = new SESv2Client({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
  });
  const mailer = createSesMailer('Letters <no-reply@example.com>', client, 'reminders-set');
  const userId = '5f0c2b1e-8c1d-4a8e-9f7a-0d6b1c2e3f40';
  await mailer.send(
    composeReminder({
      to: 'ada@example.com',
      userId,
      siteUrl: 'https://letters.example',
      unsubscribeToken: 'a.b.c',
      operator: { name: 'Example Letters LLC', address: '1 Main St, Springfield, IL 62701' },
    }),
  );
  const [request] = received;
  const unsubscribe = 'https://letters.example/functions/v1/reminders/unsubscribe?token=a.b.c';
  expect(request).toMatchObject({
    ConfigurationSetName: 'reminders-set',
    Destination: { ToAddresses: ['ada@example.com'] },
    EmailTags: [{ Name: 'reminder-user', Value: userId }],
    Content: {
      Simple: {
        Headers: [
          { Name: 'List-Unsubscribe', Value: `<${unsubscribe}>` },
          { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
        ],
      },
    },
  });
});
