// The checkout body's schema; each function reads its own body (billing-portal/body.ts too).
import * as v from 'valibot';
import { PLAN } from '../../shared/plan';
import type { ErrorCode } from '../platform/errors';
import { jsonObject } from '../platform/request-body';
import { sitePage, type ApiAccessConfig } from '../platform/api-access';

/** A member that must be there: absent reads as `""`, which its own schema then refuses. */
const required = <const TSchema extends v.GenericSchema<string>>(schema: TSchema) =>
  v.optional(schema, '');

/**
 * `POST /functions/v1/stripe-checkout`: the plan's price (its own id, or the configured one),
 * the plan's mode, and where Stripe sends the user back (pages of this site).
 */
export function checkoutBody(acceptedPriceIds: ReadonlySet<string>, access: ApiAccessConfig) {
  const notThePlan = 'price_id is not the price of this plan';
  const wrongMode = `mode must be "${PLAN.mode}"`;
  return jsonObject(
    {
      price_id: required(
        v.pipe(
          v.string(notThePlan),
          v.check((id) => acceptedPriceIds.has(id), notThePlan),
        ),
      ),
      mode: required(v.pipe(v.string(wrongMode), v.value(PLAN.mode, wrongMode))),
      success_url: required(sitePage(access, 'success_url must be a page of this site')),
      cancel_url: required(sitePage(access, 'cancel_url must be a page of this site')),
    },
    'Request body must be a JSON object',
  );
}

/** The code each member's refusal answers with (the others: `invalid_request`). */
export const CHECKOUT_BODY_CODES: Partial<Record<string, ErrorCode>> = {
  price_id: 'invalid_price',
  success_url: 'invalid_redirect_url',
  cancel_url: 'invalid_redirect_url',
};
