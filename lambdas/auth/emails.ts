import type { MailMessage } from './mailer';
import type { OtpKind } from '../identity/records';

export const PRODUCT_NAME = 'Credit Dispute Letters';

const CONTENT: Record<
  OtpKind,
  { subject: string; intro: string | ((about: string) => string); action: string }
> = {
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
  email_change_current: {
    subject: 'Confirm the change of your e-mail address',
    intro: (newEmail) =>
      `Someone asked to change the e-mail address of your ${PRODUCT_NAME} account to ${newEmail}. ` +
      'Nothing changes until both addresses confirm. If it was not you, do not confirm, and change your password.',
    action: 'Confirm the change',
  },
};

/** Said in every confirmation mail: confirming keeps no password (see `verifyCode`). */
export const NO_PASSWORD_KEPT =
  'For your security, confirming this address does not keep the password chosen at sign-up: ' +
  'the link signs you in and asks you to choose your password (or use “Forgot password?” on ' +
  'the sign-in page).';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface EmailDetails {
  link: string;
  code: string;
  /** The new address, in the mail to the current one of an e-mail change. */
  about?: string;
  /** A paragraph after the introduction. */
  notice?: string;
}

/** A plain, readable e-mail: text and simple HTML with the same link and one-time code. */
export function composeEmail(kind: OtpKind, to: string, details: EmailDetails): MailMessage {
  const { link, code, about = '', notice } = details;
  const { subject, action } = CONTENT[kind];
  const content = CONTENT[kind].intro;
  const intro = typeof content === 'string' ? content : content(about);
  const paragraphs = notice ? [intro, notice] : [intro];
  return {
    to,
    subject: `${PRODUCT_NAME}: ${subject}`,
    text: `${paragraphs.join('\n\n')}\n\n${action}: ${link}\n\nOr enter this code: ${code}\n\n— ${PRODUCT_NAME}\n`,
    html:
      paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('') +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>` +
      `<p>Or enter this code: <strong>${escapeHtml(code)}</strong></p>` +
      `<p>— ${escapeHtml(PRODUCT_NAME)}</p>`,
  };
}
