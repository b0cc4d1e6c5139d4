/**
 * GoTrue's glob (gobwas/glob with `.` and `/` as separators): `*` matches within one host label
 * or path segment, `**` matches anything. A `*` never matches `@` or `:` either, so
 * `http://localhost:*` cannot reach past the port into a userinfo and another host.
 */
function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^./@:]*'),
    )
    .join('.*');
  return new RegExp(`^${source}$`);
}

/**
 * Where an e-mail link may send the browser: the site itself, or a URL matching the configured
 * allow-list (GoTrue's `URI_ALLOW_LIST`); anything else falls back to the site URL.
 */
export function resolveRedirect(
  siteUrl: string,
  allowList: string[],
  requested: string | undefined,
): string {
  if (!requested) return siteUrl;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return siteUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return siteUrl;
  // A userinfo only ever disguises the real host (`http://localhost:x@evil.com/`).
  if (url.username || url.password) return siteUrl;
  if (url.origin === new URL(siteUrl).origin) return url.href;
  return allowList.some((pattern) => patternToRegExp(pattern).test(url.href)) ? url.href : siteUrl;
}
