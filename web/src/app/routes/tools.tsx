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

// The letter form and its export code stay out of every other page's download.
const DisputeGenerator = lazy(() =>
  import('@/features/dispute-generator').then((module) => ({ default: module.DisputeGenerator })),
);

function SignInRequired() {
  return (
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
      <p>Sign in to your account to use the Dispute Generator.</p>
    </EmptyState>
  );
}

/** /tools and /disputegenerator: the generator for active subscribers, a way there for everyone else. */
export function GeneratorGate() {
  const { user, loading: authLoading } = useAuth();
  const { loading, isActive, confirming } = useSubscription();
  const signedOutView = useSignedOutView();
  const loadingView = <Spinner label="Loading subscription details..." />;

  if (signedOutView)
    return <SessionVariants signedOut={<SignInRequired />} restoring={loadingView} />;
  if (authLoading || loading || (confirming && !isActive)) return loadingView;
  if (!isActive)
    return (
      <EmptyState
        icon="card"
        title="Subscription Required"
        actions={
          <>
            <Link to={paths.payment} className={buttonClasses('primary')}>
              Subscribe for $5/month
            </Link>
            <Link to={paths.faq} className={buttonClasses('tertiary')}>
              Read the FAQ
            </Link>
          </>
        }
      >
        <p>
          An active subscription unlocks unlimited dispute letters for all three credit bureaus.
        </p>
      </EmptyState>
    );
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="space-y-6">
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h1 className="text-3xl font-bold">Dispute Letter Generator</h1>
          <p className="rounded-full bg-green-100 px-4 py-1 text-sm font-semibold text-green-900">
            Active Subscription - Unlimited Access
          </p>
        </div>
        <Suspense fallback={<Spinner />}>
          {user && (
            <DisputeGenerator
              key={user.id}
              userId={user.id}
              accountName={displayName(user)}
              onMailed={(letter) => recordMailedLetter(user.id, letter)}
            />
          )}
        </Suspense>
      </div>
    </div>
  );
}

export default function ToolsRoute() {
  return (
    <>
      <PageTitle title="Dispute Generator" />
      <GeneratorGate />
    </>
  );
}
