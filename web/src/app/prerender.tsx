import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export interface PrerenderedPage {
  /** The markup of the page's root, as the browser's first render produces it. */
  html: string;
  /** The page's <title> (React renders it first, for a <head>), as escaped markup. */
  titleHtml: string;
}

/**
 * A page as it first renders in the browser (no session known yet), at build time: it paints
 * before any script runs, and app/start.tsx hydrates it. Lazy pages are waited for.
 */
export async function prerenderPage(location: string): Promise<PrerenderedPage> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={location}>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StaticRouter>
    </StrictMode>,
    // The whole page inline: no boundary is moved out to be revealed by an (inline) script.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const markup = await new Response(prelude).text();
  const title = /^<title>([^<]*)<\/title>/.exec(markup);
  if (!title) throw new Error(`the page at ${location} renders no <title>`);
  return { html: markup.slice(title[0].length), titleHtml: title[1]! };
}
