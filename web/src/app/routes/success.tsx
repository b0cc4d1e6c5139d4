import { PageTitle } from '@/components/page-title';
import { AuthPage } from '@/features/auth/auth-page';
import { SuccessPage } from '@/features/success/success-page';

export default function SuccessRoute() {
  return (
    <>
      <PageTitle title="Payment Successful" />
      <SuccessPage signInPage={<AuthPage />} />
    </>
  );
}
