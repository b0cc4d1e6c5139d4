import { isIPv4, isIPv6 } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import type { RateLimitRule } from '../identity/rate-limiter';
import { clientIp } from '../platform/client-ip';
import { countMetric } from '../platform/metrics';
import type { AuthDeps } from './deps';
import { AuthError } from './errors';

/** The eight 16-bit groups of an IPv6 address (zone dropped, `::` and a dotted tail expanded). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => parseInt(group, 16)) : [];
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The rate-limit bucket of a client address: the address itself for IPv4, the /64 for IPv6
 * (one subscriber's whole allocation, which its holder can rotate through freely); an
 * IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function rateLimitKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * The client of the project-wide e-mail budget: a network rather than an address, an IPv4 /24
 * or an IPv6 /48 (a site's usual allocation), so a handful of neighbours cannot spend it all.
 */
export function mailClientKey(ip: string): string {
  const key = rateLimitKey(ip);
  if (isIPv4(key)) return `${key.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return key;
  return `${ipv6Groups(ip)
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::/48`;
}

/** Counts the request against the client's bucket; rejects with 429 over the limit. */
export async function enforceRateLimit(
  deps: AuthDeps,
  c: Context,
  bucket: string,
  rule: RateLimitRule,
): Promise<void> {
  const key = rateLimitKey(clientIp(c, deps.config.clientIpHeader));
  if (!(await deps.limiter.allow(bucket, key, rule))) {
    countMetric('RateLimitedRequests');
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
}

export function rateLimited(
  deps: AuthDeps,
  bucket: string,
  rule: RateLimitRule,
): MiddlewareHandler {
  return async (c, next) => {
    await enforceRateLimit(deps, c, bucket, rule);
    await next();
  };
}
