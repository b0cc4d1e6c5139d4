import http from 'node:http';
import https from 'node:https';
import { signRequest, type AwsCredentials } from './aws-signature';
import { isTransientAwsError } from './aws-errors';
import { requiredString, optionalString, type Env } from './env';

/**
 * The Lambdas call three AWS APIs (DynamoDB, Secrets Manager, SES v2) through this small
 * SigV4-signed HTTPS client instead of the AWS SDK: loading the SDK clients took 120–200 ms of
 * every cold start and about 1 ms of CPU per call (see ARCHITECTURE.md for the figures).
 */

/** An error answered by an AWS API. Like the SDK's, it carries the service's error fields. */
export class AwsServiceError extends Error {
  readonly $metadata: { httpStatusCode: number };
  [field: string]: unknown;

  constructor(name: string, message: string, status: number, fields: Record<string, unknown>) {
    super(message);
    Object.assign(this, fields);
    this.name = name;
    this.$metadata = { httpStatusCode: status };
  }
}

export interface AwsServiceOptions {
  /** The signing name, e.g. `dynamodb`, `secretsmanager`, `ses`. */
  service: string;
  region: string;
  /** Base URL, e.g. `https://dynamodb.us-east-1.amazonaws.com` or DynamoDB Local's. */
  endpoint: string;
  credentials: AwsCredentials;
  /** Attempts for throttling, 5xx and network errors, with jittered exponential backoff. */
  maxAttempts?: number;
  /** Per attempt, default 8 s. */
  timeoutMs?: number;
}

export interface AwsServiceClient {
  /** The AWS JSON protocol (DynamoDB: 1.0, Secrets Manager: 1.1): POST / with X-Amz-Target. */
  json<T>(target: string, input: unknown, version: '1.0' | '1.1'): Promise<T>;
  /** The REST-JSON protocol (SES v2). */
  rest<T>(method: string, path: string, input: unknown): Promise<T>;
}

/** The Lambda runtime puts the function role's credentials in the environment. */
export function readAwsCredentials(env: Env): AwsCredentials {
  return {
    accessKeyId: requiredString(env, 'AWS_ACCESS_KEY_ID'),
    secretAccessKey: requiredString(env, 'AWS_SECRET_ACCESS_KEY'),
    sessionToken: optionalString(env, 'AWS_SESSION_TOKEN'),
  };
}

export function readAwsRegion(env: Env): string {
  return optionalString(env, 'AWS_REGION', 'us-east-1');
}

/** As the SDK's: at most 50 connections per host, the rest wait for a free one. */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 50 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 50 }),
};

const BACKOFF_BASE_MS = 50;

/**
 * The JSON protocols send binary values (blobs) as base64. The holder's own property is read
 * because JSON.stringify hands the replacer a Buffer already turned into `{type, data}`.
 */
function encodeBlob(this: Record<string, unknown>, key: string, value: unknown) {
  const original = this[key];
  return original instanceof Uint8Array ? Buffer.from(original).toString('base64') : value;
}

function errorFromResponse(status: number, headers: http.IncomingHttpHeaders, text: string) {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON (e.g. a load balancer's page): the status says enough.
  }
  const { __type, message, Message, ...fields } = body;
  const headerType = headers['x-amzn-errortype'];
  const type =
    (typeof headerType === 'string' && headerType) ||
    (typeof __type === 'string' && __type) ||
    `Http${status}Error`;
  const name = type.split(':')[0]!.split('#').pop()!;
  const description =
    (typeof message === 'string' && message) || (typeof Message === 'string' && Message);
  return new AwsServiceError(name, description || `HTTP ${status}`, status, fields);
}

export function createAwsServiceClient(options: AwsServiceOptions): AwsServiceClient {
  const url = new URL(options.endpoint);
  const transport = url.protocol === 'http:' ? http : https;
  const agent = agents[url.protocol === 'http:' ? 'http:' : 'https:'];
  const basePath = url.pathname.replace(/\/$/, '');
  const maxAttempts = options.maxAttempts ?? 3;
  const timeoutMs = options.timeoutMs ?? 8000;

  function attempt(method: string, path: string, headers: Record<string, string>, body: string) {
    const signed = signRequest(
      { method, host: url.host, path: basePath + path, headers, body },
      options,
    );
    signed['content-length'] = String(Buffer.byteLength(body));
    return new Promise<unknown>((resolve, reject) => {
      const request = transport.request(
        {
          protocol: url.protocol,
          hostname: url.hostname,
          port: url.port,
          method,
          path: basePath + path,
          headers: signed,
          agent,
          timeout: timeoutMs,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = response.statusCode ?? 0;
            if (status < 200 || status >= 300) {
              reject(errorFromResponse(status, response.headers, text));
              return;
            }
            try {
              resolve(text ? JSON.parse(text) : {});
            } catch {
              reject(new AwsServiceError('InvalidResponse', 'Unparsable AWS response', status, {}));
            }
          });
        },
      );
      request.on('timeout', () => {
        const error = new Error(`No answer from ${url.host} within ${timeoutMs} ms`);
        error.name = 'TimeoutError';
        request.destroy(error);
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  async function send<T>(
    method: string,
    path: string,
    headers: Record<string, string>,
    input: unknown,
  ) {
    const body = input === undefined ? '' : JSON.stringify(input, encodeBlob);
    for (let attemptNumber = 1; ; attemptNumber++) {
      try {
        return (await attempt(method, path, headers, body)) as T;
      } catch (error) {
        // A request that timed out may have been applied: retrying a conditional write could
        // then fail its own condition, so it is left to the caller (a 503 it may retry).
        const retryable = isTransientAwsError(error) && (error as Error).name !== 'TimeoutError';
        if (attemptNumber >= maxAttempts || !retryable) throw error;
        const delay = Math.random() * BACKOFF_BASE_MS * 2 ** (attemptNumber - 1);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  return {
    json(target, input, version) {
      return send(
        'POST',
        '/',
        {
          'content-type': `application/x-amz-json-${version}`,
          'x-amz-target': target,
        },
        input,
      );
    },
    rest(method, path, input) {
      return send(method, path, { 'content-type': 'application/json' }, input);
    },
  };
}
