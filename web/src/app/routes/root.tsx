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

/** The layout route: header with the account area, then the page. */
export function RootRoute() {
  const { user, loading: authLoading, signOut } = useAuth();
  const { subscription, loading, isActive } = useSubscription();
  const navigate = useNavigate();

  const account = user ? (
    <UserMenu
      name={displayName(user)}
      subscriptionLoading={loading}
      subscriptionActive={isActive}
      canManageBilling={Boolean(subscription?.customer_id)}
      onManageBilling={() =>
        void openBillingPortal().catch((error: Error) => toast.error(error.message))
      }
      onSignOut={() =>
        void signOut().then(
          () => navigate(paths.home),
          () => toast.error('Sign out failed. Please try again.'),
        )
      }
    />
  ) : authLoading ? null : (
    // While a stored session is restored, no "Sign In" flashes up.
    <SignedOutActions />
  );

  return <Layout header={<Header signedIn={Boolean(user)} account={account} />} />;
}
