import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * `value`, except while React hydrates a page prerendered at build time: then `asBuilt`, what
 * the build rendered for a value it could not know (the URL's query, the browser's storage).
 * Where the two differ, React renders the component again right after hydrating it, at once and
 * in one piece: components that use this are kept small (their children passed in, not made).
 */
export function useAsBuilt<T>(value: T, asBuilt: T): T {
  return useSyncExternalStore(
    unchanging,
    () => value,
    () => asBuilt,
  );
}

/** True only while React hydrates a page prerendered at build time. */
export function useHydrating(): boolean {
  return useAsBuilt(false, true);
}
