import { useEffect, useRef, useState, type ReactNode } from 'react';
import { buttonClasses } from '@/components/button-styles';
import { clampIndex, pageCount, positionOf } from '../lib/pager';

interface OneAtATimeProps {
  /** What the list holds, for its name and its buttons: "finding", "letter". */
  noun: string;
  items: readonly { key: string; label: string; node: ReactNode }[];
  /** The item to open on (a link back names it). */
  openKey?: string | null;
  /** Previous / Next under the item too (for long items). */
  bottom?: boolean;
}

/**
 * A list shown whole on a wide screen and one item at a time on a phone, with "3 of 14" and
 * Previous / Next: a phone never scrolls through every finding or letter at once.
 */
export function OneAtATime({ noun, items, openKey = null, bottom = true }: OneAtATimeProps) {
  const keys = items.map((item) => item.key);
  const [asked, setAsked] = useState(() => positionOf(keys, openKey));
  const index = clampIndex(asked, items.length);
  const top = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const moved = useRef(false);

  // Opened on an item a link names: on a wide screen, where all show, scroll to it.
  useEffect(() => {
    if (openKey !== null) list.current?.children[index]?.scrollIntoView?.({ block: 'start' });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!moved.current) return;
    top.current?.scrollIntoView?.({ block: 'start' });
    top.current?.focus();
  }, [index]);

  if (items.length === 0) return null;
  const go = (next: number) => {
    moved.current = true;
    setAsked(clampIndex(next, items.length));
  };
  const pager = (where: string) => (
    <div
      className="flex items-center justify-between gap-2 sm:hidden"
      aria-label={`${noun}s, ${where}`}
      role="group"
    >
      <button
        type="button"
        className={buttonClasses('secondary', 'px-3 py-2 text-sm')}
        aria-disabled={index === 0 || undefined}
        aria-label={`Previous ${noun}`}
        onClick={() => go(index - 1)}
      >
        Previous
      </button>
      <p className="text-sm font-semibold">{pageCount(index, items.length)}</p>
      <button
        type="button"
        className={buttonClasses('secondary', 'px-3 py-2 text-sm')}
        aria-disabled={index === items.length - 1 || undefined}
        aria-label={`Next ${noun}`}
        onClick={() => go(index + 1)}
      >
        Next
      </button>
    </div>
  );
  return (
    <div className="space-y-3">
      <div ref={top} tabIndex={-1} aria-live="polite" className="sm:hidden">
        <p className="sr-only">
          {noun} {pageCount(index, items.length)}: {items[index]!.label}
        </p>
      </div>
      {pager('top')}
      <ul ref={list} className="space-y-3">
        {items.map((item, position) => (
          <li key={item.key} className={`min-w-0 ${position === index ? '' : 'max-sm:hidden'}`}>
            {item.node}
          </li>
        ))}
      </ul>
      {bottom && pager('bottom')}
    </div>
  );
}
