import type { ComponentType } from 'react';

export interface LazyPage {
  (): React.JSX.Element;
  /** Loads the page's chunk; once it has loaded, the page renders without suspending. */
  preload(): Promise<ComponentType>;
}

/**
 * A page in its own chunk, like React.lazy, plus `preload()`: app/start.tsx loads the chunk of the
 * page it hydrates first, so hydration finds its code already there (a page that suspends while
 * hydrating is re-rendered from scratch by the first update, and its prerendered HTML flashes
 * to a spinner).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let Page: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      Page = module.default;
      return Page;
    }));
  function Lazy() {
    // Suspends as React.lazy does (it throws its pending import the same way).
    if (!Page) throw preload();
    return <Page />;
  }
  return Object.assign(Lazy, { preload });
}
