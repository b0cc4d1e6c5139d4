import { AwsServiceError } from '../lambdas/common/aws-client';
import { createDynamoDbCall, type TableConfig } from '../lambdas/common/dynamo';
import { createTableInput, TABLE_DEFINITION } from '../lambdas/common/table-definition';

/** Creates the table (and its TTL setting) from the shared definition when it does not exist. */
export async function ensureTable(config: TableConfig): Promise<void> {
  const call = createDynamoDbCall(config);
  const { tableName } = config;
  try {
    await call('DescribeTable', { TableName: tableName });
    return;
  } catch (error) {
    if (!(error instanceof AwsServiceError && error.name === 'ResourceNotFoundException')) {
      throw error;
    }
  }
  await call('CreateTable', createTableInput(tableName));
  await call('UpdateTimeToLive', {
    TableName: tableName,
    TimeToLiveSpecification: { AttributeName: TABLE_DEFINITION.timeToLiveAttribute, Enabled: true },
  });
}
