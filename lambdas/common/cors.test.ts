import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { describe, expect, it } from 'vitest';
import { corsFor, type CorsPolicy } from './cors';

const policy: CorsPolicy = {
  allowedOrigins: ['https://app.example'],
  allowMethods: ['GET', 'POST'],
  allowHeaders: ['apikey', 'Content-Type'],
  exposeHeaders: ['X-Supabase-Api-Version'],
  credentials: true,
  maxAgeSeconds: 86400,
};

/** An app whose handler reports the response object it created. */
function appWith(middleware: ReturnType<typeof corsFor>) {
  const created: Response[] = [];
  const app = new Hono();
  app.use('*', middleware);
  app.get('/thing', (c) => {
    const response = c.json({ ok: true });
    created.push(response);
    return response;
  });
  app.get('/broken', () => {
    throw new Error('boom');
  });
  app.onError((_error, c) => c.json({ message: 'failed' }, 500));
  return { app, created };
}

/** Exposes nothing and sends no credentials flag: the headers left out must match too. */
const barePolicy: CorsPolicy = { ...policy, exposeHeaders: [], credentials: false };

const ours = (chosen = policy) => appWith(corsFor(chosen));
const hono = (chosen = policy) =>
  appWith(
    cors({
      origin: (origin) => (chosen.allowedOrigins.includes(origin) ? origin : null),
      allowMethods: chosen.allowMethods,
      allowHeaders: chosen.allowHeaders,
      exposeHeaders: chosen.exposeHeaders,
      credentials: chosen.credentials,
      maxAge: chosen.maxAgeSeconds,
    }),
  );

const headersOf = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => name !== 'content-length'));

const requests: [string, RequestInit][] = [
  [
    '/thing',
    {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' },
    },
  ],
  ['/thing', { headers: { Origin: 'https://app.example' } }],
  ['/thing', { headers: { Origin: 'https://evil.example' } }],
  ['/thing', {}],
  ['/broken', { headers: { Origin: 'https://app.example' } }],
];

describe('corsFor', () => {
  it.each(requests)('answers %s %j with the headers hono/cors sends', async (path, init) => {
    const expected = await hono().app.request(path, init);
    const actual = await ours().app.request(path, init);
    expect(actual.status).toBe(expected.status);
    expect(headersOf(actual)).toEqual(headersOf(expected));
  });

  it.each(requests)('with a bare policy, answers %s %j as hono/cors does', async (path, init) => {
    const expected = await hono(barePolicy).app.request(path, init);
    const actual = await ours(barePolicy).app.request(path, init);
    expect(actual.status).toBe(expected.status);
    expect(headersOf(actual)).toEqual(headersOf(expected));
  });

  it('answers a preflight for an allowed origin with 204 and the policy', async () => {
    const response = await ours().app.request('/thing', requests[0]![1]);
    expect(response.status).toBe(204);
    expect(headersOf(response)).toMatchObject({
      'access-control-allow-origin': 'https://app.example',
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET,POST',
      'access-control-allow-headers': 'apikey,Content-Type',
      'access-control-max-age': '86400',
      vary: 'Origin, Access-Control-Request-Headers',
    });
  });

  it('returns the handler’s own response, not one rebuilt around its body stream', async () => {
    const { app, created } = ours();
    const response = await app.request('/thing', { headers: { Origin: 'https://app.example' } });
    expect(response).toBe(created[0]);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
  });
});
