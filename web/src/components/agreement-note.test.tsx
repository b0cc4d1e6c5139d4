import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeSupabase, makeSession } from '@/testing/fake-supabase';
import { renderApp } from '@/testing/render-app';

vi.mock('@/lib/supabase');
vi.mock('@/lib/navigation');

const AGREEMENT = 'By continuing you agree to the Terms and Privacy Policy.';

/** The agreement line right under the button that commits the user, with both links. */
function expectAgreementUnder(button: HTMLElement) {
  const note = button.nextElementSibling as HTMLElement;
  expect(note).toHaveTextContent(AGREEMENT);
  expect(within(note).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
  expect(within(note).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy',
  );
}

describe('where the user agrees to the terms', () => {
  it('"Create Account" carries the agreement line; signing in does not', async () => {
    renderApp('/auth?mode=signup', createFakeSupabase());
    await screen.findByRole('heading', { name: 'Create Account', level: 1 });
    expectAgreementUnder(screen.getByRole('button', { name: 'Create Account' }));

    screen.getByRole('button', { name: 'Sign in' }).click();
    await screen.findByRole('heading', { name: 'Sign In', level: 1 });
    expect(screen.queryByText(/By continuing you agree/)).not.toBeInTheDocument();
  });

  it('"Subscribe for $5/month" carries the agreement line', async () => {
    renderApp('/payment', createFakeSupabase({ session: makeSession() }));
    // The first render of /payment in this file compiles its chunk (seconds on a busy machine).
    expectAgreementUnder(
      await screen.findByRole('button', { name: 'Subscribe for $5/month' }, { timeout: 15_000 }),
    );
  });

  it('the footer links the terms and the privacy policy on every page', async () => {
    renderApp('/faq', createFakeSupabase());
    const footer = within(await screen.findByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });
});
