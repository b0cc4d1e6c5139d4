import { PageTitle } from '@/components/page-title';
import { PrivacyPage } from '@/features/legal/privacy-page';

export default function PrivacyRoute() {
  return (
    <>
      <PageTitle title="Privacy Policy" />
      <PrivacyPage />
    </>
  );
}
