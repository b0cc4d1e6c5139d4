import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { startTransition, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteDisputesDatabase } from '@/lib/device-store/disputes-db';
import { getSupabase, sessionStorageKey } from '@/lib/supabase';
import { createFakeSupabase, makeSession, makeSubscription } from '@/testing/fake-supabase';
import { renderApp } from '@/testing/render-app';

vi.mock('@/lib/supabase');
// The tools' own code is not what is tested here: only the gates around them.
vi.mock('@/features/dispute-generator', () => ({ DisputeGenerator: () => <p>letter form</p> }));
vi.mock('@/features/checkup', () => ({ CheckupWalk: () => <p>checkup walk</p> }));

afterEach(() => vi.clearAllMocks());

describe('auth state', () => {
  it('restores a stored session at start', async () => {
    const fake = createFakeSupabase({ session: makeSession() });
    renderApp('/faq', fake);
    expect(await screen.findByRole('button', { name: /Jane Doe/ })).toBeInTheDocument();
    expect(fake.auth.getSession).toHaveBeenCalled();
  });

  it('does not download the client for a visitor who cannot be signed in', async () => {
    // Effects of the previous test flush when it unmounts, after the afterEach mock reset.
    vi.mocked(getSupabase).mockClear();
    renderApp('/', createFakeSupabase());
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(getSupabase).not.toHaveBeenCalled();
  });

  it('picks up a sign-in made in another tab', async () => {
    vi.mocked(sessionStorageKey).mockReturnValue('sb-test-auth-token');
    const fake = createFakeSupabase();
    renderApp('/faq', fake);
    await screen.findByRole('link', { name: 'Sign In' });
    fake.emit('SIGNED_IN', makeSession());
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'sb-test-auth-token' }));
    });
    expect(await screen.findByRole('button', { name: /Jane Doe/ })).toBeInTheDocument();
    await waitFor(() => expect(fake.auth.onAuthStateChange).toHaveBeenCalledTimes(1));
  });
});

/**
 * React gives each transition the next of its transition lanes, in a cycle, and renders the
 * lowest pending lane first: a transition made just after the cycle wraps renders BEFORE one
 * made just before it. Two updates the app makes in two transitions can therefore commit in
 * either order, depending on how many transitions came before: a restore shown right on one run
 * may flash "Sign In Required" on another. This probe finds the wrap, so the test can then
 * place the app's restore at every position of the cycle in turn, without depending on timing.
 */
let probe: { first(n: number): void; second(n: number): void; renders: [number, number][] };
function LaneProbe() {
  const [first, setFirst] = useState(0);
  const [second, setSecond] = useState(0);
  probe.first = setFirst;
  probe.second = setSecond;
  probe.renders.push([first, second]);
  // On screen, so that waitFor sees each render at once.
  return <output>{`${first} ${second}`}</output>;
}

/** A transition on the probe in an event of its own (React's microtask has run since). */
async function probeTransition(update: () => void) {
  startTransition(update);
  await Promise.resolve();
  await Promise.resolve();
}

/** Advances React's transition lanes until the wrap is seen: the next transition is the cycle's second. */
async function findLaneWrap() {
  for (let attempt = 1; attempt <= 64; attempt += 1) {
    // Three lanes an attempt: the pair straddles the wrap at some attempt, whatever the count.
    await probeTransition(() => probe.first(-attempt));
    probe.renders = [];
    await probeTransition(() => probe.first(attempt));
    await probeTransition(() => probe.second(attempt));
    await waitFor(() => expect(probe.renders.at(-1)).toEqual([attempt, attempt]));
    if (probe.renders.some(([first, second]) => first !== attempt && second === attempt)) return;
  }
  throw new Error('React renders transitions in order: no wrap of its lanes seen');
}

interface Deferred {
  promise: Promise<void>;
  release(): void;
}
function deferred(): Deferred {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('a stored session restored at start (issue 41)', () => {
  beforeEach(() => {
    // The browser's own scheduling, as on a phone: no act() batching the updates together.
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', false);
    probe = { first: () => {}, second: () => {}, renders: [] };
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await deleteDisputesDatabase('user-1');
  });

  // The page's loading state while it restores, and (the gates) while the plan is read.
  it.each([
    ['/tools', 'Loading subscription details...', 'letter form', true],
    ['/checkup', 'Loading subscription details...', 'checkup walk', true],
    ['/disputes', 'Loading...', 'No disputes yet', false],
  ])(
    'never shows "Sign In Required" on %s while it restores, only its loading state, then the page',
    async (path, loadingLabel, page, gated) => {
      const flashes: string[] = [];
      const probeView = render(<LaneProbe />);
      // Every position of the restore in React's cycle of transition lanes (12 ≥ its 10).
      for (let position = 0; position < 12; position += 1) {
        await findLaneWrap();
        for (let step = 0; step < position; step += 1)
          await probeTransition(() => probe.first(-step));

        const fake = createFakeSupabase({
          session: makeSession(),
          subscription: makeSubscription(),
        });
        const stored = fake.auth.getSession.getMockImplementation()!;
        const session = deferred();
        fake.auth.getSession.mockImplementation(async () => {
          await session.promise;
          return stored();
        });
        const subscription = deferred();
        const answer = fake.maybeSingle.getMockImplementation()!;
        fake.maybeSingle.mockImplementation(async () => {
          await subscription.promise;
          return answer();
        });
        let signInShown = false;
        // Outside the signed-out variant (which the page's session hint hides), it is on screen.
        const observer = new MutationObserver(() => {
          for (const heading of document.querySelectorAll('h1, h2'))
            if (
              heading.textContent === 'Sign In Required' &&
              !heading.closest('[data-when="signed-out"]')
            )
              signInShown = true;
        });
        observer.observe(document.body, {
          childList: true,
          subtree: true,
          characterData: true,
          attributes: true,
        });

        const view = renderApp(path, fake);
        const main = () => within(screen.getByRole('main'));
        // The page is there, restoring: its loading state is what the stylesheet shows.
        await waitFor(() =>
          expect(main().getByText(loadingLabel).closest('[data-when="restoring"]')).not.toBeNull(),
        );
        session.release();
        // Restored (its signed-out variant is gone); a gate still reads the plan.
        await waitFor(() => expect(main().queryByText('Sign In Required')).toBeNull());
        if (gated) expect(main().getByRole('status')).toHaveTextContent(loadingLabel);
        subscription.release();
        expect(await main().findByText(page)).toBeInTheDocument();
        observer.disconnect();
        if (signInShown) flashes.push(`position ${position}`);
        view.unmount();
      }
      probeView.unmount();
      expect(flashes).toEqual([]);
    },
  );
});
