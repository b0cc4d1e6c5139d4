import { HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BILLING_PARTITIONS } from '../lambdas/billing/items';
import { IDENTITY_PARTITIONS } from '../lambdas/identity/items';
import { SYNC_PARTITIONS } from '../lambdas/sync/items';
import { REMINDER_PARTITIONS } from '../lambdas/reminders/items';

/** The DynamoDB actions a function may be granted (a transaction's items need their own). */
export type ReadAction = 'GetItem' | 'BatchGetItem' | 'Query';
export type WriteAction = 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'BatchWriteItem';
export type TableAction = ReadAction | WriteAction;

/**
 * What a function may do with the table: exactly the reads and writes it performs, each on items
 * whose partition key starts with one of its prefixes (`dynamodb:LeadingKeys`), from
 * `lambdas/identity/items.ts` and `lambdas/billing/items.ts`. `USER#`, `EMAIL#` (password
 * hashes) and `AUTH#` (code MACs) are auth's alone. `tests/platform/table-access.test.ts` checks
 * every action the backend suite saw each function perform against its policy, both ways.
 */
export interface TableGrant {
  read: { actions: ReadAction[]; leadingKeys: string[] };
  write?: { actions: WriteAction[]; leadingKeys: string[] };
}

const { user, email, session, auth, rate } = IDENTITY_PARTITIONS;
const { billing, customer, stripeEvent } = BILLING_PARTITIONS;
const { sync } = SYNC_PARTITIONS;
const { reminders, day } = REMINDER_PARTITIONS;

/** Secrets held in Secrets Manager; a function receives `<NAME>_SECRET_ARN` and read access. */
export type SecretName =
  | 'JWT_SIGNING_KEYS'
  | 'REFRESH_TOKEN_SECRET'
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'REMINDER_LINK_SECRET';

/** API Gateway's token bucket for one route: steady requests per second, and the burst. */
export interface RouteThrottle {
  rateLimit: number;
  burstLimit: number;
}

export interface ApiRoute {
  path: string;
  methods: HttpMethod[];
  /** Its own throttle (each route key its own bucket); unset: the stage's default. */
  throttle?: RouteThrottle;
}

/**
 * The auth routes' throttles, each route key with its own bucket so a flood of one never starves
 * the others (a flood of /signup or /health leaves sign-in and refresh alone). Sizes, for a
 * product whose peak is a few hundred signed-in users, against the auth function's 1024 MB
 * (about 0.6 vCPU: one bcrypt at cost 10 takes ~100 ms) and a new account's Lambda concurrency:
 * - token (sign-in, refresh): the one route every session needs (each tab refreshes hourly, each
 *   sign-in one bcrypt). 50/s steady, burst 100: ~5 concurrent sign-ins' worth of CPU, and
 *   180,000 requests an hour, 100× the expected peak.
 * - signup: bcrypt, a transaction and a mail per request; 10/s, burst 20 (36,000 an hour).
 * - one-time codes (otp, recover, resend, verify): each mails or checks a code; SES sends 14
 *   mails a second at most out of the sandbox, so 5/s, burst 10, per route.
 * - user (GET, PUT): read by the SPA on start, written on profile and password change; 20/s, burst 40.
 * - the rest (health, settings, JWKS, logout, CORS preflights): 20/s, burst 40.
 * Per client, the function's own per-IP limits (`RATE_LIMIT_*`) apply first; per IP at the edge,
 * the optional WAF web ACL (docs/deploy.md, `webAclArn`).
 */
export const AUTH_THROTTLES = {
  token: { rateLimit: 50, burstLimit: 100 },
  signup: { rateLimit: 10, burstLimit: 20 },
  oneTimeCodes: { rateLimit: 5, burstLimit: 10 },
  user: { rateLimit: 20, burstLimit: 40 },
  rest: { rateLimit: 20, burstLimit: 40 },
} as const satisfies Record<string, RouteThrottle>;

/** Every route that is not an auth route: the stage's default throttle. */
export const DEFAULT_THROTTLE: RouteThrottle = { rateLimit: 100, burstLimit: 200 };

export interface ApiFunctionSpec {
  /** Construct id; the CloudFormation logical id is `<id>Function` (see `functionLogicalId`). */
  id: string;
  entry: string;
  description: string;
  routes: ApiRoute[];
  table: TableGrant;
  secrets: SecretName[];
  /** Called by the browser: reads `PUBLISHABLE_KEY`, `SITE_URL` and `ALLOWED_ORIGINS`. */
  browserFacing: boolean;
  /** Rate-limits per client IP: reads `CLIENT_IP_HEADER`. */
  rateLimitsByIp: boolean;
  /** Verifies access tokens locally with `JWT_PUBLIC_JWKS` (no secret access needed). */
  verifiesAccessTokens: boolean;
  /** Calls the Stripe API (gets `STRIPE_PRICE_ID`). */
  usesStripe: boolean;
  /** Sends auth e-mails through SES from `MAIL_FROM` (granted only for that sender). */
  sendsEmail: boolean;
  /** Takes reminder sign-ups: gets `REMINDERS_ENABLED` (whether the job can send them). */
  takesReminders?: boolean;
  memorySize?: number;
  timeoutSeconds?: number;
  /** The sample API Gateway events of its routes under `events/`. */
  events: string[];
}

