import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { PLAN, PLAN_UNIT_AMOUNT } from '../../shared/plan';

/**
 * Builders for the Stripe objects the emulator serves. Every object is typed with the SDK's own
 * `Stripe.*` interface and spells out each required field, so a change of shape in a new SDK
 * version fails to compile here instead of surprising the app at run time.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomToken(length: number): string {
  let token = '';
  for (const byte of randomBytes(length)) token += ALPHABET[byte % ALPHABET.length];
  return token;
}

export function newId(prefix: string): string {
  return `${prefix}_${randomToken(24)}`;
}

export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

/** One calendar month later in UTC, clamped like Stripe's anchors (Jan 31 → Feb 28/29). */
export function addOneMonth(unixSeconds: number): number {
  const date = new Date(unixSeconds * 1000);
  const day = date.getUTCDate();
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + 1);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

export function list<T>(data: T[], url: string, hasMore = false): Stripe.ApiList<T> {
  return { object: 'list', data, has_more: hasMore, url };
}

export function productObject(): Stripe.Product {
  return {
    id: PLAN.productId,
    object: 'product',
    active: true,
    created: unixNow(),
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    name: PLAN.name,
    package_dimensions: null,
    shippable: null,
    tax_details: null,
    type: 'service',
    updated: unixNow(),
    url: null,
  };
}

