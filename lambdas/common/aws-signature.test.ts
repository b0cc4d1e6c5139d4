import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { signRequest, type AwsCredentials, type RequestToSign } from './aws-signature';

/** The AWS SDK's own signer, as the reference our signatures must equal byte for byte. */
type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: SourceData) =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

class Sha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: SourceData) {
    this.hash.update(bytes(data));
  }
  digest() {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

async function sdkAuthorization(
  request: RequestToSign,
  credentials: AwsCredentials,
  region: string,
  service: string,
  time: Date,
) {
  const signer = new SignatureV4({
    credentials,
    region,
    service,
    sha256: Sha256,
    applyChecksum: false,
  });
  const signed = await signer.sign(
    {
      method: request.method,
      protocol: 'https:',
      hostname: request.host,
      path: request.path,
      query: {},
      headers: { ...request.headers, host: request.host },
      body: request.body,
    },
    { signingDate: time },
  );
  return signed.headers.authorization;
}

const time = new Date('2026-11-22T23:04:05.678Z');
const dynamoGet: RequestToSign = {
  method: 'POST',
  host: 'dynamodb.eu-west-1.amazonaws.com',
  path: '/',
  headers: {
    'Content-Type': 'application/x-amz-json-1.0',
    'X-Amz-Target': 'DynamoDB_20120810.GetItem',
  },
  body: JSON.stringify({ TableName: 't', Key: { pk: { S: 'USER#é✓' }, sk: { S: 'PROFILE' } } }),
};
const sesSend: RequestToSign = {
  method: 'POST',
  host: 'email.us-east-1.amazonaws.com',
  path: '/v2/email/outbound-emails',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ FromEmailAddress: 'a@example.com', Content: { Simple: {} } }),
};

describe('signRequest (SigV4)', () => {
  it.each([
    ['DynamoDB, long-term keys', dynamoGet, 'eu-west-1', 'dynamodb', undefined],
    ['DynamoDB, role session', dynamoGet, 'eu-west-1', 'dynamodb', 'FwoGZXIvYXdzEJr//token=='],
    ['SES v2 REST path', sesSend, 'us-east-1', 'ses', 'session-token'],
  ])('equals the AWS SDK signer: %s', async (_name, request, region, service, sessionToken) => {
    const credentials = {
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      sessionToken,
    };
    const headers = signRequest(request, { credentials, region, service, time });
    expect(headers.authorization).toBe(
      await sdkAuthorization(request, credentials, region, service, time),
    );
    expect(headers['x-amz-date']).toBe('20261122T230405Z');
    expect(headers['x-amz-security-token']).toBe(sessionToken);
  });

  it('changes with the body, the secret and the day', () => {
    const credentials = { accessKeyId: 'AKID', secretAccessKey: 'secret' };
    const base = signRequest(dynamoGet, {
      credentials,
      region: 'eu-west-1',
      service: 'dynamodb',
      time,
    });
    const variants = [
      signRequest(
        { ...dynamoGet, body: '{}' },
        { credentials, region: 'eu-west-1', service: 'dynamodb', time },
      ),
      signRequest(dynamoGet, {
        credentials: { ...credentials, secretAccessKey: 'other' },
        region: 'eu-west-1',
        service: 'dynamodb',
        time,
      }),
      signRequest(dynamoGet, {
        credentials,
        region: 'eu-west-1',
        service: 'dynamodb',
        time: new Date(time.getTime() + 86_400_000),
      }),
    ];
    for (const variant of variants) expect(variant.authorization).not.toBe(base.authorization);
  });
});
