import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeSupabase, makeSession } from '@/testing/fake-supabase';
import { renderApp } from '@/testing/render-app';

vi.mock('@/lib/supabase');

async function openHome(fake = createFakeSupabase()) {
  renderApp('/', fake);
  await screen.findByRole('heading', { level: 1 });
  return within(screen.getByRole('main'));
}

describe('home page', () => {
  it('offers $5 for 7 days with both calls to action going to sign-up', async () => {
    const main = await openHome();
    expect(
      main.getByText(/\$5 for 7 days of unlimited dispute letter generation/),
    ).toBeInTheDocument();
    expect(
      main.getByRole('link', { name: 'Get Started - Subscribe for $5/month' }),
    ).toHaveAttribute('href', '/auth?mode=signup');
    expect(main.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      '/auth?mode=signup',
    );
  });

  it('shows the stats strip', async () => {
    const main = await openHome();
    const stats = within(main.getByRole('region', { name: 'Key figures' }));
    for (const [value, label] of [
      ['$5', '7-Day Access'],
      ['50K+', 'Letters Generated'],
      ['9', 'Dispute Types'],
      ['3', 'Credit Bureaus'],
    ] as [string, string][])
      expect(stats.getByText(label).previousElementSibling).toHaveTextContent(value);
  });

  it('has four feature cards whose Get Started opens sign-up', async () => {
    const main = await openHome();
    const links = main.getAllByRole('link', { name: /^Get Started:/ });
    expect(links).toHaveLength(4);
    links.forEach((link) => expect(link).toHaveAttribute('href', '/auth?mode=signup'));
  });

  it("sends a signed-in visitor's Get Started to the cards' link, the generator", async () => {
    const main = await openHome(createFakeSupabase({ session: makeSession() }));
    await screen.findByRole('button', { name: /Jane Doe/ });
    const links = main.getAllByRole('link', { name: /^Get Started:/ });
    links.forEach((link) => expect(link).toHaveAttribute('href', '/disputegenerator'));
  });

  it('states both billing readings, success stories, disclaimers and a closing call to action', async () => {
    const main = await openHome();
    expect(main.getByText(/No automatic renewal/)).toBeInTheDocument();
    expect(main.getByText(/Full refund within 24 hours/)).toBeInTheDocument();
    expect(main.getByRole('heading', { name: 'Success Stories' })).toBeInTheDocument();
    expect(main.getAllByRole('figure')).toHaveLength(3);
    expect(main.getByRole('heading', { name: 'Legal Disclaimers' })).toBeInTheDocument();
    expect(main.getByText(/not a credit repair company/)).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Start Your Dispute' })).toHaveAttribute(
      'href',
      '/auth?mode=signup',
    );
  });

  it('swaps Create Account for Open the generator when signed in', async () => {
    const main = await openHome(createFakeSupabase({ session: makeSession() }));
    expect(await main.findByRole('link', { name: 'Open the generator' })).toHaveAttribute(
      'href',
      '/tools',
    );
    await waitFor(() =>
      expect(main.queryByRole('link', { name: 'Create Account' })).not.toBeInTheDocument(),
    );
    expect(main.getAllByRole('link', { name: 'Open the generator' })).toHaveLength(1);
  });

  it('has How it works in three steps, a sample letter made by the letter engine, the bureau addresses and the FCRA basis', async () => {
    const main = await openHome();
    const steps = within(main.getByRole('region', { name: 'How it works' })).getAllByRole(
      'listitem',
    );
    expect(steps).toHaveLength(3);
    const sample = within(main.getByRole('region', { name: 'A real letter, in plain words' }));
    expect(sample.getByText(/Re: Dispute of my credit file/)).toBeInTheDocument();
    expect(sample.getByText(/What you report: a balance of \$2,340/)).toBeInTheDocument();
    expect(sample.getByText('P.O. Box 4500, Allen, TX 75013')).toBeInTheDocument();
    expect(sample.getByText(/P\.O\. Box 740256, Atlanta, GA 30374/)).toBeInTheDocument();
    expect(sample.getByText(/P\.O\. Box 2000, Chester, PA 19016/)).toBeInTheDocument();
    expect(sample.getAllByText('15 U.S.C. §1681i').length).toBeGreaterThan(0);
    expect(sample.getByText('15 U.S.C. §1681e(b)')).toBeInTheDocument();
  });
});
