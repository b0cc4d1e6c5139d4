/**
 * The page's first paint knows whether this browser may hold a session, before any of the app
 * has loaded: the one inline script of every page (allowed by its hash in the CSP,
 * shared/security-headers.ts) sets `<html data-session>`, and the stylesheet shows the matching
 * variant of the prerendered page (web/src/components/session-variants.tsx). A signed-out
 * visitor sees "Sign In Required" at once; a returning user sees the page's loading state
 * until the app has restored their session, never a "Sign In" that then flips.
 */

/** Where supabase-js keeps a session: `sb-<first host label of the API>-auth-token`. */
const SESSION_STORAGE_KEY = /^sb-.+-auth-token$/;

/** An e-mail link delivering a session (or its error) in the URL. */
export const SESSION_IN_URL = /[#?&](access_token|refresh_token|code|error_description)=/;

/** `<html data-session="...">`: the page's first paint shows the variant for this browser. */
const SESSION_HINTS = { signedOut: 'signed-out', restoring: 'restoring' } as const;

/**
 * No session stored and none in the URL: "signed-out". Anything else, storage that cannot be
 * read included, is "restoring" (the app decides). Without this script (JavaScript off), no
 * value is set and the page shows what a signed-out visitor sees.
 */
export const SESSION_HINT_SCRIPT =
  `(function(){var hint='${SESSION_HINTS.signedOut}';` +
  `try{if(${SESSION_IN_URL}.test(location.href))hint='${SESSION_HINTS.restoring}';` +
  `for(var i=0;i<localStorage.length;i++)` +
  `if(${SESSION_STORAGE_KEY}.test(localStorage.key(i)))hint='${SESSION_HINTS.restoring}'}` +
  `catch(error){hint='${SESSION_HINTS.restoring}'}` +
  `document.documentElement.setAttribute('data-session',hint)})()`;
