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
import { useAuth } from '@/lib/auth';
import { fetchSubscription, isActiveSubscription, type Subscription } from './fetch-subscription';

export interface SubscriptionState {
  subscription: Subscription | null;
  loading: boolean;
  isActive: boolean;
  /** True while `confirmActivation` is re-reading the view after a checkout. */
  confirming: boolean;
  /**
   * Right after checkout the webhook may not have landed yet: re-reads the view every second
   * (at most POLL_ATTEMPTS times) until the subscription is active or settled, instead of
   * showing a stale status. Keeps going when the page that started it is left.
   */
  confirmActivation(): Promise<void>;
}

export const POLL_INTERVAL_MS = 1000;
export const POLL_ATTEMPTS = 10;

/** Statuses that mean "the payment has not been recorded yet", as opposed to a settled state. */
function isPending(row: Subscription | null): boolean {
  const status = row?.subscription_status;
  return !status || status === 'not_started' || status === 'incomplete';
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  // Answers for a user who has since signed out (or switched) are dropped. Kept current during
  // render so that children's effects (which run before this provider's) already see the user.
  const currentUser = useRef<string | null>(null);
  currentUser.current = userId;

  useEffect(() => {
    if (!userId) {
      setLoaded(null);
      return;
    }
    void readSubscriptionOrNone().then((row) => {
      // What it unlocks (the generator, My Disputes) is a large render: in slices, not one task.
      if (currentUser.current === userId) startTransition(() => setLoaded({ userId, row }));
    });
  }, [userId]);

  const [confirming, setConfirming] = useState(false);
  const confirmation = useRef<Promise<void> | null>(null);

  const confirmActivation = useCallback(() => {
    const requestedFor = currentUser.current;
    if (!requestedFor) return Promise.resolve();
    confirmation.current ??= (async () => {
      setConfirming(true);
      try {
        for (let attempt = 1; attempt <= POLL_ATTEMPTS; attempt += 1) {
          const row = await readSubscriptionOrNone();
          if (currentUser.current !== requestedFor) return;
          setLoaded({ userId: requestedFor, row });
          if (!isPending(row) || attempt === POLL_ATTEMPTS) return;
          await delay(POLL_INTERVAL_MS);
        }
      } finally {
        confirmation.current = null;
        setConfirming(false);
      }
    })();
    return confirmation.current;
  }, []);

  const subscription = userId && loaded?.userId === userId ? loaded.row : null;
  const loading = userId ? loaded?.userId !== userId : authLoading;
  const value = useMemo<SubscriptionState>(
    () => ({
      subscription,
      loading,
      isActive: isActiveSubscription(subscription),
      confirming,
      confirmActivation,
    }),
    [subscription, loading, confirming, confirmActivation],
  );
  return <SubscriptionContext value={value}>{children}</SubscriptionContext>;
}

export function useSubscription(): SubscriptionState {
  const state = use(SubscriptionContext);
  if (!state) throw new Error('useSubscription() needs a <SubscriptionProvider>');
  return state;
}
