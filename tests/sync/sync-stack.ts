import { Hono } from 'hono';
import { readAuthConfig } from '../../lambdas/auth/config';
import { createAuthApp } from '../../lambdas/auth/router';
import type { Table } from '../../lambdas/platform/dynamo';
import type { Env } from '../../lambdas/platform/env';
import { createSyncApp } from '../../lambdas/sync/app';
import { readSyncConfig } from '../../lambdas/sync/config';
import { syncKeys } from '../../lambdas/sync/items';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import { createOutbox } from '../../local/outbox';
import { serveOnFreePort } from '../support/http-server';
import { createTestTable } from '../support/test-table';

export interface SyncUser {
  userId: string;
  accessToken: string;
}

/** The auth and sync routers on a fresh table of DynamoDB Local, over real HTTP. */
export async function startSyncStack(overrides: Env = {}) {
  const { env: tableEnv, table } = await createTestTable();
  const root = new Hono();
  const { server, url, stop } = await serveOnFreePort(root.fetch);
  // On a loaded machine a kept-alive socket idle for Node's default 5 s could be closed by the
  // server just as the client reuses it (ECONNRESET); a test pauses longer between requests.
  (server as unknown as { keepAliveTimeout: number }).keepAliveTimeout = 60_000;
  const env: Env = {
    BCRYPT_COST: '4',
    RATE_LIMIT_SIGNUP: '10000',
    RATE_LIMIT_TOKEN: '10000',
    API_EXTERNAL_URL: `${url}/auth/v1`,
    ...tableEnv,
    SITE_URL: url,
    ...overrides,
  };
  root.route('/', createAuthApp(readAuthConfig(env), { mailer: createOutbox(null) }));
  root.route('/', createSyncApp(readSyncConfig(env)));
  let users = 0;

  return {
    url,
    table: table as Table,
    async signUp(): Promise<SyncUser> {
      const response = await fetch(`${url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: LOCAL_PUBLISHABLE_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `sync-${Date.now()}-${++users}@example.com`,
          password: 'correct-horse-42',
        }),
      });
      const body = (await response.json()) as { access_token: string; user: { id: string } };
      if (!body.access_token) throw new Error(`sign-up failed: ${JSON.stringify(body)}`);
      return { userId: body.user.id, accessToken: body.access_token };
    },
    /** A request to the sync route as `user`. */
    call(user: SyncUser | null, path: string, init: RequestInit = {}) {
      return fetch(`${url}/functions/v1/sync${path}`, {
        ...init,
        headers: {
          apikey: LOCAL_PUBLISHABLE_KEY,
          ...(user ? { authorization: `Bearer ${user.accessToken}` } : {}),
          ...init.headers,
        },
      });
    },
    stop,
  };
}

export type SyncStack = Awaited<ReturnType<typeof startSyncStack>>;

/** PUT a record's bytes over `version`. */
export function putRecord(
  stack: SyncStack,
  user: SyncUser,
  id: string,
  version: number,
  bytes: Uint8Array,
) {
  return stack.call(user, `/records/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream', 'if-match': String(version) },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
}

/** The sort keys under `prefix` of a user's partition, every page of the query (each reads at most 1 MB). */
export async function sortKeys(
  stack: SyncStack,
  userId: string,
  prefix: string,
): Promise<string[]> {
  const keys: string[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await stack.table.doc.query({
      TableName: stack.table.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': syncKeys.partition(userId), ':prefix': prefix },
      ProjectionExpression: 'sk',
      ExclusiveStartKey,
    });
    keys.push(...(page.Items ?? []).map((item) => item.sk as string));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return keys;
}
