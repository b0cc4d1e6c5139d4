import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { PageTitle } from '@/components/page-title';
import { SessionVariants, useSignedOutView } from '@/components/session-variants';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { MyDisputes } from '@/features/disputes';

export default function DisputesRoute() {
  const { user } = useAuth();
  const signedOutView = useSignedOutView();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <PageTitle title="My Disputes" />
      <h1 className="text-3xl font-bold">My Disputes</h1>
      <p className="mt-2 mb-6 text-gray-800">
        Each letter you mail, its deadline, what came back, and the right next letter.
      </p>
      {user ? (
        <MyDisputes key={user.id} userId={user.id} />
      ) : signedOutView ? (
        <SessionVariants
          signedOut={
            <section className="rounded-xl border border-gray-200 bg-white p-8 text-center shadow-sm">
              <h2 className="text-2xl font-bold">Sign In Required</h2>
              <p className="mt-3 text-gray-700">Sign in to your account to see your disputes.</p>
              <Link to={paths.auth} className={buttonClasses('primary', 'mt-6')}>
                Sign In
              </Link>
            </section>
          }
          restoring={<Spinner />}
        />
      ) : (
        <Spinner />
      )}
    </div>
  );
}
