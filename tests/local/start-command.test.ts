import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';
import { findFreePort } from '../../local/ports';
import { nodeOnlyPath, spawnLocalStart, waitForOutput } from '../support/local-process';

function javaProcessesFor(dataDir: string): string {
  try {
    return execFileSync('pgrep', ['-af', `java.*${dataDir}`]).toString();
  } catch {
    return ''; // pgrep exits 1 when nothing matches
  }
}

// Each test starts the whole local stack (tsx, DynamoDB Local's JVM), one of them twice; each start
// may take waitForOutput's 90 s on a busy machine, so the project's 30 s would cut a slow start.
describe('npm start (local/start.ts)', { timeout: 180_000 }, () => {
  it('prints exactly one Ready line, serves, and leaves no java process after SIGINT', async () => {
    const port = await findFreePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'cdl-start-'));
    const started = spawnLocalStart({ PORT: String(port), DATA_DIR: dataDir });
    await waitForOutput(started, /Ready: /);
    expect(started.stdout().trim()).toBe(`Ready: http://localhost:${port}`);
    expect(javaProcessesFor(dataDir)).not.toBe('');

    const health = await fetch(`http://localhost:${port}/auth/v1/health`, {
      headers: { apikey: LOCAL_PUBLISHABLE_KEY },
    });
    expect(health.status).toBe(200);

    started.child.kill('SIGINT');
    expect(await started.exited).toBe(0);
    expect(javaProcessesFor(dataDir)).toBe('');
  });

  it('keeps nothing with DATA_DIR=:memory: (DynamoDB Local in memory)', async () => {
    const signUp = (port: number) =>
      fetch(`http://localhost:${port}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: LOCAL_PUBLISHABLE_KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'memory@example.com', password: 'memory password' }),
      });
    for (let run = 0; run < 2; run++) {
      const port = await findFreePort();
      const started = spawnLocalStart({ PORT: String(port), DATA_DIR: ':memory:' });
      await waitForOutput(started, /Ready: /);
      // The same address signs up afresh each time: the first run's user was not kept.
      expect((await signUp(port)).status).toBe(200);
      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
    }
    expect(existsSync(':memory:')).toBe(false);
  });

  it('stops DynamoDB Local on SIGTERM too', async () => {
    const port = await findFreePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'cdl-term-'));
    const started = spawnLocalStart({ PORT: String(port), DATA_DIR: dataDir });
    await waitForOutput(started, /Ready: /);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(javaProcessesFor(dataDir)).toBe('');
  });

  it('does not leave DynamoDB Local behind even when killed with SIGKILL', async () => {
    const port = await findFreePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'cdl-kill-'));
    const started = spawnLocalStart({ PORT: String(port), DATA_DIR: dataDir });
    await waitForOutput(started, /Ready: /);
    started.child.kill('SIGKILL');
    await started.exited;
    for (let i = 0; i < 50 && javaProcessesFor(dataDir) !== ''; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(javaProcessesFor(dataDir)).toBe('');
  });

  it('says so when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '0.0.0.0', () => r()));
    const address = blocker.address();
    const port = address && typeof address === 'object' ? address.port : 0;
    const started = spawnLocalStart({
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'cdl-port-')),
    });
    expect(await started.exited).toBe(1);
    expect(started.stderr()).toContain(`Port ${port} is already in use`);
    blocker.close();
  });

  it('says how to install Java when it is missing', async () => {
    const started = spawnLocalStart({
      PORT: String(await findFreePort()),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'cdl-java-')),
      PATH: nodeOnlyPath(),
    });
    expect(await started.exited).toBe(1);
    expect(started.stderr()).toContain('apt-get install -y openjdk-17-jre-headless');
  });
});
