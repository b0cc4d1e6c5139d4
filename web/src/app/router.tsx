import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PasswordRecoveryRedirect } from '@/features/auth/password-recovery-redirect';
import HomeRoute from './routes/home';
import { RootRoute } from './routes/root';

// One chunk per page: the first load carries only the shell and the page asked for. The home
// page is the exception: index.html carries it prerendered, and hydrating it needs its code
// at once (a lazy part would be re-rendered from scratch by the first update).
const ToolsRoute = lazy(() => import('./routes/tools'));
const DisputesRoute = lazy(() => import('./routes/disputes'));
const AuthRoute = lazy(() => import('./routes/auth'));
const ForgotPasswordRoute = lazy(() => import('./routes/forgot-password'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password'));
const FaqRoute = lazy(() => import('./routes/faq'));
const TestimonialsRoute = lazy(() => import('./routes/testimonials'));
const PaymentRoute = lazy(() => import('./routes/payment'));
const SuccessRoute = lazy(() => import('./routes/success'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

export function AppRouter() {
  return (
    <>
      <PasswordRecoveryRedirect />
      <Routes>
        <Route element={<RootRoute />}>
          <Route path={paths.home} element={<HomeRoute />} />
          <Route path={paths.tools} element={<ToolsRoute />} />
          <Route path={paths.disputeGenerator} element={<ToolsRoute />} />
          <Route path={paths.disputes} element={<DisputesRoute />} />
          <Route path={paths.auth} element={<AuthRoute />} />
          <Route path={paths.forgotPassword} element={<ForgotPasswordRoute />} />
          <Route path={paths.resetPassword} element={<ResetPasswordRoute />} />
          <Route path={paths.faq} element={<FaqRoute />} />
          <Route path={paths.testimonials} element={<TestimonialsRoute />} />
          <Route path={paths.payment} element={<PaymentRoute />} />
          <Route path={paths.success} element={<SuccessRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </>
  );
}
