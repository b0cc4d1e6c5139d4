import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { TestimonialCard } from './testimonial-card';
import { FEATURED_TESTIMONIALS } from './featured-testimonials';

/** The home page's "Success Stories": the featured testimonials and a link to the rest. */
export function FeaturedStories() {
  return (
    <section aria-labelledby="stories-heading" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="stories-heading" className="text-center text-3xl font-bold">
        Success Stories
      </h2>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {FEATURED_TESTIMONIALS.map((testimonial) => (
          <li key={testimonial.id}>
            <TestimonialCard testimonial={testimonial} />
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center">
        <Link to={paths.testimonials} className="font-semibold text-brand-800 underline">
          Read more success stories
        </Link>
      </p>
    </section>
  );
}
