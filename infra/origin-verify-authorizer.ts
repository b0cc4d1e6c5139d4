import { createHash, timingSafeEqual } from 'node:crypto';
import { resolveSecret } from '../lambdas/platform/secrets';

/** The part of an HTTP API (payload 2.0) Lambda authorizer event this handler reads. */
export interface AuthorizerEvent {
  headers?: Record<string, string | undefined>;
}

export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * API Gateway asks this authorizer (results cached per header value) whether a request came
 * through our CloudFront distribution, which adds the secret `x-origin-verify` header to every
 * origin request. Direct calls to the execute-api endpoint cannot know it, so they never reach a
 * function, and the CloudFront-written headers the functions trust (`CloudFront-Viewer-Address`)
 * cannot be forged by calling the API directly.
 */
export async function handler(event: AuthorizerEvent): Promise<{ isAuthorized: boolean }> {
  const presented = event.headers?.[ORIGIN_VERIFY_HEADER];
  if (!presented) return { isAuthorized: false };
  const expected = await resolveSecret(process.env, 'ORIGIN_VERIFY_SECRET');
  return { isAuthorized: timingSafeEqual(digest(presented), digest(expected)) };
}
