import { setTimeout } from 'node:timers/promises';
import { createAccessTokenVerifier, type AccessTokenVerifier } from '../identity/access-tokens';
import { createRateLimiter, type RateLimiter } from '../identity/rate-limiter';
import { createKeyRingLoader, type KeyRing } from '../identity/signing-keys';
import { systemClock, type Clock } from '../platform/clock';
import { createTable, type Table } from '../platform/dynamo';
import { ConfigError } from '../platform/env';
import type { AuthConfig } from './config';
import { emailDisabledMailer } from './email-provider';
import { countingMailer, createSesMailer, type Mailer } from './mailer';

/** What every auth endpoint works with; built once per container by `createAuthDeps`. */
export interface AuthDeps {
  config: AuthConfig;
  table: Table;
  keyRing: () => Promise<KeyRing>;
  accessTokens: () => Promise<AccessTokenVerifier>;
  limiter: RateLimiter;
  /** False without a sender: `/recover`, `/otp` and `/resend` answer `email_provider_disabled`. */
  emailEnabled: boolean;
  mailer: Mailer;
  now: Clock;
  /** Waits (ms): pads `/recover` and `/otp` to their floor. */
  sleep: (ms: number) => Promise<void>;
}

export interface AuthDepsOptions {
  now?: Clock;
  /** Defaults to Amazon SES from `MAIL_FROM`; the local runtime and tests pass an outbox. */
  mailer?: Mailer;
  /** An already created table client (tests drive the SDK through their own handler). */
  table?: Table;
  /** Defaults to a timer; tests record the waits instead. */
  sleep?: (ms: number) => Promise<void>;
}

export function createAuthDeps(config: AuthConfig, options: AuthDepsOptions = {}): AuthDeps {
  const now = options.now ?? systemClock;
  const table = options.table ?? createTable(config.table);
  const keyRing = createKeyRingLoader(config.signingKeys, config.refreshTokenSecret);
  const mailer =
    options.mailer ??
    (config.mailFrom
      ? createSesMailer(config.mailFrom, undefined, config.sesConfigurationSet)
      : undefined);
  if (!mailer && !config.autoconfirm) {
    throw new ConfigError('AUTH_AUTOCONFIRM=false needs MAIL_FROM: confirmations are e-mailed');
  }
  let verifier: { publicJwks: unknown; verifier: AccessTokenVerifier } | undefined;
  return {
    config,
    table,
    keyRing,
    /** Verifies with the key ring's current public keys (rebuilt only when they change). */
    async accessTokens() {
      const { publicJwks } = await keyRing();
      if (verifier?.publicJwks !== publicJwks) {
        verifier = {
          publicJwks,
          verifier: createAccessTokenVerifier({ table, publicJwks, issuer: config.jwtIssuer, now }),
        };
      }
      return verifier.verifier;
    },
    limiter: createRateLimiter({ table, now }),
    emailEnabled: mailer !== undefined,
    mailer: countingMailer(mailer ?? emailDisabledMailer),
    now,
    sleep: options.sleep ?? ((ms) => setTimeout(ms)),
  };
}
