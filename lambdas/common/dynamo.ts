import type {
  BatchGetCommandInput,
  BatchGetCommandOutput,
  BatchWriteCommandInput,
  BatchWriteCommandOutput,
  DeleteCommandInput,
  DeleteCommandOutput,
  GetCommandInput,
  GetCommandOutput,
  PutCommandInput,
  PutCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  ScanCommandInput,
  ScanCommandOutput,
  TransactWriteCommandInput,
  UpdateCommandInput,
  UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall, type NativeAttributeValue } from '@aws-sdk/util-dynamodb';
import { createAwsServiceClient, readAwsCredentials, readAwsRegion } from './aws-client';
import type { AwsCredentials } from './aws-signature';
import { optionalString, requiredString, type Env } from './env';

export interface TableConfig {
  tableName: string;
  region: string;
  /** Set only locally (DynamoDB Local); in AWS the regional endpoint is used. */
  endpoint?: string;
  credentials: AwsCredentials;
}

/** DynamoDB Local accepts any credentials; fixed ones keep local runs from needing real ones. */
export const LOCAL_CREDENTIALS: AwsCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export function readTableConfig(env: Env): TableConfig {
  const endpoint = optionalString(env, 'DYNAMODB_ENDPOINT');
  return {
    tableName: requiredString(env, 'TABLE_NAME'),
    region: readAwsRegion(env),
    endpoint,
    credentials: endpoint ? LOCAL_CREDENTIALS : readAwsCredentials(env),
  };
}

type Item = Record<string, NativeAttributeValue>;
type Output<T> = Omit<T, '$metadata'>;

/**
 * The DynamoDB operations the Lambdas use, with plain JavaScript values in and out (the same
 * inputs and outputs as `@aws-sdk/lib-dynamodb`'s commands, whose types these are).
 */
export interface DocumentClient {
  get(input: GetCommandInput): Promise<Output<GetCommandOutput>>;
  put(input: PutCommandInput): Promise<Output<PutCommandOutput>>;
  update(input: UpdateCommandInput): Promise<Output<UpdateCommandOutput>>;
  delete(input: DeleteCommandInput): Promise<Output<DeleteCommandOutput>>;
  query(input: QueryCommandInput): Promise<Output<QueryCommandOutput>>;
  /** Only tests and tools read a whole table. */
  scan(input: ScanCommandInput): Promise<Output<ScanCommandOutput>>;
  batchGet(input: BatchGetCommandInput): Promise<Output<BatchGetCommandOutput>>;
  batchWrite(input: BatchWriteCommandInput): Promise<Output<BatchWriteCommandOutput>>;
  transactWrite(input: TransactWriteCommandInput): Promise<void>;
}

export interface Table {
  name: string;
  doc: DocumentClient;
}

export interface ItemKey {
  pk: string;
  sk: string;
}

/**
 * Items of the table by key in one strongly consistent BatchGetItem, in the order of `keys`
 * (undefined where there is none). Keys DynamoDB leaves unprocessed fail as a retryable error.
 */
export async function getItems(table: Table, keys: ItemKey[]): Promise<(Item | undefined)[]> {
  const out = await table.doc.batchGet({
    RequestItems: { [table.name]: { Keys: keys, ConsistentRead: true } },
  });
  if (out.UnprocessedKeys?.[table.name]?.Keys?.length) {
    throw Object.assign(new Error('Unprocessed keys'), { $retryable: {} });
  }
  const items = out.Responses?.[table.name] ?? [];
  return keys.map((key) => items.find((item) => item.pk === key.pk && item.sk === key.sk));
}

const toWire = (item: Item | undefined) => item && marshall(item, { removeUndefinedValues: true });
type WireValue = { B?: unknown; BS?: unknown[]; L?: WireValue[]; M?: Record<string, WireValue> };

const base64Bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

/** Binary values arrive as base64 strings; the marshalling module expects bytes. */
function decodeBinary(value: WireValue): WireValue {
  if (typeof value.B === 'string') return { B: base64Bytes(value.B) };
  if (value.BS) return { BS: value.BS.map((b) => base64Bytes(String(b))) };
  if (value.L) return { L: value.L.map(decodeBinary) };
  if (value.M) return { M: decodeItem(value.M) };
  return value;
}

const decodeItem = (item: Record<string, WireValue>) =>
  Object.fromEntries(Object.entries(item).map(([name, value]) => [name, decodeBinary(value)]));

