import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SUPPORT_EMAIL,
  loadRuntimeConfig,
  parseRuntimeConfig,
  RuntimeConfigError,
} from './runtime-config';

const answering = (response: Response) => (async () => response) as unknown as typeof fetch;

describe('runtime config', () => {
  it('reads url and publishableKey, without a trailing slash', async () => {
    const config = await loadRuntimeConfig(
      answering(Response.json({ url: 'https://api.example.com/', publishableKey: 'pk' })),
    );
    expect(config).toEqual({
      url: 'https://api.example.com',
      publishableKey: 'pk',
      supportEmail: DEFAULT_SUPPORT_EMAIL,
    });
  });

  it('reads an optional support address', () => {
    const config = parseRuntimeConfig({
      url: 'https://x',
      publishableKey: 'pk',
      supportEmail: 'help@example.com',
    });
    expect(config.supportEmail).toBe('help@example.com');
  });

  it('reads the optional operator name and postal address, either or both', () => {
    const base = { url: 'https://x', publishableKey: 'pk' };
    expect(
      parseRuntimeConfig({ ...base, operatorName: ' Pat Doe ', operatorAddress: '1 Main St' })
        .operator,
    ).toEqual({ name: 'Pat Doe', address: '1 Main St' });
    expect(parseRuntimeConfig({ ...base, operatorName: 'Pat Doe' }).operator).toEqual({
      name: 'Pat Doe',
    });
    expect(parseRuntimeConfig(base).operator).toBeUndefined();
  });

  it.each([
    [null, 'must be a JSON object'],
    [{ publishableKey: 'pk' }, '"url" must be a non-empty string'],
    [{ url: 'not a url', publishableKey: 'pk' }, '"url" is not a valid URL'],
    [{ url: 'https://x', publishableKey: '' }, '"publishableKey" must be a non-empty string'],
    [{ url: 'https://x', publishableKey: 'pk', supportEmail: 3 }, '"supportEmail" must be'],
    [{ url: 'https://x', publishableKey: 'pk', supportEmail: 'help' }, 'not an e-mail address'],
    [{ url: 'https://x', publishableKey: 'pk', operatorName: ' ' }, '"operatorName" must be'],
    [{ url: 'https://x', publishableKey: 'pk', operatorAddress: 7 }, '"operatorAddress" must be'],
  ])('rejects %j', (value, message) => {
    expect(() => parseRuntimeConfig(value)).toThrow(RuntimeConfigError);
    expect(() => parseRuntimeConfig(value)).toThrow(message);
  });

  it('fails fast when /config.json is missing or not JSON', async () => {
    await expect(loadRuntimeConfig(answering(new Response('', { status: 404 })))).rejects.toThrow(
      '/config.json answered 404',
    );
    await expect(loadRuntimeConfig(answering(new Response('<html>')))).rejects.toThrow(
      '/config.json is not valid JSON',
    );
  });
});
