import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import Stripe from 'stripe';
import { checkCard, type CardInput } from './cards';
import { StripeApiError, invalidParam, missingParam, noSuchObject } from './errors';
import {
  addOneMonth,
  cardPaymentMethodObject,
  checkoutSessionObject,
  customerObject,
  eventObject,
  invoiceObject,
  invoicePaymentObject,
  newId,
  portalSessionObject,
  priceObject,
  productObject,
  refundObject,
  subscriptionObject,
  unixNow,
} from './objects';
import type { WebhookEmitter } from './webhook-emitter';

export interface CustomerParams {
  email?: string;
  name?: string;
  description?: string;
  metadata?: Record<string, string>;
}

export interface CheckoutSessionParams {
  mode?: string;
  customer?: string;
  customerEmail?: string;
  clientReferenceId?: string;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  lineItems: { price?: string; quantity?: string }[];
  successUrl?: string;
  cancelUrl?: string;
}

export interface SubscriptionListParams {
  customer?: string;
  status?: string;
  limit: number;
}

export type CheckoutOutcome =
  | { ok: true; redirectTo: string }
  | { ok: false; field: keyof CardInput | 'card'; message: string };

/** The emulator's state as saved to disk, so `npm start` keeps customers across restarts. */
interface SavedState {
  customers: [string, Stripe.Customer][];
  paymentMethods: [string, Stripe.PaymentMethod][];
  checkoutSessions: [string, Stripe.Checkout.Session][];
  subscriptions: [string, Stripe.Subscription][];
  invoices: [string, Stripe.Invoice][];
  invoicePayments?: [string, Stripe.InvoicePayment][];
  refunds?: [string, Stripe.Refund][];
  portalSessions: [string, Stripe.BillingPortal.Session][];
  sessionExtras: [string, SessionExtras][];
}

/** What a checkout session was created with that its public object does not show. */
interface SessionExtras {
  priceId: string;
  subscriptionMetadata: Record<string, string>;
}

/**
 * The emulator's state and behaviour, independent of HTTP: what the real API endpoints, the
 * hosted pages and the test controls all act on. State lives in memory, and in `stateFile`
 * when one is given (the local runtime's data directory keeps the DynamoDB rows that point here).
 */
export class StripeEmulator {
  readonly customers = new Map<string, Stripe.Customer>();
  readonly paymentMethods = new Map<string, Stripe.PaymentMethod>();
  readonly checkoutSessions = new Map<string, Stripe.Checkout.Session>();
  readonly subscriptions = new Map<string, Stripe.Subscription>();
  readonly invoices = new Map<string, Stripe.Invoice>();
  readonly invoicePayments = new Map<string, Stripe.InvoicePayment>();
  readonly refunds = new Map<string, Stripe.Refund>();
  readonly portalSessions = new Map<string, Stripe.BillingPortal.Session>();
  readonly prices = new Map<string, Stripe.Price>();
  readonly products = new Map<string, Stripe.Product>();
  private readonly sessionExtras = new Map<string, SessionExtras>();
  private failNextInvoice = false;

  constructor(
    readonly publicUrl: string,
    readonly webhooks: WebhookEmitter,
    private readonly stateFile: string | null = null,
    readonly apiVersion: string = Stripe.API_VERSION,
  ) {
    const product = productObject();
    const price = priceObject();
    this.products.set(product.id, product);
    this.prices.set(price.id, price);
    if (stateFile && existsSync(stateFile)) this.restore(stateFile);
  }

  private restore(file: string): void {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as SavedState;
    const fill = <T>(map: Map<string, T>, entries: [string, T][] | undefined) => {
      for (const [id, value] of entries ?? []) map.set(id, value);
    };
    fill(this.customers, saved.customers);
    fill(this.paymentMethods, saved.paymentMethods);
    fill(this.checkoutSessions, saved.checkoutSessions);
    fill(this.subscriptions, saved.subscriptions);
    fill(this.invoices, saved.invoices);
    fill(this.invoicePayments, saved.invoicePayments);
    fill(this.refunds, saved.refunds);
    fill(this.portalSessions, saved.portalSessions);
    fill(this.sessionExtras, saved.sessionExtras);
    // Hosted pages live on this run's port.
    for (const session of this.checkoutSessions.values()) {
      if (session.url) session.url = `${this.publicUrl}/c/pay/${session.id}`;
    }
  }

