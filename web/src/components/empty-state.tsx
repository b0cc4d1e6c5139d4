import type { ReactNode } from 'react';

const icons = {
  lock: 'M7 10V7a5 5 0 0 1 10 0v3M5 10h14v10H5zM12 14v2',
  card: 'M3 6h18v12H3zM3 10h18M7 15h3',
  compass: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM15.5 8.5l-2 5-5 2 2-5z',
  mail: 'M4 6h16v12H4zM4 7l8 6 8-6',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
} as const;

interface EmptyStateProps {
  icon: keyof typeof icons;
  title: string;
  children: ReactNode;
  /** The page's one primary action first, then secondary or tertiary ones. */
  actions?: ReactNode;
}

/**
 * A page with nothing to show yet (sign-in or a plan needed, a page not found, a dead link):
 * a drawn icon, a display heading, one clear way on.
 */
export function EmptyState({ icon, title, children, actions }: EmptyStateProps) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-canvas px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-prose text-center">
        <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-2xl bg-white text-brand-700 shadow-sm ring-1 ring-brand-100">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-8 w-8"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={icons[icon]} />
          </svg>
        </span>
        <h1 className="mt-6 text-3xl font-bold text-night sm:text-4xl">{title}</h1>
        <div className="mt-4 text-lg text-muted">{children}</div>
        {actions && (
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            {actions}
          </div>
        )}
      </div>
    </section>
  );
}
