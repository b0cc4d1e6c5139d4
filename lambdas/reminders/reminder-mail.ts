import { REMINDER_TEXT } from '../../shared/reminders';
import { composeMail } from '../auth/emails';
import type { MailMessage } from '../auth/mailer';

export const REMINDERS_PATH = '/functions/v1/reminders';
export const UNSUBSCRIBE_PATH = `${REMINDERS_PATH}/unsubscribe`;
/** The SES message tag that names the user, so SES's bounce or complaint finds their reminders. */
export const REMINDER_USER_TAG = 'reminder-user';

export interface Operator {
  name: string;
  address: string;
}

/**
 * A reminder, in the auth mails' template: the one sentence, a link to My Disputes, and nothing
 * else about the dispute. It ends with who sends it and where (CAN-SPAM) and a one-click
 * unsubscribe: the `List-Unsubscribe` header with `List-Unsubscribe-Post` (RFC 8058), and the
 * same link in the body.
 */
export function composeReminder(options: {
  to: string;
  userId: string;
  siteUrl: string;
  unsubscribeToken: string;
  operator: Operator;
}): MailMessage {
  const { to, userId, siteUrl, unsubscribeToken, operator } = options;
  const unsubscribe = `${siteUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken)}`;
  const mail = composeMail(to, {
    subject: 'A response is due',
    paragraphs: [REMINDER_TEXT],
    action: 'Open My Disputes',
    link: `${siteUrl}/disputes`,
    footer: [
      {
        text: `You get this because you asked My Disputes to e-mail you when a response is due. Sent by ${operator.name}, ${operator.address.replace(/\s*\n\s*/g, ', ')}.`,
      },
      {
        text: 'Stop these reminders with one click.',
        link: { label: 'Unsubscribe', href: unsubscribe },
      },
    ],
  });
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    tags: { [REMINDER_USER_TAG]: userId },
  };
}
