import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * True only while React hydrates a page prerendered at build time: a value the build could not
 * know (the URL's query, the browser's storage) must then render as the build rendered it,
 * and is shown right after.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => false,
    () => true,
  );
}
