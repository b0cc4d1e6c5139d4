import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyRuntimeConfig, DEFAULT_SUPPORT_EMAIL } from '@/config/runtime-config';
import { createFakeSupabase, TEST_CONFIG } from '@/testing/fake-supabase';
import { renderApp } from '@/testing/render-app';

vi.mock('@/lib/supabase');

afterEach(() => applyRuntimeConfig({ ...TEST_CONFIG, supportEmail: DEFAULT_SUPPORT_EMAIL }));

describe('support', () => {
  it('/support gives the configured address and the refund rule as the home page states it', async () => {
    applyRuntimeConfig({ ...TEST_CONFIG, supportEmail: 'help@example.com' });
    renderApp('/support', createFakeSupabase());
    expect(await screen.findByRole('heading', { name: 'Support', level: 1 })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'help@example.com' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
    expect(
      main.getByText('Full refund within 24 hours of payment if no letters were generated.'),
    ).toBeInTheDocument();
  });

  it('the footer shows the support address on every page, the default when none is configured', async () => {
    renderApp('/faq', createFakeSupabase());
    const footer = within(await screen.findByRole('contentinfo'));
    expect(footer.getByRole('link', { name: DEFAULT_SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${DEFAULT_SUPPORT_EMAIL}`,
    );
    expect(footer.getByRole('link', { name: 'Help and refunds' })).toHaveAttribute(
      'href',
      '/support',
    );
  });
});
