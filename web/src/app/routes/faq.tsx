import { PageTitle } from '@/components/page-title';
import { FaqPage } from '@/features/faq/faq-page';

export default function FaqRoute() {
  return (
    <>
      <PageTitle title="FAQ" />
      <FaqPage />
    </>
  );
}
