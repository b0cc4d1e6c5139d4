import type { Session, User } from '@supabase/auth-js';
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { getSupabase } from '@/lib/supabase';

export interface AuthState {
  user: User | null;
  session: Session | null;
  /** True while the session is being restored and during sign-in, sign-up and sign-out. */
  loading: boolean;
  signIn(email: string, password: string): Promise<void>;
  signUp(name: string, email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    void getSupabase().then(async (supabase) => {
      if (cancelled) return;
      // Every auth event (sign-in, sign-out, refresh, user update...) replaces the session.
      const { data } = supabase.auth.onAuthStateChange((_event, next) => setSession(next));
      unsubscribe = () => data.subscription.unsubscribe();
      const { data: restored } = await supabase.auth.getSession();
      if (!cancelled) {
        setSession(restored.session);
        setLoading(false);
      }
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);

  const withLoading = useCallback(async (action: () => Promise<void>) => {
    setLoading(true);
    try {
      await action();
    } finally {
      setLoading(false);
    }
  }, []);

  const signIn = useCallback(
    (email: string, password: string) =>
      withLoading(async () => {
        const supabase = await getSupabase();
        const { data, error } = await supabase.auth.signInWithPassword({ email, password });
        if (error) throw error;
        setSession(data.session);
      }),
    [withLoading],
  );

  const signUp = useCallback(
    (name: string, email: string, password: string) =>
      withLoading(async () => {
        const supabase = await getSupabase();
        const { data, error } = await supabase.auth.signUp({
          email,
          password,
          options: { data: { name: name.trim() || email.split('@')[0] } },
        });
        if (error) throw error;
        setSession(data.session);
      }),
    [withLoading],
  );

  const signOut = useCallback(
    () =>
      withLoading(async () => {
        const supabase = await getSupabase();
        const { error } = await supabase.auth.signOut();
        if (error) {
          console.error('Logout error:', error);
          throw error;
        }
        setSession(null);
      }),
    [withLoading],
  );

  const value = useMemo<AuthState>(
    () => ({ user: session?.user ?? null, session, loading, signIn, signUp, signOut }),
    [session, loading, signIn, signUp, signOut],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const state = use(AuthContext);
  if (!state) throw new Error('useAuth() needs an <AuthProvider>');
  return state;
}
