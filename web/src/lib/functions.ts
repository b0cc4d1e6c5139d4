import { getSupabase } from './supabase';

export class MissingAccessTokenError extends Error {
  constructor() {
    super('No authentication token found');
  }
}

export interface FunctionResponse {
  ok: boolean;
  status: number;
  body: Record<string, unknown>;
}

/** POSTs JSON to one of the backend functions as the signed-in user (a 401 ends the session). */
export async function postFunction(name: string, payload: unknown): Promise<FunctionResponse> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new MissingAccessTokenError();
  const response = await supabase.fetch(`${supabase.config.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      apikey: supabase.config.publishableKey,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(payload),
  });
  const body: unknown = await response.json().catch(() => ({}));
  return {
    ok: response.ok,
    status: response.status,
    body: typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {},
  };
}
