import { getSupabase } from '@/lib/supabase';

/** One row of the per-user `stripe_user_subscriptions` view. */
export interface Subscription {
  customer_id: string | null;
  subscription_id: string | null;
  subscription_status: string | null;
  price_id: string | null;
  current_period_start: number | null;
  /** Unix seconds. */
  current_period_end: number | null;
  cancel_at_period_end: boolean | null;
  payment_method_brand: string | null;
  payment_method_last4: string | null;
}

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
