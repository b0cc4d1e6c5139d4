// One per function folder: its settings, read once per container at cold start.
import { readTableConfig, type TableConfig } from '../platform/dynamo';
import { integer, optionalString, requiredString, type Env } from '../platform/env';
import { secretReader } from '../platform/secrets';
import type { Operator } from '../reminders/reminder-mail';

export interface RemindersJobConfig {
  table: TableConfig;
  siteUrl: string;
  /** Unset: no reminder is sent (the auth mails' sender, `MAIL_FROM`). */
  mailFrom?: string;
  /** The reminders' own SES configuration set: their bounces and complaints come back. */
  sesConfigurationSet?: string;
  /** Who sends, with a postal address (CAN-SPAM); unset: no reminder is sent. */
  operator?: Operator;
  /** Reminders per day in all (`REMINDERS_DAILY_BUDGET`): their own share of SES's quota. */
  dailyBudget: number;
  /** `REMINDER_LINK_SECRET`: the HMAC key of unsubscribe links. */
  linkSecret: () => Promise<string>;
}

export function readRemindersJobConfig(env: Env): RemindersJobConfig {
  const name = optionalString(env, 'OPERATOR_NAME');
  const address = optionalString(env, 'OPERATOR_ADDRESS');
  return {
    table: readTableConfig(env),
    siteUrl: requiredString(env, 'SITE_URL').replace(/\/+$/, ''),
    mailFrom: optionalString(env, 'MAIL_FROM'),
    sesConfigurationSet: optionalString(env, 'SES_CONFIGURATION_SET'),
    operator: name && address ? { name, address } : undefined,
    dailyBudget: integer(env, 'REMINDERS_DAILY_BUDGET', 200, 1),
    linkSecret: secretReader(env, 'REMINDER_LINK_SECRET'),
  };
}
