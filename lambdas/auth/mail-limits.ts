import type { Context } from 'hono';
import { identityKeys } from '../identity/items';
import { clientIp } from '../platform/client-ip';
import { isConditionFailure } from '../platform/dynamo';
import { countMetric } from '../platform/metrics';
import type { AuthDeps } from './deps';
import { AuthError } from './errors';
import { rateLimitKey } from './rate-limits';

const overEmailLimit = () =>
  new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');

/**
 * Holds the resend interval for an address, known or not: false when an e-mail was asked for
 * it less than `mailMinIntervalSeconds` ago (so the answer never tells whether it has an account).
 */
async function holdInterval(deps: AuthDeps, address: string): Promise<boolean> {
  const now = deps.now();
  const intervalMs = deps.config.mailMinIntervalSeconds * 1000;
  try {
    await deps.table.doc.update({
      TableName: deps.table.name,
      Key: identityKeys.mailInterval(address),
      UpdateExpression: 'SET lastAt = :now, #ttl = :ttl',
      ConditionExpression: 'attribute_not_exists(lastAt) OR lastAt <= :threshold',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':now': now,
        ':threshold': now - intervalMs,
        ':ttl': Math.ceil((now + intervalMs) / 1000) + 60,
      },
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Counts a request that may send e-mail before anything is looked up, the same for known and
 * unknown addresses: each recipient's resend interval (unless `interval` is false), then the
 * client's hourly share (an IPv4 address or IPv6 /64, one unit per e-mail), then each
 * recipient's hourly count. 429 over any; a request the interval refuses costs no share.
 */
export async function chargeMailRequest(
  deps: AuthDeps,
  c: Context,
  addresses: string[],
  options: { interval: boolean } = { interval: true },
): Promise<void> {
  const { rateLimits, mailMinIntervalSeconds, clientIpHeader } = deps.config;
  if (options.interval) {
    for (const address of addresses) {
      if (!(await holdInterval(deps, address))) {
        throw new AuthError(
          429,
          'over_email_send_rate_limit',
          `For security purposes, you can only request this after ${mailMinIntervalSeconds} seconds.`,
        );
      }
    }
  }
  // One unit of the client's share per e-mail (an e-mail change sends two).
  const client = rateLimitKey(clientIp(c, clientIpHeader));
  for (let sent = 0; sent < addresses.length; sent += 1) {
    if (!(await deps.limiter.allow('mail-client', client, rateLimits.emailPerClient))) {
      countMetric('RateLimitedRequests');
      throw overEmailLimit();
    }
  }
  for (const address of addresses) {
    if (!(await deps.limiter.allow('mail-address', address, rateLimits.emailPerAddress))) {
      countMetric('RateLimitedRequests');
      throw overEmailLimit();
    }
  }
}
