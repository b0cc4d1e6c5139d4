import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSesMailer } from '../../lambdas/auth/mailer';
import { composeReminder } from '../../lambdas/reminders/reminder-mail';
import { startFakeSes, type FakeSes } from '../support/fake-ses';

/**
 * A reminder through the auth mails' SES mailer, against a stand-in for the SES v2 API: the
 * RFC 8058 headers travel as SES message headers, the user as a message tag (it comes back in
 * SES's bounce and complaint events), through the reminders' own configuration set.
 */
let ses: FakeSes;
beforeAll(async () => {
  ses = await startFakeSes();
});
afterAll(() => ses?.stop());

it('sends the unsubscribe headers, the user tag and the reminders configuration set to SES', async () => {
  const client = ses.client();
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
  const [request] = ses.received;
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
