/**
 * Every route of the app, written once. `patterns` are what the router matches; `paths` build the
 * links (`paths.userProfile(7)` -> '/user-profile/7'). Never write a route string anywhere else.
 */
export const patterns = {
  // public (spec 01 section 2)
  login: '/login',
  verifyOtp: '/verify-otp',
  forgotPassword: '/forgot-password',
  logout: '/logout',
  // signed in
  changePassword: '/change-password',
  account: '/account',
  dashboard: '/',
  dashboardWidgets: '/dashboard-widgets/:tab',
  users: '/users',
  deletedUsers: '/deleted-users',
  reportedUsers: '/reported-users',
  backendUsers: '/backend-users',
  userProfile: '/user-profile/:userId',
  usersGroups: '/users-groups',
  groupPermissions: '/manage-group-permissions',
  userPermissions: '/manage-user-permissions/:userId',
  reportedPosts: '/reported-posts',
  postDetails: '/post-details/:postId',
  searches: '/searches',
  usersMap: '/geographical-users-count',
  apiDocs: '/api-documentation',
  mobileApiDocs: '/mobile-api-documentation',
  searchApiDocs: '/search-api-documentation',
  // spec 02 section 2
  campaignSettings: '/campaign-calender-settings',
  campaignList: '/campaign-list',
  deletedCampaigns: '/deleted-campaigns',
  campaignDetails: '/campaign-details/:campaignId',
  campaignList1: '/campaign-list1',
  campaignCharges: '/campaign-charges',
  transactions: '/transactions',
  signupCodes: '/signup-codes',
  interests: '/interest',
  settings: '/settings',
  notifications: '/notifications',
  failedUrls: '/failed-urls',
  frequentlyUsedUrls: '/frequently-used-urls',
  auditLog: '/audit-log',
  moderation: '/moderation',
  accessRequests: '/access-requests',
} as const;

/** The eight editable static pages (spec 01 section 2), by route segment = page key. */
export const CMS_PAGES = [
  { key: 'faq', label: 'FAQ' },
  { key: 'about', label: 'About' },
  { key: 'privacy', label: 'Privacy' },
  { key: 'term', label: 'Terms' },
  { key: 'payment_terms', label: 'Payment Terms' },
  { key: 'understanding-your-insight', label: 'Understanding Your Insight' },
  { key: 'child-safety-policy', label: 'Child Safety Policy' },
  { key: 'advertising-guidelines', label: 'Advertising Guidelines' },
] as const;

export type CmsPageKey = (typeof CMS_PAGES)[number]['key'];
export type WidgetTab = 'POST' | 'ADS';

type Id = number | string;

/** Fills `:param` segments of a pattern. */
export function href(pattern: string, params: Record<string, Id> = {}): string {
  return pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) {
      throw new Error(`href: missing parameter ${name} for ${pattern}`);
    }
    return encodeURIComponent(String(value));
  });
}

export const paths = {
  login: patterns.login,
  verifyOtp: patterns.verifyOtp,
  forgotPassword: patterns.forgotPassword,
  logout: patterns.logout,
  changePassword: patterns.changePassword,
  account: patterns.account,
  dashboard: patterns.dashboard,
  dashboardWidgets: (tab: WidgetTab) => href(patterns.dashboardWidgets, { tab }),
  users: patterns.users,
  deletedUsers: patterns.deletedUsers,
  reportedUsers: patterns.reportedUsers,
  backendUsers: patterns.backendUsers,
  userProfile: (userId: Id) => href(patterns.userProfile, { userId }),
  usersGroups: patterns.usersGroups,
  groupPermissions: patterns.groupPermissions,
  userPermissions: (userId: Id) => href(patterns.userPermissions, { userId }),
  reportedPosts: patterns.reportedPosts,
  postDetails: (postId: Id) => href(patterns.postDetails, { postId }),
  searches: patterns.searches,
  usersMap: patterns.usersMap,
  apiDocs: patterns.apiDocs,
  mobileApiDocs: patterns.mobileApiDocs,
  searchApiDocs: patterns.searchApiDocs,
  cmsPage: (page: CmsPageKey) => `/${page}`,
  campaignSettings: patterns.campaignSettings,
  campaignList: patterns.campaignList,
  deletedCampaigns: patterns.deletedCampaigns,
  campaignDetails: (campaignId: Id) => href(patterns.campaignDetails, { campaignId }),
  campaignList1: patterns.campaignList1,
  campaignCharges: patterns.campaignCharges,
  transactions: patterns.transactions,
  signupCodes: patterns.signupCodes,
  interests: patterns.interests,
  settings: patterns.settings,
  notifications: patterns.notifications,
  failedUrls: patterns.failedUrls,
  frequentlyUsedUrls: patterns.frequentlyUsedUrls,
  auditLog: patterns.auditLog,
  moderation: patterns.moderation,
  accessRequests: patterns.accessRequests,
} as const;