export function priceObject(): Stripe.Price {
  return {
    id: PLAN.priceId,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: unixNow(),
    currency: PLAN.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: PLAN.productId,
    recurring: {
      interval: PLAN.interval,
      interval_count: 1,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: PLAN_UNIT_AMOUNT,
    unit_amount_decimal: null,
  };
}

export function planObject(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: null,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'month',
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: null,
    product: typeof price.product === 'string' ? price.product : price.product.id,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export interface CustomerFields {
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Stripe.Metadata;
}

export function customerObject(fields: CustomerFields): Stripe.Customer {
  return {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: unixNow(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: fields.description,
    discount: null,
    email: fields.email,
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: fields.metadata,
    name: fields.name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export interface CardFields {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
  email: string;
  customerId: string;
}

export function cardPaymentMethodObject(card: CardFields): Stripe.PaymentMethod {
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'limited',
    billing_details: {
      address: {
        city: null,
        country: null,
        line1: null,
        line2: null,
        postal_code: null,
        state: null,
      },
      email: card.email,
      name: card.name,
      phone: null,
      tax_id: null,
    },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: card.brand,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      fingerprint: randomToken(16),
      funding: 'credit',
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: unixNow(),
    customer: card.customerId,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export interface CheckoutSessionFields {
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Stripe.Metadata;
  amount: number;
  currency: string;
  successUrl: string;
  cancelUrl: string | null;
  hostedUrl: (id: string) => string;
}

export function checkoutSessionObject(fields: CheckoutSessionFields): Stripe.Checkout.Session {
  const id = newId('cs_test');
  const created = unixNow();
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: fields.amount,
    amount_total: fields.amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: fields.cancelUrl,
    client_reference_id: fields.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency: fields.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: fields.customer,
    customer_account: null,
    customer_creation: fields.customer ? null : 'always',
    customer_details: null,
    customer_email: fields.customerEmail,
    discounts: [],
    expires_at: created + 24 * 60 * 60,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: fields.metadata,
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: fields.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: fields.hostedUrl(id),
    wallet_options: null,
  };
}

export interface SubscriptionFields {
  customerId: string;
  price: Stripe.Price;
  paymentMethodId: string;
  metadata: Stripe.Metadata;
  periodStart: number;
}

export function subscriptionObject(fields: SubscriptionFields): Stripe.Subscription {
  const id = newId('sub');
  const created = unixNow();
  const periodEnd = addOneMonth(fields.periodStart);
  const item: Stripe.SubscriptionItem = {
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created,
    current_period_end: periodEnd,
    current_period_start: fields.periodStart,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planObject(fields.price),
    price: fields.price,
    quantity: 1,
    subscription: id,
    tax_rates: [],
  };
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: fields.periodStart,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'flexible', updated_at: created },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created,
    currency: fields.price.currency,
    customer: fields.customerId,
    customer_account: null,
    days_until_due: null,
    default_payment_method: fields.paymentMethodId,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: list([item], `/v1/subscription_items?subscription=${id}`),
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: fields.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: created,
    status: 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' },
    },
    trial_start: null,
  };
}

export interface InvoiceFields {
  subscription: Stripe.Subscription;
  customerEmail: string | null;
  paid: boolean;
  billingReason: Stripe.Invoice.BillingReason;
}

export function invoiceObject(fields: InvoiceFields): Stripe.Invoice {
  const { subscription } = fields;
  const item = subscription.items.data[0]!;
  const amount = item.price.unit_amount ?? 0;
  const now = unixNow();
  const customer =
    typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  return {
    id: newId('in'),
    object: 'invoice',
    account_country: 'US',
    account_name: 'Credit Dispute Letters (emulated)',
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: fields.paid ? amount : 0,
    amount_remaining: fields.paid ? 0 : amount,
    amount_shipping: 0,
    application: null,
    attempt_count: 1,
    attempted: true,
    auto_advance: !fields.paid,
    automatic_tax: {
      disabled_reason: null,
      enabled: false,
      liability: null,
      provider: null,
      status: null,
    },
    automatically_finalizes_at: null,
    billing_reason: fields.billingReason,
    collection_method: 'charge_automatically',
    created: now,
    currency: item.price.currency,
    custom_fields: null,
    customer,
    customer_account: null,
    customer_address: null,
    customer_email: fields.customerEmail,
    customer_name: null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: now,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: list([], `/v1/invoices/lines`),
    livemode: false,
    metadata: {},
    next_payment_attempt: fields.paid ? null : now + 3 * 24 * 60 * 60,
    number: null,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: {
        metadata: subscription.metadata,
        subscription: subscription.id,
      },
      type: 'subscription_details',
    },
    payment_settings: {
      default_mandate: null,
      payment_method_options: null,
      payment_method_types: null,
    },
    period_end: item.current_period_start,
    period_start: item.current_period_start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: fields.paid ? 'paid' : 'open',
    status_transitions: {
      finalized_at: now,
      marked_uncollectible_at: null,
      paid_at: fields.paid ? now : null,
      voided_at: null,
    },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: now,
  };
}

export function portalSessionObject(
  customerId: string,
  returnUrl: string | null,
  hostedUrl: (id: string) => string,
): Stripe.BillingPortal.Session {
  const id = newId('bps');
  return {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_emulator_default',
    created: unixNow(),
    customer: customerId,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: returnUrl,
    url: hostedUrl(id),
  };
}

export function eventObject(
  type: Stripe.Event.Type,
  object: Stripe.Event.Data['object'],
  apiVersion: string,
  previousAttributes?: Partial<Stripe.Subscription>,
): Stripe.Event {
  // Stripe.Event is a union keyed by `type`; the builder pairs type and object at its call sites.
  return {
    id: newId('evt'),
    object: 'event',
    api_version: apiVersion,
    created: unixNow(),
    data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as Stripe.Event;
}

export interface InvoicePaymentFields {
  invoice: Stripe.Invoice;
  paymentIntentId: string;
}

/** How a paid invoice was paid (API 2025-03-31.basil moved this off the invoice). */
export function invoicePaymentObject(fields: InvoicePaymentFields): Stripe.InvoicePayment {
  const { invoice } = fields;
  const now = unixNow();
  return {
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: invoice.amount_paid,
    amount_requested: invoice.amount_due,
    created: now,
    currency: invoice.currency,
    invoice: invoice.id!,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: fields.paymentIntentId },
    status: 'paid',
    status_transitions: { canceled_at: null, paid_at: now },
  };
}

export interface RefundFields {
  paymentIntentId: string;
  customerId: string;
  amount: number;
  currency: string;
  reason: Stripe.Refund.Reason | null;
  metadata: Record<string, string>;
}

/** A refund that succeeds at once, as test-mode card refunds do. */
export function refundObject(fields: RefundFields): Stripe.Refund {
  return {
    id: newId('re'),
    object: 'refund',
    amount: fields.amount,
    balance_transaction: null,
    charge: null,
    created: unixNow(),
    currency: fields.currency,
    customer: fields.customerId,
    customer_account: null,
    metadata: fields.metadata,
    payment_intent: fields.paymentIntentId,
    payment_method: null,
    reason: fields.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}
