import { lazy, Suspense, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { Header } from '@/components/header';
import { Layout } from '@/components/layout';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { displayName } from '@/features/auth/display-name';
import { SignedOutActions } from '@/features/auth/signed-out-actions';
import { UserMenu } from '@/features/auth/user-menu';
import { openBillingPortal } from '@/features/payment/open-billing-portal';
import { useSubscription } from '@/lib/subscription';

// Only for signed-in users: nothing of My Disputes is in a visitor's download.
const OverdueIndicator = lazy(() => import('@/features/disputes/components/overdue-indicator'));
const SignOutDialog = lazy(() => import('@/components/sign-out-dialog'));
const disputesData = () => import('@/features/disputes/lib/device-data');
const detailsData = () => import('@/features/dispute-generator/lib/details-storage');

/** Whether this browser keeps anything of `userId`: their disputes or "Your details". */
async function hasDeviceData(userId: string): Promise<boolean> {
  const [disputes, details] = await Promise.all([disputesData(), detailsData()]);
  return details.hasDetailsOnDevice(userId) || (await disputes.hasDisputesOnDevice(userId));
}

async function clearDeviceData(userId: string): Promise<void> {
  const [disputes, details] = await Promise.all([disputesData(), detailsData()]);
  details.forgetDetailsOnDevice(userId);
  await disputes.deleteDisputesOnDevice(userId);
}

/** The layout route: header with the account area, then the page. */
export function RootRoute() {
  const { user, loading: authLoading, signOut } = useAuth();
  const { subscription, loading, isActive } = useSubscription();
  const navigate = useNavigate();
  const [askingToKeep, setAskingToKeep] = useState(false);

  function finishSignOut(clear: boolean) {
    setAskingToKeep(false);
    const userId = user?.id;
    const cleared = clear && userId ? clearDeviceData(userId) : Promise.resolve();
    void cleared
      .then(() => signOut())
      .then(
        () => navigate(paths.home),
        () => toast.error('Sign out failed. Please try again.'),
      );
  }

  /** Asks whether to keep this user's data on this device when there is any. */
  function startSignOut() {
    const userId = user?.id;
    if (!userId) return;
    void hasDeviceData(userId)
      .catch(() => false)
      .then((has) => (has ? setAskingToKeep(true) : finishSignOut(false)));
  }

  const account = user ? (
    <UserMenu
      name={displayName(user)}
      subscriptionLoading={loading}
      subscriptionActive={isActive}
      canManageBilling={Boolean(subscription?.customer_id)}
      onManageBilling={() =>
        void openBillingPortal().catch((error: Error) => toast.error(error.message))
      }
      onSignOut={startSignOut}
    />
  ) : authLoading ? null : (
    // While a stored session is restored, no "Sign In" flashes up.
    <SignedOutActions />
  );

  const notice = user ? (
    <Suspense fallback={null}>
      <OverdueIndicator userId={user.id} />
    </Suspense>
  ) : null;

  return (
    <>
      <Layout header={<Header signedIn={Boolean(user)} account={account} notice={notice} />} />
      {askingToKeep && (
        <Suspense fallback={null}>
          <SignOutDialog
            onKeep={() => finishSignOut(false)}
            onClear={() => finishSignOut(true)}
            onCancel={() => setAskingToKeep(false)}
          />
        </Suspense>
      )}
    </>
  );
}
