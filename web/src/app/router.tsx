import type { ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PasswordRecoveryRedirect } from '@/features/auth/password-recovery-redirect';
import { SessionEndedRedirect } from '@/features/auth/session-ended-redirect';
import { lazyComponent, type LazyComponent } from '@/lib/lazy-component';
import HomeRoute from './routes/home';
import { RootRoute } from './routes/root';

// One chunk per page: the first load carries only the shell and the page asked for. Every page
// is prerendered at build time; start.tsx preloads the chunk of the one it hydrates. The home
// page is in the app's chunk itself (the most visited page, and the JavaScript budget's).
const ToolsRoute = lazyComponent(() => import('./routes/tools'));
const AuthRoute = lazyComponent(() => import('./routes/auth'));
const NotFoundRoute = lazyComponent(() => import('./routes/not-found'));

const PAGES: {
  path: string;
  page: ComponentType & Partial<Pick<LazyComponent, 'preload'>>;
  /** Where the page sends many of its visitors at once: that page's code loads with it. */
  next?: LazyComponent;
}[] = [
  { path: paths.home, page: HomeRoute },
  { path: paths.tools, page: ToolsRoute },
  { path: paths.disputeGenerator, page: ToolsRoute },
  { path: paths.disputes, page: lazyComponent(() => import('./routes/disputes')) },
  { path: paths.checkup, page: lazyComponent(() => import('./routes/checkup')) },
  { path: paths.auth, page: AuthRoute },
  { path: paths.forgotPassword, page: lazyComponent(() => import('./routes/forgot-password')) },
  { path: paths.resetPassword, page: lazyComponent(() => import('./routes/reset-password')) },
  { path: paths.faq, page: lazyComponent(() => import('./routes/faq')) },
  { path: paths.testimonials, page: lazyComponent(() => import('./routes/testimonials')) },
  { path: paths.payment, page: lazyComponent(() => import('./routes/payment')) },
  // A visitor who is not signed in goes on to sign in.
  { path: paths.success, page: lazyComponent(() => import('./routes/success')), next: AuthRoute },
  { path: paths.support, page: lazyComponent(() => import('./routes/support')) },
  { path: paths.privacy, page: lazyComponent(() => import('./routes/privacy')) },
  { path: paths.terms, page: lazyComponent(() => import('./routes/terms')) },
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
