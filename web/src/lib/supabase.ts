import type { RuntimeConfig } from '@/config/runtime-config';
import type { SupabaseClient } from './supabase-client';

export type { SupabaseClient };

let client: Promise<SupabaseClient> | undefined;

/**
 * Starts loading the client in its own chunk: the first paint of every page does not wait for
 * the auth and data clients (they are not part of the initial JavaScript).
 */
export function configureSupabase(config: RuntimeConfig): void {
  client = import('./supabase-client').then(({ createSupabaseClient }) =>
    createSupabaseClient(config),
  );
}

export function getSupabase(): Promise<SupabaseClient> {
  if (!client) throw new Error('configureSupabase() must run before the client is used');
  return client;
}
