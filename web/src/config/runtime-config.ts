import { useSyncExternalStore } from 'react';
import { EMAIL_PATTERN } from '@shared/email-pattern';

/** Where the API lives and the key that identifies the app; one build serves every deployment. */
export interface RuntimeConfig {
  url: string;
  publishableKey: string;
  /** Where users write for help (footer, /support); `supportEmail` in /config.json. */
  supportEmail: string;
  /**
   * Who runs the site (footer, /support, /privacy, /terms): `operatorName` and `operatorAddress`
   * in /config.json. Unset, the pages say so rather than invent one.
   */
  operator?: Operator;
}

/** The operator's name and postal address, each only when the deployment gives it. */
export interface Operator {
  name?: string;
  address?: string;
}

/** What the API clients need of it. */
export type ApiConfig = Pick<RuntimeConfig, 'url' | 'publishableKey'>;

/** The support address when /config.json names none. */
export const DEFAULT_SUPPORT_EMAIL = 'support@creditdisputeletters.com';

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

function readNonEmptyString(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new RuntimeConfigError(`/config.json: "${field}" must be a non-empty string`);
  return value;
}

export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (typeof value !== 'object' || value === null)
    throw new RuntimeConfigError('/config.json must be a JSON object');
  const record = value as Record<string, unknown>;
  const url = readNonEmptyString(record.url, 'url');
  try {
    new URL(url);
  } catch {
    throw new RuntimeConfigError(`/config.json: "url" is not a valid URL: ${url}`);
  }
  const supportEmail =
    record.supportEmail === undefined
      ? DEFAULT_SUPPORT_EMAIL
      : readNonEmptyString(record.supportEmail, 'supportEmail');
  // The same rule as `isEmailAddress`, without loading valibot before the first paint.
  if (!EMAIL_PATTERN.test(supportEmail))
    throw new RuntimeConfigError(
      `/config.json: "supportEmail" is not an e-mail address: ${supportEmail}`,
    );
  const operator: Operator = {
    ...(record.operatorName !== undefined && {
      name: readNonEmptyString(record.operatorName, 'operatorName').trim(),
    }),
    ...(record.operatorAddress !== undefined && {
      address: readNonEmptyString(record.operatorAddress, 'operatorAddress').trim(),
    }),
  };
  return {
    url: url.replace(/\/+$/, ''),
    publishableKey: readNonEmptyString(record.publishableKey, 'publishableKey'),
    supportEmail,
    ...((operator.name ?? operator.address) !== undefined && { operator }),
  };
}

let supportEmail = DEFAULT_SUPPORT_EMAIL;
/** None until /config.json names one (and in every prerendered page). */
const NO_OPERATOR: Operator = {};
let operator = NO_OPERATOR;

/** Called once at start with the loaded config (app/start.tsx). */
export function applyRuntimeConfig(config: RuntimeConfig): void {
  supportEmail = config.supportEmail;
  operator = config.operator ?? NO_OPERATOR;
}

const unchanging = () => () => {};

/**
 * The support address. Pages prerendered at build time carry the default; hydration starts
 * from it too, then shows the deployment's own address.
 */
export function useSupportEmail(): string {
  return useSyncExternalStore(
    unchanging,
    () => supportEmail,
    () => DEFAULT_SUPPORT_EMAIL,
  );
}

/** Who runs the site; prerendered pages and hydration start with none, like the support address. */
export function useOperator(): Operator {
  return useSyncExternalStore(
    unchanging,
    () => operator,
    () => NO_OPERATOR,
  );
}

/** Read once at start; any problem stops the app with a clear message instead of failing later. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  // Same request as the <link rel="preload"> in index.html, so the browser reuses that response
  // (the server marks it no-cache, so it is revalidated rather than stale).
  const response = await fetchImpl('/config.json');
  if (!response.ok) throw new RuntimeConfigError(`/config.json answered ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new RuntimeConfigError('/config.json is not valid JSON');
  }
  return parseRuntimeConfig(body);
}
