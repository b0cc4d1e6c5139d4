import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { paths } from '@/config/paths';
import { CLAIMS_NOTE } from '@/config/policies';
import { TestimonialCard } from './testimonial-card';
import { TESTIMONIALS } from './testimonials-data';

const TILES = [
  { value: '37', label: 'Average inquiries removed' },
  { value: '24', label: 'Average point increase' },
  { value: '45', label: 'Average days to results' },
  { value: '94%', label: 'Success rate' },
];

const TRUST = [
  {
    title: 'Built on federal law',
    text: 'Every letter cites the Fair Credit Reporting Act sections that apply to your dispute.',
  },
  {
    title: 'Private by design',
    text: 'Letters are generated in your browser; your dispute details never reach our servers.',
  },
  { title: 'Secure payments', text: 'Checkout is handled by Stripe over an encrypted connection.' },
];

export function TestimonialsPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold">Success Stories</h1>
      <p className="mt-2 text-gray-700">
        Real results from people who disputed errors on their credit reports.
      </p>

      <ul className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-4">
        {TILES.map((tile) => (
          <li key={tile.label} className="rounded-xl bg-brand-800 p-6 text-center text-white">
            <p className="text-3xl font-extrabold">{tile.value}</p>
            <p className="mt-1 text-sm">{tile.label}</p>
            <p className="mt-2 text-xs text-brand-50">{CLAIMS_NOTE}</p>
          </li>
        ))}
      </ul>

      <section aria-labelledby="stories-heading" className="mt-12">
        <h2 id="stories-heading" className="sr-only">
          Testimonials
        </h2>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.id}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      </section>

      <p className="mt-10 rounded-lg bg-yellow-50 p-4 text-sm text-gray-800">
        Results vary. These testimonials describe individual experiences and are not typical or
        guaranteed outcomes. Whether an item is corrected depends on the facts of each case and on
        the credit bureau's investigation. Credit Dispute Letters is not a credit repair company.
      </p>

      <section aria-labelledby="trust-heading" className="mt-12">
        <h2 id="trust-heading" className="text-2xl font-bold">
          Why people trust us
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {TRUST.map((item) => (
            <li key={item.title} className="rounded-xl border border-gray-200 bg-white p-6">
              <h3 className="font-semibold">{item.title}</h3>
              <p className="mt-2 text-gray-700">{item.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Link to={paths.auth} className={buttonClasses('primary')}>
            Start Your Dispute Today
          </Link>
        </div>
      </section>
    </div>
  );
}
