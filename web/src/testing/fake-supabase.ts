import type { AuthChangeEvent, Session, User } from '@supabase/auth-js';
import { vi } from 'vitest';
import type { SupabaseClient } from '@/lib/supabase';
import type { Subscription } from '@/lib/fetch-subscription';

export const TEST_CONFIG = { url: 'http://api.test', publishableKey: 'sb_publishable_test' };

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    aud: 'authenticated',
    email: 'jane.doe@example.com',
    app_metadata: {},
    user_metadata: { name: 'Jane Doe' },
    created_at: '2024-01-01T00:00:00Z',
    ...overrides,
  } as User;
}

export function makeSession(user: User = makeUser()): Session {
  return {
    access_token: 'access-token-1',
    refresh_token: 'refresh-token-1',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user,
  };
}

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    customer_id: 'cus_1',
    subscription_id: 'sub_1',
    subscription_status: 'active',
    price_id: 'price_credit_dispute_letters_monthly',
    current_period_start: 1_767_225_600,
    current_period_end: 1_769_904_000, // February 1, 2026 00:00 UTC
    cancel_at_period_end: false,
    payment_method_brand: 'visa',
    payment_method_last4: '4242',
    ...overrides,
  };
}

type SubscriptionAnswer = { data: Subscription | null; error: Error | null };

/**
 * Stands in for the configured client at the `@/lib/supabase` module boundary. Every method
 * is a spy; `subscriptionAnswers` are served in order (the last one repeats).
 */
export function createFakeSupabase(
  options: { session?: Session | null; subscription?: Subscription | null | Error } = {},
) {
  let session = options.session ?? null;
  const listeners = new Set<(event: AuthChangeEvent, session: Session | null) => void>();
  const first = options.subscription ?? null;
  const subscriptionAnswers: SubscriptionAnswer[] = [
    first instanceof Error ? { data: null, error: first } : { data: first, error: null },
  ];

  const emit = (event: AuthChangeEvent, next: Session | null) => {
    session = next;
    listeners.forEach((listener) => listener(event, next));
  };

  const maybeSingle = vi.fn(async () =>
    subscriptionAnswers.length > 1 ? subscriptionAnswers.shift()! : subscriptionAnswers[0]!,
  );
  const select = vi.fn(() => ({ maybeSingle }));
  const from = vi.fn(() => ({ select }));

  const auth = {
    getSession: vi.fn(async () => ({ data: { session }, error: null })),
    onAuthStateChange: vi.fn((listener: (event: AuthChangeEvent, s: Session | null) => void) => {
      listeners.add(listener);
      return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } };
    }),
    signInWithPassword: vi.fn(async (_credentials: { email: string; password: string }) => {
      const next = makeSession();
      emit('SIGNED_IN', next);
      return { data: { session: next, user: next.user }, error: null as Error | null };
    }),
    signUp: vi.fn(
      async (credentials: { email: string; password: string; options?: { data?: object } }) => {
        const next = makeSession(
          makeUser({ email: credentials.email, user_metadata: { ...credentials.options?.data } }),
        );
        emit('SIGNED_IN', next);
        return { data: { session: next, user: next.user }, error: null as Error | null };
      },
    ),
    signOut: vi.fn(async () => {
      emit('SIGNED_OUT', null);
      return { error: null as Error | null };
    }),
    resetPasswordForEmail: vi.fn(async (_email: string, _options?: { redirectTo?: string }) => ({
      data: {},
      error: null as Error | null,
    })),
    updateUser: vi.fn(async (_attributes: { password?: string }) => {
      const user = session?.user ?? makeUser();
      if (session) emit('USER_UPDATED', { ...session, user });
      return { data: { user }, error: null as Error | null };
    }),
  };

  const sessionEndedListeners = new Set<() => void>();
  const endSession = () => sessionEndedListeners.forEach((listener) => listener());
  // Like the real client's: the call goes out as given; a 401 with a session ends the session.
  const fetchWithAuth = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await fetch(input, init);
    if (response.status === 401 && session) endSession();
    return response;
  });
  const onSessionEnded = vi.fn((listener: () => void) => {
    sessionEndedListeners.add(listener);
    return () => sessionEndedListeners.delete(listener);
  });

  const client = {
    auth,
    from,
    fetch: fetchWithAuth,
    onSessionEnded,
    config: TEST_CONFIG,
  } as unknown as SupabaseClient;
  return {
    client,
    /** What `mayHaveSession()` answers: a session was there when the page loaded. */
    hasStoredSession: Boolean(options.session),
    auth,
    from,
    maybeSingle,
    emit,
    /** What the real client does when the server answers 401 to a call made with a session. */
    endSession,
    /** Queue the answers of the next subscription reads. */
    answerSubscription(...answers: (Subscription | null | Error)[]) {
      subscriptionAnswers.splice(
        0,
        subscriptionAnswers.length,
        ...answers.map((answer) =>
          answer instanceof Error ? { data: null, error: answer } : { data: answer, error: null },
        ),
      );
    },
  };
}

export type FakeSupabase = ReturnType<typeof createFakeSupabase>;

/**
 * A fake client signed in as `user-1` (or `options.user`) with an active subscription, or
 * `options.subscription` (`null`: none; an Error: the read fails).
 */
export function signedIn(
  options: { user?: Partial<User>; subscription?: Subscription | null | Error } = {},
): FakeSupabase {
  const { user, subscription = makeSubscription() } = options;
  return createFakeSupabase({ session: makeSession(makeUser(user)), subscription });
}
