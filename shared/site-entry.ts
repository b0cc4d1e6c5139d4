/**
 * The built SPA's HTML entry files (web/dist), and which one a client-side route gets. The home
 * page is prerendered into index.html so it paints before any script runs; every other route
 * gets the empty shell, so no page flashes the home page's content before its own.
 */
export const HOME_HTML = 'index.html';
export const APP_SHELL_HTML = 'app-shell.html';

/** The entry file for a path that names no file (`/`, `/faq`, ...). */
export function entryHtmlFor(pathname: string): string {
  return pathname === '/' ? HOME_HTML : APP_SHELL_HTML;
}
