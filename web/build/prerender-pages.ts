import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { HOME_HTML, NOT_FOUND_HTML, ROUTE_ENTRY_FILES } from '../../shared/site-entry';
import type { prerenderPage } from '../src/app/prerender';

const EMPTY_ROOT = '<div id="root"></div>';
/** A path that is no route: the not-found page's prerender. */
const NOT_FOUND_LOCATION = '/404';

/** Renders every page in Node with this same Vite config (aliases, JSX), as main.tsx hydrates it. */
async function renderPages(config: ResolvedConfig, locations: string[]) {
  const server = await createServer({
    configFile: config.configFile,
    root: config.root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, ws: false },
  });
  try {
    const prerender = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
      prerenderPage: typeof prerenderPage;
    };
    const pages = [];
    for (const location of locations) pages.push(await prerender.prerenderPage(location));
    return pages;
  } finally {
    await server.close();
  }
}

/**
 * Build only: every route's entry file (shared/site-entry.ts) is index.html with that page
 * prerendered into its root (painted from HTML, then hydrated), its own <title>, and the
 * stylesheet inline, so the first paint needs no other request (the CSP allows inline styles,
 * not inline scripts).
 */
export function prerenderPagesPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-pages',
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
      const stylesheet = /<link rel="stylesheet" crossorigin href="([^"]+)">/.exec(shell);
      const css = stylesheet && bundle[stylesheet[1]!.slice(config.base.length)];
      if (css?.type !== 'asset')
        return this.error(`${HOME_HTML} links no stylesheet of this build`);
      const template = shell.replace(stylesheet![0], `<style>${String(css.source)}</style>`);

      const entries = [
        ...Object.entries(ROUTE_ENTRY_FILES),
        [NOT_FOUND_LOCATION, NOT_FOUND_HTML] as const,
      ];
      const pages = await renderPages(
        config,
        entries.map(([location]) => location),
      );
      entries.forEach(([, fileName], at) => {
        const page = pages[at]!;
        const source = template
          .replace(/<title>[^<]*<\/title>/, `<title>${page.titleHtml}</title>`)
          .replace(EMPTY_ROOT, `<div id="root">${page.html}</div>`);
        if (fileName === HOME_HTML) index.source = source;
        else this.emitFile({ type: 'asset', fileName, source });
      });
    },
  };
}