/**
 * Every Lambda behind the HTTP API, with exactly the table actions and secrets it uses.
 * The stack, the bundle tests and the bundle benchmark all read this one list.
 */
export const API_FUNCTIONS: readonly ApiFunctionSpec[] = [
  {
    id: 'Auth',
    entry: 'lambdas/auth/index.ts',
    description: 'Supabase Auth (GoTrue) wire protocol: /auth/v1/*',
    routes: [
      { path: '/auth/v1/token', methods: [HttpMethod.POST], throttle: AUTH_THROTTLES.token },
      { path: '/auth/v1/signup', methods: [HttpMethod.POST], throttle: AUTH_THROTTLES.signup },
      ...['otp', 'recover', 'resend'].map((name) => ({
        path: `/auth/v1/${name}`,
        methods: [HttpMethod.POST],
        throttle: AUTH_THROTTLES.oneTimeCodes,
      })),
      {
        path: '/auth/v1/verify',
        methods: [HttpMethod.GET, HttpMethod.POST],
        throttle: AUTH_THROTTLES.oneTimeCodes,
      },
      {
        path: '/auth/v1/user',
        methods: [HttpMethod.GET, HttpMethod.PUT],
        throttle: AUTH_THROTTLES.user,
      },
      { path: '/auth/v1/{proxy+}', methods: [HttpMethod.ANY], throttle: AUTH_THROTTLES.rest },
    ],
    table: {
      read: {
        actions: ['GetItem', 'BatchGetItem', 'Query'],
        leadingKeys: [user, email, session, auth],
      },
      write: {
        actions: ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
        leadingKeys: [user, email, session, auth, rate],
      },
    },
    secrets: ['JWT_SIGNING_KEYS', 'REFRESH_TOKEN_SECRET'],
    browserFacing: true,
    rateLimitsByIp: true,
    verifiesAccessTokens: false,
    usesStripe: false,
    sendsEmail: true,
    // bcrypt (cost 10) is CPU-bound: more memory buys a bigger share of a vCPU.
    memorySize: 1024,
    events: [
      'auth-signup.json',
      'auth-token.json',
      'auth-user.json',
      'auth-user-update.json',
      'auth-token-refresh.json',
      'auth-otp.json',
      'auth-recover.json',
      'auth-resend.json',
      'auth-verify.json',
      'auth-verify-link.json',
      'auth-logout.json',
      'auth-settings.json',
      'auth-health.json',
      'auth-jwks.json',
      'auth-preflight.json',
    ],
  },
  {
    id: 'Rest',
    entry: 'lambdas/rest/index.ts',
    description: 'Subscription view: GET /rest/v1/stripe_user_subscriptions',
    routes: [
      {
        path: '/rest/v1/stripe_user_subscriptions',
        methods: [HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS],
      },
    ],
    table: { read: { actions: ['BatchGetItem'], leadingKeys: [session, billing] } },
    secrets: [],
    browserFacing: true,
    rateLimitsByIp: false,
    verifiesAccessTokens: true,
    usesStripe: false,
    sendsEmail: false,
    events: ['rest-stripe-user-subscriptions.json', 'rest-head.json', 'rest-preflight.json'],
  },
  {
    id: 'StripeCheckout',
    entry: 'lambdas/stripe-checkout/index.ts',
    description: 'Starts a Stripe Checkout session: POST /functions/v1/stripe-checkout',
    routes: [
      { path: '/functions/v1/stripe-checkout', methods: [HttpMethod.POST, HttpMethod.OPTIONS] },
    ],
    table: {
      read: { actions: ['GetItem'], leadingKeys: [session, billing] },
      write: { actions: ['PutItem', 'UpdateItem', 'DeleteItem'], leadingKeys: [billing, customer] },
    },
    secrets: ['STRIPE_SECRET_KEY'],
    browserFacing: true,
    rateLimitsByIp: false,
    verifiesAccessTokens: true,
    usesStripe: true,
    sendsEmail: false,
    timeoutSeconds: 15,
    events: ['stripe-checkout.json', 'stripe-checkout-preflight.json'],
  },
  {
    id: 'StripeWebhook',
    entry: 'lambdas/stripe-webhook/index.ts',
    description: 'Stripe webhook (signature, no JWT): POST /functions/v1/stripe-webhook',
    routes: [{ path: '/functions/v1/stripe-webhook', methods: [HttpMethod.POST] }],
    table: {
      read: { actions: ['GetItem'], leadingKeys: [customer, stripeEvent] },
      write: { actions: ['PutItem'], leadingKeys: [billing, stripeEvent] },
    },
    secrets: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
    browserFacing: false,
    rateLimitsByIp: false,
    verifiesAccessTokens: false,
    usesStripe: true,
    sendsEmail: false,
    timeoutSeconds: 15,
    events: ['stripe-webhook.json'],
  },
  {
    id: 'BillingPortal',
    entry: 'lambdas/billing-portal/index.ts',
    description: 'Opens the Stripe billing portal: POST /functions/v1/billing-portal',
    routes: [
      { path: '/functions/v1/billing-portal', methods: [HttpMethod.POST, HttpMethod.OPTIONS] },
    ],
    table: {
      read: { actions: ['GetItem'], leadingKeys: [session, billing] },
      // DeleteItem: a customer Stripe no longer has is forgotten (`forgetCustomer`);
      // UpdateItem: the per-user call count (`BILLING#<id>` / `RATE#…`).
      write: { actions: ['UpdateItem', 'DeleteItem'], leadingKeys: [billing, customer] },
    },
    secrets: ['STRIPE_SECRET_KEY'],
    browserFacing: true,
    rateLimitsByIp: false,
    verifiesAccessTokens: true,
    usesStripe: true,
    sendsEmail: false,
    timeoutSeconds: 15,
    events: ['billing-portal.json', 'billing-portal-preflight.json'],
  },
  {
    id: 'Sync',
    entry: 'lambdas/sync/index.ts',
    description: 'End-to-end-encrypted sync, ciphertext only: /functions/v1/sync/records[/id]',
    routes: [
      {
        path: '/functions/v1/sync/{proxy+}',
        methods: [
          HttpMethod.GET,
          HttpMethod.POST,
          HttpMethod.PUT,
          HttpMethod.DELETE,
          HttpMethod.OPTIONS,
        ],
      },
    ],
    table: {
      read: { actions: ['GetItem', 'BatchGetItem', 'Query'], leadingKeys: [session, sync] },
      write: {
        actions: ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
        leadingKeys: [sync],
      },
    },
    secrets: [],
    browserFacing: true,
    rateLimitsByIp: false,
    verifiesAccessTokens: true,
    usesStripe: false,
    sendsEmail: false,
    // A part of a record (3.4 MiB, a larger record is sent in several) is read and chunked in memory.
    memorySize: 512,
    timeoutSeconds: 15,
    events: [
      'sync-list.json',
      'sync-batch-get.json',
      'sync-put.json',
      'sync-delete.json',
      'sync-preflight.json',
    ],
  },
  {
    id: 'Reminders',
    entry: 'lambdas/reminders-api/index.ts',
    description:
      'E-mail reminders (dates only) and their unsubscribe links: /functions/v1/reminders',
    routes: [
      {
        path: '/functions/v1/reminders',
        methods: [HttpMethod.GET, HttpMethod.PUT, HttpMethod.DELETE, HttpMethod.OPTIONS],
      },
      {
        path: '/functions/v1/reminders/{proxy+}',
        methods: [HttpMethod.GET, HttpMethod.POST, HttpMethod.DELETE, HttpMethod.OPTIONS],
      },
    ],
    table: {
      read: { actions: ['GetItem', 'Query'], leadingKeys: [session, reminders] },
      write: { actions: ['PutItem', 'DeleteItem'], leadingKeys: [reminders, day] },
    },
    secrets: ['REMINDER_LINK_SECRET'],
    browserFacing: true,
    rateLimitsByIp: false,
    verifiesAccessTokens: true,
    usesStripe: false,
    sendsEmail: false,
    takesReminders: true,
    events: [
      'reminders.json',
      'reminders-register.json',
      'reminders-off.json',
      'reminders-preflight.json',
      'reminders-close-round.json',
      'reminders-round-preflight.json',
      'reminders-unsubscribe.json',
      'reminders-unsubscribe-one-click.json',
    ],
  },
];

