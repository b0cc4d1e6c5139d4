import type { User } from '@supabase/auth-js';
import { lazy, Suspense, useState } from 'react';
import toast from '@/lib/toast';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { displayName } from '@/features/auth/display-name';
import { UserMenu } from '@/features/auth/user-menu';
import { openBillingPortal } from '@/features/payment/open-billing-portal';
import { useSubscription } from '@/lib/subscription';

const SignOutDialog = lazy(() => import('@/components/sign-out-dialog'));
const deviceData = () => import('@/lib/device-store/device-data');

/** Whether this browser keeps anything of `userId`: their disputes, "Your details" or checkup. */
const hasDeviceData = async (userId: string) => (await deviceData()).hasDeviceData(userId);

/** "Forget this device" at sign-out: a synced copy stays for the account's other devices. */
const clearDeviceData = async (userId: string) => (await deviceData()).forgetThisDevice(userId);

/**
 * The header's account area of a signed-in user: their menu (plan, billing, sign out) and the
 * sign-out prompt. In its own chunk: a visitor without a session never downloads it.
 */
export default function SignedInAccount({ user }: { user: User }) {
  const { signOut } = useAuth();
  const { subscription, loading, isActive } = useSubscription();
  const navigate = useNavigate();
  const [askingToKeep, setAskingToKeep] = useState(false);

  function finishSignOut(clear: boolean) {
    setAskingToKeep(false);
    const cleared = clear ? clearDeviceData(user.id) : Promise.resolve();
    void cleared
      .then(() => signOut())
      .then(
        () => navigate(paths.home),
        () => toast.error('Sign out failed. Please try again.'),
      );
  }

  /** Asks whether to keep this user's data on this device when there is any. */
  function startSignOut() {
    void hasDeviceData(user.id)
      .catch(() => false)
      .then((has) => (has ? setAskingToKeep(true) : finishSignOut(false)));
  }

  return (
    <>
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
