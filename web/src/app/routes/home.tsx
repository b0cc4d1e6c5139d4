import { PageTitle } from '@/components/page-title';
import { HomePage } from '@/features/marketing/home-page';
import { FeaturedStories } from '@/features/testimonials/featured-stories';

export default function HomeRoute() {
  return (
    <>
      <PageTitle />
      <HomePage stories={<FeaturedStories />} />
    </>
  );
}
