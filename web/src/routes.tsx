import { hasPermission, type PermissionHolder, TEXTS } from '@admin/contract';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, matchPath, Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from './auth/require-auth';
import { useSession } from './auth/session';
import { DASHBOARD_PERMISSIONS } from './dashboard-permissions';
import LoginPage from './features/auth/login-page';
import VerifyOtpPage from './features/auth/verify-otp-page';
import { CMS_PAGES, patterns } from './paths';
import { profileExtraTabs } from './profile-tabs';
import { RouteError } from './shell/route-error';
import { ForbiddenNotice } from './ui/forbidden-notice';
import { PageLoader } from './ui/page-loader';

// The public sign-in pages load with the first visit; everything else is split per screen.
const ForgotPasswordPage = lazy(() => import('./features/auth/forgot-password-page'));
const LogoutPage = lazy(() => import('./features/auth/logout-page'));
const ChangePasswordPage = lazy(() => import('./features/auth/change-password-page'));

const AppLayout = lazy(() => import('./shell/app-layout'));
const NotFoundPage = lazy(() => import('./shell/not-found-page'));
const UserProfilePage = lazy(() => import('./features/profile/user-profile-page'));
const StaticPage = lazy(() => import('./features/cms/static-page'));

/** A signed-in screen: its pattern, the permission(s) it needs (any one), and its lazy page. */
export interface AppRoute {
  path: string;
  permission?: readonly string[];
  /** Text shown without permission (default: spec 01 'You are not authorize to access this page'). */
  forbiddenText?: string;
  /** The page: a (lazy) component, or an element when it takes props. */
  Component?: ComponentType;
  element?: ReactNode;
}

const p = (...keys: string[]) => keys;
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

