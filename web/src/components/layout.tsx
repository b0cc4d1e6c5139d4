import { Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageErrorBoundary } from './error-boundary';
import { Footer } from './footer';
import { Spinner } from './spinner';

/** Page frame: skip link, the given header, the routed page, the footer. */
export function Layout({ header }: { header: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col bg-gray-50 text-gray-900">
      <a
        href="#main"
        className="sr-only rounded bg-white px-4 py-2 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      {header}
      <main id="main" className="flex-1">
        {/* Keyed by path: leaving a broken page gives the next one a fresh start. */}
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
