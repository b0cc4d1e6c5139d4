import { createAccessTokenVerifier, type AccessTokenVerifier } from '../identity/access-tokens';
import { createRateLimiter, type RateLimiter } from '../identity/rate-limiter';
import { createKeyRingLoader, type KeyRing } from '../identity/signing-keys';
import { createTable, type Table } from '../platform/dynamo';
import type { AuthConfig } from './config';
import { countingMailer, createSesMailer, type Mailer } from './mailer';

/** What every auth endpoint works with; built once per container by `createAuthDeps`. */
export interface AuthDeps {
  config: AuthConfig;
  table: Table;
  keyRing: () => Promise<KeyRing>;
  accessTokens: () => Promise<AccessTokenVerifier>;
  limiter: RateLimiter;
  mailer: Mailer;
  /** Epoch milliseconds. */
  now: () => number;
}

export interface AuthDepsOptions {
  /** Epoch milliseconds; tests move it instead of sleeping. */
  now?: () => number;
  /** Defaults to Amazon SES; the local runtime and tests pass an outbox. */
  mailer?: Mailer;
  /** An already created table client (tests drive the SDK through their own handler). */
  table?: Table;
}

export function createAuthDeps(config: AuthConfig, options: AuthDepsOptions = {}): AuthDeps {
  const now = options.now ?? Date.now;
  const table = options.table ?? createTable(config.table);
  const keyRing = createKeyRingLoader(config.signingKeys);
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
    mailer: countingMailer(options.mailer ?? createSesMailer(config.mailFrom)),
    now,
  };
}
