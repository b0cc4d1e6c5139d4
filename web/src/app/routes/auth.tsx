// Named after its path, /auth, like every file in app/routes; @/lib/auth is the session it uses.
import { PageTitle } from '@/components/page-title';
import { AuthPage } from '@/features/auth/auth-page';

export default function AuthRoute() {
  return (
    <>
      <PageTitle title="Sign In" />
      <AuthPage />
    </>
  );
}
