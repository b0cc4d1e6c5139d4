import { PRODUCT_NAME } from '../auth/emails';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const TEXT = {
  confirm: {
    title: 'Stop reminder e-mails?',
    body: 'You will get no more e-mails about responses that are due. My Disputes keeps working as before.',
  },
  done: {
    title: 'Reminders stopped',
    body: 'You will get no more reminder e-mails. To get them again, turn them on in My Disputes.',
  },
  invalid: {
    title: 'This unsubscribe link does not work',
    body: 'It is not one we sent, or it is more than 60 days old. Nothing was changed. To stop reminders, sign in and turn them off in My Disputes, or use the link in a newer reminder.',
  },
} as const;

/** The plain page of an unsubscribe link: no script, no style, one form at most. */
export function unsubscribePage(state: keyof typeof TEXT, token: string): string {
  const { title, body } = TEXT[state];
  const form =
    state === 'confirm'
      ? `<form method="post" action="?token=${escapeHtml(encodeURIComponent(token))}">` +
        '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
        '<button type="submit">Stop reminder e-mails</button></form>'
      : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)} · ${escapeHtml(PRODUCT_NAME)}</title></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>${form}` +
    `<p><a href="/disputes">Open My Disputes</a></p></main></body></html>`
  );
}
