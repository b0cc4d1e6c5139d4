import { useCallback, useState } from 'react';

/**
 * State mirrored in this browser's localStorage only. Storage can be unavailable (private
 * modes, quotas): the state then simply lives for the page's lifetime.
 */
export function useLocalStore<T>(
  key: string,
  parse: (raw: unknown) => T,
  empty: T,
): [T, (next: T) => void, () => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const raw = localStorage.getItem(key);
      return raw === null ? empty : parse(JSON.parse(raw));
    } catch {
      return empty;
    }
  });

  const update = useCallback(
    (next: T) => {
      setValue(next);
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Kept in memory only.
      }
    },
    [key],
  );

  const forget = useCallback(() => {
    setValue(empty);
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing stored.
    }
  }, [key, empty]);

  return [value, update, forget];
}