  /** Writes the state file (atomically), if there is one. */
  save(): void {
    if (!this.stateFile) return;
    const state: SavedState = {
      customers: [...this.customers],
      paymentMethods: [...this.paymentMethods],
      checkoutSessions: [...this.checkoutSessions],
      subscriptions: [...this.subscriptions],
      invoices: [...this.invoices],
      invoicePayments: [...this.invoicePayments],
      refunds: [...this.refunds],
      portalSessions: [...this.portalSessions],
      sessionExtras: [...this.sessionExtras],
    };
    writeFileSync(`${this.stateFile}.tmp`, JSON.stringify(state));
    renameSync(`${this.stateFile}.tmp`, this.stateFile);
  }

  // ----- Customers -----

  createCustomer(params: CustomerParams): Stripe.Customer {
    const customer = customerObject({
      email: params.email ?? null,
      name: params.name ?? null,
      description: params.description ?? null,
      metadata: params.metadata ?? {},
    });
    this.customers.set(customer.id, customer);
    return customer;
  }

  customer(id: string, param = 'id'): Stripe.Customer {
    const customer = this.customers.get(id);
    if (!customer) throw noSuchObject('customer', id, param);
    return customer;
  }

  updateCustomer(id: string, params: CustomerParams): Stripe.Customer {
    const customer = this.customer(id);
    if (params.email !== undefined) customer.email = params.email || null;
    if (params.name !== undefined) customer.name = params.name || null;
    if (params.description !== undefined) customer.description = params.description || null;
    if (params.metadata) customer.metadata = { ...customer.metadata, ...params.metadata };
    return customer;
  }

  // ----- Checkout -----

