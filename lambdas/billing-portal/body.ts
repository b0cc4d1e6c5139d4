// The portal body's schema; each function reads its own body (stripe-checkout/body.ts too).
import * as v from 'valibot';
import { jsonObject } from '../platform/request-body';
import { sitePage, type ApiAccessConfig } from '../platform/api-access';

/** `POST /functions/v1/billing-portal`: optional; `return_url` (else home) is a page of this site. */
export function portalBody(access: ApiAccessConfig) {
  return jsonObject(
    { return_url: v.optional(sitePage(access, 'return_url must be a page of this site')) },
    'Request body must be a JSON object',
  );
}
