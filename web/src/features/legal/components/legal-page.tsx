import type { ReactNode } from 'react';

/** A policy page: one column of short sections, each with its own heading. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-prose px-4 py-12 text-gray-800">
      <h1 className="font-display text-3xl font-bold text-night">{title}</h1>
      {children}
    </article>
  );
}

export function LegalSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8 space-y-3">
      <h2 id={id} className="text-xl font-bold text-night">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const listClasses = 'list-disc space-y-2 pl-5';
export const linkClasses = 'font-semibold text-brand-800 underline';
