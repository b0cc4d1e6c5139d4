import { paths } from '@/config/paths';
import {
  fetchSubscription,
  isActiveSubscription,
} from '@/features/subscription/fetch-subscription';

/** Where a freshly signed-in user goes: the generator if subscribed, else the payment page. */
export async function destinationAfterSignIn(): Promise<string> {
  try {
    return isActiveSubscription(await fetchSubscription()) ? paths.tools : paths.payment;
  } catch (error) {
    console.error('Error fetching subscription:', error);
    return paths.payment;
  }
}
