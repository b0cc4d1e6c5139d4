// React DOM, as the entry loads it on its own (main.tsx): an ES module, so the entry needs no
// CommonJS interop helper before the first paint.
export { createRoot, hydrateRoot } from 'react-dom/client';
