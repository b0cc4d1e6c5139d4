import type { User } from '@supabase/auth-js';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { EmptyState } from '@/components/empty-state';
import { SessionVariants, useSignedOutView } from '@/components/session-variants';
import { Spinner } from '@/components/spinner';
import { paths, signUpPath } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useSignedInViewCode, type LazyComponent } from '@/lib/lazy-component';
import { useSubscription } from '@/lib/subscription';

interface SubscriberGateProps {
  /** What the page offers, in "Sign in to your account to use the …". */
  tool: string;
  /** The "Subscription Required" text and its actions after "Subscribe for $5/month". */
  whySubscribe: ReactNode;
  moreActions?: ReactNode;
  /** The tool's code: the gate's status shows until it is there, then the tool at once. */
  toolCode: Pick<LazyComponent, 'preload' | 'isLoaded'>;
  /** The page for an active subscriber. */
  children: (user: User) => ReactNode;
}

/** The subscribers' pages (/tools, /checkup): the page itself, or a way there for everyone else. */
export function SubscriberGate({
  tool,
  whySubscribe,
  moreActions,
  toolCode,
  children,
}: SubscriberGateProps) {
  const { user, loading: authLoading } = useAuth();
  const { loading, isActive, confirming } = useSubscription();
  const signedOutView = useSignedOutView();
  // Anyone signed in may be a subscriber: the tool's code loads while the plan is looked up.
  const toolReady = useSignedInViewCode(toolCode);
  const loadingView = <Spinner label="Loading subscription details..." />;

  if (signedOutView)
    return (
      <SessionVariants
        signedOut={
          <EmptyState
            icon="lock"
            title="Sign In Required"
            actions={
              <>
                <Link to={paths.auth} className={buttonClasses('primary')}>
                  Sign In
                </Link>
                <Link to={signUpPath} className={buttonClasses('tertiary')}>
                  Create Account
                </Link>
              </>
            }
          >
            <p>{`Sign in to your account to use the ${tool}.`}</p>
          </EmptyState>
        }
        restoring={loadingView}
      />
    );
  if (authLoading || loading || (confirming && !isActive) || (isActive && !toolReady))
    return loadingView;
  if (!isActive)
    return (
      <EmptyState
        icon="card"
        title="Subscription Required"
        actions={
          <>
            <Link to={paths.payment} className={buttonClasses('primary')}>
              Subscribe for $5/month
            </Link>
            {moreActions}
          </>
        }
      >
        <p>{whySubscribe}</p>
      </EmptyState>
    );
  return user ? children(user) : null;
}
