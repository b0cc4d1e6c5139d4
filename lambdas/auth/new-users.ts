import { randomUUID } from 'node:crypto';
import { newOtp, signUpCodeItems } from '../identity/code-store';
import { identityKeys } from '../identity/items';
import type { SessionRecord, UserRecord } from '../identity/records';
import {
  EMAIL_APP_METADATA,
  EmailTakenError,
  emailIdentityData,
  findLogin,
  putNewUser,
} from '../identity/users';
import { countMetric } from '../platform/metrics';
import { RETRY, retryOnConflict } from '../platform/conflict-retry';
import type { AuthDeps } from './deps';
import { AuthError } from './errors';
import { NO_PASSWORD_KEPT } from './emails';
import { mailOtp, reserveEmails } from './mail-codes';
import { newSession } from './sign-in';

export type NewUserOutcome =
  | { existingUserId: string }
  | { user: UserRecord; started?: { session: SessionRecord; refreshToken: string } };

/**
 * Writes a new user with its e-mail item in one transaction: confirmed with a first session,
 * or unconfirmed with a mailed confirmation code. Losing a race for the address answers the
 * winner's id.
 */
export async function createUser(
  deps: AuthDeps,
  input: {
    email: string;
    passwordHash: string;
    data: Record<string, unknown>;
    confirmed: boolean;
    redirectTo?: string;
  },
): Promise<NewUserOutcome> {
  const release = input.confirmed ? undefined : await reserveEmails(deps, 1);
  try {
    const outcome = await writeUser(deps, input);
    // Another sign-up's address: this request sent nothing (its caller may mail the owner).
    if ('existingUserId' in outcome) await release?.();
    return outcome;
  } catch (error) {
    await release?.();
    throw error;
  }
}

async function writeUser(
  deps: AuthDeps,
  input: Parameters<typeof createUser>[1],
): Promise<NewUserOutcome> {
  const { email, confirmed } = input;
  const { codeKey } = await deps.keyRing();
  const TableName = deps.table.name;
  return retryOnConflict(
    { attempts: 5 },
    async (): Promise<NewUserOutcome | typeof RETRY> => {
      const at = deps.now();
      const id = randomUUID();
      const identityData = emailIdentityData(input.data, { id, email, confirmed });
      const otp = confirmed ? undefined : newOtp(codeKey, email);
      const user: UserRecord = {
        id,
        email,
        createdAt: at,
        updatedAt: at,
        appMetadata: EMAIL_APP_METADATA,
        userMetadata: identityData,
        identity: {
          id: randomUUID(),
          createdAt: at,
          updatedAt: at,
          identityData,
          ...(confirmed ? { lastSignInAt: at } : {}),
        },
        ...(otp ? { confirmationSentAt: at } : { emailConfirmedAt: at, lastSignInAt: at }),
      };
      const started = confirmed ? await newSession(deps, id, 'password') : undefined;
      try {
        const session = started?.session;
        await putNewUser(deps.table, user, input.passwordHash, [
          ...(otp
            ? signUpCodeItems(TableName, {
                userId: id,
                kind: 'signup',
                email,
                expiresAt: at + deps.config.otpExpirySeconds * 1000,
                codeHash: otp.codeHash,
                linkHash: otp.linkHash,
              })
            : []),
          ...(session
            ? [
                {
                  Put: {
                    TableName,
                    Item: { ...identityKeys.session(id, session.sessionId), ...session },
                  },
                },
              ]
            : []),
        ]);
      } catch (error) {
        if (!(error instanceof EmailTakenError)) throw error;
        const winner = await findLogin(deps.table, email);
        // The address was taken and freed again meanwhile: a fresh user on the next attempt.
        return winner ? { existingUserId: winner.userId } : RETRY;
      }
      countMetric('SignUps');
      if (otp)
        await mailOtp(deps, otp, 'signup', email, input.redirectTo, {
          notice: NO_PASSWORD_KEPT,
        });
      return { user, started };
    },
    () => {
      throw new AuthError(503, 'service_unavailable', 'Too many concurrent sign-ups, please retry');
    },
  );
}
