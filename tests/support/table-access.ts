/* eslint-disable @typescript-eslint/no-explicit-any -- the inputs of every DynamoDB command, read loosely */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { DynamoDBDocument } from '@aws-sdk/lib-dynamodb';

/**
 * What each Lambda did to the table during the backend test suite, for
 * `tests/platform/table-access.test.ts`: one record per (function, IAM action, partition-key
 * prefix), appended to a file of this run's `TABLE_ACCESS_DIR` (vitest.config.ts).
 *
 * Installed in every backend test worker (`tests/support/log-capture-setup.ts`): a middleware on
 * every document client the code creates (`DynamoDBDocument.from`), attributed to the Lambda whose
 * folder (`lambdas/<name>/`) built the client; the tests' own clients belong to no Lambda and
 * are not recorded. DynamoDB Local ignores IAM, so this is what proves the grants.
 */
export interface TableAccessRecord {
  /** The Lambda's folder under `lambdas/`, e.g. `billing-portal`. */
  fn: string;
  /** The IAM action DynamoDB authorizes, e.g. `dynamodb:DeleteItem` (per item of a transaction). */
  action: string;
  /** The partition key up to its first `#`, e.g. `USER#`: what `dynamodb:LeadingKeys` sees. */
  prefix: string;
  /** The item kind: the sort key up to its first `#` (`PROFILE`, `SESSION#`, `CODES`...). */
  kind: string;
}

export const LAMBDA_FOLDERS = [
  'auth',
  'rest',
  'stripe-checkout',
  'stripe-webhook',
  'billing-portal',
  'stripe-reconcile',
  'sync',
];

type Key = Record<string, unknown> | undefined;

/** A key attribute in document form (a string) or wire form (`{S}`), cut after its first `#`. */
function prefixOf(key: Key, name: 'pk' | 'sk' = 'pk'): string {
  const raw = key?.[name];
  const value = typeof raw === 'string' ? raw : (raw as { S?: string } | undefined)?.S;
  if (typeof value !== 'string') return '?';
  const hash = value.indexOf('#');
  return hash < 0 ? value : value.slice(0, hash + 1);
}

/** The (IAM action, key) pairs one DynamoDB call is authorized for. */
function accesses(command: string, input: Record<string, any>): Array<[string, Key]> {
  const action = `dynamodb:${command.replace(/Command$/, '')}`;
  switch (command) {
    case 'GetItemCommand':
    case 'UpdateItemCommand':
    case 'DeleteItemCommand':
      return [[action, input.Key]];
    case 'PutItemCommand':
      return [[action, input.Item]];
    case 'QueryCommand': {
      // `pk = :name` in the key condition: the partition the query reads.
      const condition = String(input.KeyConditionExpression);
      const name = /\bpk\s*=\s*(:\w+)/.exec(condition)?.[1];
      const sk = /begins_with\(\s*sk\s*,\s*(:\w+)\s*\)/.exec(condition)?.[1];
      const values = input.ExpressionAttributeValues ?? {};
      return [[action, { pk: name && values[name], sk: sk ? values[sk] : '*' }]];
    }
    case 'BatchGetItemCommand':
      return Object.values(input.RequestItems ?? {}).flatMap((table: any) =>
        (table.Keys ?? []).map((key: Key) => [action, key] as [string, Key]),
      );
    case 'BatchWriteItemCommand':
      return Object.values(input.RequestItems ?? {}).flatMap((requests: any) =>
        requests.map(
          (request: any) =>
            [action, request.PutRequest?.Item ?? request.DeleteRequest?.Key] as [string, Key],
        ),
      );
    case 'TransactWriteItemsCommand':
      return (input.TransactItems ?? []).map((item: any): [string, Key] => {
        if (item.Put) return ['dynamodb:PutItem', item.Put.Item];
        if (item.Update) return ['dynamodb:UpdateItem', item.Update.Key];
        if (item.Delete) return ['dynamodb:DeleteItem', item.Delete.Key];
        return ['dynamodb:ConditionCheckItem', item.ConditionCheck?.Key];
      });
    case 'TransactGetItemsCommand':
      return (input.TransactItems ?? []).map((item: any) => ['dynamodb:GetItem', item.Get?.Key]);
    default:
      // Scan, CreateTable, …: recorded under their own action, which no function is granted.
      return [[action, undefined]];
  }
}

/** The Lambda folder in a stack trace (the factory that is creating the client), if any. */
function lambdaOf(stack: string): string | undefined {
  const folders = LAMBDA_FOLDERS.join('|');
  return new RegExp(`[/\\\\]lambdas[/\\\\](${folders})[/\\\\]`).exec(stack)?.[1];
}

const INSTALLED = Symbol.for('credit-dispute-letters.table-access');

export function installTableAccessRecorder(): void {
  const dir = process.env.TABLE_ACCESS_DIR;
  const holder = DynamoDBDocument as unknown as Record<symbol, boolean>;
  if (!dir || holder[INSTALLED]) return;
  holder[INSTALLED] = true;
  const file = join(dir, `${process.pid}-${threadId}.jsonl`);
  const seen = new Set<string>();
  const record = (entry: TableAccessRecord) => {
    const line = JSON.stringify(entry);
    if (seen.has(line)) return;
    seen.add(line);
    appendFileSync(file, `${line}\n`);
  };
  const from = DynamoDBDocument.from.bind(DynamoDBDocument);
  DynamoDBDocument.from = ((...args: Parameters<typeof DynamoDBDocument.from>) => {
    const doc = from(...args);
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 50;
    const fn = lambdaOf(new Error().stack ?? '');
    Error.stackTraceLimit = limit;
    if (!fn) return doc;
    doc.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as Record<string, any>;
        for (const [action, key] of accesses(String(context.commandName), input)) {
          record({ fn, action, prefix: prefixOf(key), kind: prefixOf(key, 'sk') });
        }
        return next(args);
      },
      { step: 'initialize', name: 'tableAccessRecorder' },
    );
    return doc;
  }) as typeof DynamoDBDocument.from;
}
