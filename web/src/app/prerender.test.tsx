import { ROUTE_ENTRY_FILES } from '@shared/site-entry';
import { SITE_PAGES } from '@shared/site-map';
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
    // No session is known at build time: the header's "Sign In" is only the signed-out variant
    // (the session hint picks it in the browser), and no user menu is baked in.
    expect(page.html).toMatch(/<div data-when="signed-out" class="contents">[^]*?>Sign In</);
    expect(page.html.match(/>Sign In</g)).toHaveLength(1);
    expect(page.html).not.toContain('Sign Out');
  });

  it.each([
    ['/faq', 'FAQ | Credit Dispute Letters', 'Frequently Asked Questions'],
    ['/support', 'Support | Credit Dispute Letters', 'Full refund within 24 hours'],
    ['/privacy', 'Privacy Policy | Credit Dispute Letters', 'What our servers keep'],
    ['/terms', 'Terms of Service | Credit Dispute Letters', 'Acceptable use'],
    ['/no-such-page', 'Page not found | Credit Dispute Letters', 'Page not found'],
  ])('renders %s with its lazy page and its own title', async (location, title, text) => {
    const page = await prerenderPage(location);
    expect(page.titleHtml).toBe(title);
    expect(page.html).toContain(text);
  });

  it('renders pages that depend on the session in both variants: signed out, and loading', async () => {
    const variants = [
      ['/tools', 'Sign In Required'],
      ['/payment', 'Sign in to subscribe'],
      ['/success', 'Welcome back! Sign in to access your dispute letters.'],
      ['/auth', 'Welcome back! Sign in to access your dispute letters.'],
      ['/disputes', 'Sign in to your account to see your disputes.'],
      ['/checkup', 'Sign in to your account to use the Report Checkup.'],
    ];
    for (const [location, signedOut] of variants) {
      const { html } = await prerenderPage(location!);
      expect(html, location).toMatch(
        new RegExp(`<div data-when="signed-out" class="contents">[^]*?${signedOut}`),
      );
      expect(html, location).toMatch(
        /<div data-when="restoring" class="contents"><div role="status"/,
      );
    }
  });

  it('renders the sign-in form with its controls disabled (until hydrated)', async () => {
    const { html } = await prerenderPage('/auth');
    expect(html).toMatch(/<fieldset disabled="" class="[^"]*"><div[^>]*><label for="auth-email"/);
    expect(html).toMatch(/<button type="button" disabled=""[^>]*>Create an account<\/button>/);
  });

  it('gives the not-found page a link to every page of the site map, the policies included', async () => {
    const { html } = await prerenderPage('/no-such-page');
    const nav = /<nav aria-label="Site pages"[^]*?<\/nav>/.exec(html)![0];
    for (const { path, label } of SITE_PAGES)
      expect(nav).toMatch(new RegExp(`href="${path}"[^>]*>${label}</a>`));
    expect(SITE_PAGES.map(({ path }) => path)).toEqual(
      expect.arrayContaining([paths.privacy, paths.terms]),
    );
  });

  it('has an entry file for every route of the app, and only those', () => {
    expect(Object.keys(ROUTE_ENTRY_FILES).sort()).toEqual(Object.values(paths).sort());
  });
});
