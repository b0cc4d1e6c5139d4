import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTable, readTableConfig } from '../../lambdas/platform/dynamo';
import { call, startAuthServer, uniqueEmail, type AuthServer } from './auth-server';

/** The red-team review's reproductions (issue 26), one block per point. */
let confirming: AuthServer;
beforeAll(async () => {
  confirming = await startAuthServer({ AUTH_AUTOCONFIRM: 'false' });
});
afterAll(() => confirming.stop());

async function mailTo(on: AuthServer, to: string) {
  const mail = (await on.outbox.list()).find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return {
    code: /enter this code: (\d{6})/.exec(mail.text)![1]!,
    token: new URL(/(http\S+\/verify\?\S+)/.exec(mail.text)![1]!).searchParams.get('token')!,
  };
}

async function scan(on: AuthServer) {
  const table = createTable(readTableConfig(on.env));
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await table.doc.scan({ TableName: table.name, ExclusiveStartKey });
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

describe('1. codes out of reach', () => {
  it('keeps a pending code only as a keyed MAC on AUTH# items, never on the profile', async () => {
    const email = uniqueEmail('pending');
    await call(confirming, 'POST', '/signup', { body: { email, password: 'long enough' } });
    const { code, token } = await mailTo(confirming, email);
    const items = await scan(confirming);
    const text = JSON.stringify(items);
    // The unkeyed hashes an offline search would test: found nowhere.
    for (const unkeyed of [
      createHash('sha224').update(`${email}${code}`).digest('hex'),
      createHash('sha256').update(token).digest('hex'),
    ]) {
      expect(text).not.toContain(unkeyed);
    }
    const userId = items.find((item) => item.email === email && item.sk === 'PROFILE')!.id;
    const profile = items.find((item) => item.pk === `USER#${userId}`)!;
    const codes = items.find((item) => item.pk === `AUTH#${userId}`)!;
    expect(codes).toMatchObject({ sk: 'CODES', signup: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(profile)).not.toContain(String(codes.signup));
    expect(Object.keys(profile).filter((key) => /hash/i.test(key))).toEqual([]);
    expect(items.filter((item) => String(item.pk).startsWith(`AUTH#CODE#`))).toHaveLength(2);
  });

  it('refuses a code that is not six digits before any lookup, without spending an attempt', async () => {
    const email = uniqueEmail('format');
    await call(confirming, 'POST', '/signup', { body: { email, password: 'long enough' } });
    const { code } = await mailTo(confirming, email);
    for (const token of ['12345', '1234567', 'abcdef', `${code} `, '１２３４５６', '000000\n']) {
      const refused = await call(confirming, 'POST', '/verify', {
        body: { type: 'signup', email, token },
      });
      expect([refused.status, refused.json.code], token).toEqual([403, 'otp_expired']);
    }
    const verified = await call(confirming, 'POST', '/verify', {
      body: { type: 'signup', email, token: code },
    });
    expect(verified.status).toBe(200);
  });
});

describe('6. prototype keys in user metadata', () => {
  it('answers 400 for __proto__, constructor and prototype at any depth, on sign-up and PUT /user', async () => {
    const server = await startAuthServer();
    try {
      const signedUp = await call(server, 'POST', '/signup', {
        body: { email: uniqueEmail('meta'), password: 'long enough' },
      });
      const bearer = signedUp.json.access_token as string;
      for (const key of ['__proto__', 'constructor', 'prototype']) {
        for (const data of [
          `{"${key}":{"isAdmin":true}}`,
          `{"a":{"b":[{"${key}":1}]}}`,
          `{"${key}":null}`,
        ]) {
          const signUp = await call(server, 'POST', '/signup', {
            body: `{"email":"${uniqueEmail('meta')}","password":"long enough","data":${data}}`,
          });
          expect([signUp.status, signUp.json.code], data).toEqual([400, 'validation_failed']);
          const update = await call(server, 'PUT', '/user', { bearer, body: `{"data":${data}}` });
          expect([update.status, update.json.code], data).toEqual([400, 'validation_failed']);
          expect(update.json.message).toContain(`"${key}"`);
        }
      }
      const user = await call(server, 'GET', '/user', { bearer });
      expect(Object.keys(user.json.user_metadata).sort()).toEqual(
        ['email', 'email_verified', 'phone_verified', 'sub'].sort(),
      );
    } finally {
      await server.stop();
    }
  });
});
