import type { ReactNode } from 'react';

/** One entry of a section, with its remove button. */
export function EntryCard({
  title,
  onRemove,
  children,
}: {
  title: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <article
      aria-label={title}
      className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-semibold break-words">{title}</h3>
        <button
          type="button"
          onClick={onRemove}
          className="shrink-0 rounded-md px-2 py-1 text-sm text-red-800 underline hover:bg-red-50"
        >
          Remove
        </button>
      </div>
      {children}
    </article>
  );
}
