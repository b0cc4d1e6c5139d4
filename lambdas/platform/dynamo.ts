import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocument, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { boolean, optionalString, requiredString, type Env } from './env';

/**
 * Where the table is, in the SDK's own settings read from the Lambda's environment:
 * `AWS_REGION`, `AWS_ENDPOINT_URL_DYNAMODB` (set by `npm start` and the tests to reach DynamoDB
 * Local) and the credentials `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`/`AWS_SESSION_TOKEN`
 * as the Lambda runtime provides them (and `npm start` sets explicitly). Without them the SDK's
 * default chain resolves credentials (container, profile, SSO). Nothing is inferred: an endpoint
 * never changes which credentials are used.
 */
export interface TableConfig {
  tableName: string;
  region?: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /**
   * `LEGACY_PARTITIONS`: the table may still hold the layout before November 2026 (sessions and
   * billing under `USER#<id>`), so a missing item is also looked for there (docs/deploy.md).
   */
  legacyPartitions?: boolean;
}

export function readTableConfig(env: Env): TableConfig {
  const accessKeyId = optionalString(env, 'AWS_ACCESS_KEY_ID');
  const secretAccessKey = optionalString(env, 'AWS_SECRET_ACCESS_KEY');
  return {
    tableName: requiredString(env, 'TABLE_NAME'),
    region: optionalString(env, 'AWS_REGION'),
    endpoint: optionalString(env, 'AWS_ENDPOINT_URL_DYNAMODB'),
    credentials:
      accessKeyId && secretAccessKey
        ? { accessKeyId, secretAccessKey, sessionToken: optionalString(env, 'AWS_SESSION_TOKEN') }
        : undefined,
    legacyPartitions: boolean(env, 'LEGACY_PARTITIONS', false),
  };
}

export interface Table {
  name: string;
  /** lib-dynamodb's document client: plain JavaScript values in and out. */
  doc: DynamoDBDocument;
  /** Look for a missing session or billing item under its old key too (`TableConfig`). */
  legacyPartitions?: boolean;
}

export interface ItemKey {
  pk: string;
  sk: string;
}

type Item = Record<string, NativeAttributeValue>;

/**
 * The table's document client. Each Lambda creates it once, when its module loads; the options
 * let a test drive the SDK through its own request handler.
 */
export function createTable(config: TableConfig, options: ClientOptions = {}): Table {
  return {
    name: config.tableName,
    doc: createDocumentClient(config, options),
    legacyPartitions: config.legacyPartitions ?? false,
  };
}

type ClientOptions = Pick<DynamoDBClientConfig, 'requestHandler' | 'maxAttempts'>;

/** The SDK's DynamoDB client for these settings. */
export function createDynamoDbClient(
  config: Omit<TableConfig, 'tableName'>,
  options: ClientOptions = {},
): DynamoDBClient {
  return new DynamoDBClient({
    ...(config.region ? { region: config.region } : {}),
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    ...options,
  });
}

/** lib-dynamodb's document client on the SDK's client for these settings. */
export function createDocumentClient(
  config: Omit<TableConfig, 'tableName'>,
  options: ClientOptions = {},
): DynamoDBDocument {
  return DynamoDBDocument.from(createDynamoDbClient(config, options), {
    marshallOptions: { removeUndefinedValues: true },
  });
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

/** An item without its table keys (`pk`, `sk`): the record it stores. */
export function withoutKeys<T>(item: Record<string, unknown> | undefined): T | undefined {
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as T;
}

export function isConditionFailure(error: unknown): boolean {
  return (error as { name?: string })?.name === 'ConditionalCheckFailedException';
}

/** Why each item of a cancelled transaction failed, in the order of its items. */
export function cancellationCodes(error: unknown): string[] {
  if ((error as { name?: string })?.name !== 'TransactionCanceledException') return [];
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
  return (reasons ?? []).map((reason) => reason.Code ?? 'None');
}
