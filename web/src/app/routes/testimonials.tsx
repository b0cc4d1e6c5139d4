import { PageTitle } from '@/components/page-title';
import { TestimonialsPage } from '@/features/testimonials/testimonials-page';

export default function TestimonialsRoute() {
  return (
    <>
      <PageTitle title="Testimonials" />
      <TestimonialsPage />
    </>
  );
}
