import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { LocalRuntimeOptions } from '../../local/runtime';

/**
 * The run's DynamoDB Local (tests/support/dynamodb-global-setup.ts) and a fresh table in it, for
 * a local runtime a test file starts: one Java process per run, not one per file.
 */
export function sharedDynamo(): NonNullable<LocalRuntimeOptions['sharedDynamo']> {
  return { endpoint: inject('dynamoEndpoint'), tableName: `runtime-${randomUUID()}` };
}
