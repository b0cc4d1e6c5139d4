import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { APP_SHELL_HTML, HOME_HTML } from '../../shared/site-entry';
import type { prerenderHome } from '../src/app/prerender';

const EMPTY_ROOT = '<div id="root"></div>';

/** Renders the home page in Node with this same Vite config (aliases, JSX), as main.tsx hydrates it. */
async function renderHome(config: ResolvedConfig): Promise<string> {
  const server = await createServer({
    configFile: config.configFile,
    root: config.root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, ws: false },
  });
  try {
    const prerender = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
      prerenderHome: typeof prerenderHome;
    };
    return await prerender.prerenderHome();
  } finally {
    await server.close();
  }
}

/**
 * Build only: index.html becomes the home page prerendered (painted from HTML, then hydrated),
 * with its stylesheet inline; the untouched page is emitted as the app shell that every other
 * route is served (see shared/site-entry.ts).
 */
export function prerenderHomePlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-home',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const index = bundle[HOME_HTML];
      if (index?.type !== 'asset') return this.error(`${HOME_HTML} is not in the bundle`);
      const shell = String(index.source);
      if (!shell.includes(EMPTY_ROOT)) return this.error(`${HOME_HTML} has no ${EMPTY_ROOT}`);
      this.emitFile({ type: 'asset', fileName: APP_SHELL_HTML, source: shell });

      // The stylesheet inline: the prerendered page paints with the HTML alone, before any
      // other request completes (the CSP allows inline styles, not inline scripts).
      const stylesheet = /<link rel="stylesheet" crossorigin href="([^"]+)">/.exec(shell);
      const css = stylesheet && bundle[stylesheet[1]!.slice(config.base.length)];
      if (css?.type !== 'asset')
        return this.error(`${HOME_HTML} links no stylesheet of this build`);
      index.source = shell
        .replace(stylesheet![0], `<style>${String(css.source)}</style>`)
        .replace(EMPTY_ROOT, `<div id="root">${await renderHome(config)}</div>`);
    },
  };
}
