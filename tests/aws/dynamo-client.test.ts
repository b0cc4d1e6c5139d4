import { createServer, type Server } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTable } from '../support/test-table';
import { createAwsServiceClient } from '../../lambdas/common/aws-client';
import { isTransientAwsError } from '../../lambdas/common/aws-errors';
import { LOCAL_CREDENTIALS, type Table } from '../../lambdas/common/dynamo';

let table: Table;
/** The AWS SDK's document client on the same table: what we write, it must read, and back. */
let sdk: DynamoDBDocumentClient;

beforeAll(async () => {
  const created = await createTestTable();
  table = created.table;
  sdk = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: created.env.DYNAMODB_ENDPOINT,
      region: 'us-east-1',
      credentials: LOCAL_CREDENTIALS,
    }),
  );
});
afterAll(() => sdk.destroy());

const everyKind = {
  text: 'Ünïcode ✓ \u0000 "quoted"',
  integer: 42,
  fraction: -0.125,
  flag: false,
  nothing: null,
  list: [1, 'two', { three: [3] }],
  map: { nested: { deeper: 'yes' }, empty: {} },
  numbers: new Set([1, 2, 3]),
  strings: new Set(['a', 'b']),
  bytes: new Uint8Array([0, 1, 254, 255]),
};

describe('the DynamoDB document client', () => {
  it('writes and reads every kind of value exactly as the AWS SDK does', async () => {
    const key = { pk: 'TEST#kinds', sk: 'OURS' };
    await table.doc.put({ TableName: table.name, Item: { ...key, ...everyKind, gone: undefined } });
    const viaSdk = await sdk.send(new GetCommand({ TableName: table.name, Key: key }));
    expect(viaSdk.Item).toEqual({ ...key, ...everyKind });

    const sdkKey = { pk: 'TEST#kinds', sk: 'SDK' };
    await sdk.send(new PutCommand({ TableName: table.name, Item: { ...sdkKey, ...everyKind } }));
    const ours = await table.doc.get({ TableName: table.name, Key: sdkKey, ConsistentRead: true });
    expect(ours.Item).toEqual({ ...sdkKey, ...everyKind });
    expect(
      (await table.doc.get({ TableName: table.name, Key: { pk: 'no', sk: 'no' } })).Item,
    ).toBeUndefined();
  });

  it('sends a Buffer as the bytes it holds', async () => {
    const key = { pk: 'TEST#buffer', sk: 'OURS' };
    await table.doc.put({
      TableName: table.name,
      Item: { ...key, bytes: Buffer.from([9, 0, 255]) },
    });
    const viaSdk = await sdk.send(new GetCommand({ TableName: table.name, Key: key }));
    expect(viaSdk.Item?.bytes).toEqual(new Uint8Array([9, 0, 255]));
  });

  it('updates with expression values and returns the new attributes', async () => {
    const Key = { pk: 'TEST#counter', sk: 'C' };
    for (const expected of [1, 2]) {
      const out = await table.doc.update({
        TableName: table.name,
        Key,
        UpdateExpression: 'ADD #n :one SET tags = :tags',
        ExpressionAttributeNames: { '#n': 'n' },
        ExpressionAttributeValues: { ':one': 1, ':tags': ['x'] },
        ReturnValues: 'ALL_NEW',
      });
      expect(out.Attributes).toEqual({ ...Key, n: expected, tags: ['x'] });
    }
  });

  it('queries page by page, and batch-writes, batch-gets and deletes', async () => {
    const keys = Array.from({ length: 5 }, (_, i) => ({ pk: 'TEST#query', sk: `ITEM#${i}` }));
    const batch = await table.doc.batchWrite({
      RequestItems: {
        [table.name]: keys.map((key) => ({ PutRequest: { Item: { ...key, v: 1 } } })),
      },
    });
    expect(batch.UnprocessedItems ?? {}).toEqual({});

    const seen: string[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await table.doc.query({
        TableName: table.name,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :item)',
        ExpressionAttributeValues: { ':pk': 'TEST#query', ':item': 'ITEM#' },
        Limit: 2,
        ExclusiveStartKey,
      });
      seen.push(...(page.Items ?? []).map((item) => String(item.sk)));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    expect(seen).toEqual(keys.map((key) => key.sk));

    const got = await table.doc.batchGet({
      RequestItems: { [table.name]: { Keys: keys.slice(0, 2), ConsistentRead: true } },
    });
    expect(got.Responses?.[table.name]?.map((item) => item.sk).sort()).toEqual([
      'ITEM#0',
      'ITEM#1',
    ]);

    await table.doc.delete({ TableName: table.name, Key: keys[0]! });
    expect((await table.doc.get({ TableName: table.name, Key: keys[0]! })).Item).toBeUndefined();
  });

  it('reports a failed condition and a cancelled transaction as the SDK names them', async () => {
    const Key = { pk: 'TEST#cond', sk: 'C' };
    await table.doc.put({ TableName: table.name, Item: { ...Key, v: 1 } });
    const conditional = await table.doc
      .put({ TableName: table.name, Item: Key, ConditionExpression: 'attribute_not_exists(pk)' })
      .catch((error: unknown) => error);
    expect(conditional).toMatchObject({
      name: 'ConditionalCheckFailedException',
      $metadata: { httpStatusCode: 400 },
    });
    expect(isTransientAwsError(conditional)).toBe(false);

    const cancelled = await table.doc
      .transactWrite({
        TransactItems: [
          { Put: { TableName: table.name, Item: { pk: 'TEST#cond', sk: 'NEW' } } },
          {
            Update: {
              TableName: table.name,
              Key,
              UpdateExpression: 'SET v = :two',
              ConditionExpression: 'v = :zero',
              ExpressionAttributeValues: { ':two': 2, ':zero': 0 },
            },
          },
        ],
      })
      .catch((error: unknown) => error);
    expect(cancelled).toMatchObject({
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
    });
    const untouched = await table.doc.get({ TableName: table.name, Key, ConsistentRead: true });
    expect(untouched.Item).toEqual({ ...Key, v: 1 });
    const notWritten = await table.doc.get({
      TableName: table.name,
      Key: { pk: 'TEST#cond', sk: 'NEW' },
      ConsistentRead: true,
    });
    expect(notWritten.Item).toBeUndefined();
  });

  it('rejects a bad request with the service error, not retried', async () => {
    const error = await table.doc
      .get({ TableName: table.name, Key: { pk: 'only the hash key' } })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ValidationException' });
    expect(isTransientAwsError(error)).toBe(false);
  });
});

