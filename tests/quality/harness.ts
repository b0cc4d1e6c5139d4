import { request, type IncomingHttpHeaders } from 'node:http';
import { createTable, readTableConfig, type Table } from '../../lambdas/platform/dynamo';
import type { Env } from '../../lambdas/platform/env';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import { PLAN } from '../../shared/plan';
import { payOnHostedPage } from '../payments/payments-stack';

export interface RawRequest {
  method: string;
  /** Path and query. */
  path: string;
  /** Sent as given, in order, duplicates included (a plain object could not repeat a name). */
  headers: [string, string][];
  body?: string | Buffer;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** One HTTP/1.1 request with exactly the headers given (plus Host and Content-Length). */
export function send(baseUrl: string, raw: RawRequest): Promise<RawResponse> {
  const url = new URL(raw.path, baseUrl);
  const body = raw.body === undefined ? undefined : Buffer.from(raw.body);
  const headers = [
    ['Host', url.host],
    ...raw.headers,
    ...(body ? [['Content-Length', String(body.length)]] : []),
  ].flat();
  return new Promise((resolveResponse, reject) => {
    const outgoing = request(url, { method: raw.method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () =>
        resolveResponse({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The parsed body when the response is JSON (by header and by content), else undefined. */
export function jsonOf(response: RawResponse): unknown {
  if (!/json/.test(String(response.headers['content-type'] ?? ''))) return undefined;
  try {
    return JSON.parse(response.text);
  } catch {
    return undefined;
  }
}

export function tableOf(env: Env): Table {
  return createTable(readTableConfig(env));
}

/** Every item of the table (consistent read), keyed `pk|sk`, each as canonical JSON. */
export async function scanTable(table: Table): Promise<Map<string, string>> {
  const items = new Map<string, string>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.doc.scan({
      TableName: table.name,
      ConsistentRead: true,
      ExclusiveStartKey: startKey,
    });
    for (const item of page.Items ?? []) {
      const sorted = Object.fromEntries(
        Object.entries(item).sort(([a], [b]) => a.localeCompare(b)),
      );
      items.set(`${String(item.pk)}|${String(item.sk)}`, JSON.stringify(sorted));
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

export const API_KEY: [string, string] = ['apikey', LOCAL_PUBLISHABLE_KEY];
export const JSON_TYPE: [string, string] = ['Content-Type', 'application/json;charset=UTF-8'];

export interface Subscriber {
  email: string;
  password: string;
  userId: string;
  accessToken: string;
  refreshToken: string;
}

export async function signUp(baseUrl: string, email: string, password: string) {
  const response = await send(baseUrl, {
    method: 'POST',
    path: '/auth/v1/signup',
    headers: [API_KEY, JSON_TYPE],
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, json: jsonOf(response) as Record<string, unknown> };
}

/**
 * A user who signed up and paid through the hosted checkout page, with the webhook landed:
 * profile, e-mail, session, customer and subscription items all exist.
 */
export async function seedSubscriber(
  baseUrl: string,
  stripeUrl: string,
  label: string,
): Promise<Subscriber> {
  const email = `${label}-${Date.now()}@example.com`;
  const password = 'correct-horse-battery';
  const { status, json } = await signUp(baseUrl, email, password);
  if (status !== 200) throw new Error(`sign-up failed: ${status} ${JSON.stringify(json)}`);
  const session = json as { access_token: string; refresh_token: string; user: { id: string } };
  const checkout = await send(baseUrl, {
    method: 'POST',
    path: '/functions/v1/stripe-checkout',
    headers: [API_KEY, JSON_TYPE, ['Authorization', `Bearer ${session.access_token}`]],
    body: JSON.stringify({
      price_id: PLAN.priceId,
      mode: PLAN.mode,
      success_url: `${baseUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${baseUrl}/payment`,
    }),
  });
  const { url } = JSON.parse(checkout.text) as { url: string };
  if (checkout.status !== 200) throw new Error(`checkout failed: ${checkout.text}`);
  const paid = await payOnHostedPage(url, { cardNumber: '4242 4242 4242 4242' });
  if (paid.status !== 303 && paid.status !== 302) throw new Error(`payment failed: ${paid.body}`);
  await settleWebhooks(stripeUrl);
  return {
    email,
    password,
    userId: session.user.id,
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
  };
}

/** Waits until the Stripe emulator has had every pending webhook answered. */
export async function settleWebhooks(stripeUrl: string) {
  const response = await fetch(`${stripeUrl}/__emulator/settle`, { method: 'POST' });
  if (!response.ok) throw new Error(`settle: ${response.status}`);
}

export async function emulatorDelivery(
  stripeUrl: string,
  settings: { duplicate?: boolean; shuffle?: boolean; delayMs?: number } | null,
) {
  const response = await fetch(`${stripeUrl}/__emulator/delivery`, {
    method: settings ? 'PUT' : 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: settings ? JSON.stringify(settings) : undefined,
  });
  if (!response.ok) throw new Error(`delivery: ${response.status}`);
}
