import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import { createOutbox } from '../../local/outbox';

import { startTestRuntime } from '../support/test-runtime';

describe('local outbox and dev mailbox', () => {
  it('keeps messages as files that survive a new outbox on the same directory', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'cdl-outbox-')), 'outbox');
    await createOutbox(dir).send({
      to: 'a@example.com',
      subject: 'One',
      text: 't1',
      html: '<p>1</p>',
    });
    await createOutbox(dir).send({
      to: 'b@example.com',
      subject: 'Two',
      text: 't2',
      html: '<p>2</p>',
    });
    const mails = await createOutbox(dir).list();
    expect(mails.map((mail) => mail.subject)).toEqual(['Two', 'One']);
  });

  it('shows a recovery e-mail at /_dev/mail whose link signs the user in on the site', async () => {
    const runtime = await startTestRuntime();
    try {
      const headers = {
        apikey: LOCAL_PUBLISHABLE_KEY,
        'Content-Type': 'application/json',
      };
      const email = `mailbox-${Date.now()}@example.com`;
      const signUp = await fetch(`${runtime.url}/auth/v1/signup`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email, password: 'long enough' }),
      });
      expect(signUp.status).toBe(200);
      const recover = await fetch(
        `${runtime.url}/auth/v1/recover?redirect_to=${encodeURIComponent(`${runtime.url}/auth`)}`,
        { method: 'POST', headers, body: JSON.stringify({ email }) },
      );
      expect(recover.status).toBe(200);

      const list = await fetch(`${runtime.url}/_dev/mail`);
      expect(list.status).toBe(200);
      const listHtml = await list.text();
      expect(listHtml).toContain(email);
      const messagePath = /href="(\/_dev\/mail\/[^"]+)"/.exec(listHtml)![1]!;
      const message = await (await fetch(`${runtime.url}${messagePath}`)).text();
      expect(message).toContain('Reset your password');
      const link = /<a href="([^"]+\/auth\/v1\/verify[^"]+)"/
        .exec(message)![1]!
        .replace(/&#38;/g, '&');
      expect(link.startsWith(`${runtime.url}/auth/v1/verify?`)).toBe(true);

      const followed = await fetch(link, { redirect: 'manual' });
      expect(followed.status).toBe(303);
      const target = new URL(followed.headers.get('location')!);
      expect(`${target.origin}${target.pathname}`).toBe(`${runtime.url}/auth`);
      expect(new URLSearchParams(target.hash.slice(1)).get('type')).toBe('recovery');
      expect(new URLSearchParams(target.hash.slice(1)).get('access_token')).toBeTruthy();
    } finally {
      await runtime.stop();
    }
  }, 120_000);
});
