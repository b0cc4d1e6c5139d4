import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { MathExpression } from 'aws-cdk-lib/aws-cloudwatch';
import {
  AttributeType,
  BillingMode,
  Operation,
  Table,
  type ITable,
} from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  PhysicalResourceId,
  type AwsSdkCall,
} from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { TABLE_DEFINITION } from '../lambdas/platform/table-definition';
import { LOG_RETENTION } from './app-function';
import { FIVE_MINUTE_SUM, type AlarmFactory } from './operations';

export interface DataProps {
  /** A table an earlier deployment retained: used as it is, never managed by this stack. */
  existingTableName?: string;
  alarm: AlarmFactory;
}

/** The operations the functions use: each gets a system-errors metric. */
const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
];

/**
 * The one DynamoDB table. It is retained when the stack is deleted and when an update replaces
 * it, but deleted when its own creation rolls back: a failed first deploy strands no table.
 * Deletion protection is switched on once the table exists (and off only when the stack removes
 * it), since a protected table could not be deleted by that rollback.
 */
export class Data extends Construct {
  readonly table: ITable;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    if (props.existingTableName) {
      this.table = Table.fromTableName(this, 'Table', props.existingTableName);
    } else {
      const table = new Table(this, 'Table', {
        partitionKey: { name: TABLE_DEFINITION.partitionKey, type: AttributeType.STRING },
        sortKey: { name: TABLE_DEFINITION.sortKey, type: AttributeType.STRING },
        billingMode: BillingMode[TABLE_DEFINITION.billingMode],
        timeToLiveAttribute: TABLE_DEFINITION.timeToLiveAttribute,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
      });
      this.protect(table);
      this.table = table;
    }
    this.addAlarms(props.alarm);
  }

  private protect(table: Table): void {
    const deletionProtection = (enabled: boolean): AwsSdkCall => ({
      service: 'DynamoDB',
      action: 'updateTable',
      parameters: { TableName: table.tableName, DeletionProtectionEnabled: enabled },
      physicalResourceId: PhysicalResourceId.of(`${table.tableName}-deletion-protection`),
    });
    new AwsCustomResource(this, 'TableDeletionProtection', {
      onCreate: deletionProtection(true),
      onUpdate: deletionProtection(true),
      onDelete: deletionProtection(false),
      policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: [table.tableArn] }),
      installLatestAwsSdk: false,
      logGroup: new LogGroup(this, 'TableDeletionProtectionLogs', {
        retention: LOG_RETENTION,
        removalPolicy: RemovalPolicy.DESTROY,
      }),
      timeout: Duration.minutes(2),
    });
  }

  private addAlarms(alarm: AlarmFactory): void {
    alarm(
      this,
      'TableThrottled',
      new MathExpression({
        expression: 'reads + writes',
        usingMetrics: {
          reads: this.table.metric('ReadThrottleEvents', FIVE_MINUTE_SUM),
          writes: this.table.metric('WriteThrottleEvents', FIVE_MINUTE_SUM),
        },
        period: Duration.minutes(5),
        label: 'DynamoDB throttle events',
      }),
      'DynamoDB throttled requests to the table',
    );
    alarm(
      this,
      'TableSystemErrors',
      this.table.metricSystemErrorsForOperations({
        ...FIVE_MINUTE_SUM,
        operations: TABLE_OPERATIONS,
      }),
      'DynamoDB answered 500s (system errors) for the table',
    );
  }
}
