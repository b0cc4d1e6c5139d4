import type { MailedLetter } from '@shared/disputes';
import { Suspense } from 'react';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { lazyComponent } from '@/lib/lazy-component';
import { signUpName } from '@/features/auth/display-name';
import { SubscriberGate } from './subscriber-gate';

const CheckupWalk = lazyComponent(async () => ({
  default: (await import('@/features/checkup')).CheckupWalk,
}));

/**
 * The checkup's letters, marked mailed together: Round 1 of a dispute each, in My Disputes. The
 * disputes' store loads only then, not with every step.
 */
async function recordRound(userId: string, letters: readonly MailedLetter[]): Promise<void> {
  const { recordMailedLetter } = await import('@/features/disputes/lib/record-mailed-letter');
  for (const letter of letters) await recordMailedLetter(userId, letter);
}

function CheckupGate() {
  return (
    <SubscriberGate
      toolCode={CheckupWalk}
      tool="Report Checkup"
      whySubscribe="An active subscription unlocks the Report Checkup and unlimited dispute letters."
    >
      {(user) => (
        <div className="mx-auto max-w-5xl px-4 py-10">
          <h1 className="mb-6 text-3xl font-bold">Report Checkup</h1>
          <Suspense fallback={<Spinner />}>
            <CheckupWalk
              key={user.id}
              userId={user.id}
              signUpName={signUpName(user)}
              onMailed={(letters) => recordRound(user.id, letters)}
            />
          </Suspense>
        </div>
      )}
    </SubscriberGate>
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
