// The app-wide session (auth-js); app/routes/auth.tsx is only the /auth page, named by its path.
import type { Session, User } from '@supabase/auth-js';
import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { paths } from '@/config/paths';
import {
  getSupabase,
  mayHaveSession,
  sessionStorageKey,
  type SupabaseClient,
} from '@/lib/supabase';

export type SignUpOutcome = 'signed-in' | 'confirmation-sent';

export interface AuthState {
  user: User | null;
  session: Session | null;
  /** True while the session is being restored and during sign-in, sign-up and sign-out. */
  loading: boolean;
  /**
   * True only at start, until the stored session is restored or found absent (prerendered
   * pages render this state: components/session-variants.tsx).
   */
  restoring: boolean;
  /** True from the client's PASSWORD_RECOVERY event (an e-mailed reset link) until the next auth event. */
  passwordRecovery: boolean;
  /**
   * True once the server refused the session (a 401: signed out elsewhere, revoked): the user
   * is then signed out on this device too. Cleared by the next sign-in.
   */
  sessionEnded: boolean;
  signIn(email: string, password: string): Promise<void>;
  /** 'confirmation-sent' when the server asks the user to confirm their e-mail first (no session). */
  signUp(name: string, email: string, password: string): Promise<SignUpOutcome>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  const [restoring, setRestoring] = useState(true);
  const [passwordRecovery, setPasswordRecovery] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);
  const connection = useRef<Promise<SupabaseClient> | null>(null);
  const unsubscribe = useRef<(() => void) | null>(null);
  // Bumped on unmount: a connection finishing for an unmounted provider cleans up after itself.
  const generation = useRef(0);
  // True until the stored session is restored or found absent.
  const starting = useRef(true);

  /**
   * The start is over: the restored session (or none) and the end of `restoring` in ONE update.
   * Two transitions may commit in either order (React gives each its own lane, cycling): the
   * end of `restoring` committed alone would show a returning user "Sign In" for a moment.
   */
  const settleStart = useCallback((restored: Session | null | undefined) => {
    starting.current = false;
    if (restored !== undefined) setSession(restored);
    setLoading(false);
    setRestoring(false);
  }, []);

  /** Loads the client (once) and follows its auth events: every event replaces the session. */
  const connect = useCallback(() => {
    const current = generation.current;
    // The session found in storage at start (auth-js's SIGNED_IN, INITIAL_SESSION, then
    // getSession) re-renders the whole page: in slices, like the rest of the start. React
    // applies any urgent update made meanwhile (a sign-in) on top of it.
    const applyRestored = (update: () => void) =>
      starting.current ? startTransition(update) : update();
    connection.current ??= getSupabase().then(async (supabase) => {
      const { data } = supabase.auth.onAuthStateChange((event, next) => {
        if (generation.current !== current) return;
        applyRestored(() => {
          setSession(next);
          setPasswordRecovery(event === 'PASSWORD_RECOVERY');
          if (next) setSessionEnded(false);
        });
      });
      // The server refused the session: forget it here at once, then clear it from storage.
      const stopSessionEnded = supabase.onSessionEnded(() => {
        if (generation.current !== current) return;
        setSession(null);
        setSessionEnded(true);
        void supabase.auth.signOut({ scope: 'local' });
      });
      const stop = () => {
        data.subscription.unsubscribe();
        stopSessionEnded();
      };
      if (generation.current !== current) {
        stop();
        return supabase;
      }
      unsubscribe.current = stop;
      const { data: restored } = await supabase.auth.getSession();
      if (generation.current === current) {
        if (starting.current) startTransition(() => settleStart(restored.session));
        else setSession(restored.session);
      }
      return supabase;
    });
    return connection.current;
  }, [settleStart]);

  useEffect(() => {
    // Restore the session at start, unless this browser cannot have one.
    // What the page shows once the session is known, rendered in slices (it replaces a page
    // already on screen, its loading state or its signed-out view as prerendered).
    // Without a restored session (none stored, or the client failed to load), the session stays.
    const current = generation.current;
    const restored = () => {
      if (generation.current === current && starting.current)
        startTransition(() => settleStart(undefined));
    };
    if (mayHaveSession()) void connect().finally(restored);
    else restored();
    // Signed in from another tab: pick it up.
    const onStorage = (event: StorageEvent) => {
      if (event.key === sessionStorageKey()) void connect();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
      generation.current += 1;
      unsubscribe.current?.();
      unsubscribe.current = null;
      connection.current = null;
    };
  }, [connect, settleStart]);

  const withLoading = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    setLoading(true);
    try {
      return await action();
    } finally {
      setLoading(false);
    }
  }, []);

  const signIn = useCallback(
    (email: string, password: string) =>
      withLoading(async () => {
        const supabase = await connect();
        const { data, error } = await supabase.auth.signInWithPassword({ email, password });
        if (error) throw error;
        setSession(data.session);
      }),
    [withLoading, connect],
  );

  const signUp = useCallback(
    (name: string, email: string, password: string) =>
      withLoading(async () => {
        const supabase = await connect();
        const { data, error } = await supabase.auth.signUp({
          email,
          password,
          options: {
            data: { name: name.trim() || email.split('@')[0] },
            // With confirmation on, the e-mailed link signs the user in on the payment page.
            emailRedirectTo: `${window.location.origin}${paths.payment}`,
          },
        });
        if (error) throw error;
        setSession(data.session);
        return data.session ? 'signed-in' : 'confirmation-sent';
      }),
    [withLoading, connect],
  );

  const signOut = useCallback(
    () =>
      withLoading(async () => {
        const supabase = await connect();
        const { error } = await supabase.auth.signOut();
        if (error) {
          console.error('Logout error:', error);
          throw error;
        }
        setSession(null);
      }),
    [withLoading, connect],
  );

  const value = useMemo<AuthState>(
    () => ({
      user: session?.user ?? null,
      session,
      loading,
      restoring,
      passwordRecovery,
      sessionEnded,
      signIn,
      signUp,
      signOut,
    }),
    [session, loading, restoring, passwordRecovery, sessionEnded, signIn, signUp, signOut],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const state = use(AuthContext);
  if (!state) throw new Error('useAuth() needs an <AuthProvider>');
  return state;
}
