import { AuthClient } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { RuntimeConfig } from '@/config/runtime-config';
import { authStorageKey } from './auth-storage-key';

/**
 * The official auth and PostgREST clients wired the way `createClient` of supabase-js wires them
 * (same storage key, same headers, same token forwarding), without realtime/storage/functions,
 * which this app does not use and which would blow the JavaScript budget.
 */
export function createSupabaseClient({ url, publishableKey }: RuntimeConfig) {
  const auth = new AuthClient({
    url: new URL('auth/v1', `${url}/`).href,
    headers: { Authorization: `Bearer ${publishableKey}`, apikey: publishableKey },
    storageKey: authStorageKey(url),
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
  });

  const fetchWithAuth: typeof fetch = async (input, init) => {
    const { data } = await auth.getSession();
    const headers = new Headers(init?.headers);
    if (!headers.has('apikey')) headers.set('apikey', publishableKey);
    if (!headers.has('Authorization'))
      headers.set('Authorization', `Bearer ${data.session?.access_token ?? publishableKey}`);
    return fetch(input, { ...init, headers });
  };
  const rest = new PostgrestClient(new URL('rest/v1', `${url}/`).href, { fetch: fetchWithAuth });

  return { auth, from: rest.from.bind(rest), config: { url, publishableKey } };
}

export type SupabaseClient = ReturnType<typeof createSupabaseClient>;