const fromWire = (item: Record<string, unknown> | undefined) =>
  item &&
  (unmarshall(
    decodeItem(item as Record<string, WireValue>) as Parameters<typeof unmarshall>[0],
  ) as Item);

/** Marshals the keys, items and expression values an input may hold, at any depth we use. */
function marshalInput<T extends object>(input: T): T {
  const wire: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const field of ['Key', 'Item', 'ExpressionAttributeValues', 'ExclusiveStartKey']) {
    if (wire[field]) wire[field] = toWire(wire[field] as Item);
  }
  return wire as T;
}

function unmarshalOutput(output: Record<string, unknown>): Record<string, unknown> {
  const plain = { ...output };
  for (const field of ['Item', 'Attributes', 'LastEvaluatedKey']) {
    if (plain[field]) plain[field] = fromWire(plain[field] as Record<string, unknown>);
  }
  if (Array.isArray(plain.Items)) plain.Items = plain.Items.map((item) => fromWire(item));
  return plain;
}

function mapTables<T, U>(byTable: Record<string, T> | undefined, map: (value: T) => U) {
  return byTable && Object.fromEntries(Object.entries(byTable).map(([t, v]) => [t, map(v)]));
}

type WriteRequest = { PutRequest?: { Item?: Item }; DeleteRequest?: { Key?: Item } };

function mapWriteRequests(
  requests: WriteRequest[],
  map: (item: Item) => Item | undefined,
): WriteRequest[] {
  return requests.map((request) => ({
    ...(request.PutRequest && { PutRequest: { Item: map(request.PutRequest.Item!) } }),
    ...(request.DeleteRequest && { DeleteRequest: { Key: map(request.DeleteRequest.Key!) } }),
  }));
}

/** One DynamoDB API operation with its wire-format input and output, e.g. `('ListTables', {})`. */
export type DynamoDbCall = (operation: string, input: unknown) => Promise<Record<string, unknown>>;

export function createDynamoDbCall(
  config: Omit<TableConfig, 'tableName'>,
  options: { maxAttempts?: number } = {},
): DynamoDbCall {
  const client = createAwsServiceClient({
    service: 'dynamodb',
    region: config.region,
    endpoint: config.endpoint ?? `https://dynamodb.${config.region}.amazonaws.com`,
    credentials: config.credentials,
    maxAttempts: options.maxAttempts,
  });
  return (operation, input) =>
    client.json<Record<string, unknown>>(`DynamoDB_20120810.${operation}`, input, '1.0');
}

export function createTable(config: TableConfig): Table {
  const call = createDynamoDbCall(config);
  const simple = async (operation: string, input: object) =>
    unmarshalOutput(await call(operation, marshalInput(input)));

  const doc: DocumentClient = {
    get: (input) => simple('GetItem', input),
    put: (input) => simple('PutItem', input),
    update: (input) => simple('UpdateItem', input),
    delete: (input) => simple('DeleteItem', input),
    query: (input) => simple('Query', input),
    scan: (input) => simple('Scan', input),
    async batchGet(input) {
      const out = await call('BatchGetItem', {
        ...input,
        RequestItems: mapTables(input.RequestItems, (request) => ({
          ...request,
          Keys: request.Keys?.map((key) => toWire(key)),
        })),
      });
      type WireKeys = Record<string, { Keys?: Record<string, unknown>[] }>;
      return {
        Responses: mapTables(out.Responses as Record<string, Record<string, unknown>[]>, (items) =>
          items.map((item) => fromWire(item)!),
        ),
        UnprocessedKeys: mapTables(out.UnprocessedKeys as WireKeys, (request) => ({
          ...request,
          Keys: request.Keys?.map((key) => fromWire(key)!),
        })),
      };
    },
    async batchWrite(input) {
      const out = await call('BatchWriteItem', {
        ...input,
        RequestItems: mapTables(input.RequestItems as Record<string, WriteRequest[]>, (requests) =>
          mapWriteRequests(requests, toWire),
        ),
      });
      return {
        UnprocessedItems: mapTables(
          out.UnprocessedItems as Record<string, WriteRequest[]>,
          (requests) => mapWriteRequests(requests, (item) => fromWire(item)),
        ),
      } as Output<BatchWriteCommandOutput>;
    },
    async transactWrite(input) {
      await call('TransactWriteItems', {
        ...input,
        TransactItems: input.TransactItems?.map((entry) =>
          Object.fromEntries(
            Object.entries(entry).map(([kind, operation]) => [
              kind,
              marshalInput(operation as object),
            ]),
          ),
        ),
      });
    },
  };
  return { name: config.tableName, doc };
}
