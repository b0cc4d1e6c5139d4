import { PageTitle } from '@/components/page-title';
import { SupportPage } from '@/features/support/support-page';

export default function SupportRoute() {
  return (
    <>
      <PageTitle title="Support" />
      <SupportPage />
    </>
  );
}
