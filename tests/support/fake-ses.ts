import { SESv2Client } from '@aws-sdk/client-sesv2';
import { serveOnFreePort } from './http-server';

/** A failure the fake SES answers one `SendEmail` with: an HTTP status and SES's error name. */
export interface SesFailure {
  status: number;
  type: string;
}

/**
 * A stand-in for the SES v2 API: it keeps every request's JSON body in `received` and answers
 * each with the next of `failures` (SES's messages quote the recipient, as the real ones do),
 * or, with none left, a sent message.
 */
export async function startFakeSes() {
  const received: Array<Record<string, unknown>> = [];
  const failures: SesFailure[] = [];
  const { url, stop } = await serveOnFreePort(async (request) => {
    const body = (await request.json()) as Record<string, unknown>;
    received.push(body);
    const next = failures.shift();
    if (!next) return Response.json({ MessageId: 'sent' });
    const to = (body as { Destination: { ToAddresses: string[] } }).Destination.ToAddresses[0];
    return Response.json(
      { message: `${next.type} for recipient ${to}` },
      { status: next.status, headers: { 'x-amzn-ErrorType': next.type } },
    );
  });
  return {
    received,
    failures,
    /** An SES client of this stand-in; one attempt, so every scripted failure reaches the mailer. */
    client: () =>
      new SESv2Client({
        endpoint: url,
        region: 'us-east-1',
        credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
        maxAttempts: 1,
      }),
    stop,
  };
}

export type FakeSes = Awaited<ReturnType<typeof startFakeSes>>;
