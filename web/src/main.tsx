import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, StartupError } from '@/app/app';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { configureSupabase } from '@/lib/supabase';
import './index.css';

const container = document.getElementById('root')!;

loadRuntimeConfig().then(
  (config) => {
    configureSupabase(config);
    const app = (
      <StrictMode>
        <App />
      </StrictMode>
    );
    // index.html carries the home page prerendered at build time; every other page starts empty.
    // Hydrating as a transition lets React yield to the browser: the page is already painted.
    // A mismatch (React silently re-renders the part) means the prerender is wrong: say so.
    if (container.hasChildNodes())
      startTransition(
        () => void hydrateRoot(container, app, { onRecoverableError: (e) => console.error(e) }),
      );
    else createRoot(container).render(app);
  },
  (error: Error) => {
    console.error(error);
    container.replaceChildren();
    createRoot(container).render(<StartupError message={error.message} />);
  },
);
