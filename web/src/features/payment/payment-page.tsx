import { ERROR_TYPE_IDS } from '@shared/letters/error-types';
import { PLAN } from '@shared/plan';
import { useState } from 'react';
import toast from '@/lib/toast';
import { Link, useNavigate } from 'react-router-dom';
import { AgreementNote } from '@/components/agreement-note';
import { buttonClasses } from '@/components/button-styles';
import { EmptyState } from '@/components/empty-state';
import { PrerenderedButton } from '@/components/form-controls';
import { SessionVariants, useSignedOutView } from '@/components/session-variants';
import { Spinner } from '@/components/spinner';
import { paths, signInPath, signUpPath } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/format-date';
import { PaymentsNotConfiguredError } from '@/lib/functions';
import { redirectTo } from '@/lib/navigation';
import { useSubscription } from '@/lib/subscription';
import { AlreadySubscribedError, createCheckoutSession } from './create-checkout-session';
import { openBillingPortal } from './open-billing-portal';
import { TrackingShowcase } from '@/components/tracking-showcase';

const FEATURES = [
  'Unlimited dispute letter generation',
  `All ${ERROR_TYPE_IDS.length} dispute types with Fair Credit Reporting Act citations`,
  'Letters for Experian, Equifax and TransUnion',
  'Bureau mailing addresses filled in for you',
  'Instant preview and download',
  'Private: letters are built in your browser',
];

const SECURITY_NOTES = [
  'Payments are processed securely by Stripe',
  'SSL encrypted checkout',
  'We never see or store your card number',
];

function SignInPrompt() {
  const navigate = useNavigate();
  return (
    <EmptyState
      icon="lock"
      title="Sign in to subscribe"
      actions={
        <>
          {/* Prerendered: it works once the page is hydrated. */}
          <PrerenderedButton
            className={buttonClasses('primary')}
            onClick={() => {
              toast.error('Please sign in to continue');
              navigate(signInPath(paths.payment));
            }}
          >
            Sign In to Continue
          </PrerenderedButton>
          <Link to={signUpPath} className={buttonClasses('tertiary')}>
            Create Account
          </Link>
        </>
      }
    >
      <p>You need an account to subscribe to {PLAN.name}. It takes less than a minute.</p>
    </EmptyState>
  );
}

