import type { ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PasswordRecoveryRedirect } from '@/features/auth/password-recovery-redirect';
import { SessionEndedRedirect } from '@/features/auth/session-ended-redirect';
import { lazyPage, type LazyPage } from '@/lib/lazy-page';
import HomeRoute from './routes/home';
import { RootRoute } from './routes/root';

// One chunk per page: the first load carries only the shell and the page asked for. Every page
// is prerendered at build time; start.tsx preloads the chunk of the one it hydrates. The home
// page is in the app's chunk itself (the most visited page, and the JavaScript budget's).
const ToolsRoute = lazyPage(() => import('./routes/tools'));
const AuthRoute = lazyPage(() => import('./routes/auth'));
const NotFoundRoute = lazyPage(() => import('./routes/not-found'));

const PAGES: {
  path: string;
  page: ComponentType & Partial<Pick<LazyPage, 'preload'>>;
  /** Where the page sends many of its visitors at once: that page's code loads with it. */
  next?: LazyPage;
}[] = [
  { path: paths.home, page: HomeRoute },
  { path: paths.tools, page: ToolsRoute },
  { path: paths.disputeGenerator, page: ToolsRoute },
  { path: paths.disputes, page: lazyPage(() => import('./routes/disputes')) },
  { path: paths.checkup, page: lazyPage(() => import('./routes/checkup')) },
  { path: paths.auth, page: AuthRoute },
  { path: paths.forgotPassword, page: lazyPage(() => import('./routes/forgot-password')) },
  { path: paths.resetPassword, page: lazyPage(() => import('./routes/reset-password')) },
  { path: paths.faq, page: lazyPage(() => import('./routes/faq')) },
  { path: paths.testimonials, page: lazyPage(() => import('./routes/testimonials')) },
  { path: paths.payment, page: lazyPage(() => import('./routes/payment')) },
  // A visitor who is not signed in goes on to sign in.
  { path: paths.success, page: lazyPage(() => import('./routes/success')), next: AuthRoute },
  { path: paths.support, page: lazyPage(() => import('./routes/support')) },
  { path: paths.privacy, page: lazyPage(() => import('./routes/privacy')) },
  { path: paths.terms, page: lazyPage(() => import('./routes/terms')) },
];

/**
 * Loads the code of the page at `pathname` (before hydrating it), and starts loading the code of
 * the page it may send the visitor on to.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const route = PAGES.find(({ path }) => matchPath(path, pathname));
  void route?.next?.preload().catch(() => {});
  await (route?.page ?? NotFoundRoute).preload?.();
}

export function AppRouter() {
  return (
    <>
      <PasswordRecoveryRedirect />
      <SessionEndedRedirect />
      <Routes>
        <Route element={<RootRoute />}>
          {PAGES.map(({ path, page: Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </>
  );
}
