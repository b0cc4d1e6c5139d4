import { PageTitle } from '@/components/page-title';
import { ForgotPasswordPage } from '@/features/auth/forgot-password-page';

export default function ForgotPasswordRoute() {
  return (
    <>
      <PageTitle title="Reset Password" />
      <ForgotPasswordPage />
    </>
  );
}
