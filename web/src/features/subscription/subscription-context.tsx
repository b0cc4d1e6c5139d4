import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useAuth } from '@/features/auth/auth-context';
import { fetchSubscription, isActiveSubscription, type Subscription } from './fetch-subscription';

export interface SubscriptionState {
  subscription: Subscription | null;
  loading: boolean;
  isActive: boolean;
  /** Re-reads the view without showing the loading state; resolves to the fresh row. */
  refresh(): Promise<Subscription | null>;
}

const SubscriptionContext = createContext<SubscriptionState | null>(null);

async function readSubscriptionOrNone(): Promise<Subscription | null> {
  try {
    return await fetchSubscription();
  } catch (error) {
    console.error('Error fetching subscription:', error);
    return null;
  }
}

export function SubscriptionProvider({ children }: { children: ReactNode }) {
  const { user, loading: authLoading } = useAuth();
  const userId = user?.id ?? null;
  const [loaded, setLoaded] = useState<{ userId: string; row: Subscription | null } | null>(null);
  // Answers for a user who has since signed out (or switched) are dropped.
  const currentUser = useRef<string | null>(null);

  useEffect(() => {
    currentUser.current = userId;
    if (!userId) {
      setLoaded(null);
      return;
    }
    void readSubscriptionOrNone().then((row) => {
      if (currentUser.current === userId) setLoaded({ userId, row });
    });
  }, [userId]);

  const refresh = useCallback(async () => {
    const requestedFor = currentUser.current;
    if (!requestedFor) return null;
    const row = await readSubscriptionOrNone();
    if (currentUser.current === requestedFor) setLoaded({ userId: requestedFor, row });
    return row;
  }, []);

  const subscription = userId && loaded?.userId === userId ? loaded.row : null;
  const loading = userId ? loaded?.userId !== userId : authLoading;
  const value = useMemo<SubscriptionState>(
    () => ({ subscription, loading, isActive: isActiveSubscription(subscription), refresh }),
    [subscription, loading, refresh],
  );
  return <SubscriptionContext value={value}>{children}</SubscriptionContext>;
}

export function useSubscription(): SubscriptionState {
  const state = use(SubscriptionContext);
  if (!state) throw new Error('useSubscription() needs a <SubscriptionProvider>');
  return state;
}
