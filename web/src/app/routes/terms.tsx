import { PageTitle } from '@/components/page-title';
import { TermsPage } from '@/features/legal/terms-page';

export default function TermsRoute() {
  return (
    <>
      <PageTitle title="Terms of Service" />
      <TermsPage />
    </>
  );
}
