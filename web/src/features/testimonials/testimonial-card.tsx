import { CLAIMS_NOTE } from '@/config/policies';
import type { Testimonial } from './featured-testimonials';
import { StarRating } from './star-rating';

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <StarRating rating={testimonial.rating} />
      <blockquote className="mt-3 flex-1 text-gray-800">“{testimonial.text}”</blockquote>
      <figcaption className="mt-4">
        <p className="font-semibold">{testimonial.name}</p>
        <p className="text-sm text-green-800">
          {testimonial.result} · +{testimonial.scoreIncrease} points
        </p>
        <p className="text-xs text-gray-700">{CLAIMS_NOTE}</p>
      </figcaption>
    </figure>
  );
}
