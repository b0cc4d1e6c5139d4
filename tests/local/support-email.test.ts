import { describe, expect, it } from 'vitest';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';

import { startTestRuntime } from '../support/test-runtime';

describe('/config.json support address', () => {
  it('carries SUPPORT_EMAIL when it is set (the SPA has a default otherwise)', async () => {
    const runtime = await startTestRuntime({ env: { SUPPORT_EMAIL: 'help@example.com' } });
    try {
      const config = await fetch(`${runtime.url}/config.json`);
      expect(await config.json()).toEqual({
        url: runtime.url,
        publishableKey: LOCAL_PUBLISHABLE_KEY,
        supportEmail: 'help@example.com',
      });
    } finally {
      await runtime.stop();
    }
  });
});
