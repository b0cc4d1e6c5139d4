import { SUBSCRIPTION_COLUMNS, type SubscriptionColumn } from '../../shared/subscription-row';
import { PostgrestError } from './postgrest-errors';

export const VIEW_NAME = 'stripe_user_subscriptions';

type Filter = { column: SubscriptionColumn; test: (value: unknown) => boolean };

export interface ViewQuery {
  columns: SubscriptionColumn[];
  filters: Filter[];
  limit?: number;
  offset: number;
}

const RESERVED = new Set(['select', 'limit', 'offset', 'order', 'apikey']);

function isColumn(name: string): name is SubscriptionColumn {
  return (SUBSCRIPTION_COLUMNS as readonly string[]).includes(name);
}

function unknownColumn(name: string): PostgrestError {
  return new PostgrestError(400, '42703', `column ${VIEW_NAME}.${name} does not exist`);
}

function nonNegativeInteger(name: string, raw: string | null): number | undefined {
  if (raw === null) return undefined;
  if (!/^\d+$/.test(raw)) {
    throw new PostgrestError(400, 'PGRST100', `"failed to parse ${name} parameter (${raw})"`);
  }
  return Number(raw);
}

function parseFilter(column: SubscriptionColumn, expression: string): Filter {
  const match = /^(not\.)?(eq|neq|is)\.(.*)$/s.exec(expression);
  if (!match) {
    throw new PostgrestError(
      400,
      'PGRST100',
      `"failed to parse filter (${expression})" (line 1, column 1)`,
      'This API supports the eq, neq and is operators on this view.',
    );
  }
  const negated = match[1] !== undefined;
  const operator = match[2]!;
  const operand = match[3]!;
  let test: (value: unknown) => boolean;
  if (operator === 'is') {
    const literals: Record<string, boolean | null> = { null: null, true: true, false: false };
    const literal = operand.toLowerCase();
    if (!Object.hasOwn(literals, literal)) {
      throw new PostgrestError(400, 'PGRST100', `"failed to parse filter (${expression})"`);
    }
    const expected = literals[literal];
    test = (value) => value === expected;
  } else {
    const equals = (value: unknown) => value !== null && String(value) === operand;
    test = operator === 'eq' ? equals : (value) => value !== null && !equals(value);
  }
  return { column, test: negated ? (value) => !test(value) : test };
}

/** The PostgREST query subset this single-row view needs: select, eq/neq/is filters, limit, offset. */
export function parseViewQuery(params: URLSearchParams): ViewQuery {
  const select = (params.get('select') ?? '*').trim() || '*';
  const columns: SubscriptionColumn[] = [];
  for (const name of select.split(',').map((part) => part.trim().replace(/^"(.*)"$/, '$1'))) {
    if (name === '*') columns.push(...SUBSCRIPTION_COLUMNS);
    else if (isColumn(name)) columns.push(name);
    else throw unknownColumn(name);
  }
  const filters: Filter[] = [];
  for (const [name, expression] of params) {
    if (RESERVED.has(name)) continue;
    if (!isColumn(name)) throw unknownColumn(name);
    filters.push(parseFilter(name, expression));
  }
  const order = params.get('order');
  if (order) {
    for (const term of order.split(',')) {
      const column = term.split('.')[0]!.trim();
      if (!isColumn(column)) throw unknownColumn(column);
    }
  }
  return {
    columns: [...new Set(columns)],
    filters,
    limit: nonNegativeInteger('limit', params.get('limit')),
    offset: nonNegativeInteger('offset', params.get('offset')) ?? 0,
  };
}
