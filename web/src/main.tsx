import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, StartupError } from '@/app/app';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { configureSupabase } from '@/lib/supabase';
import './index.css';

const root = createRoot(document.getElementById('root')!);

loadRuntimeConfig().then(
  (config) => {
    configureSupabase(config);
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  },
  (error: Error) => {
    console.error(error);
    root.render(<StartupError message={error.message} />);
  },
);
