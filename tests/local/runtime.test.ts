import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTable, readTableConfig } from '../../lambdas/platform/dynamo';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import { startLocalRuntime } from '../../local/runtime';
import { startTestRuntime } from '../support/test-runtime';

const webDist = 'web/dist';

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A GET with a Host header of the caller's choosing (fetch always sends the URL's own). */
function getWithHost(port: number, path: string, host: string) {
  return new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

// Each test starts DynamoDB Local, two tests twice; a start may wait 60 s for its JVM on a busy
// machine (local/dynamodb-local.ts), so the project's 30 s would cut a slow start.
describe('local runtime', { timeout: 150_000 }, () => {
  it('refuses any Host but localhost or 127.0.0.1 with its port (DNS rebinding), and sends the feature and opener policies', async () => {
    const runtime = await startTestRuntime();
    const { port } = runtime;
    try {
      for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `LOCALHOST:${port}`]) {
        expect((await getWithHost(port, '/_dev/mail', host)).status, host).toBe(200);
      }
      for (const host of [
        `rebind.attacker.example:${port}`,
        'localhost',
        `localhost:${port + 1}`,
        `127.0.0.1.nip.io:${port}`,
        `localhost.attacker.example:${port}`,
      ]) {
        expect((await getWithHost(port, '/_dev/mail', host)).status, host).toBe(421);
        expect((await getWithHost(port, '/auth/v1/settings', host)).status, host).toBe(421);
      }
      const page = await getWithHost(port, '/', `localhost:${port}`);
      expect(page.headers['permissions-policy']).toBe(
        'camera=(), microphone=(), geolocation=(), payment=()',
      );
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    } finally {
      await runtime.stop();
    }
  });

  it('listens on loopback only unless HOST asks otherwise (the dev mailbox holds every code)', async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .filter((info) => info && !info.internal && info.family === 'IPv4')
      .map((info) => info!.address);
    const runtime = await startTestRuntime();
    try {
      expect(await accepts('127.0.0.1', runtime.port)).toBe(true);
      for (const address of external) expect(await accepts(address, runtime.port)).toBe(false);
    } finally {
      await runtime.stop();
    }
    const open = await startTestRuntime({ host: '0.0.0.0' });
    try {
      for (const address of external) expect(await accepts(address, open.port)).toBe(true);
    } finally {
      await open.stop();
    }
  });

  // Its own DynamoDB Local, as `npm start` has.
  it('serves the SPA with security headers, config, the API, history fallback and real 404s', async () => {
    const runtime = await startLocalRuntime({ port: 0, dataDir: null, webDist });
    try {
      const home = await fetch(runtime.url);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<div id="root">');
      const csp = home.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/]+=*';/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(home.headers.get('x-content-type-options')).toBe('nosniff');
      expect(home.headers.get('x-frame-options')).toBe('DENY');
      expect(home.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');

      const config = await fetch(`${runtime.url}/config.json`);
      expect(config.headers.get('content-type')).toContain('application/json');
      expect(await config.json()).toEqual({
        url: runtime.url,
        publishableKey: LOCAL_PUBLISHABLE_KEY,
      });

      const health = await fetch(`${runtime.url}/auth/v1/health`, {
        headers: { apikey: LOCAL_PUBLISHABLE_KEY },
      });
      expect(health.headers.get('content-type')).toContain('application/json');
      expect(await health.json()).toMatchObject({ name: 'GoTrue' });

      const deepLink = await fetch(`${runtime.url}/faq`);
      expect(deepLink.status).toBe(200);
      expect(deepLink.headers.get('content-type')).toContain('text/html');
      expect(await deepLink.text()).toContain('<div id="root">');

      const missingAsset = await fetch(`${runtime.url}/assets/missing.js`);
      expect(missingAsset.status).toBe(404);
      expect(await missingAsset.text()).not.toContain('<div id="root">');

      const traversal = await fetch(`${runtime.url}/..%2f..%2fpackage.json`);
      expect(traversal.status).toBe(404);
    } finally {
      await runtime.stop();
    }
  });

  it('keeps table data across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cdl-data-'));
    const key = { pk: 'TEST#persist', sk: 'TEST' };

    const first = await startLocalRuntime({ port: 0, dataDir, webDist });
    const firstTable = createTable(readTableConfig(first.env));
    await firstTable.doc.put({ TableName: firstTable.name, Item: { ...key, value: 42 } });
    await first.stop();

    const second = await startLocalRuntime({ port: 0, dataDir, webDist });
    try {
      const secondTable = createTable(readTableConfig(second.env));
      const { Item } = await secondTable.doc.get({ TableName: secondTable.name, Key: key });
      expect(Item).toEqual({ ...key, value: 42 });
    } finally {
      await second.stop();
    }
  });
});
