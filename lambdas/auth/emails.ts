import type { MailMessage } from './mailer';
import type { OtpKind } from '../identity/one-time-codes';

export const PRODUCT_NAME = 'Credit Dispute Letters';

const CONTENT: Record<OtpKind, { subject: string; intro: string; action: string }> = {
  signup: {
    subject: 'Confirm your e-mail address',
    intro: `Thanks for signing up for ${PRODUCT_NAME}. Please confirm your e-mail address.`,
    action: 'Confirm my e-mail address',
  },
  recovery: {
    subject: 'Reset your password',
    intro: `Someone asked to reset the password of your ${PRODUCT_NAME} account. If it was not you, ignore this e-mail.`,
    action: 'Choose a new password',
  },
  magiclink: {
    subject: 'Your sign-in link',
    intro: `Use this link to sign in to ${PRODUCT_NAME}.`,
    action: 'Sign in',
  },
  email_change: {
    subject: 'Confirm your new e-mail address',
    intro: `Please confirm this address as the new e-mail address of your ${PRODUCT_NAME} account.`,
    action: 'Confirm the new address',
  },
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A plain, readable e-mail: text and simple HTML with the same link and one-time code. */
export function composeEmail(kind: OtpKind, to: string, link: string, code: string): MailMessage {
  const { subject, intro, action } = CONTENT[kind];
  return {
    to,
    subject: `${PRODUCT_NAME}: ${subject}`,
    text: `${intro}\n\n${action}: ${link}\n\nOr enter this code: ${code}\n\n— ${PRODUCT_NAME}\n`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>` +
      `<p>Or enter this code: <strong>${escapeHtml(code)}</strong></p>` +
      `<p>— ${escapeHtml(PRODUCT_NAME)}</p>`,
  };
}
