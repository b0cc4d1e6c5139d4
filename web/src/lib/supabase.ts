import { SESSION_IN_URL } from '@shared/session-hint';
import type { ApiConfig } from '@/config/runtime-config';
import { authStorageKey } from './auth-storage-key';
import type { SupabaseClient } from './supabase-client';

export type { SupabaseClient };

let config: ApiConfig | undefined;
let client: Promise<SupabaseClient> | undefined;
let authSettings: Promise<Record<string, unknown>> | undefined;

export function configureSupabase(runtimeConfig: ApiConfig): void {
  config = runtimeConfig;
  client = undefined;
  authSettings = undefined;
}

function configured(): ApiConfig {
  if (!config) throw new Error('configureSupabase() must run before the client is used');
  return config;
}

/**
 * The auth and data clients, loaded in their own chunk on first use: a visitor who is not
 * signed in reads the marketing pages without downloading them.
 */
export function getSupabase(): Promise<SupabaseClient> {
  const current = configured();
  client ??= import('./supabase-client').then(({ createSupabaseClient }) =>
    createSupabaseClient(current),
  );
  return client;
}

/** The storage key of this deployment's session (for cross-tab `storage` events). */
export function sessionStorageKey(): string {
  return authStorageKey(configured().url);
}

/**
 * Whether this browser may hold a session: one is stored, or an e-mail link is delivering one
 * in the URL. Only then does the page need the client before the visitor asks for it.
 */
export function mayHaveSession(): boolean {
  try {
    if (localStorage.getItem(sessionStorageKey()) !== null) return true;
  } catch {
    return true; // storage unreadable: let the client decide
  }
  return SESSION_IN_URL.test(window.location.href);
}

/**
 * `GET /auth/v1/settings` (GoTrue's), read without loading the auth client, once per page: the
 * settings do not change while it is open. A failed read is not kept, so the next caller retries.
 */
export function fetchAuthSettings(): Promise<Record<string, unknown>> {
  authSettings ??= readAuthSettings().catch((error: unknown) => {
    authSettings = undefined;
    throw error;
  });
  return authSettings;
}

async function readAuthSettings(): Promise<Record<string, unknown>> {
  const { url, publishableKey } = configured();
  const response = await fetch(`${url}/auth/v1/settings`, { headers: { apikey: publishableKey } });
  if (!response.ok) throw new Error(`/auth/v1/settings answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}
