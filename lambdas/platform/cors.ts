import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

const ONE_DAY_SECONDS = 86400;

/**
 * `*` in the allowed origins opens CORS to every origin as a literal `*`, which browsers never
 * combine with credentials; otherwise a listed origin is echoed back.
 */
function originOptions(allowedOrigins: string[], credentials: boolean) {
  if (allowedOrigins.includes('*')) return { origin: '*', credentials: false };
  return {
    origin: (origin: string) => (allowedOrigins.includes(origin) ? origin : null),
    credentials,
  };
}

/** The auth API (GoTrue's CORS): the headers auth-js sends, with credentials. */
export function authCors(allowedOrigins: string[]): MiddlewareHandler {
  return cors({
    ...originOptions(allowedOrigins, true),
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: [
      'Accept',
      'Authorization',
      'Content-Type',
      'X-Client-Info',
      'X-Supabase-Api-Version',
      'apikey',
    ],
    exposeHeaders: ['X-Total-Count', 'Link', 'X-Supabase-Api-Version'],
    maxAge: ONE_DAY_SECONDS,
  });
}

/**
 * The data and function APIs (PostgREST's and the functions'): what postgrest-js and the SPA
 * send; a function with more methods (reminders: PUT, DELETE) names them.
 */
export function apiCors(
  allowedOrigins: string[],
  allowMethods = ['GET', 'HEAD', 'POST', 'OPTIONS'],
): MiddlewareHandler {
  return cors({
    ...originOptions(allowedOrigins, false),
    allowMethods,
    allowHeaders: [
      'Accept',
      'Accept-Profile',
      'Authorization',
      'Content-Type',
      'Prefer',
      'Range',
      'X-Client-Info',
      'X-Supabase-Api-Version',
      'apikey',
    ],
    exposeHeaders: ['Content-Range', 'X-Supabase-Api-Version'],
    maxAge: ONE_DAY_SECONDS,
  });
}

/** The sync route: the SPA's reads, writes and deletes with a version in `If-Match`. */
export function syncCors(allowedOrigins: string[]): MiddlewareHandler {
  return cors({
    ...originOptions(allowedOrigins, false),
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'If-Match', 'apikey'],
    exposeHeaders: ['X-Record-Version', 'X-Record-Size', 'X-Record-Parts'],
    maxAge: ONE_DAY_SECONDS,
  });
}
