import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../platform/clock';

/** CAN-SPAM wants an opt-out to work for 30 days after the mail: the link works for 60. */
export const UNSUBSCRIBE_LINK_DAYS = 60;
const AUDIENCE = 'reminders-unsubscribe';

/** The HMAC key of unsubscribe links: `REMINDER_LINK_SECRET`, its own secret. */
const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** A link token (an HS256 JWT by jose) that turns off one user's reminders, for 60 days. */
export async function signUnsubscribeToken(
  secret: string,
  userId: string,
  now: Clock,
): Promise<string> {
  const issuedAt = Math.floor(now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + UNSUBSCRIBE_LINK_DAYS * 86_400)
    .sign(keyOf(secret));
}

/** The user whose reminders the token turns off, or null when it is forged, altered or expired. */
export async function verifyUnsubscribeToken(
  secret: string,
  token: string,
  now: Clock,
): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      requiredClaims: ['exp', 'sub'],
      currentDate: new Date(now()),
    });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}
