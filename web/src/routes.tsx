import { hasPermission, type PermissionHolder } from '@admin/contract';
import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, matchPath, Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from './auth/require-auth';
import { useSession } from './auth/session';
import LoginPage from './features/auth/login-page';
import VerifyOtpPage from './features/auth/verify-otp-page';
import { APP_PAGES, type AppPage } from './pages';
import { patterns } from './paths';
import { RouteError } from './shell/route-error';
import { ForbiddenNotice } from './ui/forbidden-notice';
import { PageLoader } from './ui/page-loader';

// The public sign-in pages load with the first visit; everything else is split per screen.
const ForgotPasswordPage = lazy(() => import('./features/auth/forgot-password-page'));
const LogoutPage = lazy(() => import('./features/auth/logout-page'));

const AppLayout = lazy(() => import('./shell/app-layout'));
const NotFoundPage = lazy(() => import('./shell/not-found-page'));

/** Whether `user` may open `pathname` (used for the return-to page after sign-in). */
export function canVisit(user: PermissionHolder, pathname: string): boolean {
  const path = pathname.split('?')[0];
  const route = APP_PAGES.find((r) => matchPath(r.path, path));
  return !!route && (!route.permission || hasPermission(user, ...route.permission));
}

function Guarded({ route }: { route: AppPage }) {
  const session = useSession();
  if (route.permission && !hasPermission(session?.user, ...route.permission)) {
    return <ForbiddenNotice text={route.forbiddenText} />;
  }
  return route.element ?? (route.Component ? <route.Component /> : null);
}

const suspended = (node: ReactNode) => <Suspense fallback={<PageLoader />}>{node}</Suspense>;

// Outside the shell an error fills the page; inside it, each route's error keeps the shell.
const pageError = <RouteError fullPage />;
const routeError = <RouteError />;

const routeObjects: RouteObject[] = [
  { path: patterns.login, element: <LoginPage />, errorElement: pageError },
  { path: patterns.verifyOtp, element: <VerifyOtpPage canVisit={canVisit} />, errorElement: pageError },
  { path: patterns.forgotPassword, element: suspended(<ForgotPasswordPage />), errorElement: pageError },
  { path: patterns.logout, element: suspended(<LogoutPage />), errorElement: pageError },
  {
    element: <RequireAuth>{suspended(<AppLayout />)}</RequireAuth>,
    errorElement: pageError,
    children: [
      ...APP_PAGES.map((r) => ({ path: r.path, element: <Guarded route={r} />, errorElement: routeError })),
      { path: '/dashboard', element: <Navigate to={patterns.dashboard} replace /> },
      { path: '*', element: <NotFoundPage />, errorElement: routeError },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}
