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
