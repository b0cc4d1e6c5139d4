import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createDynamoDbClient, type TableConfig } from '../lambdas/platform/dynamo';
import { createTableInput, TABLE_DEFINITION } from '../lambdas/platform/table-definition';

/** Creates the table (and its TTL setting) from the shared definition when it does not exist. */
export async function ensureTable(config: TableConfig): Promise<void> {
  const client = createDynamoDbClient(config);
  const { tableName } = config;
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: {
          AttributeName: TABLE_DEFINITION.timeToLiveAttribute,
          Enabled: true,
        },
      }),
    );
  } finally {
    client.destroy();
  }
}