describe('the signed AWS client', () => {
  let server: Server;
  let url = '';
  const answers: Array<[number, Record<string, string>, string]> = [];
  let requests = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests++;
      request.resume();
      const [status, headers, body] = answers.shift() ?? [200, {}, '{"ok":true}'];
      response.writeHead(status, headers).end(body);
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((closed) => server.close(closed)));

  const client = () =>
    createAwsServiceClient({
      service: 'dynamodb',
      region: 'us-east-1',
      endpoint: url,
      credentials: LOCAL_CREDENTIALS,
    });

  it('retries throttling and 5xx answers, then succeeds', async () => {
    requests = 0;
    answers.push(
      [
        400,
        {},
        '{"__type":"com.amazonaws.dynamodb.v20120810#ThrottlingException","message":"slow"}',
      ],
      [500, {}, '{"__type":"InternalServerError"}'],
    );
    await expect(client().json('DynamoDB_20120810.GetItem', {}, '1.0')).resolves.toEqual({
      ok: true,
    });
    expect(requests).toBe(3);
  });

  it('gives up after three attempts with a transient error, which handlers turn into 503', async () => {
    requests = 0;
    for (let i = 0; i < 3; i++) answers.push([503, {}, 'Service Unavailable']);
    const error = await client()
      .json('DynamoDB_20120810.GetItem', {}, '1.0')
      .catch((caught: unknown) => caught);
    expect(requests).toBe(3);
    expect(error).toMatchObject({ name: 'Http503Error', $metadata: { httpStatusCode: 503 } });
    expect(isTransientAwsError(error)).toBe(true);
  });

  it('names REST-JSON errors from their header (SES v2)', async () => {
    answers.push([
      400,
      { 'x-amzn-errortype': 'MessageRejected:http://internal.amazon.com/coral/com.amazonaws/' },
      '{"message":"Email address is not verified."}',
    ]);
    const error = await client()
      .rest('POST', '/v2/email/outbound-emails', {})
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      name: 'MessageRejected',
      message: 'Email address is not verified.',
    });
  });

  it('treats a refused connection as transient', async () => {
    const closed = createAwsServiceClient({
      service: 'dynamodb',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9',
      credentials: LOCAL_CREDENTIALS,
      maxAttempts: 1,
    });
    const error = await closed
      .json('DynamoDB_20120810.GetItem', {}, '1.0')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isTransientAwsError(error)).toBe(true);
  });
});
