import { useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useSubscription } from '@/lib/subscription';

/** A `?next=` path of this site only: never another origin (`//host`, `/\host`) or a scheme. */
export function returnPathFrom(next: string | null): string | null {
  return next && /^\/(?![/\\])/.test(next) ? next : null;
}

/**
 * Where a signed-in visitor goes from the auth pages: the `?next=` path they were sent from,
 * else the generator if subscribed, else the payment page. Null until the subscription
 * provider has read the new user's row (the one read, not a second one).
 */
export function useDestinationAfterSignIn(): string | null {
  const { user } = useAuth();
  const { loading, isActive } = useSubscription();
  const [searchParams] = useSearchParams();
  if (!user || loading) return null;
  return returnPathFrom(searchParams.get('next')) ?? (isActive ? paths.tools : paths.payment);
}
