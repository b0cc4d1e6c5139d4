import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { CLOUDFRONT_VIEWER_ADDRESS, clientIp } from './client-ip';

const TCP_PEER = '130.176.0.1';

/** What `clientIp` answers for a request with these headers, behind a TCP peer (API Gateway). */
async function ipFor(trustedHeader: string | undefined, headers: Record<string, string>) {
  const app = new Hono().get('/', (c) => c.text(clientIp(c, trustedHeader)));
  const response = await app.request(
    '/',
    { headers },
    { requestContext: { http: { sourceIp: TCP_PEER } } },
  );
  return response.text();
}

describe('clientIp', () => {
  it('takes the address from one CloudFront-Viewer-Address value (ip:port, IPv6 unbracketed)', async () => {
    const cf = CLOUDFRONT_VIEWER_ADDRESS;
    expect(await ipFor(cf, { [cf]: '198.51.100.7:443' })).toBe('198.51.100.7');
    expect(await ipFor(cf, { [cf]: '2001:db8::7:50123' })).toBe('2001:db8::7');
  });

  it('falls back to the TCP peer unless the header holds exactly one valid address', async () => {
    const cf = CLOUDFRONT_VIEWER_ADDRESS;
    // A viewer-supplied copy joined to CloudFront's, in either order: neither is believed.
    expect(await ipFor(cf, { [cf]: '203.0.113.66:1, 198.51.100.7:443' })).toBe(TCP_PEER);
    expect(await ipFor(cf, { [cf]: '198.51.100.7:443,203.0.113.66:1' })).toBe(TCP_PEER);
    expect(await ipFor(cf, { [cf]: 'evil:443' })).toBe(TCP_PEER);
    expect(await ipFor(cf, { [cf]: '198.51.100.7' })).toBe(TCP_PEER);
    expect(await ipFor(cf, { [cf]: '' })).toBe(TCP_PEER);
    expect(await ipFor(cf, {})).toBe(TCP_PEER);
  });

  it("reads the stack's own viewer-IP header as a bare address", async () => {
    expect(await ipFor('x-viewer-ip', { 'x-viewer-ip': '2001:db8::7' })).toBe('2001:db8::7');
    expect(await ipFor('x-viewer-ip', { 'x-viewer-ip': '198.51.100.7' })).toBe('198.51.100.7');
    expect(await ipFor('x-viewer-ip', { 'x-viewer-ip': '198.51.100.7, 1.1.1.1' })).toBe(TCP_PEER);
    expect(await ipFor('x-viewer-ip', { 'x-viewer-ip': 'localhost' })).toBe(TCP_PEER);
  });

  it('never reads a header it was not told to trust', async () => {
    expect(
      await ipFor(undefined, {
        'x-forwarded-for': '1.1.1.1',
        [CLOUDFRONT_VIEWER_ADDRESS]: '1.1.1.1:1',
      }),
    ).toBe(TCP_PEER);
  });
});
