import { createAuthApp } from '../../lambdas/auth/router';
import { readAuthConfig } from '../../lambdas/auth/config';
import type { AuthDepsOptions } from '../../lambdas/auth/deps';
import type { Env } from '../../lambdas/platform/env';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import { createOutbox, type Outbox } from '../../local/outbox';
import { serveOnFreePort } from '../support/http-server';
import { createTestTable } from '../support/test-table';

/**
 * A clock tests move by hand (epoch ms). It starts at the next whole hour, the start of every
 * rate-limit window (a minute or an hour): a test that moves it a few minutes never crosses
 * into a fresh window by the hour of day it happens to run at.
 */
export function createClock() {
  const hourMs = 3_600_000;
  let offset = Math.ceil(Date.now() / hourMs) * hourMs - Date.now();
  let frozenAt: number | undefined;
  return {
    now: () => frozenAt ?? Date.now() + offset,
    advance(ms: number) {
      offset += ms;
      if (frozenAt !== undefined) frozenAt += ms;
    },
    /** Stops the clock where it is (a 1 s wait must not run out while a slow machine answers). */
    freeze() {
      frozenAt = Date.now() + offset;
    },
    /** Lets a frozen clock run on from where it stands. */
    resume() {
      if (frozenAt === undefined) return;
      offset = frozenAt - Date.now();
      frozenAt = undefined;
    },
  };
}

export interface AuthServer {
  url: string;
  env: Env;
  outbox: Outbox;
  clock: ReturnType<typeof createClock>;
  stop(): Promise<void>;
}

/** The auth app on its own table, served over real HTTP on a free port. */
export async function startAuthServer(
  overrides: Env = {},
  options: Pick<AuthDepsOptions, 'sleep'> & { onMail?: () => void } = {},
): Promise<AuthServer> {
  const { env: tableEnv } = await createTestTable();
  const clock = createClock();
  const outbox = createOutbox(null);
  const served: { app?: ReturnType<typeof createAuthApp> } = {};
  // Listen first: the e-mailed links must point at this server's port.
  const { url, stop } = await serveOnFreePort((request, env) => served.app!.fetch(request, env));
  const env: Env = {
    BCRYPT_COST: '4',
    RATE_LIMIT_SIGNUP: '10000',
    RATE_LIMIT_TOKEN: '10000',
    RATE_LIMIT_USER_UPDATE: '10000',
    RATE_LIMIT_OTP: '10000',
    RATE_LIMIT_VERIFY: '10000',
    RATE_LIMIT_EMAIL_SENT: '10000',
    RATE_LIMIT_EMAIL_PER_CLIENT: '10000',
    RATE_LIMIT_EMAIL_PER_ADDRESS: '10000',
    // No padding of /recover and /otp answers: tests count answers, not time.
    MAIL_ANSWER_FLOOR_MS: '0',
    API_EXTERNAL_URL: `${url}/auth/v1`,
    ...tableEnv,
    ...overrides,
  };
  const mailer = {
    send: async (message: Parameters<Outbox['send']>[0]) => {
      options.onMail?.();
      await outbox.send(message);
    },
  };
  served.app = createAuthApp(readAuthConfig(env), { now: clock.now, mailer, sleep: options.sleep });
  return {
    url,
    env,
    outbox,
    clock,
    stop,
  };
}

export const API_KEY_HEADERS = { apikey: LOCAL_PUBLISHABLE_KEY };
export const VERSIONED = { 'X-Supabase-Api-Version': '2024-01-01' };

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  versioned?: boolean;
  bearer?: string;
}

/** Response JSON as the tests read it: shapes are asserted member by member. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LooseJson = Record<string, any>;

/** One raw HTTP request the way auth-js sends it (publishable key, JSON with charset). */
export async function call(
  server: AuthServer,
  method: string,
  path: string,
  options: CallOptions = {},
) {
  const headers: Record<string, string> = {
    ...API_KEY_HEADERS,
    ...(options.versioned === false ? {} : VERSIONED),
    ...(options.bearer ? { Authorization: `Bearer ${options.bearer}` } : {}),
    ...(options.body !== undefined ? { 'Content-Type': 'application/json;charset=UTF-8' } : {}),
    ...options.headers,
  };
  const response = await fetch(`${server.url}/auth/v1${path}`, {
    method,
    headers,
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json: json as LooseJson };
}

export async function signUpUser(
  server: AuthServer,
  email = uniqueEmail(),
  password = 'long enough',
) {
  const { status, json } = await call(server, 'POST', '/signup', { body: { email, password } });
  if (status !== 200) throw new Error(`sign-up failed: ${status} ${JSON.stringify(json)}`);
  return {
    email,
    password,
    session: json as { access_token: string; refresh_token: string; user: { id: string } },
  };
}

export function decodeJwtPart(token: string, index: 0 | 1): LooseJson {
  return JSON.parse(Buffer.from(token.split('.')[index]!, 'base64url').toString());
}
