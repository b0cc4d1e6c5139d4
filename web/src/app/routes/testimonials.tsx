import { TestimonialsPage } from '@/features/testimonials/testimonials-page';

export default TestimonialsPage;
