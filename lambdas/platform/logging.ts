import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import type { Context, MiddlewareHandler } from 'hono';
import type { LambdaContext } from 'hono/aws-lambda';

/**
 * One Powertools Logger per container: JSON lines with the service name and, per request, the
 * API Gateway request id (`request_id`) and the Lambda context (`function_request_id`,
 * `cold_start`, …). The level comes from the environment (`POWERTOOLS_LOG_LEVEL`, or Lambda's
 * own log-level setting). `npm start` sets `POWERTOOLS_DEV`, which prints the same records
 * indented for reading.
 */
export const logger = new Logger({ serviceName: serviceName() });

/** `POWERTOOLS_SERVICE_NAME`, else the Lambda function's name (`local` outside Lambda). */
export function serviceName(): string {
  return process.env.POWERTOOLS_SERVICE_NAME ?? process.env.AWS_LAMBDA_FUNCTION_NAME ?? 'local';
}

/** What hono/aws-lambda hands a Hono app as `c.env`; @hono/node-server hands `incoming`. */
interface RequestEnv {
  event?: { requestContext?: { requestId?: string } };
  lambdaContext?: LambdaContext;
}

export interface RequestLogVariables {
  requestId: string;
  log: Logger;
}

/**
 * Gives every request its id (API Gateway's, else a fresh one when run locally) and a logger
 * that puts it, and the Lambda context, on each line. A child logger per request, so the local
 * server, which serves requests concurrently, never mixes ids.
 */
export function requestLogging(): MiddlewareHandler<{ Variables: RequestLogVariables }> {
  return async (c, next) => {
    const env = (c.env ?? {}) as RequestEnv;
    const requestId = env.event?.requestContext?.requestId ?? randomUUID();
    const log = logger.createChild({ persistentKeys: { request_id: requestId } });
    if (env.lambdaContext) {
      log.addContext(env.lambdaContext as unknown as Parameters<Logger['addContext']>[0]);
    }
    c.set('requestId', requestId);
    c.set('log', log);
    await next();
  };
}

/** The request's logger (the container's own outside a request). */
export function requestLog(c: Context): Logger {
  return (c.get('log') as Logger | undefined) ?? logger;
}

export function requestIdOf(c: Context): string {
  return (c.get('requestId') as string | undefined) ?? 'unknown';
}
