const TRANSIENT_NAMES = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'InternalFailure',
  'ServiceUnavailable',
  'TimeoutError',
  'TransactionInProgressException',
  // SES v2 sending faster than the account's rate.
  'TooManyRequestsException',
]);

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN']);

/**
 * An AWS call (mostly DynamoDB) that failed in a way worth retrying (throttling, a 5xx, the
 * network), as opposed to a bug. The client retries these a few times; handlers answer what is
 * left with 503, which every supabase-js version retries.
 */
export function isTransientAwsError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as {
    name?: string;
    code?: string;
    $retryable?: unknown;
    $metadata?: { httpStatusCode?: number };
  };
  if (e.name && TRANSIENT_NAMES.has(e.name)) return true;
  if (e.code && NETWORK_CODES.has(e.code)) return true;
  if (e.$retryable) return true;
  return (e.$metadata?.httpStatusCode ?? 0) >= 500;
}
