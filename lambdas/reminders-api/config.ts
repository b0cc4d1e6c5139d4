// One per function folder: its settings, read once per container at cold start.
import { readAccessTokenConfig, type AccessTokenConfig } from '../identity/access-tokens';
import { readApiAccessConfig, type ApiAccessConfig } from '../platform/api-access';
import { readTableConfig, type TableConfig } from '../platform/dynamo';
import { boolean, type Env } from '../platform/env';
import { secretReader } from '../platform/secrets';

export interface RemindersApiConfig {
  table: TableConfig;
  access: ApiAccessConfig;
  tokens: AccessTokenConfig;
  /** `REMINDERS_ENABLED`: the site can send them (a sender and the operator's postal address). */
  enabled: boolean;
  /** `REMINDER_LINK_SECRET`: the HMAC key of unsubscribe links. */
  linkSecret: () => Promise<string>;
}

export function readRemindersApiConfig(env: Env): RemindersApiConfig {
  return {
    table: readTableConfig(env),
    access: readApiAccessConfig(env),
    tokens: readAccessTokenConfig(env),
    enabled: boolean(env, 'REMINDERS_ENABLED', false),
    linkSecret: secretReader(env, 'REMINDER_LINK_SECRET'),
  };
}