  createCheckoutSession(params: CheckoutSessionParams): Stripe.Checkout.Session {
    if (!params.mode) throw missingParam('mode');
    if (params.mode !== 'subscription') {
      throw invalidParam(
        'mode',
        'string',
        `This emulator only supports mode=subscription, not '${params.mode}'.`,
      );
    }
    if (!params.successUrl) throw missingParam('success_url');
    const [line, ...rest] = params.lineItems;
    if (!line) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'You must specify either `line_items` or `subscription_data[items]` in `subscription` mode.',
        'parameter_missing',
        'line_items',
      );
    }
    if (rest.length > 0 || (line.quantity !== undefined && line.quantity !== '1')) {
      throw invalidParam(
        'line_items',
        'integer',
        'This emulator supports exactly one line item with quantity 1.',
      );
    }
    if (!line.price) throw missingParam('line_items[0][price]');
    const price = this.prices.get(line.price);
    if (!price) throw noSuchObject('price', line.price, 'line_items[0][price]');
    if (params.customer) this.customer(params.customer, 'customer');
    const session = checkoutSessionObject({
      customer: params.customer ?? null,
      customerEmail: params.customerEmail ?? null,
      clientReferenceId: params.clientReferenceId ?? null,
      metadata: params.metadata,
      amount: price.unit_amount ?? 0,
      currency: price.currency,
      successUrl: params.successUrl,
      cancelUrl: params.cancelUrl ?? null,
      hostedUrl: (id) => `${this.publicUrl}/c/pay/${id}`,
    });
    this.checkoutSessions.set(session.id, session);
    this.sessionExtras.set(session.id, {
      priceId: price.id,
      subscriptionMetadata: params.subscriptionMetadata,
    });
    return session;
  }

  checkoutSession(id: string): Stripe.Checkout.Session {
    const session = this.checkoutSessions.get(id);
    if (!session) throw noSuchObject('checkout.session', id);
    return session;
  }

  /** Newest first, as Stripe lists them; `customer` and `status` filter as Stripe's do. */
  listCheckoutSessions(params: SubscriptionListParams): Stripe.Checkout.Session[] {
    if (params.status && !['open', 'complete', 'expired'].includes(params.status)) {
      throw invalidParam(
        'status',
        'string',
        'Invalid status: must be one of open, complete, or expired',
      );
    }
    return [...this.checkoutSessions.values()]
      .reverse()
      .filter((session) => !params.customer || session.customer === params.customer)
      .filter((session) => !params.status || session.status === params.status)
      .slice(0, params.limit);
  }

  /** Stripe's `POST /v1/checkout/sessions/:id/expire`: only an open session can be expired. */
  async expireCheckoutSession(id: string): Promise<Stripe.Checkout.Session> {
    const session = this.checkoutSession(id);
    if (session.status !== 'open') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    }
    session.status = 'expired';
    session.url = null;
    await this.emit([
      eventObject('checkout.session.expired', structuredClone(session), this.apiVersion),
    ]);
    return session;
  }

  checkoutPrice(session: Stripe.Checkout.Session): Stripe.Price {
    return this.prices.get(this.sessionExtras.get(session.id)!.priceId)!;
  }

  /** What the hosted checkout page's "Subscribe" button does. */
  async completeCheckout(sessionId: string, input: CardInput): Promise<CheckoutOutcome> {
    const session = this.checkoutSession(sessionId);
    if (session.status !== 'open') {
      return { ok: false, field: 'card', message: 'This Checkout Session is no longer active.' };
    }
    const result = checkCard(input);
    if (!result.ok) return result;

    const email = input.email.trim();
    const customer =
      typeof session.customer === 'string'
        ? this.customer(session.customer)
        : this.createCustomer({ email });
    customer.email ??= email;
    const paymentMethod = cardPaymentMethodObject({
      ...result.card,
      name: input.name.trim(),
      email,
      customerId: customer.id,
    });
    this.paymentMethods.set(paymentMethod.id, paymentMethod);
    customer.invoice_settings.default_payment_method = paymentMethod.id;

    const subscription = subscriptionObject({
      customerId: customer.id,
      price: this.checkoutPrice(session),
      paymentMethodId: paymentMethod.id,
      metadata: this.sessionExtras.get(session.id)!.subscriptionMetadata,
      periodStart: unixNow(),
    });
    const invoice = invoiceObject({
      subscription,
      customerEmail: customer.email,
      paid: true,
      billingReason: 'subscription_create',
    });
    subscription.latest_invoice = invoice.id;
    this.subscriptions.set(subscription.id, subscription);
    this.invoices.set(invoice.id, invoice);
    const payment = invoicePaymentObject({ invoice, paymentIntentId: newId('pi') });
    this.invoicePayments.set(payment.id, payment);

    session.status = 'complete';
    session.payment_status = 'paid';
    session.customer = customer.id;
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    session.url = null;
    session.customer_details = {
      address: null,
      business_name: null,
      email,
      individual_name: null,
      name: input.name.trim(),
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    };

    await this.emit([
      eventObject('checkout.session.completed', structuredClone(session), this.apiVersion),
      eventObject('customer.subscription.created', structuredClone(subscription), this.apiVersion),
      eventObject('invoice.paid', structuredClone(invoice), this.apiVersion),
    ]);
    return {
      ok: true,
      redirectTo: session.success_url!.replaceAll('{CHECKOUT_SESSION_ID}', session.id),
    };
  }

  // ----- Subscriptions -----

  listSubscriptions(params: SubscriptionListParams): Stripe.Subscription[] {
    if (params.customer) this.customer(params.customer, 'customer');
    const status = params.status ?? 'active_or_past_due_or_trialing_or_unpaid';
    return [...this.subscriptions.values()]
      .reverse()
      .filter((subscription) => !params.customer || subscription.customer === params.customer)
      .filter((subscription) =>
        status === 'all'
          ? true
          : status === 'active_or_past_due_or_trialing_or_unpaid'
            ? subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired'
            : subscription.status === status,
      )
      .slice(0, params.limit);
  }

  subscription(id: string): Stripe.Subscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw noSuchObject('subscription', id);
    return subscription;
  }

  async updateSubscription(
    id: string,
    changes: { cancelAtPeriodEnd?: boolean; metadata?: Record<string, string> },
  ): Promise<Stripe.Subscription> {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    const previous: Partial<Stripe.Subscription> = {};
    if (
      changes.cancelAtPeriodEnd !== undefined &&
      changes.cancelAtPeriodEnd !== subscription.cancel_at_period_end
    ) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      previous.cancel_at = subscription.cancel_at;
      previous.canceled_at = subscription.canceled_at;
      subscription.cancel_at_period_end = changes.cancelAtPeriodEnd;
      subscription.cancel_at = changes.cancelAtPeriodEnd
        ? subscription.items.data[0]!.current_period_end
        : null;
      subscription.canceled_at = changes.cancelAtPeriodEnd ? unixNow() : null;
    }
    if (changes.metadata) {
      previous.metadata = subscription.metadata;
      subscription.metadata = { ...subscription.metadata, ...changes.metadata };
    }
    await this.emit([
      eventObject(
        'customer.subscription.updated',
        structuredClone(subscription),
        this.apiVersion,
        previous,
      ),
    ]);
    return subscription;
  }

  /** Stripe's `GET /v1/invoice_payments`: the payments of one invoice, newest first. */
  listInvoicePayments(params: {
    invoice?: string;
    status?: string;
    limit: number;
  }): Stripe.InvoicePayment[] {
    if (params.invoice && !this.invoices.has(params.invoice)) {
      throw noSuchObject('invoice', params.invoice, 'invoice');
    }
    return [...this.invoicePayments.values()]
      .reverse()
      .filter((payment) => !params.invoice || payment.invoice === params.invoice)
      .filter((payment) => !params.status || payment.status === params.status)
      .slice(0, params.limit);
  }

  /**
   * Stripe's `POST /v1/refunds` for a payment intent: the whole remaining amount unless `amount`
   * says less; refusing more than was paid, as Stripe does (`charge_already_refunded`).
   */
  async createRefund(params: {
    paymentIntent?: string;
    amount?: number;
    reason?: string;
    metadata: Record<string, string>;
  }): Promise<Stripe.Refund> {
    if (!params.paymentIntent) throw missingParam('payment_intent');
    const payment = [...this.invoicePayments.values()].find(
      (candidate) => candidate.payment.payment_intent === params.paymentIntent,
    );
    if (!payment) throw noSuchObject('payment_intent', params.paymentIntent, 'payment_intent');
    const invoice = this.invoices.get(payment.invoice as string)!;
    const refunded = [...this.refunds.values()]
      .filter((refund) => refund.payment_intent === params.paymentIntent)
      .reduce((sum, refund) => sum + refund.amount, 0);
    const remaining = (payment.amount_paid ?? 0) - refunded;
    const amount = params.amount ?? remaining;
    if (remaining <= 0) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Charge for ${params.paymentIntent} has already been refunded.`,
        'charge_already_refunded',
      );
    }
    if (amount > remaining) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${remaining / 100})`,
        'amount_too_large',
        'amount',
      );
    }
    const reason = params.reason ?? null;
    if (reason !== null && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
      throw invalidParam(
        'reason',
        'string',
        `Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`,
      );
    }
    const refund = refundObject({
      paymentIntentId: params.paymentIntent,
      customerId: invoice.customer as string,
      amount,
      currency: payment.currency,
      reason,
      metadata: params.metadata,
    });
    this.refunds.set(refund.id, refund);
    await this.emit([eventObject('refund.created', structuredClone(refund), this.apiVersion)]);
    return refund;
  }

  async cancelSubscription(id: string, comment?: string): Promise<Stripe.Subscription> {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') {
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `No such subscription: '${id}'`,
        'resource_missing',
        'id',
      );
    }
    const now = unixNow();
    subscription.status = 'canceled';
    subscription.canceled_at = now;
    subscription.ended_at = now;
    subscription.cancellation_details = {
      comment: comment ?? null,
      feedback: null,
      feedback_option: null,
      reason: 'cancellation_requested',
    };
    await this.emit([
      eventObject('customer.subscription.deleted', structuredClone(subscription), this.apiVersion),
    ]);
    return subscription;
  }

  /** Test control: the next renewal's payment fails (the subscription becomes `past_due`). */
  failNextRenewal(): void {
    this.failNextInvoice = true;
  }

  /** Test control: the billing period ends now; renew, fail to renew, or end the subscription. */
  async advancePeriod(id: string): Promise<Stripe.Subscription> {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') {
      throw new StripeApiError(400, 'invalid_request_error', 'The subscription is canceled.');
    }
    if (subscription.cancel_at_period_end) return this.cancelSubscription(id);
    const item = subscription.items.data[0]!;
    const previous: Partial<Stripe.Subscription> = {
      status: subscription.status,
      items: structuredClone(subscription.items),
    };
    item.current_period_start = item.current_period_end;
    item.current_period_end = addOneMonth(item.current_period_start);
    const paid = !this.failNextInvoice;
    this.failNextInvoice = false;
    const customer = this.customer(subscription.customer as string);
    const invoice = invoiceObject({
      subscription,
      customerEmail: customer.email,
      paid,
      billingReason: 'subscription_cycle',
    });
    this.invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    subscription.status = paid ? 'active' : 'past_due';
    await this.emit([
      eventObject(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice, this.apiVersion),
      eventObject(
        'customer.subscription.updated',
        structuredClone(subscription),
        this.apiVersion,
        previous,
      ),
    ]);
    return subscription;
  }

  // ----- Billing portal -----

  createPortalSession(customerId: string | undefined, returnUrl: string | undefined) {
    if (!customerId) throw missingParam('customer');
    this.customer(customerId, 'customer');
    const session = portalSessionObject(
      customerId,
      returnUrl ?? null,
      (id) => `${this.publicUrl}/p/session/${id}`,
    );
    this.portalSessions.set(session.id, session);
    return session;
  }

  portalSession(id: string): Stripe.BillingPortal.Session {
    const session = this.portalSessions.get(id);
    if (!session) throw noSuchObject('billing_portal.session', id);
    return session;
  }

  // ----- Expansion -----

  /** Resolves `expand[]` paths such as `data.default_payment_method` on a JSON copy. */
  expand<T>(value: T, paths: string[]): T {
    const copy = structuredClone(value);
    for (const path of paths) this.expandPath(copy, path.split('.'));
    return copy;
  }

  private expandPath(target: unknown, path: string[]): void {
    if (!target || typeof target !== 'object') return;
    const [head, ...rest] = path;
    if (head === undefined) return;
    if (Array.isArray(target)) {
      for (const element of target) this.expandPath(element, path);
      return;
    }
    const record = target as Record<string, unknown>;
    const current = record[head];
    if (typeof current === 'string' && rest.length === 0) {
      const found = this.lookup(current);
      if (!found) {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `This property cannot be expanded (${head}).`,
        );
      }
      record[head] = structuredClone(found);
      return;
    }
    if (typeof current === 'string') {
      const found = this.lookup(current);
      if (found) record[head] = structuredClone(found);
    }
    this.expandPath(record[head], rest);
  }

  private lookup(id: string): object | undefined {
    for (const map of [
      this.customers,
      this.paymentMethods,
      this.subscriptions,
      this.invoices,
      this.checkoutSessions,
      this.prices,
      this.products,
    ] as Map<string, object>[]) {
      const found = map.get(id);
      if (found) return found;
    }
    return undefined;
  }

  private async emit(events: Stripe.Event[]): Promise<void> {
    const delivery = this.webhooks.send(events);
    // Immediate delivery finishes before the caller answers, so the app has the row by the time
    // the browser lands on success_url; delayed delivery deliberately does not.
    if (this.webhooks.immediate) await delivery;
  }
}
