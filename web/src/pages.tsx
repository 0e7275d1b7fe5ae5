import { type Permission, TEXTS } from '@admin/contract';
import {
  IconApi,
  IconBell,
  IconFileText,
  IconHistory,
  IconKey,
  IconLayoutDashboard,
  IconPhoto,
  IconSettings,
  IconSpeakerphone,
  IconTicket,
  IconUserCheck,
  IconUsers,
} from '@tabler/icons-react';
import { type ComponentType, lazy, type ReactNode } from 'react';
import { CMS_PAGES, paths, patterns } from './paths';
import { profileExtraTabs } from './profile-tabs';

export type NavIcon = ComponentType<{ size?: number; stroke?: number }>;

/**
 * A signed-in screen: its route pattern, the permission(s) it needs (any one), its page, and its
 * name in the sidebar and the command palette.
 */
export interface AppPage {
  path: string;
  /** Its name in the sidebar and the palette; a page without one is reached from other pages. */
  title?: string;
  /** Where the sidebar and the palette link to (default `path`; needed when it has parameters). */
  to?: string;
  /** The palette's group for a page outside the sidebar (those inside take their group's title). */
  paletteGroup?: string;
  permission?: readonly Permission[];
  /** Text shown without permission (default: spec 01 'You are not authorize to access this page'). */
  forbiddenText?: string;
  /** A count beside its sidebar entry (lazy; rendering nothing when there is none). */
  badge?: ComponentType;
  /** The page: a (lazy) component, or an element when it takes props. */
  Component?: ComponentType;
  element?: ReactNode;
}

/** A page the sidebar or the palette names. */
export type NamedPage = AppPage & { title: string };

/** A sidebar group: a heading with its icon over its pages (shown when any one of them is). */
export interface PageGroup {
  title: string;
  icon: NavIcon;
  pages: NamedPage[];
}

/** A sidebar entry: a page with its icon, or a group. */
export type SidebarEntry = (NamedPage & { icon: NavIcon }) | PageGroup;

export const isGroup = (entry: SidebarEntry): entry is PageGroup => 'pages' in entry;

/** Where the sidebar and the palette link to for `page`. */
export const linkOf = (page: AppPage) => page.to ?? page.path;

/** Dashboard widgets need one of these (spec 02 section 6). */
const DASHBOARD_PERMISSIONS: readonly Permission[] = [
  'dashboard_data',
  'google_analytics',
  'campaign_analytics',
  'google_analytics_graph',
  'top_searches',
];

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);
const UserProfilePage = lazy(() => import('./features/profile/user-profile-page'));
const StaticPage = lazy(() => import('./features/cms/static-page'));

/**
 * The sidebar of spec 01 section 2 Shell, in its order: every page in it with its path, title,
 * icon (or its group's) and permission. The router, the sidebar and the palette are built from it.
 */
