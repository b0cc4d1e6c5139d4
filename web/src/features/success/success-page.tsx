import { PLAN } from '@shared/plan';
import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { SessionVariants } from '@/components/session-variants';
import { Spinner } from '@/components/spinner';
import { paths, signInPath } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/format-date';
import type { Subscription } from '@/lib/fetch-subscription';
import { useSubscription } from '@/lib/subscription';
import { useCountdown } from './use-countdown';

export const REDIRECT_SECONDS = 5;

/** The first step links the one official site for free reports (15 U.S.C. §1681j). */
const FREE_REPORT_STEP = (
  <>
    Get a free copy of your credit report from each bureau at{' '}
    <a
      href="https://www.annualcreditreport.com"
      target="_blank"
      rel="noopener noreferrer"
      className="font-semibold text-brand-800 underline"
    >
      AnnualCreditReport.com
      <span className="sr-only"> (opens in a new tab)</span>
    </a>{' '}
    and mark every error.
  </>
);

/** What makes the page stop counting down: the user is reading or doing something. */
const INTERACTIONS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

const QUICK_START = [
  'Open the Dispute Generator, choose the bureau and the type of error.',
  'Describe the error and list the documents that back you up.',
  'Preview the letter, download it, print it and sign it.',
  'Mail it by certified mail with return receipt and keep copies of everything.',
];

function SubscriptionDetails({
  subscription,
  waiting,
}: {
  subscription: Subscription | null;
  waiting: boolean;
}) {
  const status = subscription?.subscription_status;
  return (
    <dl className="mt-4 grid gap-3 sm:grid-cols-2">
      <div>
        <dt className="text-sm text-gray-700">Plan</dt>
        <dd className="font-semibold">{PLAN.name}</dd>
      </div>
      <div>
        <dt className="text-sm text-gray-700">Status</dt>
        <dd className="font-semibold">
          {status === 'active' ? (
            <span className="text-green-800">Active</span>
          ) : waiting ? (
            'Confirming payment...'
          ) : (
            (status ?? 'Not available')
          )}
        </dd>
      </div>
      <div>
        <dt className="text-sm text-gray-700">Next billing date</dt>
        <dd className="font-semibold">
          {subscription?.current_period_end ? formatDate(subscription.current_period_end) : '—'}
        </dd>
      </div>
      <div>
        <dt className="text-sm text-gray-700">Payment method</dt>
        <dd className="font-semibold">
          {subscription?.payment_method_brand && subscription.payment_method_last4
            ? `${subscription.payment_method_brand.toUpperCase()} ending in ${subscription.payment_method_last4}`
            : '—'}
        </dd>
      </div>
    </dl>
  );
}

/**
 * /success: "Payment Successful!" only for a returning checkout (Stripe adds its `session_id`)
 * or an active subscription. A signed-out visitor goes to sign-in (and comes back), a user
 * without a plan to /payment. `signInPage` is what the signed-out visitor will see there: the
 * page's first paint shows it to them already (components/session-variants.tsx).
 */
export function SuccessPage({ signInPage }: { signInPage: ReactNode }) {
  const { user, loading: authLoading, restoring } = useAuth();
  const { loading, isActive } = useSubscription();
  const [searchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const returningFromCheckout = searchParams.has('session_id');

  if (!user && restoring) return <SessionVariants signedOut={signInPage} restoring={<Spinner />} />;
  if (authLoading) return <Spinner />;
  if (!user) return <Navigate to={signInPath(pathname + search)} replace />;
  if (returningFromCheckout) return <PaymentConfirmed />;
  if (loading) return <Spinner label="Loading subscription details..." />;
  return isActive ? <PaymentConfirmed /> : <Navigate to={paths.payment} replace />;
}

function PaymentConfirmed() {
  const navigate = useNavigate();
  const { subscription, loading, confirming, confirmActivation } = useSubscription();
  useEffect(() => {
    void confirmActivation();
  }, [confirmActivation]);
  const { remaining, paused, pause, finishNow } = useCountdown(REDIRECT_SECONDS, () =>
    navigate(paths.tools),
  );
  useEffect(() => {
    for (const each of INTERACTIONS) window.addEventListener(each, pause, { passive: true });
    return () => {
      for (const each of INTERACTIONS) window.removeEventListener(each, pause);
    };
  }, [pause]);
  const progress = ((REDIRECT_SECONDS - remaining) / REDIRECT_SECONDS) * 100;

  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-12">
      <section className="rounded-xl border border-green-200 bg-white p-8 text-center shadow-sm">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mx-auto h-16 w-16 rounded-full bg-green-100 p-3 text-green-700"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
        >
          <path d="M5 13l4 4L19 7" />
        </svg>
        <h1 className="mt-4 text-3xl font-bold">Payment Successful!</h1>
        <p className="mt-3 text-gray-700">
          Thank you for subscribing to {PLAN.name}. Your account is ready.
        </p>
        <p className="mt-6 font-medium" aria-live="polite">
          {paused
            ? 'Take your time: continue to the Dispute Generator when you are ready.'
            : `Redirecting to the Dispute Generator in ${remaining} second${remaining === 1 ? '' : 's'}...`}
        </p>
        <div
          role="progressbar"
          aria-label="Redirect progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress)}
          className="mx-auto mt-3 h-2 max-w-md overflow-hidden rounded-full bg-gray-200"
        >
          <div
            className="h-full bg-green-600 transition-all duration-1000"
            style={{ width: `${progress}%` }}
          />
        </div>
        <button type="button" onClick={finishNow} className={buttonClasses('primary', 'mt-6')}>
          Continue Now
        </button>
      </section>

      <section
        aria-labelledby="details-heading"
        className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
      >
        <h2 id="details-heading" className="text-xl font-bold">
          Subscription Details
        </h2>
        {loading ? (
          <Spinner label="Loading subscription details..." />
        ) : (
          <SubscriptionDetails subscription={subscription} waiting={confirming} />
        )}
      </section>

      <section
        aria-labelledby="quick-start-heading"
        className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
      >
        <h2 id="quick-start-heading" className="text-xl font-bold">
          Quick-Start Guide
        </h2>
        <ol className="mt-4 list-decimal space-y-2 pl-5">
          <li>{FREE_REPORT_STEP}</li>
          {QUICK_START.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>

      <nav aria-label="Help" className="flex flex-wrap justify-center gap-4">
        <Link to={paths.faq} className={buttonClasses('secondary')}>
          Read the FAQ
        </Link>
        <Link to={paths.testimonials} className={buttonClasses('secondary')}>
          See Success Stories
        </Link>
      </nav>
    </div>
  );
}
