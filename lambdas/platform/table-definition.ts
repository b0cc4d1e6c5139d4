import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The single DynamoDB table, declared once. The local runtime creates it from
 * `createTableInput`; the CDK stack declares it from the same facts.
 */
export const TABLE_DEFINITION = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'ttl',
  billingMode: 'PAY_PER_REQUEST',
} as const;

export function createTableInput(tableName: string): CreateTableCommandInput {
  return {
    TableName: tableName,
    BillingMode: TABLE_DEFINITION.billingMode,
    AttributeDefinitions: [
      { AttributeName: TABLE_DEFINITION.partitionKey, AttributeType: 'S' },
      { AttributeName: TABLE_DEFINITION.sortKey, AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: TABLE_DEFINITION.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_DEFINITION.sortKey, KeyType: 'RANGE' },
    ],
  };
}
