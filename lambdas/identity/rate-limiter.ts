import { systemClock, type Clock } from '../platform/clock';
import { isConditionFailure, type Table } from '../platform/dynamo';
import { identityKeys } from './items';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

/** A container claims this share of a window's limit at a time. */
const BLOCK_SHARE = 1 / 20;
/** Leases kept in memory before those of finished windows are dropped. */
const MAX_LEASES = 10_000;

interface Lease {
  windowStart: number;
  /** Requests this container may still admit in the window without asking the table. */
  remaining: number;
  /** The table said the window's limit is used up. */
  exhausted: boolean;
}

/**
 * Fixed-window request counters in the table (`RATE#<bucket>#<key>` / `WINDOW#<start>`). Each
 * window has its own item, so a finished window is never read again; its `ttl` lets DynamoDB
 * delete it.
 *
 * A container does not write once per request: it claims a block of the limit (5%, at least 1)
 * with one atomic ADD and admits that many from memory. The counter never admits more than the
 * limit in a window, across any number of containers; with several containers a client can be
 * refused up to (block − 1) × (containers − 1) requests early. One container is exact.
 */
export function createRateLimiter(options: {
  table: Table;
  now?: Clock;
  /** Where a window's counter lives; `RATE#<bucket>#<key>` by default (auth's own partition). */
  windowKey?: (bucket: string, key: string, windowStart: number) => { pk: string; sk: string };
}) {
  const now = options.now ?? systemClock;
  const windowKey =
    options.windowKey ??
    ((bucket, key, windowStart) => identityKeys.rateWindow(`${bucket}#${key}`, windowStart));
  const leases = new Map<string, Lease>();
  const pendingClaims = new Map<string, Promise<void>>();

  function forgetFinishedWindows(currentStart: number) {
    if (leases.size < MAX_LEASES) return;
    for (const [id, lease] of leases) if (lease.windowStart < currentStart) leases.delete(id);
  }

  async function claim(
    id: string,
    Key: { pk: string; sk: string },
    windowStart: number,
    rule: RateLimitRule,
  ) {
    const block = Math.max(1, Math.floor(rule.limit * BLOCK_SHARE));
    const windowMs = rule.windowSeconds * 1000;
    const out = await options.table.doc.update({
      TableName: options.table.name,
      Key,
      UpdateExpression: 'ADD #count :block SET #ttl = if_not_exists(#ttl, :ttl)',
      ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':block': block,
        ':ttl': Math.ceil((windowStart + windowMs) / 1000) + 60,
      },
      ReturnValues: 'UPDATED_NEW',
    });
    const countBefore = Number(out.Attributes?.count ?? block) - block;
    const granted = Math.min(block, Math.max(0, rule.limit - countBefore));
    forgetFinishedWindows(windowStart);
    const lease = leases.get(id);
    if (lease?.windowStart === windowStart) {
      lease.remaining += granted;
      lease.exhausted = granted < block;
    } else {
      leases.set(id, { windowStart, remaining: granted, exhausted: granted < block });
    }
  }

  return {
    /** Counts one request; false when it is over the limit of the current window. */
    async allow(bucket: string, key: string, rule: RateLimitRule): Promise<boolean> {
      const id = `${bucket}#${key}`;
      for (;;) {
        const windowMs = rule.windowSeconds * 1000;
        const windowStart = Math.floor(now() / windowMs) * windowMs;
        const lease = leases.get(id);
        if (lease?.windowStart === windowStart) {
          if (lease.remaining > 0) {
            lease.remaining -= 1;
            return true;
          }
          if (lease.exhausted) return false;
        }
        // One claim at a time per key; concurrent requests share its block.
        let pending = pendingClaims.get(id);
        if (!pending) {
          pending = claim(id, windowKey(bucket, key, windowStart), windowStart, rule).finally(() =>
            pendingClaims.delete(id),
          );
          pendingClaims.set(id, pending);
        }
        await pending;
      }
    },

    /**
     * Gives back one request admitted by `allow` in the current window that did no work (an
     * e-mail not sent after all): one atomic decrement of the window's count, so any container
     * may admit it again. Nothing is given back once the window has moved on.
     */
    async release(bucket: string, key: string, rule: RateLimitRule): Promise<void> {
      const id = `${bucket}#${key}`;
      const windowMs = rule.windowSeconds * 1000;
      const windowStart = Math.floor(now() / windowMs) * windowMs;
      const update = (expression: string, condition: string, values: Record<string, number>) =>
        options.table.doc.update({
          TableName: options.table.name,
          Key: windowKey(bucket, key, windowStart),
          UpdateExpression: expression,
          ConditionExpression: condition,
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':limit': rule.limit, ...values },
        });
      try {
        await update('ADD #count :minus', '#count > :zero AND #count <= :limit', {
          ':minus': -1,
          ':zero': 0,
        }).catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error;
          // Claims past the limit count the refused too: all the limit was admitted.
          return update('SET #count = :limit - :one', '#count > :limit', { ':one': 1 });
        });
      } catch (error) {
        if (isConditionFailure(error)) return;
        throw error;
      }
      // This container asks the table again rather than trust an earlier "used up".
      const lease = leases.get(id);
      if (lease?.windowStart === windowStart) lease.exhausted = false;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
