import { Hono } from 'hono';
import type Stripe from 'stripe';
import { PLAN } from '../../shared/plan';
import type { CardInput } from './cards';
import type { StripeEmulator } from './emulator';
import { StripeApiError } from './errors';

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
};

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function formatAmount(amount: number | null, currency: string | null): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: (currency ?? 'usd').toUpperCase(),
  }).format((amount ?? 0) / 100);
}

function formatDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

const STYLES = `
  * { box-sizing: border-box; }
  body { margin: 0; font-family: -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
         color: #1a1f36; background: #fff; }
  .test-mode { background: #ffde92; color: #a0440b; font-size: 12px; font-weight: 600;
               text-align: center; padding: 4px; letter-spacing: .04em; }
  main { display: flex; flex-wrap: wrap; max-width: 920px; margin: 0 auto; padding: 40px 24px; gap: 48px; }
  .summary, .pay { flex: 1 1 360px; }
  .back { color: #4f566b; text-decoration: none; font-size: 14px; }
  .back:hover { color: #1a1f36; }
  .product { color: #4f566b; margin: 24px 0 4px; font-size: 16px; }
  .amount { font-size: 36px; font-weight: 600; margin: 0; }
  .amount small { font-size: 14px; font-weight: 500; color: #4f566b; }
  label { display: block; font-size: 13px; color: #4f566b; margin: 16px 0 6px; }
  input { width: 100%; padding: 10px 12px; font-size: 16px; border: 1px solid #e0e0e0; border-radius: 6px; }
  input:focus { outline: 2px solid #635bff; border-color: #635bff; }
  .row { display: flex; gap: 12px; }
  .row > div { flex: 1; }
  button { width: 100%; margin-top: 24px; padding: 12px; font-size: 16px; font-weight: 600;
           color: #fff; background: #635bff; border: 0; border-radius: 6px; cursor: pointer; }
  button.danger { background: #df1b41; }
  .error { color: #df1b41; font-size: 14px; margin-top: 12px; }
  .notice { color: #4f566b; font-size: 13px; margin-top: 16px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; }
  dt { color: #4f566b; }
  dd { margin: 0; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<div class="test-mode">TEST MODE</div>
${body}
</body>
</html>`;
}

interface CheckoutFormState {
  values: Partial<CardInput>;
  error?: string;
}

function checkoutPage(
  session: Stripe.Checkout.Session,
  price: Stripe.Price,
  email: string,
  state: CheckoutFormState,
): string {
  const value = (name: keyof CardInput) => escapeHtml(state.values[name] ?? '');
  const interval = price.recurring?.interval ?? PLAN.interval;
  const back = session.cancel_url
    ? `<a class="back" href="${escapeHtml(session.cancel_url)}">&larr; Back</a>`
    : '';
  const closed = session.status !== 'open';
  return page(
    `Subscribe to ${PLAN.name}`,
    `<main>
  <section class="summary">
    ${back}
    <p class="product">Subscribe to ${escapeHtml(PLAN.name)}</p>
    <p class="amount">${formatAmount(price.unit_amount, price.currency)} <small>per ${escapeHtml(interval)}</small></p>
  </section>
  <section class="pay">
    <h1 style="font-size:20px">Pay with card</h1>
    ${
      closed
        ? '<p class="error" role="alert">This Checkout Session is no longer active.</p>'
        : `<form method="post" novalidate>
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="email" value="${value('email') || escapeHtml(email)}">
      <label for="cardNumber">Card number</label>
      <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${value('number')}">
      <div class="row">
        <div>
          <label for="cardExpiry">Expiration</label>
          <input id="cardExpiry" name="cardExpiry" autocomplete="cc-exp" placeholder="MM / YY" value="${value('expiry')}">
        </div>
        <div>
          <label for="cardCvc">CVC</label>
          <input id="cardCvc" name="cardCvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" value="${value('cvc')}">
        </div>
      </div>
      <label for="billingName">Cardholder name</label>
      <input id="billingName" name="billingName" autocomplete="cc-name" placeholder="Full name on card" value="${value('name')}">
      ${state.error ? `<p class="error" role="alert">${escapeHtml(state.error)}</p>` : ''}
      <button type="submit">Subscribe</button>
      <p class="notice">Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. Any future date and any CVC.</p>
    </form>`
    }
  </section>
</main>`,
  );
}

