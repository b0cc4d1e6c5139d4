import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { SessionVariants } from '@/components/session-variants';
import { paths, signUpPath } from '@/config/paths';
import { CLAIMS_NOTE, REFUND_RULE } from '@/config/policies';
import { useAuth } from '@/lib/auth';
import sample from 'virtual:sample-letter';
import { TrackingShowcase } from '@/components/tracking-showcase';

const STATS: { value: string; label: string; note?: string }[] = [
  { value: '$5', label: '7-Day Access' },
  { value: '50K+', label: 'Letters Generated', note: CLAIMS_NOTE },
  { value: String(sample.disputeTypes), label: 'Dispute Types' },
  { value: '3', label: 'Credit Bureaus' },
];

const FEATURES = [
  {
    title: 'Professional Dispute Letters',
    text: 'Clear, firm letters written the way the credit bureaus expect to receive disputes.',
    link: paths.disputeGenerator,
  },
  {
    title: 'Federal Law Citations',
    text: 'Each letter cites the Fair Credit Reporting Act sections that apply to your error type.',
    link: paths.disputeGenerator,
  },
  {
    title: 'All Three Bureaus',
    text: 'Experian, Equifax and TransUnion, with their dispute mailing addresses filled in.',
    link: paths.disputeGenerator,
  },
  {
    title: 'Ready in Under 5 Minutes',
    text: 'Fill in a short form, preview your letter and download it right away.',
    link: paths.disputeGenerator,
  },
];

const STEPS = [
  {
    title: 'Choose the bureau and the error',
    text: `Experian, Equifax or TransUnion, and one of ${sample.disputeTypes} dispute types: a wrong balance, a duplicate, an account that is not yours, an inquiry you did not make and more.`,
  },
  {
    title: 'Describe it in your own words',
    text: 'Name the account and say what is wrong. The letter adds the bureau’s dispute address and the federal law that fits.',
  },
  {
    title: 'Preview, download and mail it',
    text: 'Read the letter before you download it, then sign it and send it by certified mail with return receipt.',
  },
];

const [REINVESTIGATION, ...OTHER_BASIS] = sample.fcraBasis;

const checkIcon = (
  <svg
    aria-hidden="true"
    viewBox="0 0 20 20"
    className="mt-1 h-4 w-4 shrink-0 text-success"
    fill="currentColor"
  >
    <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
  </svg>
);

const PRICING_CHECKLIST = [
  'Unlimited dispute letters for 7 days',
  `${sample.disputeTypes} dispute types: balances, duplicates, accounts that are not yours, inquiries, personal information and more`,
  'Experian, Equifax and TransUnion addresses included',
  'Fair Credit Reporting Act citations in every letter',
  'Instant preview and download',
  'Your details stay in your browser',
];

