import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS_NAMESPACE } from '../../lambdas/platform/metrics';
import { call, signUpUser, startAuthServer, type AuthServer } from '../auth/auth-server';
import { startPaymentsStack, subscribe, type PaymentsStack } from '../payments/payments-stack';

interface EmfRecord {
  _aws: { CloudWatchMetrics: { Namespace: string; Metrics: { Name: string; Unit: string }[] }[] };
  [metric: string]: unknown;
}

/** The EMF records (one JSON line each on stdout) written while `action` runs. */
async function emfDuring(action: () => Promise<void>): Promise<EmfRecord[]> {
  const lines: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
    lines.push(String(chunk));
    return (write as (...args: unknown[]) => boolean).call(process.stdout, chunk, ...rest);
  }) as typeof process.stdout.write;
  try {
    await action();
  } finally {
    process.stdout.write = write;
  }
  return lines
    .flatMap((text) => text.split('\n'))
    .filter((line) => line.startsWith('{"_aws"'))
    .map((line) => JSON.parse(line) as EmfRecord);
}

/** How many of `name` the records counted, all in the product's one namespace. */
function counted(records: EmfRecord[], name: string): number {
  let total = 0;
  for (const record of records) {
    for (const directive of record._aws.CloudWatchMetrics) {
      expect(directive.Namespace).toBe(METRICS_NAMESPACE);
      if (!directive.Metrics.some((metric) => metric.Name === name)) continue;
      expect(directive.Metrics.find((metric) => metric.Name === name)?.Unit).toBe('Count');
      const value = record[name];
      total += Array.isArray(value) ? value.length : Number(value);
    }
  }
  return total;
}

describe('metrics (EMF, one namespace)', () => {
  let server: AuthServer;
  let stack: PaymentsStack;
  beforeAll(async () => {
    [server, stack] = await Promise.all([startAuthServer(), startPaymentsStack()]);
  });
  afterAll(() => Promise.all([server?.stop(), stack?.stop()]));

  it('counts a sign-in and a failed sign-in', async () => {
    const { email, password } = await signUpUser(server);
    const records = await emfDuring(async () => {
      const ok = await call(server, 'POST', '/token?grant_type=password', {
        body: { email, password },
      });
      expect(ok.status).toBe(200);
      const wrong = await call(server, 'POST', '/token?grant_type=password', {
        body: { email, password: `${password}!` },
      });
      expect(wrong.status).toBe(400);
    });
    expect(counted(records, 'SignIns')).toBe(1);
    expect(counted(records, 'FailedSignIns')).toBe(1);
  });

  it('counts refreshes, and a refresh token reused after the reuse window', async () => {
    const { session } = await signUpUser(server);
    const refresh = (token: string) =>
      call(server, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: token } });
    const records = await emfDuring(async () => {
      const first = await refresh(session.refresh_token);
      expect((await refresh(first.json.refresh_token)).status).toBe(200);
      server.clock.advance(11_000);
      // Not the active token's parent (that one is always answered), superseded 11 s ago.
      const reused = await refresh(session.refresh_token);
      expect(reused.json.code).toBe('refresh_token_already_used');
    });
    expect(counted(records, 'Refreshes')).toBe(2);
    expect(counted(records, 'RefreshTokenReuseDetected')).toBe(1);
  });

  it('counts a checkout session and the webhook events it causes', async () => {
    const user = await stack.signUp();
    const records = await emfDuring(async () => {
      await subscribe(user);
      await stack.stripe.emulator.webhooks.settled();
    });
    expect(counted(records, 'CheckoutSessions')).toBe(1);
    expect(counted(records, 'WebhookEventsProcessed')).toBeGreaterThanOrEqual(1);
  });
});