export const SIDEBAR: SidebarEntry[] = [
  {
    title: 'Dashboard',
    icon: IconLayoutDashboard,
    path: patterns.dashboard,
    permission: DASHBOARD_PERMISSIONS,
    Component: page(() => import('./features/dashboard/dashboard-page')),
  },
  {
    title: 'Signup Codes',
    icon: IconTicket,
    path: patterns.signupCodes,
    permission: ['sugnupcodes_index'],
    Component: page(() => import('./features/signup-codes/signup-codes-page')),
  },
  {
    title: 'Campaign',
    icon: IconSpeakerphone,
    pages: [
      {
        title: 'Campaign List',
        path: patterns.campaignList,
        permission: ['campaign_list'],
        Component: page(() => import('./features/campaigns/campaign-list-page')),
      },
      {
        title: 'Deleted Campaigns',
        path: patterns.deletedCampaigns,
        permission: ['campaign_list'],
        Component: page(() => import('./features/campaigns/deleted-campaigns-page')),
      },
      {
        title: 'Campaign Settings',
        path: patterns.campaignSettings,
        permission: ['get_campaign_setting'],
        Component: page(() => import('./features/campaigns/campaign-settings-page')),
      },
      {
        title: 'Campaign Charges',
        path: patterns.campaignCharges,
        permission: ['campaign_charges_list'],
        Component: page(() => import('./features/campaigns/campaign-charges-page')),
      },
      {
        title: 'Interest',
        path: patterns.interests,
        permission: ['campaign_interests'],
        Component: page(() => import('./features/interests/interests-page')),
      },
      {
        title: 'Transactions',
        path: patterns.transactions,
        permission: ['transaction_history'],
        Component: page(() => import('./features/transactions/transactions-page')),
      },
    ],
  },
  {
    title: 'Users',
    icon: IconUsers,
    pages: [
      {
        title: 'Users Groups',
        path: patterns.usersGroups,
        permission: ['group_list'],
        Component: page(() => import('./features/groups/groups-page')),
      },
      {
        title: 'Geographic Data',
        path: patterns.usersMap,
        permission: ['users_locations'],
        Component: page(() => import('./features/map/users-map-page')),
      },
      {
        title: 'Users',
        path: patterns.users,
        permission: ['users_list'],
        Component: page(() => import('./features/users/users-page')),
      },
      {
        title: 'Deleted Users',
        path: patterns.deletedUsers,
        permission: ['users_list'],
        Component: page(() => import('./features/users/deleted-users-page')),
      },
      {
        title: 'Reported users',
        path: patterns.reportedUsers,
        permission: ['reported_users'],
        Component: page(() => import('./features/users/reported-users-page')),
      },
      {
        title: 'Backend Users',
        path: patterns.backendUsers,
        permission: ['admin_users_list'],
        Component: page(() => import('./features/users/backend-users-page')),
      },
    ],
  },
  {
    title: 'Posts',
    icon: IconPhoto,
    pages: [
      {
        title: 'Moderation',
        path: patterns.moderation,
        permission: ['moderation_desk'],
        Component: page(() => import('./features/moderation/moderation-page')),
      },
      {
        title: 'Reported Posts',
        path: patterns.reportedPosts,
        permission: ['reported_posts'],
        Component: page(() => import('./features/posts/reported-posts-page')),
      },
      {
        title: 'Searches',
        path: patterns.searches,
        permission: ['searches'],
        Component: page(() => import('./features/searches/searches-page')),
      },
      {
        title: 'Failed Urls',
        path: patterns.failedUrls,
        permission: ['failed_urls'],
        Component: page(() => import('./features/urls/failed-urls-page')),
      },
      {
        title: 'Frequently used Urls',
        path: patterns.frequentlyUsedUrls,
        permission: ['failed_urls'],
        Component: page(() => import('./features/urls/frequently-used-urls-page')),
      },
    ],
  },
  {
    title: 'Notifications',
    icon: IconBell,
    path: patterns.notifications,
    permission: ['send_notifications'],
    Component: page(() => import('./features/notifications/notifications-page')),
  },
  {
    title: 'Permissions',
    icon: IconKey,
    path: patterns.groupPermissions,
    permission: ['group_permissions'],
    Component: page(() => import('./features/permissions/group-permissions-page')),
  },
  {
    title: 'Access requests',
    icon: IconUserCheck,
    path: patterns.accessRequests,
    permission: ['user_permissions_update'],
    badge: lazy(() => import('./features/access-requests/count-badge')),
    Component: page(() => import('./features/access-requests/access-requests-page')),
  },
  {
    title: 'Audit Log',
    icon: IconHistory,
    path: patterns.auditLog,
    permission: ['audit_log'],
    Component: page(() => import('./features/audit/audit-log-page')),
  },
  {
    title: 'APIs',
    icon: IconApi,
    pages: [
      {
        title: 'API Documentation',
        path: patterns.apiDocs,
        permission: ['api_documentation'],
        Component: page(() => import('./features/docs/api-docs-page')),
      },
      {
        title: 'Mobile API Documentation',
        path: patterns.mobileApiDocs,
        permission: ['api_documentation'],
        Component: page(() => import('./features/docs/mobile-api-docs-page')),
      },
      {
        title: 'Search API Documentation',
        path: patterns.searchApiDocs,
        permission: ['api_documentation'],
        Component: page(() => import('./features/docs/search-api-docs-page')),
      },
    ],
  },
  {
    title: 'CMS Pages',
    icon: IconFileText,
    pages: CMS_PAGES.map(
      (cms): NamedPage => ({
        title: cms.label,
        path: paths.cmsPage(cms.key),
        permission: ['view_static_pages'],
        element: <StaticPage pageKey={cms.key} title={cms.label} />,
      }),
    ),
  },
  {
    title: 'Settings',
    icon: IconSettings,
    path: patterns.settings,
    permission: ['change_enrichment_settings', 'get_app_version'],
    forbiddenText: TEXTS.noPermissionContent,
    Component: page(() => import('./features/settings/settings-page')),
  },
];

/** The screens outside the sidebar: reached from a list, a row, a tab or the user menu. */
const OTHER_PAGES: AppPage[] = [
  {
    title: 'Dashboard widgets',
    paletteGroup: 'Dashboard',
    path: patterns.dashboardWidgets,
    to: paths.dashboardWidgets('POST'),
    permission: DASHBOARD_PERMISSIONS,
    Component: page(() => import('./features/dashboard/widgets-page')),
  },
  {
    title: 'Change Password',
    paletteGroup: 'Account',
    path: patterns.changePassword,
    Component: page(() => import('./features/auth/change-password-page')),
  },
  {
    title: 'Security',
    paletteGroup: 'Account',
    path: patterns.account,
    Component: page(() => import('./features/account/account-page')),
  },
  {
    path: patterns.userProfile,
    permission: ['user_profile'],
    element: <UserProfilePage extraTabs={profileExtraTabs} />,
  },
  {
    path: patterns.userPermissions,
    permission: ['user_permissions'],
    Component: page(() => import('./features/permissions/user-permissions-page')),
  },
  {
    path: patterns.postDetails,
    permission: ['post_details'],
    Component: page(() => import('./features/posts/post-details-page')),
  },
  {
    path: patterns.campaignDetails,
    permission: ['campaign_details'],
    Component: page(() => import('./features/campaigns/campaign-details-page')),
  },
  {
    path: patterns.campaignList1,
    permission: ['campaign_list'],
    Component: page(() => import('./features/campaigns/campaign-list1-page')),
  },
];

/**
 * What areas show in the top bar, loaded after the shell: the access-request count for reviewers
 * and the answer to one's own request.
 */
export const TopBarParts = lazy(() => import('./features/access-requests/shell-watch'));

/** The command palette's pages: the sidebar's, in its order, then the others it names. */
export const PALETTE_PAGES: { page: NamedPage; group: string }[] = [
  ...SIDEBAR.flatMap((entry) =>
    isGroup(entry)
      ? entry.pages.map((p) => ({ page: p, group: entry.title }))
      : [{ page: entry, group: 'Pages' }],
  ),
  ...OTHER_PAGES.flatMap(({ title, paletteGroup, ...p }) =>
    title && paletteGroup ? [{ page: { ...p, title }, group: paletteGroup }] : [],
  ),
];

/** Every signed-in screen, the sidebar's first. */
export const APP_PAGES: AppPage[] = [...SIDEBAR.flatMap((e) => (isGroup(e) ? e.pages : [e])), ...OTHER_PAGES];
