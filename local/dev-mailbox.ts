import { Hono } from 'hono';
import type { Outbox } from './outbox';

export const DEV_MAILBOX_PATH = '/_dev/mail';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body><main>${body}</main></body></html>`;

/**
 * The dev mailbox (local mode only, like the Supabase CLI's Inbucket): the outbox's messages,
 * newest first, each rendered with its working links and extra headers. `messages.json` serves
 * tests, headers included.
 */
export function createDevMailbox(outbox: Outbox) {
  const app = new Hono().basePath(DEV_MAILBOX_PATH);

  app.get('/messages.json', async (c) => c.json(await outbox.list()));

  app.get('/', async (c) => {
    const mails = await outbox.list();
    const rows = mails
      .map(
        (mail) =>
          `<li><a href="${DEV_MAILBOX_PATH}/${encodeURIComponent(mail.id)}">${escapeHtml(mail.subject)}</a>` +
          ` to ${escapeHtml(mail.to)} at ${escapeHtml(mail.sentAt)}</li>`,
      )
      .join('');
    return c.html(
      page(
        'Dev mailbox',
        `<h1>Dev mailbox</h1><p>E-mails the app sent locally (newest first).</p>` +
          (rows ? `<ul>${rows}</ul>` : '<p>No messages yet.</p>'),
      ),
    );
  });

  app.get('/:id', async (c) => {
    const mail = await outbox.get(c.req.param('id'));
    if (!mail) return c.html(page('Not found', '<h1>No such message</h1>'), 404);
    return c.html(
      page(
        mail.subject,
        `<p><a href="${DEV_MAILBOX_PATH}">All messages</a></p>` +
          `<h1>${escapeHtml(mail.subject)}</h1>` +
          `<p>To: ${escapeHtml(mail.to)}<br>Sent: ${escapeHtml(mail.sentAt)}</p>` +
          (mail.headers
            ? `<h2>Headers</h2><pre>${escapeHtml(
                Object.entries(mail.headers)
                  .map(([name, value]) => `${name}: ${value}`)
                  .join('\n'),
              )}</pre>`
            : '') +
          `<article>${mail.html}</article>` +
          `<h2>Plain text</h2><pre>${escapeHtml(mail.text)}</pre>`,
      ),
    );
  });

  return app;
}
