import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/**
 * The home page as it first renders in the browser (no session known yet), as the markup of
 * index.html's root at build time: it paints before any script runs, and main.tsx hydrates it.
 */
export async function prerenderHome(): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={paths.home}>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StaticRouter>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  // React puts the page's <title> first, for a <head>; index.html's <head> already has it.
  return html.replace(/^<title>[^<]*<\/title>/, '');
}
