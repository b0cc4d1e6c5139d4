import type { Env } from '../lambdas/platform/env';

/**
 * What /config.json carries beyond the API's address and key, from the environment of
 * `npm start`: SUPPORT_EMAIL, OPERATOR_NAME and OPERATOR_ADDRESS (each left out when unset, as
 * a deployment leaves out a context value it was not given).
 */
export function siteSettings(env: Env): Record<string, string> {
  return {
    ...(env.SUPPORT_EMAIL && { supportEmail: env.SUPPORT_EMAIL }),
    ...(env.OPERATOR_NAME?.trim() && { operatorName: env.OPERATOR_NAME.trim() }),
    ...(env.OPERATOR_ADDRESS?.trim() && { operatorAddress: env.OPERATOR_ADDRESS.trim() }),
  };
}
