import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { SignInClient } from '../identity/sign-in-failures';
import { clientIp } from '../platform/client-ip';
import type { AuthDeps } from './deps';
import { rateLimitKey } from './rate-limits';

/**
 * OWASP's device cookie: a browser that signed in to an account holds a MAC of the address and
 * a random device id. Strangers' failed sign-ins do not slow it, and its own count apart.
 * HttpOnly and SameSite=Strict, sent only to the auth API (the SPA's fetches are same-origin).
 */
export const DEVICE_COOKIE = 'cdl-device';
/** Accounts one browser is remembered for (the oldest is dropped). */
const MAX_ACCOUNTS = 5;
/** The longest a browser keeps a cookie (RFC 6265bis). */
const MAX_AGE_SECONDS = 400 * 24 * 3600;

function deviceMac(key: Buffer, email: string, deviceId: string): Buffer {
  return createHmac('sha256', key).update(`device\n${email}\n${deviceId}`).digest().subarray(0, 16);
}

function entries(c: Context): string[] {
  return (getCookie(c, DEVICE_COOKIE) ?? '').split('~').filter(Boolean).slice(0, MAX_ACCOUNTS);
}

/** The device id the request's cookie holds for this address, if it holds a valid one. */
export async function deviceFor(
  deps: AuthDeps,
  c: Context,
  email: string,
): Promise<string | undefined> {
  const found = entries(c);
  if (found.length === 0) return undefined;
  const { codeKey } = await deps.keyRing();
  for (const entry of found) {
    const [deviceId = '', mac = ''] = entry.split('.');
    const given = Buffer.from(mac, 'base64url');
    if (given.length === 16 && timingSafeEqual(given, deviceMac(codeKey, email, deviceId))) {
      return deviceId;
    }
  }
  return undefined;
}

/** Who makes a password attempt for `email`: its device, else its IPv4 address or IPv6 /64. */
export async function signInClient(
  deps: AuthDeps,
  c: Context,
  email: string,
): Promise<SignInClient> {
  const deviceId = await deviceFor(deps, c, email);
  return deviceId
    ? { key: `device:${deviceId}`, trusted: true }
    : { key: `ip:${rateLimitKey(clientIp(c, deps.config.clientIpHeader))}`, trusted: false };
}

/** After a sign-in: the browser is remembered for the account (its device id kept if it had one). */
export async function rememberDevice(deps: AuthDeps, c: Context, email: string): Promise<void> {
  const { codeKey } = await deps.keyRing();
  const known = await deviceFor(deps, c, email);
  const deviceId = known ?? randomBytes(16).toString('base64url');
  const mine = `${deviceId}.${deviceMac(codeKey, email, deviceId).toString('base64url')}`;
  const others = entries(c).filter((entry) => !entry.startsWith(`${deviceId}.`));
  setCookie(c, DEVICE_COOKIE, [mine, ...others].slice(0, MAX_ACCOUNTS).join('~'), {
    path: '/auth/v1',
    httpOnly: true,
    sameSite: 'Strict',
    secure: deps.config.externalUrl.startsWith('https:'),
    maxAge: MAX_AGE_SECONDS,
  });
}
