import { describe, expect, it, vi } from 'vitest';
import { prerenderHome } from './prerender';

vi.mock('@/lib/supabase');

// Hydrating this markup in a real browser is tested in tests/e2e/prerendered-home.test.ts (React's
// server renderer leaves context values behind in the realm it ran in, so not here in jsdom).
describe('prerendered home page', () => {
  it('is the home page as a first visit renders it, without a <title> (index.html has it)', async () => {
    const html = await prerenderHome();
    expect(html).toContain('Dispute Credit Report Errors with Professional Letters');
    expect(html).toContain('href="/auth?mode=signup"');
    expect(html).not.toContain('<title>');
    // No session is known at build time: neither "Sign In" nor a user menu is baked in.
    expect(html).not.toContain('Sign In');
  });
});
