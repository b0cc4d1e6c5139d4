import { Suspense, useState } from 'react';
import { Header } from '@/components/header';
import { Layout } from '@/components/layout';
import { SessionVariants, useSignedOutView } from '@/components/session-variants';
import { useAuth } from '@/lib/auth';
import { lazyComponent, useSignedInViewCode } from '@/lib/lazy-component';
import { SignedOutActions } from '@/features/auth/signed-out-actions';

// Only for signed-in users: nothing of the account menu or My Disputes is in a visitor's download.
const SignedInAccount = lazyComponent(() => import('./signed-in-account'));
const OverdueIndicator = lazyComponent(
  () => import('@/features/disputes/components/overdue-indicator'),
);

/** The layout route: header with the account area, then the page. */
export function RootRoute() {
  const { user } = useAuth();
  const signedOutView = useSignedOutView();
  const [overdue, setOverdue] = useState(0);

  // The account area's code loads while a stored session is restored; until it is there, the
  // header shows no account area (rather than a suspense fallback, which holds the page back).
  const accountReady = useSignedInViewCode(SignedInAccount);
  const indicatorReady = useSignedInViewCode(OverdueIndicator);

  const account = user ? (
    accountReady && (
      <Suspense fallback={null}>
        <SignedInAccount user={user} />
      </Suspense>
    )
  ) : signedOutView ? (
    // While a stored session is restored, no "Sign In" flashes up.
    <SessionVariants signedOut={<SignedOutActions />} restoring={null} />
  ) : null;

  return (
    <Layout
      header={
        <>
          <Header signedIn={Boolean(user)} account={account} overdueCount={user ? overdue : 0} />
          {user && indicatorReady && (
            <Suspense fallback={null}>
              <OverdueIndicator userId={user.id} onCount={setOverdue} />
            </Suspense>
          )}
        </>
      }
    />
  );
}
