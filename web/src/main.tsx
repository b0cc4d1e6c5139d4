import './index.css';

const FIRST_PAINT_WAIT_LIMIT_MS = 5000;
const PRELOADS_PER_TASK = 4;

/**
 * Resolves once the page as served (prerendered at build time, web/build/prerender-pages.ts) is
 * on screen: when the browser reports its first contentful paint, which it does once that frame
 * has been presented. At once where nothing will be painted first: an empty root (`npm run dev`),
 * a tab that is not shown, a browser without paint timing.
 */
function afterFirstPaint(root: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    if (
      !root.hasChildNodes() ||
      document.visibilityState !== 'visible' ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint')
    ) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    // Hidden before its first paint, the page reports none.
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
    // Whatever the browser does or does not report, the app starts: a page that never
    // reported a paint must not stay inert.
    setTimeout(resolve, FIRST_PAINT_WAIT_LIMIT_MS);
  });
}

/**
 * Resolves in a task of its own: the browser may handle input and paint in between, and no
 * single task of the start-up blocks it for long (Lighthouse's Total Blocking Time).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The entry is only this: the page paints from its HTML first, and then the app (React, the
// router, the page's own chunks from the build's <template id="page-code">) loads and hydrates
// it. No script competes with the first paint, for the network or, on a fast one where the
// scripts would arrive first, for the main thread.
const root = document.getElementById('root')!;
void afterFirstPaint(root).then(async () => {
  // The page's modules are preloaded a few at a time: each <link rel="modulepreload"> costs
  // the main thread up to a millisecond or so when it is added, 19 of them at once ~10 ms.
  const pageCode = document.getElementById('page-code');
  const preloads = pageCode instanceof HTMLTemplateElement ? [...pageCode.content.children] : [];
  for (let first = 0; first < preloads.length; first += PRELOADS_PER_TASK) {
    document.head.append(...preloads.slice(first, first + PRELOADS_PER_TASK));
    await nextTask();
  }
  // React's own modules are evaluated in one task, the app's in the next; starting it (config,
  // the page's code, hydration) begins in a third.
  await import('./app/react-dom-client');
  await nextTask();
  const { startApp } = await import('./app/start');
  await nextTask();
  startApp(root);
});
