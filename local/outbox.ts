import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailMessage, Mailer } from '../lambdas/auth/mailer';

export interface StoredMail extends MailMessage {
  id: string;
  sentAt: string;
}

export interface Outbox extends Mailer {
  /** Newest first. */
  list(): Promise<StoredMail[]>;
  get(id: string): Promise<StoredMail | undefined>;
}

/**
 * The local stand-in for Amazon SES: every message is kept, as one JSON file per message under
 * `dir` (so it survives restarts), or in memory when `dir` is null.
 */
export function createOutbox(dir: string | null): Outbox {
  const memory: StoredMail[] = [];
  /** The time in the last message id made here: ids made later sort after it. */
  let lastIdTime = 0;
  const store = async (mail: StoredMail) => {
    if (!dir) {
      memory.unshift(mail);
      return;
    }
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, `${mail.id}.json`), JSON.stringify(mail, null, 2));
  };
  const list = async (): Promise<StoredMail[]> => {
    if (!dir) return [...memory];
    const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const mails = await Promise.all(
      names
        .filter((name) => name.endsWith('.json'))
        .map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as StoredMail),
    );
    return mails.sort((a, b) => b.id.localeCompare(a.id));
  };
  return {
    async send(message) {
      const sentAt = new Date();
      // Sortable ids: the time first, so the newest message sorts first; one more millisecond
      // than the last id, so two messages sent in the same millisecond keep their order.
      lastIdTime = Math.max(sentAt.getTime(), lastIdTime + 1);
      const id = `${lastIdTime.toString().padStart(15, '0')}-${randomUUID()}`;
      await store({ ...message, id, sentAt: sentAt.toISOString() });
    },
    list,
    async get(id) {
      return (await list()).find((mail) => mail.id === id);
    },
  };
}
