import { AuthClient } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { ApiConfig } from '@/config/runtime-config';
import { authStorageKey } from './auth-storage-key';

/**
 * The official auth and PostgREST clients wired the way `createClient` of supabase-js wires them
 * (same storage key, same headers, same token forwarding), without realtime/storage/functions,
 * which this app does not use and which would blow the JavaScript budget.
 */
export function createSupabaseClient({ url, publishableKey }: ApiConfig) {
  const auth = new AuthClient({
    url: new URL('auth/v1', `${url}/`).href,
    headers: { Authorization: `Bearer ${publishableKey}`, apikey: publishableKey },
    storageKey: authStorageKey(url),
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
  });

  const sessionEndedListeners = new Set<() => void>();

  /**
   * Every data and function call goes through here with the session's token. A 401 to a call
   * made with a session means the server no longer accepts it (signed out elsewhere, revoked):
   * the listeners hear that the session has ended.
   */
  const fetchWithAuth: typeof fetch = async (input, init) => {
    const { data } = await auth.getSession();
    const token = data.session?.access_token;
    const headers = new Headers(init?.headers);
    if (!headers.has('apikey')) headers.set('apikey', publishableKey);
    if (!headers.has('Authorization'))
      headers.set('Authorization', `Bearer ${token ?? publishableKey}`);
    const response = await fetch(input, { ...init, headers });
    if (response.status === 401 && token) sessionEndedListeners.forEach((listener) => listener());
    return response;
  };
  const rest = new PostgrestClient(new URL('rest/v1', `${url}/`).href, { fetch: fetchWithAuth });

  return {
    auth,
    from: rest.from.bind(rest),
    fetch: fetchWithAuth,
    /** Calls `listener` whenever the server answers 401 to a call made with a session. */
    onSessionEnded(listener: () => void): () => void {
      sessionEndedListeners.add(listener);
      return () => sessionEndedListeners.delete(listener);
    },
    config: { url, publishableKey },
  };
}

export type SupabaseClient = ReturnType<typeof createSupabaseClient>;
