import { useSyncExternalStore } from 'react';

// Whether code that can raise a toast has loaded (lib/toast.ts says so when it loads). Only
// then does the app load and mount its toast area: a visitor reading the marketing pages,
// which raise none, does not download it.
let wanted = false;
const listeners = new Set<() => void>();

export function wantToastArea(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a toast may be raised; false in the prerendered HTML. */
export function useToastAreaWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}