export const appRoutes: AppRoute[] = [
  {
    path: patterns.dashboard,
    permission: p(...DASHBOARD_PERMISSIONS),
    Component: page(() => import('./features/dashboard/dashboard-page')),
  },
  {
    path: patterns.dashboardWidgets,
    permission: p(...DASHBOARD_PERMISSIONS),
    Component: page(() => import('./features/dashboard/widgets-page')),
  },
  { path: patterns.changePassword, Component: ChangePasswordPage },
  {
    path: patterns.users,
    permission: p('users_list'),
    Component: page(() => import('./features/users/users-page')),
  },
  {
    path: patterns.deletedUsers,
    permission: p('users_list'),
    Component: page(() => import('./features/users/deleted-users-page')),
  },
  {
    path: patterns.reportedUsers,
    permission: p('reported_users'),
    Component: page(() => import('./features/users/reported-users-page')),
  },
  {
    path: patterns.backendUsers,
    permission: p('admin_users_list'),
    Component: page(() => import('./features/users/backend-users-page')),
  },
  {
    path: patterns.userProfile,
    permission: p('user_profile'),
    element: <UserProfilePage extraTabs={profileExtraTabs} />,
  },
  {
    path: patterns.usersGroups,
    permission: p('group_list'),
    Component: page(() => import('./features/groups/groups-page')),
  },
  {
    path: patterns.groupPermissions,
    permission: p('group_permissions'),
    Component: page(() => import('./features/permissions/group-permissions-page')),
  },
  {
    path: patterns.auditLog,
    permission: p('audit_log'),
    Component: page(() => import('./features/audit/audit-log-page')),
  },
  {
    path: patterns.userPermissions,
    permission: p('user_permissions'),
    Component: page(() => import('./features/permissions/user-permissions-page')),
  },
  {
    path: patterns.reportedPosts,
    permission: p('reported_posts'),
    Component: page(() => import('./features/posts/reported-posts-page')),
  },
  {
    path: patterns.postDetails,
    permission: p('post_details'),
    Component: page(() => import('./features/posts/post-details-page')),
  },
  {
    path: patterns.searches,
    permission: p('searches'),
    Component: page(() => import('./features/searches/searches-page')),
  },
  {
    path: patterns.usersMap,
    permission: p('users_locations'),
    Component: page(() => import('./features/map/users-map-page')),
  },
  {
    path: patterns.apiDocs,
    permission: p('api_documentation'),
    Component: page(() => import('./features/docs/api-docs-page')),
  },
  {
    path: patterns.mobileApiDocs,
    permission: p('api_documentation'),
    Component: page(() => import('./features/docs/mobile-api-docs-page')),
  },
  {
    path: patterns.searchApiDocs,
    permission: p('api_documentation'),
    Component: page(() => import('./features/docs/search-api-docs-page')),
  },
  ...CMS_PAGES.map(
    (cms): AppRoute => ({
      path: `/${cms.key}`,
      permission: p('view_static_pages'),
      element: <StaticPage pageKey={cms.key} title={cms.label} />,
    }),
  ),
  {
    path: patterns.campaignSettings,
    permission: p('get_campaign_setting'),
    Component: page(() => import('./features/campaigns/campaign-settings-page')),
  },
  {
    path: patterns.campaignList,
    permission: p('campaign_list'),
    Component: page(() => import('./features/campaigns/campaign-list-page')),
  },
  {
    path: patterns.deletedCampaigns,
    permission: p('campaign_list'),
    Component: page(() => import('./features/campaigns/deleted-campaigns-page')),
  },
  {
    path: patterns.campaignDetails,
    permission: p('campaign_details'),
    Component: page(() => import('./features/campaigns/campaign-details-page')),
  },
  {
    path: patterns.campaignList1,
    permission: p('campaign_list'),
    Component: page(() => import('./features/campaigns/campaign-list1-page')),
  },
  {
    path: patterns.campaignCharges,
    permission: p('campaign_charges_list'),
    Component: page(() => import('./features/campaigns/campaign-charges-page')),
  },
  {
    path: patterns.transactions,
    permission: p('transaction_history'),
    Component: page(() => import('./features/transactions/transactions-page')),
  },
  {
    path: patterns.signupCodes,
    permission: p('sugnupcodes_index'),
    Component: page(() => import('./features/signup-codes/signup-codes-page')),
  },
  {
    path: patterns.interests,
    permission: p('campaign_interests'),
    Component: page(() => import('./features/interests/interests-page')),
  },
  {
    path: patterns.settings,
    permission: p('change_enrichment_settings', 'get_app_version'),
    forbiddenText: TEXTS.noPermissionContent,
    Component: page(() => import('./features/settings/settings-page')),
  },
  {
    path: patterns.notifications,
    permission: p('send_notifications'),
    Component: page(() => import('./features/notifications/notifications-page')),
  },
  {
    path: patterns.failedUrls,
    permission: p('failed_urls'),
    Component: page(() => import('./features/urls/failed-urls-page')),
  },
  {
    path: patterns.frequentlyUsedUrls,
    permission: p('failed_urls'),
    Component: page(() => import('./features/urls/frequently-used-urls-page')),
  },
];

/** Whether `user` may open `pathname` (used for the return-to page after sign-in). */
export function canVisit(user: PermissionHolder, pathname: string): boolean {
  const path = pathname.split('?')[0];
  const route = appRoutes.find((r) => matchPath(r.path, path));
  return !!route && (!route.permission || hasPermission(user, ...route.permission));
}

function Guarded({ route }: { route: AppRoute }) {
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

export const routeObjects: RouteObject[] = [
  { path: patterns.login, element: <LoginPage />, errorElement: pageError },
  { path: patterns.verifyOtp, element: <VerifyOtpPage canVisit={canVisit} />, errorElement: pageError },
  { path: patterns.forgotPassword, element: suspended(<ForgotPasswordPage />), errorElement: pageError },
  { path: patterns.logout, element: suspended(<LogoutPage />), errorElement: pageError },
  {
    element: <RequireAuth>{suspended(<AppLayout />)}</RequireAuth>,
    errorElement: pageError,
    children: [
      ...appRoutes.map((r) => ({ path: r.path, element: <Guarded route={r} />, errorElement: routeError })),
      { path: '/dashboard', element: <Navigate to={patterns.dashboard} replace /> },
      { path: '*', element: <NotFoundPage />, errorElement: routeError },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}
