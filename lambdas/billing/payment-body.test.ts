import { describe, expect, it } from 'vitest';
import { PLAN } from '../../shared/plan';
import { readPaymentBody } from './payment-body';
import { portalBody } from '../billing-portal/body';
import type { ApiAccessConfig } from '../platform/api-access';
import { renderJsonError } from '../platform/errors';
import { createLambdaApp } from '../platform/lambda-app';
import { CHECKOUT_BODY_CODES, checkoutBody } from '../stripe-checkout/body';

const SITE = 'http://localhost:8787';
const access: ApiAccessConfig = {
  publishableKey: 'key',
  siteUrl: SITE,
  allowedOrigins: ['https://app.example', '*'],
};

/** The two payment bodies behind the functions' own reader and error renderer. */
const app = createLambdaApp('/', renderJsonError);
const checkout = checkoutBody(new Set(['price_configured', PLAN.priceId]), access);
app.post('/checkout', async (c) => c.json(await readPaymentBody(c, checkout, CHECKOUT_BODY_CODES)));
const portal = portalBody(access);
app.post('/portal', async (c) =>
  c.json(await readPaymentBody(c, portal, { return_url: 'invalid_redirect_url' })),
);

async function post(path: string, body: unknown) {
  const response = await app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return [response.status, await response.json()];
}

const GOOD = {
  price_id: PLAN.priceId,
  mode: 'subscription',
  success_url: `${SITE}/success`,
  cancel_url: `${SITE}/payment`,
};
const refused = (code: string, error: string) => [400, { error, code }];

describe('the checkout body', () => {
  it('accepts the plan (its own id or the configured price) and pages of the site', async () => {
    expect(await post('/checkout', GOOD)).toEqual([200, GOOD]);
    const other = { ...GOOD, price_id: 'price_configured', cancel_url: 'https://app.example/x' };
    expect(await post('/checkout', other)).toEqual([200, other]);
  });

  it('refuses another, missing or non-string price as invalid_price', async () => {
    const wrongPrice = refused('invalid_price', 'price_id is not the price of this plan');
    for (const price_id of ['price_other', '', null, 5, { id: PLAN.priceId }, [PLAN.priceId]]) {
      expect(await post('/checkout', { ...GOOD, price_id })).toEqual(wrongPrice);
    }
    const { price_id: _, ...noPrice } = GOOD;
    expect(await post('/checkout', noPrice)).toEqual(wrongPrice);
  });

  it('refuses another mode as invalid_request', async () => {
    const { mode: _, ...noMode } = GOOD;
    for (const body of [{ ...GOOD, mode: 'payment' }, { ...GOOD, mode: null }, noMode]) {
      expect(await post('/checkout', body)).toEqual(
        refused('invalid_request', 'mode must be "subscription"'),
      );
    }
  });

  it('refuses a return address off the site, malformed or over 2,048 characters', async () => {
    const offSite = refused('invalid_redirect_url', 'success_url must be a page of this site');
    for (const success_url of [
      'https://evil.example/success',
      'not a url',
      'javascript:alert(1)',
      `http://user:pw@localhost:8787/`,
      '/success',
      `${SITE}/${'a'.repeat(2048)}`,
      '*',
      42,
      { href: `${SITE}/` },
    ]) {
      expect(await post('/checkout', { ...GOOD, success_url })).toEqual(offSite);
    }
    expect(await post('/checkout', { ...GOOD, cancel_url: undefined })).toEqual(
      refused('invalid_redirect_url', 'cancel_url must be a page of this site'),
    );
    const longest = `${SITE}/${'a'.repeat(2048 - SITE.length - 1)}`;
    expect((await post('/checkout', { ...GOOD, success_url: longest }))[0]).toBe(200);
  });

  it('reports the first problem in the order price, mode, success_url, cancel_url', async () => {
    const allWrong = { cancel_url: 1, success_url: 1, mode: 1, price_id: 1 };
    expect((await post('/checkout', allWrong))[1]).toMatchObject({ code: 'invalid_price' });
    expect((await post('/checkout', { ...allWrong, price_id: PLAN.priceId }))[1]).toMatchObject({
      code: 'invalid_request',
    });
  });

  it('answers a body that is not a JSON object 400, never 5xx', async () => {
    for (const body of ['null', '[]', '5', '"text"', '{not json']) {
      expect(await post('/checkout', body)).toEqual(
        refused('invalid_request', 'Request body must be a JSON object'),
      );
    }
  });
});

describe('the billing-portal body', () => {
  it('is optional; return_url, when given, is a page of the site', async () => {
    expect(await post('/portal', '')).toEqual([200, {}]);
    expect(await post('/portal', { return_url: `${SITE}/account` })).toEqual([
      200,
      { return_url: `${SITE}/account` },
    ]);
    for (const return_url of [null, '', 'https://evil.example/', 7]) {
      expect(await post('/portal', { return_url })).toEqual(
        refused('invalid_redirect_url', 'return_url must be a page of this site'),
      );
    }
  });
});
