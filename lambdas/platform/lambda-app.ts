import { Hono, type Context } from 'hono';
import { requestLogging, type RequestLogVariables } from './logging';
import { publishMetrics } from './metrics';

export type LambdaAppEnv = { Variables: RequestLogVariables };

/**
 * Every Lambda's Hono router starts here: its base path, its protocol's error renderer (which
 * logs each failure once), a request logger with the request id, and metrics flushed per request.
 */
export function createLambdaApp<BasePath extends string>(
  basePath: BasePath,
  renderError: (c: Context<LambdaAppEnv>, error: unknown) => Response,
) {
  const app = new Hono<LambdaAppEnv>().basePath(basePath);
  app.onError((error, c) => renderError(c, error));
  app.use('*', requestLogging(), publishMetrics());
  return app;
}
