/**
 * The built SPA's HTML entry files (web/dist): every client-side route is prerendered at build
 * time into its own file, so its first paint does not wait for JavaScript; a path that is no
 * route gets the prerendered not-found page. The app then hydrates whichever it was served.
 */
export const HOME_HTML = 'index.html';
export const NOT_FOUND_HTML = '404.html';

/** Route → its prerendered entry file (web/src/config/paths.ts lists the same routes). */
export const ROUTE_ENTRY_FILES: Readonly<Record<string, string>> = {
  '/': HOME_HTML,
  '/tools': 'tools.html',
  '/disputegenerator': 'disputegenerator.html',
  '/disputes': 'disputes.html',
  '/checkup': 'checkup.html',
  '/auth': 'auth.html',
  '/forgot-password': 'forgot-password.html',
  '/reset-password': 'reset-password.html',
  '/faq': 'faq.html',
  '/testimonials': 'testimonials.html',
  '/payment': 'payment.html',
  '/success': 'success.html',
  '/support': 'support.html',
  '/privacy': 'privacy.html',
  '/terms': 'terms.html',
};

/** Every entry file, the not-found page included. */
export const ENTRY_FILES: readonly string[] = [...Object.values(ROUTE_ENTRY_FILES), NOT_FOUND_HTML];

/** The entry file for a path that names no file (`/`, `/faq`, `/faq/`, `/no-such-page`). */
export function entryHtmlFor(pathname: string): string {
  const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.hasOwn(ROUTE_ENTRY_FILES, route) ? ROUTE_ENTRY_FILES[route]! : NOT_FOUND_HTML;
}
