import type { Hono } from 'hono';
import { handle, type LambdaContext, type LambdaEvent } from 'hono/aws-lambda';

/**
 * `hono/aws-lambda`'s `handle`, hardened for one case: it decodes a base64 body with `atob`,
 * which throws on any character outside the alphabet and then answers a plain-text 500 before
 * the app runs. Decoding as Node does (skipping such characters) lets each app refuse the
 * malformed body in its own JSON error format instead.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Hono app, whatever its env/schema
export function handleApiEvent(app: Hono<any, any, any>) {
  const handler = handle(app);
  return <L extends LambdaEvent>(event: L, context?: LambdaContext) =>
    handler(
      event.isBase64Encoded && event.body
        ? { ...event, body: Buffer.from(event.body, 'base64').toString('base64') }
        : event,
      context,
    );
}
