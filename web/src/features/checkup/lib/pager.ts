/** The page shown of `count` (from 0): within range whatever was asked, 0 when there are none. */
export function clampIndex(index: number, count: number): number {
  return count === 0 ? 0 : Math.min(Math.max(0, index), count - 1);
}

/** The position of `key` among `keys`, or `fallback` when it is not there. */
export function positionOf(keys: readonly string[], key: string | null, fallback = 0): number {
  const found = key === null ? -1 : keys.indexOf(key);
  return found === -1 ? fallback : found;
}

/** "3 of 14". */
export function pageCount(index: number, count: number): string {
  return `${index + 1} of ${count}`;
}
