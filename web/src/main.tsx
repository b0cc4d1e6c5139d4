import './index.css';

/**
 * Resolves once the page as served (prerendered at build time, web/build/prerender-pages.ts)
 * is on screen: two animation frames, by when the first full frame has been presented. A tab
 * that is not shown paints nothing, so there it resolves at once.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState !== 'visible') resolve();
    else requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
  });
}

// The entry is only this: the page paints from its HTML first, and then the app (React, the
// router, the page's own chunks from the build's <template id="page-code">) loads and hydrates
// it. No script competes with the first paint, for the network or, on a fast one where the
// scripts would arrive first, for the main thread.
void afterFirstPaint().then(() => {
  const pageCode = document.getElementById('page-code');
  if (pageCode instanceof HTMLTemplateElement) document.head.append(pageCode.content);
  return import('./app/start').then(({ startApp }) => startApp(document.getElementById('root')!));
});
