import { serve, type ServerType } from '@hono/node-server';
import { createAuthApp } from '../../lambdas/auth/app';
import { readAuthConfig } from '../../lambdas/auth/config';
import type { Env } from '../../lambdas/common/env';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import { createTestTable } from '../support/test-table';

/** A clock tests move by hand (epoch ms), starting at the real time. */
export function createClock() {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms: number) {
      offset += ms;
    },
  };
}

export interface AuthServer {
  url: string;
  env: Env;
  clock: ReturnType<typeof createClock>;
  stop(): Promise<void>;
}

/** The auth app on its own table, served over real HTTP on a free port. */
export async function startAuthServer(overrides: Env = {}): Promise<AuthServer> {
  const { env: tableEnv } = await createTestTable();
  const env: Env = { BCRYPT_COST: '4', ...tableEnv, ...overrides };
  const clock = createClock();
  const app = createAuthApp(readAuthConfig(env), { now: clock.now });
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    );
  });
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    env,
    clock,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

export const API_KEY_HEADERS = { apikey: LOCAL_PUBLISHABLE_KEY };
export const VERSIONED = { 'X-Supabase-Api-Version': '2024-01-01' };

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}
