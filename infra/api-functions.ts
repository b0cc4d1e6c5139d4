import { HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';

/** What a function may do with the table: read, or read and write. Nothing else is granted. */
export type TableAccess = 'read' | 'readWrite';

/** Secrets held in Secrets Manager; a function receives `<NAME>_SECRET_ARN` and read access. */
export type SecretName = 'JWT_SIGNING_KEYS' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET';

export interface ApiRoute {
  path: string;
  methods: HttpMethod[];
}

export interface ApiFunctionSpec {
  /** Construct id; the CloudFormation logical id is `<id>Function` (see `functionLogicalId`). */
  id: string;
  entry: string;
  description: string;
  routes: ApiRoute[];
  table: TableAccess;
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
    routes: [{ path: '/auth/v1/{proxy+}', methods: [HttpMethod.ANY] }],
    table: 'readWrite',
    secrets: ['JWT_SIGNING_KEYS'],
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
      'auth-token-refresh.json',
      'auth-logout.json',
      'auth-settings.json',
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
    table: 'read',
    secrets: [],
    browserFacing: true,
    rateLimitsByIp: false,
    verifiesAccessTokens: true,
    usesStripe: false,
    sendsEmail: false,
    events: ['rest-stripe-user-subscriptions.json'],
  },
  {
    id: 'StripeCheckout',
    entry: 'lambdas/stripe-checkout/index.ts',
    description: 'Starts a Stripe Checkout session: POST /functions/v1/stripe-checkout',
    routes: [
      { path: '/functions/v1/stripe-checkout', methods: [HttpMethod.POST, HttpMethod.OPTIONS] },
    ],
    table: 'readWrite',
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
    table: 'readWrite',
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
    table: 'read',
    secrets: ['STRIPE_SECRET_KEY'],
    browserFacing: true,
    rateLimitsByIp: false,
    verifiesAccessTokens: true,
    usesStripe: true,
    sendsEmail: false,
    timeoutSeconds: 15,
    events: ['billing-portal.json'],
  },
];

/** Stable, so `sam local invoke AuthFunction -e events/auth-signup.json` keeps working. */
export function functionLogicalId(spec: Pick<ApiFunctionSpec, 'id'>): string {
  return `${spec.id}Function`;
}
