import { createHash, createHmac } from 'node:crypto';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface RequestToSign {
  method: string;
  host: string;
  /** Already URI-encoded path, e.g. `/` or `/v2/email/outbound-emails`. */
  path: string;
  headers: Record<string, string>;
  body: string;
}

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data, 'utf8').digest();

/** `20260101T120000Z` from a time. */
export function amzDate(time: Date): string {
  return time
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const signingKeys = new Map<string, Buffer>();

function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  const cacheKey = `${date}/${region}/${service}/${secret}`;
  let key = signingKeys.get(cacheKey);
  if (!key) {
    key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
    // One key per day and service: the cache only ever holds a handful.
    if (signingKeys.size > 16) signingKeys.clear();
    signingKeys.set(cacheKey, key);
  }
  return key;
}

/**
 * Signature Version 4 (header form, no query string) for the JSON APIs the Lambdas call. Returns
 * the headers to send: the given ones plus `host`, `x-amz-date`, the session token and the
 * `authorization` header. Every given header is signed.
 */
export function signRequest(
  request: RequestToSign,
  options: { credentials: AwsCredentials; region: string; service: string; time?: Date },
): Record<string, string> {
  const { credentials, region, service } = options;
  const stamp = amzDate(options.time ?? new Date());
  const date = stamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    headers[name.toLowerCase()] = value.trim().replace(/\s+/g, ' ');
  }
  headers.host = request.host;
  headers['x-amz-date'] = stamp;
  if (credentials.sessionToken) headers['x-amz-security-token'] = credentials.sessionToken;

  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method,
    request.path,
    '',
    ...names.map((name) => `${name}:${headers[name]}`),
    '',
    signedHeaders,
    sha256Hex(request.body),
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac(
    'sha256',
    signingKey(credentials.secretAccessKey, date, region, service),
  )
    .update(stringToSign, 'utf8')
    .digest('hex');
  headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}
