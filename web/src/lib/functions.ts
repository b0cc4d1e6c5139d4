import { getSupabase } from './supabase';

export class MissingAccessTokenError extends Error {
  constructor() {
    super('No authentication token found');
  }
}

/** The backend's 503 `payments_not_configured`: the operator has not set the Stripe secrets yet. */
export class PaymentsNotConfiguredError extends Error {
  constructor() {
    super('Payments are not set up on this site yet. Please try again later or contact support.');
  }
}

export interface FunctionResponse {
  ok: boolean;
  status: number;
  body: Record<string, unknown>;
}

/**
 * Calls one of the backend functions as the signed-in user, with a JSON body when given (a 401
 * ends the session). Payments not set up yet is thrown as `PaymentsNotConfiguredError`,
 * whichever payment function answered it.
 */
export async function callFunction(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  name: string,
  payload?: unknown,
): Promise<FunctionResponse> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new MissingAccessTokenError();
  const response = await supabase.fetch(`${supabase.config.url}/functions/v1/${name}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      apikey: supabase.config.publishableKey,
      ...(payload !== undefined && { 'Content-Type': 'application/json' }),
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const body: unknown = await response.json().catch(() => ({}));
  if ((body as { code?: unknown } | null)?.code === 'payments_not_configured')
    throw new PaymentsNotConfiguredError();
  return {
    ok: response.ok,
    status: response.status,
    body: typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {},
  };
}

/** POSTs JSON to one of the backend functions as the signed-in user. */
export function postFunction(name: string, payload: unknown): Promise<FunctionResponse> {
  return callFunction('POST', name, payload);
}
