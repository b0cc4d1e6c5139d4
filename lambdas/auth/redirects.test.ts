import { describe, expect, it } from 'vitest';
import { resolveRedirect } from './redirects';

const SITE = 'https://site.example';
const allowed = (pattern: string, url: string) => resolveRedirect(SITE, [pattern], url) === url;

describe('redirect allow-list globs (GoTrue: `.` and `/` are separators)', () => {
  it('does not let `*` cross a dot', () => {
    expect(allowed('https://example.*/**', 'https://example.com/next')).toBe(true);
    expect(allowed('https://example.*/**', 'https://example.com.evil.io/')).toBe(false);
    expect(allowed('https://*.example.com/**', 'https://app.example.com/a/b')).toBe(true);
    expect(allowed('https://*.example.com/**', 'https://evil.io.example.com/')).toBe(false);
    expect(allowed('https://*.example.com/**', 'https://evil.io/.example.com/')).toBe(false);
  });

  it('never lets `*` match `@`, `:` or a userinfo (issue 26, point 5)', () => {
    const local = 'http://localhost:*/**';
    expect(allowed(local, 'http://localhost:5173/auth/callback')).toBe(true);
    for (const steal of [
      'http://localhost:x@[2001:db8::1]/steal',
      'http://localhost:1@evil.com/',
      'http://localhost:@evil.com/',
      'http://localhost:x:y@evil.com/steal',
    ]) {
      expect(resolveRedirect(SITE, [local], steal), steal).toBe(SITE);
    }
    // A userinfo is refused under any pattern, `**` included.
    expect(allowed('https://**', 'https://user:pass@site.evil/')).toBe(false);
    expect(allowed('https://*.example.com/**', 'https://a:b@c.example.com/')).toBe(false);
    expect(allowed('https://app.example.com/*', 'https://app.example.com/a@b:c')).toBe(false);
  });

  it('lets `**` match across separators, and sends anything else to the site', () => {
    expect(allowed('https://**.example.com/**', 'https://a.b.example.com/x')).toBe(true);
    expect(allowed('https://app.example.com/*', 'https://app.example.com/a/b')).toBe(false);
    expect(resolveRedirect(SITE, ['https://example.*/**'], 'https://example.com.evil.io/')).toBe(
      SITE,
    );
    expect(resolveRedirect(SITE, [], 'javascript:alert(1)')).toBe(SITE);
  });
});
