import { ROUTE_ENTRY_FILES } from '@shared/site-entry';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { prerenderPage } from './prerender';

vi.mock('@/lib/supabase');

// Hydrating this markup in a real browser is tested in tests/e2e/prerendered-pages.test.ts (React's
// server renderer leaves context values behind in the realm it ran in, so not here in jsdom).
describe('prerendered pages', () => {
  it('renders the home page as a first visit does, its <title> apart', async () => {
    const page = await prerenderPage('/');
    expect(page.html).toContain('Dispute Credit Report Errors with Professional Letters');
    expect(page.html).toContain('href="/auth?mode=signup"');
    expect(page.html).not.toContain('<title>');
    expect(page.titleHtml).toBe('Credit Dispute Letters');
    // No session is known at build time: neither "Sign In" nor a user menu is baked in.
    expect(page.html).not.toContain('Sign In');
  });

  it.each([
    ['/faq', 'FAQ | Credit Dispute Letters', 'Frequently Asked Questions'],
    ['/support', 'Support | Credit Dispute Letters', 'Full refund within 24 hours'],
    ['/no-such-page', 'Page not found | Credit Dispute Letters', 'Page not found'],
  ])('renders %s with its lazy page and its own title', async (location, title, text) => {
    const page = await prerenderPage(location);
    expect(page.titleHtml).toBe(title);
    expect(page.html).toContain(text);
  });

  it('renders pages that depend on the session in their loading state (as hydration starts)', async () => {
    for (const location of ['/tools', '/payment', '/success'])
      expect((await prerenderPage(location)).html).toContain('role="status"');
  });

  it('renders the sign-in form with its controls disabled (until hydrated)', async () => {
    const { html } = await prerenderPage('/auth');
    expect(html).toMatch(/<fieldset disabled="" class="[^"]*"><div><label for="auth-email"/);
    expect(html).toMatch(/<button type="button" disabled=""[^>]*>Create an account<\/button>/);
  });

  it('has an entry file for every route of the app, and only those', () => {
    expect(Object.keys(ROUTE_ENTRY_FILES).sort()).toEqual(Object.values(paths).sort());
  });
});
