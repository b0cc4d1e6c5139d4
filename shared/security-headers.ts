import { createHash } from 'node:crypto';
import { SESSION_HINT_SCRIPT } from './session-hint';

/** The one inline script a page may run: the session hint, by its hash. */
const SESSION_HINT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SESSION_HINT_SCRIPT).digest('base64')}'`;

/**
 * The browser security headers of the site, declared once: the local server sends them and the
 * CloudFront response-headers policy is built from the same values.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${SESSION_HINT_SCRIPT_HASH}`,
  // react-hot-toast injects its styles at run time; no other inline *script* is allowed.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Powerful features no page uses, off for every frame. `payment` too: Stripe Checkout and the
 * billing portal are Stripe's own pages (a redirect), so no page of ours asks for it.
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';

export const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
  // A page another site opens gets no handle on it (nor it on the opener).
  'Cross-Origin-Opener-Policy': 'same-origin',
} as const;

/** The headers CloudFront's security-headers behaviour has no field for: sent as custom headers. */
export const CUSTOM_SECURITY_HEADERS = [
  'Permissions-Policy',
  'Cross-Origin-Opener-Policy',
] as const;

/** Sent by CloudFront only: over plain-HTTP localhost it would be ignored anyway. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains; preload';