function portalPage(
  session: Stripe.BillingPortal.Session,
  subscription: Stripe.Subscription | undefined,
  paymentMethod: Stripe.PaymentMethod | undefined,
): string {
  const back = session.return_url
    ? `<a class="back" href="${escapeHtml(session.return_url)}">&larr; Return to ${escapeHtml(PLAN.name)}</a>`
    : '';
  let details = '<p>You have no subscription.</p>';
  if (subscription) {
    const item = subscription.items.data[0]!;
    const renewal =
      subscription.status === 'canceled'
        ? `Canceled on ${formatDate(subscription.ended_at ?? subscription.canceled_at ?? item.current_period_end)}`
        : subscription.cancel_at_period_end
          ? `Cancels on ${formatDate(item.current_period_end)}`
          : `Renews on ${formatDate(item.current_period_end)}`;
    const card = paymentMethod?.card;
    details = `<dl>
      <dt>Plan</dt><dd>${escapeHtml(PLAN.name)}</dd>
      <dt>Price</dt><dd>${formatAmount(item.price.unit_amount, item.price.currency)} per ${escapeHtml(item.price.recurring?.interval ?? PLAN.interval)}</dd>
      <dt>Status</dt><dd>${escapeHtml(subscription.status)}</dd>
      <dt>Billing</dt><dd>${renewal}</dd>
      ${card ? `<dt>Payment method</dt><dd>${escapeHtml(card.brand)} •••• ${escapeHtml(card.last4)}</dd>` : ''}
    </dl>
    ${
      subscription.status !== 'canceled' && !subscription.cancel_at_period_end
        ? `<form method="post" action="${escapeHtml(new URL(session.url).pathname)}/cancel"><button class="danger" type="submit">Cancel subscription</button></form>`
        : ''
    }`;
  }
  return page(
    `${PLAN.name} billing`,
    `<main><section class="pay">
    ${back}
    <h1 style="font-size:20px">Current subscription</h1>
    ${details}
  </section></main>`,
  );
}

/** Stripe-hosted pages: Checkout and the customer billing portal. */
export function createHostedPageRoutes(emulator: StripeEmulator) {
  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof StripeApiError && error.status === 404) {
      return c.html(page('Not found', '<main><p>This page does not exist.</p></main>'), 404);
    }
    throw error;
  });

  const render = (sessionId: string, state: CheckoutFormState) => {
    const session = emulator.checkoutSession(sessionId);
    const customer =
      typeof session.customer === 'string' ? emulator.customers.get(session.customer) : undefined;
    return checkoutPage(
      session,
      emulator.checkoutPrice(session),
      customer?.email ?? session.customer_email ?? '',
      state,
    );
  };

  app.get('/c/pay/:id', (c) =>
    c.body(render(c.req.param('id'), { values: {} }), 200, PAGE_HEADERS),
  );

  app.post('/c/pay/:id', async (c) => {
    const body = await c.req.parseBody();
    const field = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
    const input: CardInput = {
      email: field('email'),
      number: field('cardNumber'),
      expiry: field('cardExpiry'),
      cvc: field('cardCvc'),
      name: field('billingName'),
    };
    const outcome = await emulator.completeCheckout(c.req.param('id'), input);
    if (outcome.ok) return c.redirect(outcome.redirectTo, 303);
    return c.body(
      render(c.req.param('id'), { values: input, error: outcome.message }),
      402,
      PAGE_HEADERS,
    );
  });

  const portal = (sessionId: string) => {
    const session = emulator.portalSession(sessionId);
    const [subscription] = emulator.listSubscriptions({
      customer: session.customer,
      status: 'all',
      limit: 1,
    });
    const paymentMethodId = subscription?.default_payment_method;
    const paymentMethod =
      typeof paymentMethodId === 'string'
        ? emulator.paymentMethods.get(paymentMethodId)
        : undefined;
    return { session, subscription, paymentMethod };
  };

  app.get('/p/session/:id', (c) => {
    const { session, subscription, paymentMethod } = portal(c.req.param('id'));
    return c.body(portalPage(session, subscription, paymentMethod), 200, PAGE_HEADERS);
  });

  app.post('/p/session/:id/cancel', async (c) => {
    const { subscription } = portal(c.req.param('id'));
    if (subscription && subscription.status !== 'canceled') {
      await emulator.updateSubscription(subscription.id, { cancelAtPeriodEnd: true });
    }
    return c.redirect(`/p/session/${c.req.param('id')}`, 303);
  });

  return app;
}
