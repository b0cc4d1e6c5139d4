import { createServer, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { SESSION_HINT_SCRIPT } from '../../shared/session-hint';
import { HOME_HTML, NOT_FOUND_HTML, ROUTE_ENTRY_FILES } from '../../shared/site-entry';
import type { prerenderPage } from '../src/app/prerender';

const EMPTY_ROOT = '<div id="root"></div>';
/** A path that is no route: the not-found page's prerender. */
const NOT_FOUND_LOCATION = '/404';

/** Renders every page in Node with this same Vite config (aliases, JSX), as app/start.tsx hydrates it. */
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

/** The module of `app/routes/` each entry file's page is (the home page is in the entry chunk). */
function routeModuleOf(fileName: string): string | null {
  if (fileName === HOME_HTML) return null;
  if (fileName === NOT_FOUND_HTML) return 'not-found';
  if (fileName === ROUTE_ENTRY_FILES['/disputegenerator']) return 'tools';
  return fileName.replace(/\.html$/, '');
}

/**
 * `<link rel="modulepreload">` for the page's own chunk and what it imports, inert in a
 * `<template id="page-code">`: main.tsx puts them into the head once the page has painted, with
 * the app's own chunk, so that the page's code loads alongside it rather than after it.
 */
function pagePreloads(
  bundle: Rollup.OutputBundle,
  fileName: string,
  shell: string,
  base: string,
): string {
  const module = routeModuleOf(fileName);
  if (!module) return '';
  const chunks = Object.values(bundle).filter(
    (item): item is Rollup.OutputChunk => item.type === 'chunk',
  );
  const page = chunks.find((chunk) =>
    chunk.facadeModuleId?.endsWith(`/src/app/routes/${module}.tsx`),
  );
  if (!page) throw new Error(`no chunk for the page of ${fileName} (app/routes/${module}.tsx)`);
  const files = new Set<string>();
  const add = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') chunk.imports.forEach(add);
  };
  add(page.fileName);
  const links = [...files]
    .filter((file) => !shell.includes(`${base}${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`);
  return `<template id="page-code">${links.join('')}</template>`;
}

/**
 * `<link rel="preload">` for the fonts of the stylesheet: the display face is above the fold on
 * every page (the header's name), so it is fetched with the page instead of once the layout
 * finds it, and the headings rarely paint in the fallback first.
 */
function fontPreloads(css: string): string {
  const fonts = new Set(
    Array.from(css.matchAll(/url\(["']?([^"')]+\.woff2)["']?\)/g), (m) => m[1]!),
  );
  return [...fonts]
    .map((font) => `<link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin>`)
    .join('\n    ');
}

/**
 * Build only: every route's entry file (shared/site-entry.ts) is index.html with that page
 * prerendered into its root (painted from HTML, then hydrated), its own <title>, and the
 * stylesheet inline, so the first paint needs no other request (the CSP allows inline styles,
 * and of inline scripts only the session hint, by its hash), its fonts preloaded, and the page's
 * own chunks listed for main.tsx. The session hint picks the page's variant for this browser
 * (shared/session-hint.ts).
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
      const template = shell
        .replace(
          stylesheet![0],
          [
            fontPreloads(String(css.source)),
            `<script>${SESSION_HINT_SCRIPT}</script>`,
            `<style>${String(css.source)}</style>`,
          ].join('\n    '),
        )
        // The entry (main.tsx) only waits for the first paint: at low priority, the font and
        // the page's other requests go first.
        .replaceAll(
          '<script type="module" crossorigin',
          '<script type="module" fetchpriority="low" crossorigin',
        )
        .replaceAll(
          '<link rel="modulepreload" crossorigin',
          '<link rel="modulepreload" fetchpriority="low" crossorigin',
        );

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
          .replace('</head>', `${pagePreloads(bundle, fileName, shell, config.base)}\n  </head>`)
          .replace(EMPTY_ROOT, `<div id="root">${page.html}</div>`);
        if (fileName === HOME_HTML) index.source = source;
        else this.emitFile({ type: 'asset', fileName, source });
      });
    },
  };
}
