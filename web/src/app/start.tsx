import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from './react-dom-client';
import { applyRuntimeConfig, loadRuntimeConfig } from '@/config/runtime-config';
import { configureSupabase } from '@/lib/supabase';
import { App, StartupError } from './app';
import { preloadPage } from './router';

/**
 * Starts the app on `container`: hydrates the page prerendered into it (or renders into an
 * empty one), once /config.json and the page's code are there.
 */
export function startApp(container: HTMLElement) {
  // The page was prerendered at build time: its code loads alongside the config, so that it is
  // there when hydration reaches it. (A failure shows up as the page's error when it renders.)
  const pageCode = container.hasChildNodes()
    ? preloadPage(window.location.pathname).catch(() => {})
    : Promise.resolve();

  Promise.all([loadRuntimeConfig(), pageCode]).then(
    ([config]) => {
      configureSupabase(config);
      applyRuntimeConfig(config);
      const app = (
        <StrictMode>
          <App />
        </StrictMode>
      );
      // Every page's HTML is prerendered at build time (web/build/prerender-pages.ts).
      // As a transition, the first render yields to the browser every few milliseconds instead
      // of blocking it for the whole tree (Lighthouse TBT ~100 → ~0 ms on /faq, /payment,
      // /success). A hydration mismatch (React silently re-renders that part) means the
      // prerender is wrong.
      startTransition(() => {
        if (container.hasChildNodes())
          hydrateRoot(container, app, { onRecoverableError: (error) => console.error(error) });
        else createRoot(container).render(app);
      });
    },
    (error: Error) => {
      console.error(error);
      container.replaceChildren();
      createRoot(container).render(<StartupError message={error.message} />);
    },
  );
}
