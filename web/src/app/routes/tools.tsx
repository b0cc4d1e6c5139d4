import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { lazyComponent } from '@/lib/lazy-component';
import { signUpName } from '@/features/auth/display-name';
import { recordMailedLetter } from '@/features/disputes/lib/record-mailed-letter';
import { SubscriberGate } from './subscriber-gate';

// The letter form and its export code stay out of every other page's download.
const DisputeGenerator = lazyComponent(async () => ({
  default: (await import('@/features/dispute-generator')).DisputeGenerator,
}));

/** /tools and /disputegenerator: the generator for active subscribers, a way there for everyone else. */
export function GeneratorGate() {
  return (
    <SubscriberGate
      toolCode={DisputeGenerator}
      tool="Dispute Generator"
      whySubscribe="An active subscription unlocks unlimited dispute letters for all three credit bureaus."
      moreActions={
        <Link to={paths.faq} className={buttonClasses('tertiary')}>
          Read the FAQ
        </Link>
      }
    >
      {(user) => (
        <div className="mx-auto max-w-5xl px-4 py-10">
          <div className="space-y-6">
            <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
              <h1 className="text-3xl font-bold">Dispute Letter Generator</h1>
              <p className="rounded-full bg-green-100 px-4 py-1 text-sm font-semibold text-green-900">
                Active Subscription - Unlimited Access
              </p>
            </div>
            <Suspense fallback={<Spinner />}>
              <DisputeGenerator
                key={user.id}
                userId={user.id}
                accountName={signUpName(user)}
                onMailed={(letter) => recordMailedLetter(user.id, letter)}
              />
            </Suspense>
          </div>
        </div>
      )}
    </SubscriberGate>
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
