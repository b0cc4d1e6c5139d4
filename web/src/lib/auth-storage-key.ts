/** Where the auth client keeps the session: supabase-js's `sb-<first host label>-auth-token`. */
export function authStorageKey(url: string): string {
  return `sb-${new URL(url).hostname.split('.')[0]}-auth-token`;
}
