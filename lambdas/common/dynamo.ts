import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { optionalString, requiredString, type Env } from './env';

export interface TableConfig {
  tableName: string;
  /** Set only locally (DynamoDB Local); in AWS the SDK resolves the regional endpoint. */
  endpoint?: string;
  region: string;
}

export function readTableConfig(env: Env): TableConfig {
  return {
    tableName: requiredString(env, 'TABLE_NAME'),
    endpoint: optionalString(env, 'DYNAMODB_ENDPOINT'),
    region: optionalString(env, 'AWS_REGION', 'us-east-1'),
  };
}

export interface Table {
  name: string;
  doc: DynamoDBDocumentClient;
}

export function createTable(config: TableConfig): Table {
  const client = new DynamoDBClient({
    region: config.region,
    ...(config.endpoint
      ? {
          endpoint: config.endpoint,
          // DynamoDB Local accepts any credentials; fixed ones keep it from looking for real ones.
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {}),
  });
  return {
    name: config.tableName,
    doc: DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true },
    }),
  };
}
