import { PageTitle } from '@/components/page-title';
import { ResetPasswordPage } from '@/features/auth/reset-password-page';

export default function ResetPasswordRoute() {
  return (
    <>
      <PageTitle title="Set a New Password" />
      <ResetPasswordPage />
    </>
  );
}
