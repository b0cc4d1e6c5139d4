import type { ReactNode } from 'react';

/**
 * The frame of the account pages (sign-in, password reset): the form on a white card over the
 * brand's light band, with an optional aside beside it on wide screens.
 */
export function FormPage({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-canvas px-4 py-12 md:py-20">
      <div
        className={`mx-auto grid gap-8 ${aside ? 'max-w-page md:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] md:items-start md:gap-12 lg:justify-center' : 'max-w-md'}`}
      >
        <section className="rounded-2xl bg-surface p-8 shadow-sm ring-1 ring-line">
          {children}
        </section>
        {aside}
      </div>
    </div>
  );
}
