import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:8787';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': `${import.meta.dirname}/src`,
      '@shared': `${import.meta.dirname}/../shared`,
    },
  },
  // The manifest lets bench/web-bundle.ts follow each page's static imports.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true },
  server: {
    port: 5173,
    // `npm run dev`: hot reload here, API and config from the local runtime (npm start).
    proxy: Object.fromEntries(
      ['/auth/v1', '/rest/v1', '/functions/v1', '/config.json'].map((path) => [path, apiTarget]),
    ),
  },
});
