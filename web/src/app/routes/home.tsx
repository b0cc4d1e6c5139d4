import { PageTitle } from '@/components/page-title';
import { HomePage } from '@/features/marketing/home-page';

export default function HomeRoute() {
  return (
    <>
      <PageTitle />
      <HomePage />
    </>
  );
}
