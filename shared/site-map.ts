/**
 * The public pages a visitor or a search engine may start from: /sitemap.xml (served by the
 * local runtime and deployed beside /config.json) and the not-found page's links.
 */
export const SITE_PAGES: readonly { path: string; label: string }[] = [
  { path: '/', label: 'Home' },
  { path: '/faq', label: 'FAQ' },
  { path: '/testimonials', label: 'Testimonials' },
  { path: '/auth', label: 'Sign in or create an account' },
  { path: '/support', label: 'Support' },
  { path: '/terms', label: 'Terms of Service' },
  { path: '/privacy', label: 'Privacy Policy' },
];

/** The sitemaps.org document for the site at `siteUrl` (no trailing slash). */
export function sitemapXml(siteUrl: string): string {
  const urls = SITE_PAGES.map(({ path }) => `  <url><loc>${siteUrl}${path}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
