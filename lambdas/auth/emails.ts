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

/** What a mail of ours says: its paragraphs, one action link, then optional closing lines. */
export interface MailContent {
  subject: string;
  paragraphs: string[];
  action: string;
  link: string;
  /** A one-time code to type instead of following the link. */
  code?: string;
  /** Lines after the signature (a reminder's sender address and unsubscribe link). */
  footer?: { text: string; link?: { label: string; href: string } }[];
}

/**
 * The one mail template, for the auth mails and the reminders: plain text and simple HTML with
 * the same words, link and code.
 */
export function composeMail(to: string, content: MailContent): MailMessage {
  const { subject, paragraphs, action, link, code, footer = [] } = content;
  const footerText = footer.map((line) =>
    line.link ? `${line.text} ${line.link.label}: ${line.link.href}` : line.text,
  );
  const footerHtml = footer.map(
    (line) =>
      `<p>${escapeHtml(line.text)}` +
      (line.link
        ? ` <a href="${escapeHtml(line.link.href)}">${escapeHtml(line.link.label)}</a>`
        : '') +
      '</p>',
  );
  return {
    to,
    subject: `${PRODUCT_NAME}: ${subject}`,
    text:
      `${paragraphs.join('\n\n')}\n\n${action}: ${link}\n\n` +
      (code ? `Or enter this code: ${code}\n\n` : '') +
      `— ${PRODUCT_NAME}\n` +
      (footerText.length ? `\n${footerText.join('\n\n')}\n` : ''),
    html:
      paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('') +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>` +
      (code ? `<p>Or enter this code: <strong>${escapeHtml(code)}</strong></p>` : '') +
      `<p>— ${escapeHtml(PRODUCT_NAME)}</p>` +
      footerHtml.join(''),
  };
}

/** A plain, readable e-mail: text and simple HTML with the same link and one-time code. */
export function composeEmail(kind: OtpKind, to: string, details: EmailDetails): MailMessage {
  const { link, code, about = '', notice } = details;
  const { subject, action } = CONTENT[kind];
  const content = CONTENT[kind].intro;
  const intro = typeof content === 'string' ? content : content(about);
  const paragraphs = notice ? [intro, notice] : [intro];
  return composeMail(to, { subject, paragraphs, action, link, code });
}
