import { describe, expect, it } from 'vitest';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/constants';

import { sitemapXml, SITE_PAGES } from '../../shared/site-map';
import { startTestRuntime } from '../support/test-runtime';

async function withRuntime(env: Record<string, string>, use: (url: string) => Promise<void>) {
  const runtime = await startTestRuntime({ env });
  try {
    await use(runtime.url);
  } finally {
    await runtime.stop();
  }
}

describe('npm start: who runs the site, and the site map', () => {
  it('/config.json carries OPERATOR_NAME and OPERATOR_ADDRESS when they are set', async () => {
    await withRuntime(
      { OPERATOR_NAME: ' Example Letters LLC ', OPERATOR_ADDRESS: '1 Main St\nSpringfield, IL' },
      async (url) => {
        expect(await (await fetch(`${url}/config.json`)).json()).toEqual({
          url,
          publishableKey: LOCAL_PUBLISHABLE_KEY,
          operatorName: 'Example Letters LLC',
          operatorAddress: '1 Main St\nSpringfield, IL',
        });
      },
    );
  });

  it('/config.json leaves them out when unset or blank (the pages then say so)', async () => {
    await withRuntime({ OPERATOR_NAME: ' ', OPERATOR_ADDRESS: '' }, async (url) => {
      expect(await (await fetch(`${url}/config.json`)).json()).toEqual({
        url,
        publishableKey: LOCAL_PUBLISHABLE_KEY,
      });
    });
  });

  it('/sitemap.xml lists every public page, the privacy policy and the terms included', async () => {
    await withRuntime({}, async (url) => {
      const response = await fetch(`${url}/sitemap.xml`);
      expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
      const xml = await response.text();
      expect(xml).toBe(sitemapXml(url));
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
      expect(locs).toEqual(SITE_PAGES.map(({ path }) => `${url}${path}`));
      expect(locs).toEqual(expect.arrayContaining([`${url}/privacy`, `${url}/terms`]));
      // Each is a page the site serves.
      for (const loc of locs) expect((await fetch(loc!)).status, loc).toBe(200);
    });
  });
});