/** A subscriber's /payment: the plan they have and where to manage it, never a second checkout. */
function CurrentPlan({ notice }: { notice: string | null }) {
  const { subscription } = useSubscription();
  const periodEnd = subscription?.current_period_end;
  return (
    <section className="mx-auto max-w-xl rounded-xl border border-gray-200 bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-bold">Your plan</h1>
      {notice && (
        <p role="status" className="mt-3 rounded-lg bg-brand-50 p-3 text-brand-950">
          {notice}
        </p>
      )}
      <dl className="mt-4 space-y-2">
        <div className="flex justify-between gap-4">
          <dt className="text-gray-700">Plan</dt>
          <dd className="font-semibold">
            {PLAN.name}, ${PLAN.price}/{PLAN.interval}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-gray-700">Status</dt>
          <dd className="font-semibold">
            {subscription?.subscription_status === 'active'
              ? 'Active'
              : (subscription?.subscription_status ?? 'Not available')}
          </dd>
        </div>
        {periodEnd ? (
          <div className="flex justify-between gap-4">
            <dt className="text-gray-700">
              {subscription?.cancel_at_period_end ? 'Access ends' : 'Next billing date'}
            </dt>
            <dd className="font-semibold">{formatDate(periodEnd)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to={paths.tools} className={buttonClasses('primary')}>
          Open the generator
        </Link>
        <button
          type="button"
          className={buttonClasses('secondary')}
          onClick={() =>
            void openBillingPortal().catch((error: Error) => toast.error(error.message))
          }
        >
          Manage billing
        </button>
      </div>
    </section>
  );
}

export function PaymentPage() {
  const { user, loading: authLoading } = useAuth();
  const signedOutView = useSignedOutView();
  const { loading, isActive, confirmActivation } = useSubscription();
  const [processing, setProcessing] = useState(false);
  // The server's answer to a second checkout (409): the user has a live plan already.
  const [alreadySubscribed, setAlreadySubscribed] = useState<string | null>(null);

  if (signedOutView)
    return <SessionVariants signedOut={<SignInPrompt />} restoring={<Spinner />} />;
  if (authLoading || !user) return <Spinner />;
  if (loading) return <Spinner label="Loading subscription details..." />;
  if (isActive || alreadySubscribed)
    return (
      <div className="px-4 py-12">
        <CurrentPlan notice={alreadySubscribed} />
      </div>
    );

  async function handleSubscribe() {
    setProcessing(true);
    try {
      const origin = window.location.origin;
      const { url } = await createCheckoutSession({
        priceId: PLAN.priceId,
        mode: PLAN.mode,
        // Stripe fills in the session id: /success knows the browser is back from checkout.
        successUrl: `${origin}${paths.success}?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: origin + paths.payment,
      });
      redirectTo(url);
    } catch (error) {
      setProcessing(false);
      if (error instanceof AlreadySubscribedError) {
        setAlreadySubscribed(error.message);
        void confirmActivation();
        return;
      }
      console.error('Checkout error:', error);
      toast.error(
        error instanceof PaymentsNotConfiguredError
          ? error.message
          : 'Failed to start checkout. Please try again or contact support.',
      );
    }
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Complete Your Subscription</h1>
      <p className="mt-2 text-gray-700">One plan, everything included.</p>
      <div className="mt-8 grid gap-8 md:grid-cols-2">
        <section
          aria-labelledby="plan-heading"
          className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
        >
          <h2 id="plan-heading" className="text-xl font-bold">
            {PLAN.name}
          </h2>
          <p className="mt-2">
            <span className="text-4xl font-extrabold">${PLAN.price}</span>
            <span className="text-gray-700">/{PLAN.interval}</span>
          </p>
          <p className="text-sm text-gray-700">$0.00 setup fee</p>
          <h3 className="mt-6 font-semibold">What's included</h3>
          <ul className="mt-3 space-y-2">
            {FEATURES.map((feature) => (
              <li key={feature} className="flex gap-3">
                <span aria-hidden="true" className="font-bold text-green-700">
                  ✓
                </span>
                {feature}
              </li>
            ))}
          </ul>
        </section>
        <section
          aria-labelledby="summary-heading"
          className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
        >
          <h2 id="summary-heading" className="text-xl font-bold">
            Order Summary
          </h2>
          <dl className="mt-4 space-y-2">
            <div className="flex justify-between">
              <dt>{PLAN.name} (monthly)</dt>
              <dd>$5.00</dd>
            </div>
            <div className="flex justify-between">
              <dt>Setup fee</dt>
              <dd>$0.00</dd>
            </div>
            <div className="flex justify-between border-t border-gray-200 pt-2 font-bold">
              <dt>Total due today</dt>
              <dd>$5.00</dd>
            </div>
          </dl>
          <button
            type="button"
            onClick={() => void handleSubscribe()}
            disabled={processing}
            className={buttonClasses('primary', 'mt-6 w-full')}
          >
            {processing ? 'Processing...' : 'Subscribe for $5/month'}
          </button>
          <AgreementNote className="mt-3 text-center" />
          <ul className="mt-6 space-y-1 text-sm text-gray-700" aria-label="Security">
            {SECURITY_NOTES.map((note) => (
              <li key={note} className="flex gap-2">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="mt-0.5 h-4 w-4 shrink-0"
                  fill="currentColor"
                >
                  <path d="M10 2a4 4 0 00-4 4v2H5a1 1 0 00-1 1v8a1 1 0 001 1h10a1 1 0 001-1V9a1 1 0 00-1-1h-1V6a4 4 0 00-4-4zm-2 6V6a2 2 0 114 0v2H8z" />
                </svg>
                {note}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <section
        aria-labelledby="terms-heading"
        className="mt-10 rounded-xl bg-gray-100 p-6 text-sm text-gray-800"
      >
        <h2 id="terms-heading" className="font-bold">
          Subscription Terms &amp; Disclaimers
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-5">
          <li>Your subscription renews automatically every month at $5 until you cancel.</li>
          <li>You can cancel at any time; access continues until the end of the paid month.</li>
          <li>No refunds are given for partial months.</li>
          <li>
            Credit Dispute Letters generates letters only. We are not a credit repair company and
            cannot guarantee that any item will be corrected or removed.
          </li>
          <li>Bureaus usually respond within 30-90 days, sometimes longer.</li>
        </ul>
        <p className="mt-3">
          Questions? Read the{' '}
          <Link to={paths.faq} className="text-brand-800 underline">
            FAQ
          </Link>
          .
        </p>
      </section>
      <section
        aria-labelledby="tracking-heading"
        className="mt-8 rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
      >
        <TrackingShowcase />
      </section>
    </div>
  );
}
