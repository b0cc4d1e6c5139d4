import type { MailedLetter } from '@shared/disputes';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { EmptyState } from '@/components/empty-state';
import { PageTitle } from '@/components/page-title';
import { SessionVariants, useSignedOutView } from '@/components/session-variants';
import { Spinner } from '@/components/spinner';
import { paths, signUpPath } from '@/config/paths';
import { displayName } from '@/features/auth/display-name';
import { recordMailedLetter } from '@/features/disputes/lib/record-mailed-letter';
import { useAuth } from '@/lib/auth';
import { useSubscription } from '@/lib/subscription';

const CheckupWalk = lazy(() =>
  import('@/features/checkup').then((module) => ({ default: module.CheckupWalk })),
);

/** The checkup's letters, marked mailed together: Round 1 of a dispute each, in My Disputes. */
async function recordRound(userId: string, letters: readonly MailedLetter[]): Promise<void> {
  for (const letter of letters) await recordMailedLetter(userId, letter);
}

function CheckupGate() {
  const { user, loading: authLoading } = useAuth();
  const { loading, isActive, confirming } = useSubscription();
  const signedOutView = useSignedOutView();
  const loadingView = <Spinner label="Loading subscription details..." />;
  if (signedOutView)
    return (
      <SessionVariants
        signedOut={
          <EmptyState
            icon="lock"
            title="Sign In Required"
            actions={
              <>
                <Link to={paths.auth} className={buttonClasses('primary')}>
                  Sign In
                </Link>
                <Link to={signUpPath} className={buttonClasses('tertiary')}>
                  Create Account
                </Link>
              </>
            }
          >
            <p>Sign in to your account to use the Report Checkup.</p>
          </EmptyState>
        }
        restoring={loadingView}
      />
    );
  if (authLoading || loading || (confirming && !isActive)) return loadingView;
  if (!isActive)
    return (
      <EmptyState
        icon="card"
        title="Subscription Required"
        actions={
          <Link to={paths.payment} className={buttonClasses('primary')}>
            Subscribe for $5/month
          </Link>
        }
      >
        <p>An active subscription unlocks the Report Checkup and unlimited dispute letters.</p>
      </EmptyState>
    );
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Report Checkup</h1>
      <Suspense fallback={<Spinner />}>
        {user && (
          <CheckupWalk
            key={user.id}
            userId={user.id}
            accountName={displayName(user)}
            onMailed={(letters) => recordRound(user.id, letters)}
          />
        )}
      </Suspense>
    </div>
  );
}

export default function CheckupRoute() {
  return (
    <>
      <PageTitle title="Report Checkup" />
      <CheckupGate />
    </>
  );
}
