import { PLAN } from '@shared/plan';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-context';
import { useSubscription } from '@/features/subscription/subscription-context';
import { PaymentsNotConfiguredError } from '@/lib/functions';
import { redirectTo } from '@/lib/navigation';
import { createCheckoutSession } from './create-checkout-session';

const FEATURES = [
  'Unlimited dispute letter generation',
  'All 7 dispute types with Fair Credit Reporting Act citations',
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
    <section className="mx-auto max-w-xl rounded-xl border border-gray-200 bg-white p-8 text-center shadow-sm">
      <h1 className="text-2xl font-bold">Sign in to subscribe</h1>
      <p className="mt-3 text-gray-700">
        You need an account to subscribe to {PLAN.name}. It takes less than a minute.
      </p>
      <button
        type="button"
        className={buttonClasses('primary', 'mt-6')}
        onClick={() => {
          toast.error('Please sign in to continue');
          navigate(paths.auth);
        }}
      >
        Sign In to Continue
      </button>
    </section>
  );
}

export function PaymentPage() {
  const { user } = useAuth();
  const { isActive } = useSubscription();
  const [processing, setProcessing] = useState(false);

  if (!user)
    return (
      <div className="px-4 py-12">
        <SignInPrompt />
      </div>
    );

  async function handleSubscribe() {
    setProcessing(true);
    try {
      const origin = window.location.origin;
      const { url } = await createCheckoutSession({
        priceId: PLAN.priceId,
        mode: PLAN.mode,
        successUrl: origin + paths.success,
        cancelUrl: origin + paths.payment,
      });
      redirectTo(url);
    } catch (error) {
      console.error('Checkout error:', error);
      toast.error(
        error instanceof PaymentsNotConfiguredError
          ? error.message
          : 'Failed to start checkout. Please try again or contact support.',
      );
      setProcessing(false);
    }
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Complete Your Subscription</h1>
      <p className="mt-2 text-gray-700">One plan, everything included.</p>
      {isActive && (
        <p className="mt-4 rounded-lg bg-green-50 p-4 text-green-900">
          You already have an active subscription.{' '}
          <Link to={paths.tools} className="font-semibold underline">
            Go to the Dispute Generator
          </Link>
        </p>
      )}
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
          <Link to={paths.faq} className="text-blue-800 underline">
            FAQ
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
