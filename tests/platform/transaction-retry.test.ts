import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAuthConfig } from '../../lambdas/auth/config';
import { createAuthApp } from '../../lambdas/auth/router';
import { identityKeys } from '../../lambdas/identity/items';
import type { Env } from '../../lambdas/platform/env';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import { createTestTable } from '../support/test-table';

/**
 * A proxy in front of DynamoDB Local that lets the first TransactWriteItems through to the
 * database and then drops the connection instead of relaying the answer: the write is applied,
 * the caller never hears of it, and the SDK retries it.
 */
function startLossyProxy(target: string) {
  const transactions: { token: string; dropped: boolean }[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const isTransaction =
        incoming.headers['x-amz-target'] === 'DynamoDB_20120810.TransactWriteItems';
      const drop = isTransaction && transactions.length === 0;
      if (isTransaction) {
        const { ClientRequestToken } = JSON.parse(body.toString()) as {
          ClientRequestToken: string;
        };
        transactions.push({ token: ClientRequestToken, dropped: drop });
      }
      const forwarded = request(
        new URL(incoming.url ?? '/', target),
        { method: incoming.method, headers: incoming.headers },
        (answer) => {
          if (drop) {
            answer.resume();
            answer.on('end', () => incoming.socket.destroy());
            return;
          }
          outgoing.writeHead(answer.statusCode ?? 500, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.end(body);
    });
  });
  return new Promise<{ url: string; server: Server; transactions: typeof transactions }>(
    (resolve) =>
      server.listen(0, '127.0.0.1', () =>
        resolve({
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          server,
          transactions,
        }),
      ),
  );
}

let proxy: Awaited<ReturnType<typeof startLossyProxy>>;
let env: Env;
let table: Awaited<ReturnType<typeof createTestTable>>['table'];

beforeAll(async () => {
  const created = await createTestTable();
  table = created.table;
  proxy = await startLossyProxy(created.env.AWS_ENDPOINT_URL_DYNAMODB!);
  env = { ...created.env, BCRYPT_COST: '4', AWS_ENDPOINT_URL_DYNAMODB: proxy.url };
});
afterAll(() => new Promise((resolve) => proxy.server.close(resolve)));

describe('a transaction whose answer is lost', () => {
  it('is retried with the same ClientRequestToken and applied once: the sign-up succeeds', async () => {
    const app = createAuthApp(readAuthConfig(env));
    const email = `lost-answer-${Date.now()}@example.com`;
    const response = await app.request('/auth/v1/signup', {
      method: 'POST',
      headers: { apikey: LOCAL_PUBLISHABLE_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'long enough' }),
    });
    const body = (await response.json()) as { user?: { id: string }; code?: string };

    expect(response.status).toBe(200);
    expect(body.user?.id).toBeTruthy();
    expect(proxy.transactions).toHaveLength(2);
    expect(proxy.transactions[0]!.dropped).toBe(true);
    expect(proxy.transactions[1]!.token).toBe(proxy.transactions[0]!.token);

    const { Item: login } = await table.doc.get({
      TableName: table.name,
      Key: identityKeys.email(email),
      ConsistentRead: true,
    });
    expect(login?.userId).toBe(body.user!.id);
    const { Items: sessions } = await table.doc.query({
      TableName: table.name,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': identityKeys.session(body.user!.id, '').pk },
      ConsistentRead: true,
    });
    expect(sessions?.map((item) => item.sk)).toEqual([expect.stringMatching(/^SESSION#/)]);
  });
});
