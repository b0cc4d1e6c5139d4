import type { ReactNode } from 'react';
import { useAuth } from '@/lib/auth';

interface SessionVariantsProps {
  /** What a visitor without a session sees. */
  signedOut: ReactNode;
  /** What shows while a stored session is restored. */
  restoring: ReactNode;
}

/**
 * Whether a page shows its signed-out view (through `SessionVariants`): no user, and none on
 * the way, or the session is still being restored at start.
 */
export function useSignedOutView(): boolean {
  const { user, loading, restoring } = useAuth();
  return !user && (restoring || !loading);
}

/**
 * A page's signed-out view. While the app restores the session at start (`restoring` of
 * useAuth), its loading view is rendered beside it, prerendered HTML included, and the
 * stylesheet shows the one the page's inline session hint chose for this browser
 * (shared/session-hint.ts): a signed-out visitor's first paint is already their page, without
 * waiting for the app, and a returning user's is the loading state, never a "Sign In" that
 * flips. Once the session is known, the signed-out view stays as it was painted (same nodes).
 */
export function SessionVariants({ signedOut, restoring }: SessionVariantsProps) {
  const { restoring: pending } = useAuth();
  return (
    <>
      <div key="signed-out" data-when={pending ? 'signed-out' : undefined} className="contents">
        {signedOut}
      </div>
      {pending && (
        <div key="restoring" data-when="restoring" className="contents">
          {restoring}
        </div>
      )}
    </>
  );
}
