import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import type { Context, MiddlewareHandler } from 'hono';
import type { LambdaContext } from 'hono/aws-lambda';

/** `POWERTOOLS_SERVICE_NAME`, else the Lambda function's name (`local` outside Lambda). */
export function serviceName(): string {
  return process.env.POWERTOOLS_SERVICE_NAME ?? process.env.AWS_LAMBDA_FUNCTION_NAME ?? 'local';
}

/**
 * One Powertools Logger per container: JSON lines with the service name, the Lambda context
 * (`function_request_id`, `cold_start`, …) and, through `requestLog`, the API Gateway request id
 * (`request_id`). The level comes from the environment (`POWERTOOLS_LOG_LEVEL`, or Lambda's own
 * log-level setting). `npm start` sets `POWERTOOLS_DEV`, which prints the same records indented
 * for reading.
 */
export const logger = new Logger({ serviceName: serviceName() });

/** What hono/aws-lambda hands a Hono app as `c.env`. */
interface RequestEnv {
  event?: { requestContext?: { requestId?: string } };
  lambdaContext?: LambdaContext;
}

export interface RequestLogVariables {
  requestId: string;
}

type LogFields = Record<string, unknown>;

/** The container's logger with the request's id on every line. */
export interface RequestLog {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/**
 * Gives every request its id (API Gateway's, else a fresh one when run locally) and, in Lambda,
 * puts the invocation's context on the logger (a Lambda container serves one request at a
 * time). The id is passed with each line rather than set on the shared logger, so the local
 * server, which serves requests concurrently, never mixes ids.
 */
export function requestLogging(): MiddlewareHandler<{ Variables: RequestLogVariables }> {
  return async (c, next) => {
    const env = (c.env ?? {}) as RequestEnv;
    if (env.lambdaContext) {
      logger.addContext(env.lambdaContext as unknown as Parameters<Logger['addContext']>[0]);
    }
    c.set('requestId', env.event?.requestContext?.requestId ?? randomUUID());
    await next();
  };
}

export function requestIdOf(c: Context): string {
  return (c.get('requestId') as string | undefined) ?? 'unknown';
}

export function requestLog(c: Context): RequestLog {
  const request_id = requestIdOf(c);
  return {
    info: (message, fields) => logger.info(message, { ...fields, request_id }),
    warn: (message, fields) => logger.warn(message, { ...fields, request_id }),
    error: (message, fields) => logger.error(message, { ...fields, request_id }),
  };
}
