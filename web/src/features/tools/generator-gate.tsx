import type { MailedLetter } from '@shared/disputes';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-context';
import { displayName } from '@/features/auth/display-name';
import { useSubscription } from '@/features/subscription/subscription-context';

// The letter form and its export code stay out of every other page's download.
const DisputeGenerator = lazy(() =>
  import('@/features/dispute-generator').then((module) => ({ default: module.DisputeGenerator })),
);

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl rounded-xl border border-gray-200 bg-white p-8 text-center shadow-sm">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </section>
  );
}

interface GeneratorGateProps {
  /** Records a letter the user marked as mailed in their disputes. */
  onMailed: (userId: string, letter: MailedLetter) => Promise<unknown>;
}

/** /tools and /disputegenerator: the generator for active subscribers, a way there for everyone else. */
export function GeneratorGate({ onMailed }: GeneratorGateProps) {
  const { user, loading: authLoading } = useAuth();
  const { loading, isActive, confirming } = useSubscription();

  let content: ReactNode;
  if (!user && !authLoading) {
    content = (
      <Notice title="Sign In Required">
        <p className="mt-3 text-gray-700">Sign in to your account to use the Dispute Generator.</p>
        <Link to={paths.auth} className={buttonClasses('primary', 'mt-6')}>
          Sign In
        </Link>
      </Notice>
    );
  } else if (authLoading || loading || (confirming && !isActive)) {
    content = <Spinner label="Loading subscription details..." />;
  } else if (!isActive) {
    content = (
      <Notice title="Subscription Required">
        <p className="mt-3 text-gray-700">
          An active subscription unlocks unlimited dispute letters for all three credit bureaus.
        </p>
        <Link to={paths.payment} className={buttonClasses('primary', 'mt-6')}>
          Subscribe for $5/month
        </Link>
      </Notice>
    );
  } else {
    content = (
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
              onMailed={(letter) => onMailed(user.id, letter)}
            />
          )}
        </Suspense>
      </div>
    );
  }

  return <div className="mx-auto max-w-5xl px-4 py-10">{content}</div>;
}
