import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { paths, signUpPath } from '@/config/paths';
import { REFUND_RULE } from '@/config/policies';
import { useAuth } from '@/lib/auth';

const STATS = [
  { value: '$5', label: '7-Day Access' },
  { value: '50K+', label: 'Letters Generated' },
  { value: '7', label: 'Dispute Types' },
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

const PRICING_CHECKLIST = [
  'Unlimited dispute letters for 7 days',
  '7 dispute types: balances, duplicates, accounts that are not yours and more',
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

  return (
    <>
      <section className="bg-gradient-to-b from-blue-900 to-blue-700 text-white">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center">
          <h1 className="text-4xl font-extrabold md:text-5xl">
            Dispute Credit Report Errors with Professional Letters
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-blue-50">
            $5 for 7 days of unlimited dispute letter generation. Need more time? Renew manually for
            another $5. Letters cite federal law and are ready to mail in under 5 minutes.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-4 sm:flex-row">
            <Link to={signUpPath} className={buttonClasses('light')}>
              Get Started - Subscribe for $5/month
            </Link>
            {user ? (
              <Link to={paths.tools} className={buttonClasses('light', 'bg-blue-50')}>
                Open the generator
              </Link>
            ) : (
              <Link to={signUpPath} className={buttonClasses('light', 'bg-blue-50')}>
                Create Account
              </Link>
            )}
          </div>
        </div>
      </section>

      <section aria-label="Key figures" className="border-b border-gray-200 bg-white">
        <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-8 text-center md:grid-cols-4">
          {STATS.map((stat) => (
            <li key={stat.label}>
              <p className="text-3xl font-extrabold text-blue-800">{stat.value}</p>
              <p className="text-gray-700">{stat.label}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="features-heading" className="text-center text-3xl font-bold">
          Everything you need to dispute an error
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li
              key={feature.title}
              className="flex flex-col rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
            >
              <h3 className="text-lg font-semibold">{feature.title}</h3>
              <p className="mt-2 flex-1 text-gray-700">{feature.text}</p>
              <Link
                to={startLink(feature.link)}
                className="mt-4 font-semibold text-blue-800 underline"
                aria-label={`Get Started: ${feature.title}`}
              >
                Get Started
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="pricing-heading" className="bg-white py-16">
        <div className="mx-auto max-w-3xl px-4">
          <h2 id="pricing-heading" className="text-center text-3xl font-bold">
            Simple, Honest Pricing
          </h2>
          <div className="mt-10 rounded-2xl border-2 border-blue-700 p-8">
            <p className="text-center">
              <span className="text-5xl font-extrabold">$5</span>
              <span className="text-gray-700"> for 7 days of access</span>
            </p>
            <ul className="mt-6 space-y-2">
              {PRICING_CHECKLIST.map((item) => (
                <li key={item} className="flex gap-3">
                  <span aria-hidden="true" className="font-bold text-green-700">
                    ✓
                  </span>
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
              <Link to={signUpPath} className={buttonClasses('primary')}>
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

      <section className="bg-blue-800 py-16 text-center text-white">
        <h2 className="text-3xl font-bold">Ready to fix your credit report?</h2>
        <p className="mt-3 text-blue-50">
          Create your account and have your first letter in minutes.
        </p>
        <Link to={signUpPath} className={buttonClasses('light', 'mt-8')}>
          Start Your Dispute
        </Link>
      </section>
    </>
  );
}
