import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

const ONE_DAY_SECONDS = 86400;

/** `*` in the allowed origins opens CORS to every origin (echoed back, never a literal `*`). */
function originMatcher(allowedOrigins: string[]) {
  const anyOrigin = allowedOrigins.includes('*');
  return (origin: string) => (anyOrigin || allowedOrigins.includes(origin) ? origin : null);
}

/** The auth API (GoTrue's CORS): the headers auth-js sends, with credentials. */
export function authCors(allowedOrigins: string[]): MiddlewareHandler {
  return cors({
    origin: originMatcher(allowedOrigins),
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
    credentials: true,
    maxAge: ONE_DAY_SECONDS,
  });
}

/** The data and function APIs (PostgREST's and the functions'): what postgrest-js and the SPA send. */
export function apiCors(allowedOrigins: string[]): MiddlewareHandler {
  return cors({
    origin: originMatcher(allowedOrigins),
    allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
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
