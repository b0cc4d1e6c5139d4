import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSupabase } from '@/lib/supabase';
import { createFakeSupabase, makeSession } from '@/testing/fake-supabase';
import { createCheckoutSession } from './create-checkout-session';

vi.mock('@/lib/supabase');

const request = {
  priceId: 'price_1',
  mode: 'subscription' as const,
  successUrl: 'https://site/success',
  cancelUrl: 'https://site/payment',
};

function signedIn(session = makeSession() as ReturnType<typeof makeSession> | null) {
  vi.mocked(getSupabase).mockResolvedValue(createFakeSupabase({ session }).client);
}

afterEach(() => vi.unstubAllGlobals());

describe('createCheckoutSession', () => {
  it("fails with 'No authentication token found' without a session, before any request", async () => {
    signedIn(null);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(createCheckoutSession(request)).rejects.toThrow('No authentication token found');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("throws the response's error field on a non-OK answer", async () => {
    signedIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'Invalid price' }, { status: 400 })),
    );
    await expect(createCheckoutSession(request)).rejects.toThrow('Invalid price');
  });

  it("throws 'Failed to create checkout session' for a non-OK answer without error, or no URL", async () => {
    signedIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502 })),
    );
    await expect(createCheckoutSession(request)).rejects.toThrow(
      'Failed to create checkout session',
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ sessionId: 'cs_1' })),
    );
    await expect(createCheckoutSession(request)).rejects.toThrow(
      'Failed to create checkout session',
    );
  });

  it('resolves to the hosted checkout URL', async () => {
    signedIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ sessionId: 'cs_1', url: 'https://pay/cs_1' })),
    );
    await expect(createCheckoutSession(request)).resolves.toEqual({ url: 'https://pay/cs_1' });
  });
});
