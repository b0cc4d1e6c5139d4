import { paths } from '@/config/paths';
import { postFunction } from '@/lib/functions';
import { redirectTo } from '@/lib/navigation';

/** Sends the browser to the Stripe billing portal (update card, cancel), back to /tools after. */
export async function openBillingPortal(): Promise<void> {
  const response = await postFunction('billing-portal', {
    return_url: window.location.origin + paths.tools,
  });
  const { error, url } = response.body;
  if (!response.ok || typeof url !== 'string' || !url)
    throw new Error(
      typeof error === 'string' && error ? error : 'Failed to open the billing portal',
    );
  redirectTo(url);
}
