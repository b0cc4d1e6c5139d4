import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { displayFontPlugin } from './build/display-font';
import { prerenderPagesPlugin } from './build/prerender-pages';
import { sampleLetterPlugin } from './build/sample-letter';

const apiTarget = process.env.API_URL ?? 'http://localhost:8787';

/**
 * `npm run dev`: the runtime's /config.json, with the dev server itself as the API base, so the
 * browser stays same-origin and every API call goes through the proxy below.
 */
function devRuntimeConfig(): Plugin {
  return {
    name: 'dev-runtime-config',
    configureServer(server) {
      server.middlewares.use('/config.json', (req, res) => {
        fetch(`${apiTarget}/config.json`)
          .then((response) => response.json() as Promise<Record<string, unknown>>)
          .then((config) => {
            res.setHeader('Content-Type', 'application/json');
            res.end(JSON.stringify({ ...config, url: `http://${req.headers.host}` }));
          })
          .catch(() => {
            res.statusCode = 502;
            res.end(`No API at ${apiTarget}: start it with npm start`);
          });
      });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    tailwindcss(),
    displayFontPlugin(),
    sampleLetterPlugin(),
    devRuntimeConfig(),
    prerenderPagesPlugin(),
  ],
  resolve: {
    alias: {
      '@': `${import.meta.dirname}/src`,
      '@shared': `${import.meta.dirname}/../shared`,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The manifest lets bench/web-bundle.ts follow each page's static imports.
    manifest: true,
    // No polyfill for `<link rel="modulepreload">` in the entry: every browser of the build
    // target but Safari 16 has it, and there the modules still load, only not ahead.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Vite's helper for dynamic imports in its own chunk, not in the entry's: a chunk
            // that imports it from the entry would count the entry's stylesheet (inline in every
            // page) among its dependencies, and the helper would download that file as well.
            { name: 'preload-helper', test: /vite\/preload-helper/ },
            // The session state every page reads, in one chunk rather than three small ones
            // (fewer requests, and gzip compresses them together).
            { name: 'session', test: /\/src\/lib\/(auth|auth-storage-key|supabase)\.tsx?$/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // `npm run dev`: hot reload here, the API from the local runtime (npm start).
    proxy: Object.fromEntries(
      ['/auth/v1', '/rest/v1', '/functions/v1'].map((path) => [path, apiTarget]),
    ),
  },
});
