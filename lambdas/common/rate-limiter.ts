import type { Table } from './dynamo';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window request counters in the table (`RATE#<bucket>#<key>` / `WINDOW#<start>`), one
 * atomic ADD per request. Each window has its own item, so a finished window is never read
 * again; its `ttl` lets DynamoDB delete it (DynamoDB Local never does, which is harmless).
 */
export function createRateLimiter(options: { table: Table; now?: () => number }) {
  const now = options.now ?? Date.now;
  return {
    /** Counts one request; false when it is over the limit of the current window. */
    async allow(bucket: string, key: string, rule: RateLimitRule): Promise<boolean> {
      const windowMs = rule.windowSeconds * 1000;
      const windowStart = Math.floor(now() / windowMs) * windowMs;
      const out = await options.table.doc.update({
        TableName: options.table.name,
        Key: { pk: `RATE#${bucket}#${key}`, sk: `WINDOW#${windowStart}` },
        UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :ttl)',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':ttl': Math.ceil((windowStart + windowMs) / 1000) + 60,
        },
        ReturnValues: 'UPDATED_NEW',
      });
      return Number(out.Attributes?.count ?? 0) <= rule.limit;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