/** The home page; `stories` is the success-stories section, composed in by the route. */
export function HomePage({ stories }: { stories: ReactNode }) {
  const { user } = useAuth();
  // Signed-in visitors go straight to the tool; everyone else starts with an account.
  const startLink = (link: string) => (user ? link : signUpPath);
  const openGenerator = (
    <Link to={paths.tools} className={buttonClasses('lightOutline')}>
      Open the generator
    </Link>
  );

  return (
    <>
      <section className="on-dark relative overflow-hidden bg-night text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(60rem_30rem_at_80%_-10%,rgb(59_130_246/0.35),transparent)]"
        />
        <div className="relative mx-auto max-w-page px-4 py-16 sm:py-24">
          <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">
            Fair Credit Reporting Act dispute letters
          </p>
          <h1 className="mt-4 max-w-3xl text-4xl leading-tight font-bold sm:text-5xl md:text-6xl">
            Dispute Credit Report Errors with Professional Letters
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-50">
            $5 for 7 days of unlimited dispute letter generation. Need more time? Renew manually for
            another $5. Letters cite federal law and are ready to mail in under 5 minutes.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Link to={signUpPath} className={buttonClasses('light')}>
              Get Started - Subscribe for $5/month
            </Link>
            {user ? (
              openGenerator
            ) : (
              // A returning visitor (a stored session) sees the way to the generator at once.
              <SessionVariants
                signedOut={
                  <Link to={signUpPath} className={buttonClasses('lightOutline')}>
                    Create Account
                  </Link>
                }
                restoring={openGenerator}
              />
            )}
          </div>
          <p className="mt-6 text-sm text-brand-100">
            Letters are built in your browser: what you type is not sent to our servers.
          </p>
        </div>
      </section>

      <section aria-label="Key figures" className="border-b border-line bg-surface">
        <ul className="mx-auto grid max-w-page grid-cols-2 gap-6 px-4 py-8 text-center md:grid-cols-4">
          {STATS.map((stat) => (
            <li key={stat.label}>
              <p className="font-display text-4xl font-bold text-brand-800">{stat.value}</p>
              <p className="text-muted">{stat.label}</p>
              {stat.note && <p className="mt-1 text-xs text-muted">{stat.note}</p>}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-heading" className="mx-auto max-w-page px-4 py-16 sm:py-20">
        <h2 id="how-heading" className="text-3xl font-bold text-night sm:text-4xl">
          How it works
        </h2>
        <ol className="mt-10 grid gap-8 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-display text-lg font-bold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="text-lg font-semibold text-ink">{step.title}</h3>
                <p className="mt-2 text-muted">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="sample-heading" className="border-y border-line bg-surface">
        <div className="mx-auto grid max-w-page gap-12 px-4 py-16 sm:py-20 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
          <div>
            <h2 id="sample-heading" className="text-3xl font-bold text-night sm:text-4xl">
              A real letter, in plain words
            </h2>
            <p className="mt-3 text-muted">
              The opening of a letter made by the generator from sample details. Yours is built the
              same way from what you type.
            </p>
            <div className="relative mt-8 rounded-lg bg-white p-6 shadow-md ring-1 ring-line sm:p-8">
              <p className="font-serif text-[0.9375rem] leading-relaxed whitespace-pre-wrap text-ink">
                {sample.excerpt}
              </p>
              <p className="mt-4 border-t border-dashed border-line pt-3 text-sm text-muted">
                The letter goes on with your notice rights, the signature and mailing advice.
              </p>
            </div>
          </div>
          <div className="space-y-10">
            <section aria-labelledby="bureaus-heading">
              <h3 id="bureaus-heading" className="font-display text-2xl font-bold text-night">
                Addressed to the right desk
              </h3>
              <p className="mt-2 text-muted">
                Every letter carries the bureau’s dispute mailing address:
              </p>
              <ul className="mt-4 space-y-3">
                {sample.bureaus.map((bureau) => (
                  <li key={bureau.id} className="rounded-lg bg-canvas p-4 ring-1 ring-line">
                    <p className="font-semibold text-ink">{bureau.name}</p>
                    <p className="text-muted">{bureau.mailingAddress}</p>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="law-heading">
              <h3 id="law-heading" className="font-display text-2xl font-bold text-night">
                Grounded in the FCRA
              </h3>
              <p className="mt-2 text-muted">
                Every letter asks for a reinvestigation under{' '}
                <strong className="text-ink">{REINVESTIGATION!.citation}</strong>, which{' '}
                {REINVESTIGATION!.requirement}
              </p>
              <p className="mt-3 text-muted">Depending on the error, it also cites:</p>
              <ul className="mt-2 space-y-2">
                {OTHER_BASIS.map((statute) => (
                  <li key={statute.id} className="flex gap-3 text-muted">
                    {checkIcon}
                    <span>
                      <strong className="text-ink">{statute.citation}</strong>, which{' '}
                      {statute.requirement}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </div>
      </section>

      <section
        aria-labelledby="features-heading"
        className="mx-auto max-w-page px-4 py-16 sm:py-20"
      >
        <h2 id="features-heading" className="text-3xl font-bold text-night sm:text-4xl">
          Everything you need to dispute an error
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li
              key={feature.title}
              className="flex flex-col rounded-xl bg-surface p-6 shadow-sm ring-1 ring-line"
            >
              <h3 className="text-lg font-semibold text-ink">{feature.title}</h3>
              <p className="mt-2 flex-1 text-muted">{feature.text}</p>
              <Link
                to={startLink(feature.link)}
                className={buttonClasses('tertiary', 'mt-4 self-start')}
                aria-label={`Get Started: ${feature.title}`}
              >
                Get Started
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="tracking-heading"
        className="mx-auto max-w-page px-4 pb-16 sm:pb-20"
      >
        <TrackingShowcase />
      </section>

      <section aria-labelledby="pricing-heading" className="bg-surface py-16 sm:py-20">
        <div className="mx-auto max-w-3xl px-4">
          <h2
            id="pricing-heading"
            className="text-center text-3xl font-bold text-night sm:text-4xl"
          >
            Simple, Honest Pricing
          </h2>
          <div className="mt-10 rounded-2xl p-8 ring-2 ring-brand-700">
            <p className="text-center">
              <span className="font-display text-6xl font-bold text-night">$5</span>
              <span className="text-muted"> for 7 days of access</span>
            </p>
            <ul className="mt-6 space-y-2">
              {PRICING_CHECKLIST.map((item) => (
                <li key={item} className="flex gap-3">
                  {checkIcon}
                  {item}
                </li>
              ))}
            </ul>
            <h3 className="mt-8 font-semibold">Billing and cancellation policy</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-gray-800">
              <li>One payment of $5 gives you 7 days of unlimited letter generation.</li>
              <li>No automatic renewal: access expires automatically 7 days after payment.</li>
              <li>Renew manually for another $5 whenever you need more time.</li>
              <li>{REFUND_RULE}</li>
            </ul>
            <div className="mt-8 text-center">
              <Link to={signUpPath} className={buttonClasses('secondary')}>
                Get Started Now
              </Link>
            </div>
          </div>
        </div>
      </section>

      {stories}

      <section aria-labelledby="legal-heading" className="bg-gray-100 py-12">
        <div className="mx-auto max-w-4xl px-4 text-sm text-gray-800">
          <h2 id="legal-heading" className="text-lg font-bold">
            Legal Disclaimers
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5">
            <li>
              Credit Dispute Letters only generates dispute letters. We are not a credit repair
              company and do not contact credit bureaus or creditors for you.
            </li>
            <li>
              We do not guarantee any result. Bureaus usually respond within 30-90 days, and
              sometimes take longer.
            </li>
            <li>Nothing on this site is legal advice. For legal advice, consult an attorney.</li>
            <li>
              You have the right to dispute inaccurate information with the credit bureaus yourself,
              free of charge, under the Fair Credit Reporting Act.
            </li>
          </ul>
        </div>
      </section>

      <section className="on-dark bg-night px-4 py-16 text-center text-white sm:py-20">
        <h2 className="text-3xl font-bold sm:text-4xl">Ready to fix your credit report?</h2>
        <p className="mt-3 text-brand-50">
          Create your account and have your first letter in minutes.
        </p>
        <Link to={signUpPath} className={buttonClasses('light', 'mt-8')}>
          Start Your Dispute
        </Link>
      </section>
    </>
  );
}
