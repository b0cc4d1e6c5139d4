import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readAuthConfig } from '../../lambdas/auth/config';
import { createSesMailer } from '../../lambdas/auth/mailer';
import { createAuthApp } from '../../lambdas/auth/router';
import { startFakeSes, type FakeSes } from '../support/fake-ses';
import { createTestTable } from '../support/test-table';
import { API_KEY_HEADERS, VERSIONED, uniqueEmail, type LooseJson } from './auth-server';

/**
 * The SES mailer against a stand-in for the SES v2 API that answers each `SendEmail` with the
 * next scripted error (SES's messages quote the recipient, as the real ones do).
 */
let ses: FakeSes;
beforeAll(async () => {
  ses = await startFakeSes();
});
afterAll(() => ses?.stop());

async function appWithSes() {
  const { env } = await createTestTable();
  const client = ses.client();
  // Eight recovery e-mails from one client: past its hourly share of the budget (5).
  const app = createAuthApp(
    readAuthConfig({ ...env, BCRYPT_COST: '4', RATE_LIMIT_EMAIL_PER_CLIENT: '30' }),
    {
      mailer: createSesMailer('App <no-reply@example.com>', client),
    },
  );
  return async (path: string, body: unknown) => {
    const response = await app.request(`/auth/v1${path}`, {
      method: 'POST',
      headers: { ...API_KEY_HEADERS, ...VERSIONED, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as LooseJson };
  };
}

describe('SES failures', () => {
  it('answer 503 when SES throttles, 400 email_address_invalid when it rejects, and log no address', async () => {
    const post = await appWithSes();
    const lines: string[] = [];
    // Warnings and errors go to stderr.
    const spies = [process.stdout, process.stderr].map((stream) => {
      const write = stream.write.bind(stream);
      return vi.spyOn(stream, 'write').mockImplementation((chunk, ...rest) => {
        lines.push(String(chunk));
        return write(chunk as string, ...(rest as []));
      });
    });
    const cases: [number, string, number, string][] = [
      [429, 'TooManyRequestsException', 503, 'service_unavailable'],
      [400, 'LimitExceededException', 503, 'service_unavailable'],
      [500, 'InternalServiceErrorException', 503, 'service_unavailable'],
      [400, 'MessageRejected', 400, 'email_address_invalid'],
      [400, 'BadRequestException', 400, 'email_address_invalid'],
      [400, 'MailFromDomainNotVerifiedException', 500, 'unexpected_failure'],
    ];
    const addresses: string[] = [];
    try {
      for (const [sesStatus, type, status, code] of cases) {
        const email = uniqueEmail('ses-victim');
        addresses.push(email);
        expect((await post('/signup', { email, password: 'long enough' })).status).toBe(200);
        ses.failures.push({ status: sesStatus, type });
        const answer = await post('/recover', { email });
        expect([type, answer.status, answer.json.code]).toEqual([type, status, code]);
      }
      const delivered = uniqueEmail('ses-ok');
      await post('/signup', { email: delivered, password: 'long enough' });
      expect((await post('/recover', { email: delivered })).status).toBe(200);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const logged = lines.join('');
    for (const address of addresses) expect(logged).not.toContain(address);
    expect(logged).not.toContain('for recipient');
    // What a log line does say: SES's error name.
    expect(logged).toContain('"error_name":"TooManyRequestsException"');
    expect(logged).toContain('MailFromDomainNotVerifiedException');
  });
});

describe('SES failures are counted', () => {
  it('a rejected message (a sandbox recipient) counts EmailSendFailures; the user gets the same answer', async () => {
    const post = await appWithSes();
    const email = uniqueEmail('ses-sandbox');
    await post('/signup', { email, password: 'long enough' });
    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk, ...rest) => {
      lines.push(String(chunk));
      return write(chunk as string, ...(rest as []));
    });
    ses.failures.push({ status: 400, type: 'MessageRejected' });
    let answer;
    try {
      answer = await post('/recover', { email });
    } finally {
      spy.mockRestore();
    }
    expect([answer.status, answer.json.code]).toEqual([400, 'email_address_invalid']);
    const emf = lines
      .flatMap((text) => text.split('\n'))
      .filter((line) => line.startsWith('{"_aws"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(emf).toContainEqual(expect.objectContaining({ EmailSendFailures: 1 }));
    expect(emf).not.toContainEqual(expect.objectContaining({ EmailsSent: expect.anything() }));
  });
});

describe('SES configuration set', () => {
  it('sends through the configuration set SES_CONFIGURATION_SET names, so bounces are counted', async () => {
    const config = readAuthConfig({
      SITE_URL: 'https://letters.example.com',
      PUBLISHABLE_KEY: 'sb_publishable_test',
      TABLE_NAME: 'table',
      JWT_SIGNING_KEYS: '{}',
      REFRESH_TOKEN_SECRET: 'x',
      SES_CONFIGURATION_SET: 'CreditDisputeLettersMail',
    });
    expect(config.sesConfigurationSet).toBe('CreditDisputeLettersMail');
    ses.received.length = 0;
    const message = { to: 'pat@example.com', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' };
    await createSesMailer(
      'App <no-reply@example.com>',
      ses.client(),
      'CreditDisputeLettersMail',
    ).send(message);
    await createSesMailer('App <no-reply@example.com>', ses.client()).send(message);
    expect(ses.received.map((body) => body.ConfigurationSetName)).toEqual([
      'CreditDisputeLettersMail',
      undefined,
    ]);
  });
});
