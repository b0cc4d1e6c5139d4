// One per function folder: its settings, read once per container at cold start.
import { defaultIssuer } from '../identity/access-tokens';
import type { RateLimitRule } from '../identity/rate-limiter';
import type { SignInPolicies } from '../identity/sign-in-failures';
import { readApiAccessConfig, type ApiAccessConfig } from '../platform/api-access';
import { readTableConfig, type TableConfig } from '../platform/dynamo';
import { boolean, integer, list, optionalString, type Env } from '../platform/env';
import { secretReader } from '../platform/secrets';

export interface AuthConfig extends ApiAccessConfig {
  table: TableConfig;
  /** `JWT_SIGNING_KEYS` (or `JWT_SIGNING_KEYS_SECRET_ARN` → Secrets Manager), fetched on first use. */
  signingKeys: () => Promise<string>;
  /** `REFRESH_TOKEN_SECRET` (or `…_SECRET_ARN`): the refresh-token MAC keys, fetched on first use. */
  refreshTokenSecret: () => Promise<string>;
  jwtIssuer: string;
  jwtExpirySeconds: number;
  autoconfirm: boolean;
  disableSignup: boolean;
  passwordMinLength: number;
  passwordRequiredCharacters: string[];
  bcryptCost: number;
  refreshTokenReuseIntervalSeconds: number;
  rateLimits: {
    token: RateLimitRule;
    signup: RateLimitRule;
    user: RateLimitRule;
    otp: RateLimitRule;
    verify: RateLimitRule;
    /** E-mails sent per hour, project-wide (GoTrue's `RATE_LIMIT_EMAIL_SENT`). */
    emailSent: RateLimitRule;
    /** Recovery and magic-link e-mails of confirmed accounts, per hour, once `emailSent` is spent. */
    emailRecoveryReserve: RateLimitRule;
    /** Requests that send an e-mail, per client (IPv4 /24 or IPv6 /48) per hour. */
    emailPerClient: RateLimitRule;
    /** Requests that send an e-mail, per recipient address (known or not) per hour. */
    emailPerAddress: RateLimitRule;
  };
  /**
   * Failed password sign-ins before each further one waits (1 s doubling to the longest wait):
   * per address and client, and per address for clients it does not know.
   */
  signIn: SignInPolicies;
  /** A password change without the current password needs a sign-in this recent (seconds). */
  passwordChangeRecentSignInSeconds: number;
  /** Public URL of this API, as links in e-mails reach it. */
  externalUrl: string;
  /** Sender of auth e-mails through SES; unset (and no mailer given), e-mail features are off. */
  mailFrom?: string;
  /** The SES configuration set sends go through (bounces and complaints counted); optional. */
  sesConfigurationSet?: string;
  redirectUrls: string[];
  otpExpirySeconds: number;
  mailMinIntervalSeconds: number;
  /** `/recover` and `/otp` answer no sooner than this (ms), known address or not. */
  mailAnswerFloorMs: number;
  /** Unset: the connection's source address. See `lambdas/platform/client-ip.ts`. */
  clientIpHeader?: string;
}

/** GoTrue's colon-separated character sets, `\:` being a literal colon. */
function characterSets(raw: string): string[] {
  return raw
    .split(/(?<!\\):/)
    .map((set) => set.replace(/\\:/g, ':'))
    .filter(Boolean);
}

export function readAuthConfig(env: Env): AuthConfig {
  const access = readApiAccessConfig(env);
  const { siteUrl } = access;
  const windowSeconds = integer(env, 'RATE_LIMIT_WINDOW_SECONDS', 300, 1);
  const maxDelaySeconds = integer(env, 'SIGN_IN_MAX_DELAY_SECONDS', 900, 1);
  return {
    ...access,
    table: readTableConfig(env),
    signingKeys: secretReader(env, 'JWT_SIGNING_KEYS'),
    refreshTokenSecret: secretReader(env, 'REFRESH_TOKEN_SECRET'),
    jwtIssuer: optionalString(env, 'JWT_ISSUER', defaultIssuer(siteUrl)),
    jwtExpirySeconds: integer(env, 'JWT_EXPIRY_SECONDS', 3600, 30),
    autoconfirm: boolean(env, 'AUTH_AUTOCONFIRM', true),
    disableSignup: boolean(env, 'AUTH_DISABLE_SIGNUP', false),
    passwordMinLength: Math.max(6, integer(env, 'PASSWORD_MIN_LENGTH', 6, 0)),
    passwordRequiredCharacters: characterSets(
      optionalString(env, 'PASSWORD_REQUIRED_CHARACTERS', ''),
    ),
    bcryptCost: integer(env, 'BCRYPT_COST', 10, 4),
    refreshTokenReuseIntervalSeconds: integer(env, 'REFRESH_TOKEN_REUSE_INTERVAL_SECONDS', 10, 0),
    rateLimits: {
      token: { limit: integer(env, 'RATE_LIMIT_TOKEN', 150, 1), windowSeconds },
      signup: { limit: integer(env, 'RATE_LIMIT_SIGNUP', 30, 1), windowSeconds },
      user: { limit: integer(env, 'RATE_LIMIT_USER_UPDATE', 30, 1), windowSeconds },
      otp: { limit: integer(env, 'RATE_LIMIT_OTP', 30, 1), windowSeconds },
      verify: { limit: integer(env, 'RATE_LIMIT_VERIFY', 30, 1), windowSeconds },
      emailSent: { limit: integer(env, 'RATE_LIMIT_EMAIL_SENT', 30, 1), windowSeconds: 3600 },
      emailRecoveryReserve: {
        limit: integer(env, 'RATE_LIMIT_EMAIL_RECOVERY_RESERVE', 30, 0),
        windowSeconds: 3600,
      },
      emailPerClient: {
        limit: integer(env, 'RATE_LIMIT_EMAIL_PER_CLIENT', 5, 1),
        windowSeconds: 3600,
      },
      emailPerAddress: {
        limit: integer(env, 'RATE_LIMIT_EMAIL_PER_ADDRESS', 3, 1),
        windowSeconds: 3600,
      },
    },
    signIn: {
      client: { freeFailures: integer(env, 'SIGN_IN_FREE_FAILURES', 5, 1), maxDelaySeconds },
      account: {
        freeFailures: integer(env, 'SIGN_IN_ACCOUNT_FREE_FAILURES', 20, 1),
        maxDelaySeconds,
      },
    },
    passwordChangeRecentSignInSeconds: integer(
      env,
      'PASSWORD_CHANGE_RECENT_SIGN_IN_SECONDS',
      600,
      0,
    ),
    externalUrl: optionalString(env, 'API_EXTERNAL_URL', `${siteUrl}/auth/v1`).replace(/\/+$/, ''),
    mailFrom: optionalString(env, 'MAIL_FROM'),
    sesConfigurationSet: optionalString(env, 'SES_CONFIGURATION_SET'),
    redirectUrls: list(env, 'REDIRECT_URLS'),
    otpExpirySeconds: integer(env, 'OTP_EXPIRY_SECONDS', 3600, 60),
    mailMinIntervalSeconds: integer(env, 'MAIL_MIN_INTERVAL_SECONDS', 60, 0),
    mailAnswerFloorMs: integer(env, 'MAIL_ANSWER_FLOOR_MS', 500, 0),
    clientIpHeader: optionalString(env, 'CLIENT_IP_HEADER')?.toLowerCase(),
  };
}