/**
 * The grant while the table may still hold the old layout (`legacyPartitions`): a function that
 * reads sessions or billing items may read them under `USER#<id>` too. Auth holds `USER#` anyway.
 */
export function legacyTableGrant(grant: TableGrant): TableGrant {
  const { leadingKeys } = grant.read;
  if (!readsLegacyItems(grant) || leadingKeys.includes(user)) return grant;
  return { ...grant, read: { ...grant.read, leadingKeys: [...leadingKeys, user] } };
}

/** Whether a function reads what the old layout kept under `USER#<id>`: sessions or billing. */
export function readsLegacyItems(grant: TableGrant): boolean {
  return grant.read.leadingKeys.some((prefix) => prefix === session || prefix === billing);
}

/** Stable, so `sam local invoke AuthFunction -e events/auth-signup.json` keeps working. */
export function functionLogicalId(spec: Pick<ApiFunctionSpec, 'id'>): string {
  return `${spec.id}Function`;
}

/**
 * The table statements of a function's role, one for its reads and one for its writes: each
 * action only on items whose partition key starts with one of that statement's prefixes (every
 * key of a batch or transaction is checked).
 */
export function tableStatements(table: ITable, grant: TableGrant): PolicyStatement[] {
  return [grant.read, ...(grant.write ? [grant.write] : [])].map(
    ({ actions, leadingKeys }) =>
      new PolicyStatement({
        actions: actions.map((action) => `dynamodb:${action}`),
        resources: [table.tableArn],
        conditions: {
          'ForAllValues:StringLike': {
            'dynamodb:LeadingKeys': leadingKeys.map((prefix) => `${prefix}*`),
          },
        },
      }),
  );
}
