import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeSupabase } from '@/testing/fake-supabase';
import { renderApp } from '@/testing/render-app';
import { FEATURED_TESTIMONIALS } from './featured-testimonials';
import { TESTIMONIALS } from './testimonials-data';

vi.mock('@/lib/supabase');

const NOTE = 'Results vary; figures are illustrative';

/** The list item that shows `text`: a statistic and whatever sits beside it. */
const itemOf = (text: string) => screen.getByText(text).closest('li')!;

describe('marketing figures carry the claims note (FTC endorsement guidance)', () => {
  it('the home page: "50K+ Letters Generated" and each featured testimonial', async () => {
    renderApp('/', createFakeSupabase());
    const figure = itemOf('Letters Generated');
    expect(within(figure).getByText('50K+')).toBeInTheDocument();
    expect(within(figure).getByText(NOTE)).toBeVisible();
    const stories = screen.getByRole('heading', { name: 'Success Stories' }).parentElement!;
    for (const { name, scoreIncrease } of FEATURED_TESTIMONIALS) {
      const card = within(stories).getByText(name).closest('figure')!;
      expect(card).toHaveTextContent(`+${scoreIncrease} points`);
      expect(within(card).getByText(NOTE)).toBeInTheDocument();
    }
  });

  it('/testimonials: each of the four statistics, in the spec’s words, and each testimonial', async () => {
    renderApp('/testimonials', createFakeSupabase());
    await screen.findByRole('heading', { name: 'Success Stories', level: 1 });
    for (const [value, label] of [
      ['37', 'Average inquiries removed'],
      ['24', 'Average point increase'],
      ['45', 'Average days to results'],
      ['94%', 'Success rate'],
    ] as const) {
      const tile = itemOf(label);
      expect(within(tile).getByText(value)).toBeInTheDocument();
      expect(within(tile).getByText(NOTE)).toBeInTheDocument();
    }
    for (const { name } of TESTIMONIALS) {
      const card = screen.getByText(name).closest('figure')!;
      expect(within(card).getByText(NOTE)).toBeInTheDocument();
    }
  });
});
