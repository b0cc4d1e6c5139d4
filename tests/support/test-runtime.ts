import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { startLocalRuntime, type LocalRuntimeOptions } from '../../local/runtime';

/**
 * The local runtime on a free port, with its data in a fresh table of the run's DynamoDB Local
 * (tests/support/dynamodb-global-setup.ts): one Java process per run, not one per test file.
 */
export function startTestRuntime(options: Pick<LocalRuntimeOptions, 'env' | 'host'> = {}) {
  return startLocalRuntime({
    port: 0,
    dataDir: null,
    webDist: 'web/dist',
    ...options,
    sharedDynamo: { endpoint: inject('dynamoEndpoint'), tableName: `runtime-${randomUUID()}` },
  });
}
