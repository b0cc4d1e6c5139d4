import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeSupabase } from '@/testing/fake-supabase';
import { renderApp } from '@/testing/render-app';
import { TESTIMONIALS } from './testimonials-data';

vi.mock('@/lib/supabase');

describe('testimonials page', () => {
  it('shows the four tiles, ten five-star testimonials, the disclaimer and the trust section', async () => {
    renderApp('/testimonials', createFakeSupabase());
    await screen.findByRole('heading', { name: 'Success Stories' });
    for (const [value, label] of [
      ['37', 'Average inquiries removed'],
      ['24', 'Average point increase'],
      ['45', 'Average days to results'],
      ['94%', 'Success rate'],
    ] as [string, string][]) {
      expect(screen.getByText(label).previousElementSibling).toHaveTextContent(value);
    }
    const figures = screen.getAllByRole('figure');
    expect(figures).toHaveLength(10);
    for (const [index, figure] of figures.entries()) {
      const testimonial = TESTIMONIALS[index]!;
      expect(within(figure).getByLabelText('5 out of 5 stars')).toBeInTheDocument();
      expect(figure).toHaveTextContent(testimonial.name);
      expect(figure).toHaveTextContent(
        `${testimonial.result} · +${testimonial.scoreIncrease} points`,
      );
    }
    expect(new Set(TESTIMONIALS.map((testimonial) => testimonial.id)).size).toBe(10);
    expect(screen.getByText(/^Results vary\. These testimonials/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Why people trust us' })).toBeInTheDocument();
  });
});
