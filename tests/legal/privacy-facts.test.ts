import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MARKER_TTL_SECONDS } from '../../lambdas/billing/subscription-sync';
import { createTable, readTableConfig } from '../../lambdas/platform/dynamo';
import type { LocalRuntime } from '../../local/runtime';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import { LOG_RETENTION } from '../../infra/app-function';
import { CLOUDFRONT_LOG_DAYS } from '../../infra/stack';
import { expiryAfter } from '../../lambdas/reminders/store';
import {
  REMINDER_KEEP_DAYS,
  LOG_RETENTION_DAYS,
  SERVER_DATA,
  STRIPE_EVENT_DAYS,
  type ServerDataKind,
} from '../../shared/privacy-facts';
import { seedSubscriber } from '../quality/harness';
import { remindersOf } from '../reminders/runtime-reminders';
import { startTestRuntime } from '../support/test-runtime';

/**
 * /privacy is generated from shared/privacy-facts.ts; this checks those facts against the code,
 * so the page cannot drift from what the stack and the Lambdas do.
 */

describe('retention days on /privacy are the ones the stack and the Lambdas set', () => {
  it('logs: the Lambda and API log groups and the CloudFront log bucket', () => {
    expect(LOG_RETENTION).toBe(LOG_RETENTION_DAYS);
    expect(CLOUDFRONT_LOG_DAYS).toBe(LOG_RETENTION_DAYS);
  });

  it('processed Stripe events', () => {
    expect(EVENT_MARKER_TTL_SECONDS).toBe(STRIPE_EVENT_DAYS * 24 * 60 * 60);
  });

  it('reminder dates and daily counts: DynamoDB deletes them at most 7 days after their date', () => {
    expect(expiryAfter('2026-12-01')).toBe(
      Date.parse('2026-12-01T00:00:00Z') / 1000 + REMINDER_KEEP_DAYS * 86_400,
    );
  });
});

/**
 * Every attribute the auth and billing Lambdas write, and the kind of data on /privacy it is
 * part of. Item keys (`pk`, `sk`) and the expiry (`ttl`) are left out: they say where and until
 * when, not what. An attribute that is not here fails the test: say on /privacy what it keeps.
 */
const ATTRIBUTE_KIND: Record<string, ServerDataKind> = {
  // The profile and the e-mail login.
  id: 'account',
  userId: 'account',
  email: 'account',
  createdAt: 'account',
  updatedAt: 'account',
  emailConfirmedAt: 'account',
  lastSignInAt: 'account',
  confirmationSentAt: 'account',
  recoverySentAt: 'account',
  newEmail: 'account',
  emailChangeSentAt: 'account',
  emailChangeCurrentSentAt: 'account',
  appMetadata: 'account',
  userMetadata: 'account',
  identity: 'account',
  passwordHash: 'account',
  // A sign-in and its refresh-token rotation.
  sessionId: 'sessions',
  aal: 'sessions',
  amr: 'sessions',
  refreshCounter: 'sessions',
  refreshHash: 'sessions',
  previousRefreshHash: 'sessions',
  refreshedAt: 'sessions',
  // A pending code or link, and the attempts against it.
  kind: 'one-time-codes',
  expiresAt: 'one-time-codes',
  codeHash: 'one-time-codes',
  linkHash: 'one-time-codes',
  recoveryTokenHash: 'one-time-codes',
  confirmationTokenHash: 'one-time-codes',
  emailChangeTokenHash: 'one-time-codes',
  emailChangeCurrentTokenHash: 'one-time-codes',
  emailChangeNewConfirmed: 'one-time-codes',
  emailChangeCurrentConfirmed: 'one-time-codes',
  attempts: 'one-time-codes',
  // The keyed code of each pending kind, one attribute per slot (AUTH#<id>/CODES).
  signup: 'one-time-codes',
  recovery: 'one-time-codes',
  emailChange: 'one-time-codes',
  emailChangeCurrent: 'one-time-codes',
  // A rate-limit window (its key holds the client's address).
  count: 'request-counts',
  // When an address last asked for an e-mail; failed sign-ins for an address.
  lastAt: 'request-counts',
  failures: 'request-counts',
  nextAt: 'request-counts',
  // The Stripe customer and the subscription view's row.
  customer_id: 'billing',
  subscription_id: 'billing',
  subscription_status: 'billing',
  price_id: 'billing',
  current_period_start: 'billing',
  current_period_end: 'billing',
  cancel_at_period_end: 'billing',
  payment_method_brand: 'billing',
  payment_method_last4: 'billing',
  read_at: 'billing',
  user_id: 'billing',
  claim_id: 'billing',
  claimed_at: 'billing',
  // A processed webhook event (its id is its key).
  type: 'payment-events',
  processed_at: 'payment-events',
  // E-mail reminders: the address, a round's dates (its random id is its key), the daily
  // counts, and a stopped address with why.
  address: 'reminders',
  dueOn: 'reminders',
  followUpOn: 'reminders',
  sent: 'reminders',
  reason: 'reminders',
};
/** A session's refresh-token rotation times (`rot0`, `rot1`, …). */
function kindOf(name: string): ServerDataKind | undefined {
  if (/^rot\d+$/.test(name)) return 'sessions';
  return Object.hasOwn(ATTRIBUTE_KIND, name) ? ATTRIBUTE_KIND[name] : undefined;
}
const NOT_DATA = new Set(['pk', 'sk', 'ttl']);

describe('what the servers keep is what /privacy says they keep', () => {
  let runtime: LocalRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime();
  });
  afterAll(() => runtime?.stop());

  it('after a sign-up, a password reset request, a paid subscription and reminders', async () => {
    const user = await seedSubscriber(runtime.url, runtime.stripeEmulator!.url, 'privacy');
    await remindersOf(runtime, user);
    const recover = await fetch(`${runtime.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: LOCAL_PUBLISHABLE_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email }),
    });
    expect(recover.status).toBe(200);

    const table = createTable(readTableConfig(runtime.env));
    const { Items = [] } = await table.doc.scan({ TableName: table.name });
    const attributes = new Set(
      Items.flatMap((item) => Object.keys(item)).filter((name) => !NOT_DATA.has(name)),
    );
    const undescribed = [...attributes].filter((name) => !kindOf(name));
    expect(undescribed, 'stored, but no kind of data on /privacy covers it').toEqual([]);
    // And every kind the page names is data the servers really keep.
    const kinds = new Set([...attributes].map(kindOf));
    expect([...kinds].sort()).toEqual(SERVER_DATA.map(({ kind }) => kind).sort());
  });
});
