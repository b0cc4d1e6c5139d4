import type { Context } from 'hono';
import { identityKeys } from '../identity/items';
import { clientIp } from '../platform/client-ip';
import { isConditionFailure } from '../platform/dynamo';
import { countMetric } from '../platform/metrics';
import type { AuthDeps } from './deps';
import { AuthError } from './errors';
import type { RateLimitRule } from '../identity/rate-limiter';
import { mailClientKey } from './rate-limits';

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

/** What a request was charged, to give back when it sends nothing. */
type Charges = [bucket: string, key: string, rule: RateLimitRule][];

/** Gives back every unit a request was charged (it sent nothing after all). */
export type MailRefund = () => Promise<void>;

/**
 * Counts a request that may send e-mail before anything is looked up, the same for known and
 * unknown addresses: each recipient's resend interval (unless `interval` is false), then the
 * client's hourly share (an IPv4 /24 or IPv6 /48, one unit per e-mail), then each recipient's
 * hourly count in `bucket` (recovery and magic links count apart from sign-ups and resends). A
 * `device` (the owner's browser) has a share and a count of its own, which strangers cannot spend.
 * 429 over any, with nothing else kept; answers the refund for a request that sends nothing.
 */
export async function chargeMailRequest(
  deps: AuthDeps,
  c: Context,
  addresses: string[],
  options: {
    interval?: boolean;
    bucket?: 'mail-address' | 'mail-recovery';
    /** A browser that signed in to the address's account: it counts on its own, not the address's. */
    device?: string;
  } = {},
): Promise<MailRefund> {
  const { rateLimits, mailMinIntervalSeconds, clientIpHeader } = deps.config;
  if (options.interval ?? true) {
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
  const charged: Charges = [];
  const refund = async () => {
    await Promise.all(
      charged.map(([bucket, key, rule]) => deps.limiter.release(bucket, key, rule)),
    );
  };
  const charge = async (bucket: string, key: string, rule: RateLimitRule) => {
    if (!(await deps.limiter.allow(bucket, key, rule))) {
      await refund();
      countMetric('RateLimitedRequests');
      throw overEmailLimit();
    }
    charged.push([bucket, key, rule]);
  };
  // One unit of the client's share per e-mail (an e-mail change sends two).
  const { device } = options;
  const client = device ? `device:${device}` : mailClientKey(clientIp(c, clientIpHeader));
  for (let sent = 0; sent < addresses.length; sent += 1) {
    await charge('mail-client', client, rateLimits.emailPerClient);
  }
  for (const address of addresses) {
    if (device) await charge('mail-device', device, rateLimits.emailPerAddress);
    else await charge(options.bucket ?? 'mail-address', address, rateLimits.emailPerAddress);
  }
  return refund;
}
