// One per function folder: the Hono routes its Lambda entry and the local server share.
import { paymentKeys } from '../billing/items';
import { subscriptionRowOf } from '../billing/subscription-sync';
import { createAccessTokenVerifier } from '../identity/access-tokens';
import { apiCors } from '../platform/cors';
import { createTable } from '../platform/dynamo';
import { createLambdaApp } from '../platform/lambda-app';
import { requirePublishableKey } from '../platform/publishable-key';
import type { RestConfig } from './config';
import { PostgrestError, renderPostgrestError } from './postgrest-errors';
import { VIEW_NAME, parseViewQuery } from './query';

export const REST_BASE_PATH = '/rest/v1';

const SINGLE_OBJECT = 'application/vnd.pgrst.object+json';

/**
 * The Supabase-style view `stripe_user_subscriptions`, answering what postgrest-js sends for
 * `.select(...)`, `.maybeSingle()` and `.single()`. Row-level security as in Supabase: a
 * signed-in caller sees only their own row; the bare publishable key sees none.
 */
export function createRestApp(config: RestConfig) {
  const table = createTable(config.table);
  const verifier = createAccessTokenVerifier({ table, ...config.tokens });
  const app = createLambdaApp(REST_BASE_PATH, renderPostgrestError);

  /**
   * The caller's row, read (strongly consistent: right after checkout the SPA must see what the
   * webhook just wrote) in the same database request as the session check.
   */
  async function callerRow(authorization: string) {
    const { item } = await verifier.verifyAndRead(authorization, paymentKeys.subscription);
    return subscriptionRowOf(item);
  }

  app.use('*', apiCors(config.access.allowedOrigins));
  app.use('*', requirePublishableKey(config.access.publishableKey));

  app.on(['GET', 'HEAD'], `/${VIEW_NAME}`, async (c) => {
    const profile = c.req.header('accept-profile');
    if (profile && profile !== 'public') {
      throw new PostgrestError(
        406,
        'PGRST106',
        'Invalid schema: ' + profile,
        null,
        'Only the following schemas are exposed: public',
      );
    }
    const query = parseViewQuery(new URL(c.req.url).searchParams);
    const authorization = c.req.header('authorization');
    const anonymous =
      !authorization ||
      authorization.replace(/^Bearer\s+/i, '').trim() === config.access.publishableKey;
    const row = anonymous ? null : await callerRow(authorization);

    const matching =
      row && query.filters.every((filter) => filter.test(row[filter.column])) ? [row] : [];
    const accept = c.req.header('accept') ?? '';
    // `;nulls=stripped` (postgrest-js `stripNulls()`) leaves out null-valued columns.
    const stripNulls = accept.includes('nulls=stripped');
    const rows = matching
      .slice(query.offset, query.limit === undefined ? undefined : query.offset + query.limit)
      .map((found) =>
        Object.fromEntries(
          query.columns
            .map((column) => [column, found[column]] as const)
            .filter(([, value]) => !stripNulls || value !== null),
        ),
      );

    const wantsCount = /count=(exact|planned|estimated)/.test(c.req.header('prefer') ?? '');
    c.header(
      'Content-Range',
      `${rows.length ? `${query.offset}-${query.offset + rows.length - 1}` : '*'}/${wantsCount ? matching.length : '*'}`,
    );
    if (accept.includes(SINGLE_OBJECT)) {
      if (rows.length !== 1) {
        throw new PostgrestError(
          406,
          'PGRST116',
          'Cannot coerce the result to a single JSON object',
          `The result contains ${rows.length} rows`,
        );
      }
      c.header('Content-Type', `${SINGLE_OBJECT}; charset=utf-8`);
      return c.body(JSON.stringify(rows[0]));
    }
    return c.json(rows);
  });

  app.on(['POST', 'PATCH', 'PUT', 'DELETE'], `/${VIEW_NAME}`, () => {
    throw new PostgrestError(
      405,
      'PGRST117',
      `Unsupported HTTP method: ${VIEW_NAME} is a read-only view`,
    );
  });

  app.all('*', (c) => {
    throw new PostgrestError(
      404,
      'PGRST205',
      `Could not find the table 'public.${c.req.path.split('/').pop()}' in the schema cache`,
    );
  });

  return app;
}
