import type { SubscriptionRow } from '@shared/subscription-row';
import { getSupabase } from '@/lib/supabase';

/** One row of the per-user `stripe_user_subscriptions` view, as the rest Lambda serves it. */
export type Subscription = SubscriptionRow;

/** The signed-in user's subscription, or null when there is none; any error is thrown. */
export async function fetchSubscription(): Promise<Subscription | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('stripe_user_subscriptions')
    .select('*')
    .maybeSingle<Subscription>();
  if (error) throw error;
  return data;
}

/** Only 'active' unlocks the generator. */
export function isActiveSubscription(subscription: Subscription | null): boolean {
  return subscription?.subscription_status === 'active';
}
