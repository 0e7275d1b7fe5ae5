/** Every permission key of both spec documents (section 6). Names are verbatim, typos included. */
export const PERMISSIONS = [
  // pages in post-login order
  'dashboard_data',
  'google_analytics',
  'campaign_analytics',
  'google_analytics_graph',
  'top_searches',
  'users_list',
  'admin_users_list',
  'reported_users',
  'group_list',
  'group_permissions',
  'searches',
  'reported_posts',
  'failed_urls',
  'api_documentation',
  'view_static_pages',
  'users_locations',
  'campaign_list',
  'campaign_charges_list',
  'campaign_interests',
  'change_enrichment_settings',
  'get_app_version',
  'send_notifications',
  // other keys
  'users_list_csv',
  'create_user',
  'user_profile',
  'user_permissions',
  'assign-groups',
  'post_details',
  'add_group',
  'edit_group',
  'delete_group',
  'group_permissions_update',
  'user_permissions_update',
  'followers',
  'following',
  'favourites',
  'conversation',
  'update_profile',
  'change_app_password',
  'suspend_account',
  'enable_advertise',
  'manage_autofollow',
  'delete_post',
  'update_static_pages',
  'sugnupcodes_index',
  'sugnupcodes_add',
  'sugnupcodes_edit',
  'sugnupcodes_delete',
  'get_campaign_setting',
  'transaction_history',
  'campaign_status',
  'campaign_details',
  'campaign_interests_add',
  'campaign_interests_update',
  'campaign_interests_delete',
  'audit_log',
  'moderation_desk',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** Post-login destination: the first held entry wins (spec 01 section 6). */
export const POST_LOGIN_ORDER: readonly { permission: Permission; path: string }[] = [
  { permission: 'dashboard_data', path: '/' },
  { permission: 'google_analytics', path: '/' },
  { permission: 'campaign_analytics', path: '/' },
  { permission: 'google_analytics_graph', path: '/' },
  { permission: 'top_searches', path: '/' },
  { permission: 'users_list', path: '/users' },
  { permission: 'admin_users_list', path: '/backend-users' },
  { permission: 'reported_users', path: '/reported-users' },
  { permission: 'group_list', path: '/users-groups' },
  { permission: 'group_permissions', path: '/manage-group-permissions' },
  { permission: 'searches', path: '/searches' },
  { permission: 'reported_posts', path: '/reported-posts' },
  { permission: 'failed_urls', path: '/failed-urls' },
  { permission: 'api_documentation', path: '/api-documentation' },
  { permission: 'view_static_pages', path: '/faq' },
  { permission: 'users_locations', path: '/geographical-users-count' },
  { permission: 'campaign_list', path: '/campaign-list' },
  { permission: 'campaign_charges_list', path: '/campaign-charges' },
  { permission: 'campaign_interests', path: '/interest' },
  { permission: 'change_enrichment_settings', path: '/settings' },
  { permission: 'get_app_version', path: '/settings' },
  { permission: 'send_notifications', path: '/notifications' },
  { permission: 'audit_log', path: '/audit-log' },
  { permission: 'moderation_desk', path: '/moderation' },
];

export interface PermissionHolder {
  is_sup_admin: number;
  group_permissions: readonly string[];
  user_permissions: readonly string[];
}

export function hasPermission(user: PermissionHolder | null | undefined, ...keys: string[]): boolean {
  if (!user) {
    return false;
  }
  if (user.is_sup_admin === 1 || keys.length === 0) {
    return true;
  }
  return keys.some((k) => user.group_permissions.includes(k) || user.user_permissions.includes(k));
}

/** Where a user lands after the one-time code; null means no page at all. */
export function postLoginPath(user: PermissionHolder): string | null {
  if (user.is_sup_admin === 1) {
    return '/';
  }
  return POST_LOGIN_ORDER.find((e) => hasPermission(user, e.permission))?.path ?? null;
}

/** Areas the permission screens group their rows by, in display order. */
export const PERMISSION_AREAS = [
  'Dashboard',
  'Users',
  'User profile',
  'Groups and permissions',
  'Posts and searches',
  'Content and API docs',
  'Campaigns',
  'Finance',
  'Operations',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

/**
 * What each permission is called on screen and which area it belongs to. A Record over every key,
 * so a permission cannot be added without its label.
 */
export const PERMISSION_INFO: Record<Permission, { label: string; area: PermissionArea }> = {
  dashboard_data: { label: 'Dashboard: users and searches figures', area: 'Dashboard' },
  google_analytics: { label: 'Dashboard: app analytics', area: 'Dashboard' },
  campaign_analytics: { label: 'Dashboard: campaign analytics', area: 'Dashboard' },
  google_analytics_graph: { label: 'Dashboard: analytics graph', area: 'Dashboard' },
  top_searches: { label: 'Dashboard: top searches', area: 'Dashboard' },
  users_list: { label: 'See the users list', area: 'Users' },
  users_list_csv: { label: 'Download the users list as CSV', area: 'Users' },
  create_user: { label: 'Create users', area: 'Users' },
  admin_users_list: { label: 'See the backend users list', area: 'Users' },
  reported_users: { label: 'See reported users', area: 'Users' },
  users_locations: { label: 'See the users map', area: 'Users' },
  user_profile: { label: 'Open user profiles', area: 'User profile' },
  update_profile: { label: 'Edit profile fields', area: 'User profile' },
  change_app_password: { label: "Change a user's app password", area: 'User profile' },
  suspend_account: { label: 'Suspend or restore accounts', area: 'User profile' },
  enable_advertise: { label: 'Allow or stop advertising', area: 'User profile' },
  manage_autofollow: { label: 'Manage auto-follow', area: 'User profile' },
  followers: { label: 'See followers', area: 'User profile' },
  following: { label: 'See following', area: 'User profile' },
  favourites: { label: 'See bookmarks', area: 'User profile' },
  conversation: { label: 'Read and send chat messages', area: 'User profile' },
  group_list: { label: 'See groups', area: 'Groups and permissions' },
  add_group: { label: 'Add groups', area: 'Groups and permissions' },
  edit_group: { label: 'Rename groups', area: 'Groups and permissions' },
  delete_group: { label: 'Delete groups', area: 'Groups and permissions' },
  'assign-groups': { label: 'Assign backend users to groups', area: 'Groups and permissions' },
  group_permissions: { label: "See a group's permissions", area: 'Groups and permissions' },
  group_permissions_update: { label: "Change a group's permissions", area: 'Groups and permissions' },
  user_permissions: { label: "See a backend user's permissions", area: 'Groups and permissions' },
  user_permissions_update: { label: "Change a backend user's permissions", area: 'Groups and permissions' },
  audit_log: { label: "See the audit log and users' activity", area: 'Groups and permissions' },
  moderation_desk: {
    label: 'Work the moderation desk (decide reported posts and users)',
    area: 'Posts and searches',
  },
  searches: { label: 'See searches', area: 'Posts and searches' },
  reported_posts: { label: 'See reported posts', area: 'Posts and searches' },
  post_details: { label: 'Open post details', area: 'Posts and searches' },
  delete_post: { label: 'Delete posts', area: 'Posts and searches' },
  view_static_pages: { label: 'Read static pages (FAQ, terms…)', area: 'Content and API docs' },
  update_static_pages: { label: 'Edit static pages', area: 'Content and API docs' },
  api_documentation: { label: 'Read the API documentation', area: 'Content and API docs' },
  campaign_list: { label: 'See campaigns', area: 'Campaigns' },
  campaign_details: { label: 'Open campaign details', area: 'Campaigns' },
  campaign_status: { label: 'Approve, decline or pause campaigns', area: 'Campaigns' },
  get_campaign_setting: { label: 'See campaign settings', area: 'Campaigns' },
  campaign_interests: { label: 'See interests', area: 'Campaigns' },
  campaign_interests_add: { label: 'Add interests', area: 'Campaigns' },
  campaign_interests_update: { label: 'Edit interests', area: 'Campaigns' },
  campaign_interests_delete: { label: 'Delete interests', area: 'Campaigns' },
  campaign_charges_list: { label: 'See campaign charges', area: 'Finance' },
  transaction_history: { label: 'See transactions', area: 'Finance' },
  sugnupcodes_index: { label: 'See signup codes', area: 'Operations' },
  sugnupcodes_add: { label: 'Add signup codes', area: 'Operations' },
  sugnupcodes_edit: { label: 'Edit signup codes', area: 'Operations' },
  sugnupcodes_delete: { label: 'Delete signup codes', area: 'Operations' },
  change_enrichment_settings: { label: 'Change enrichment settings', area: 'Operations' },
  get_app_version: { label: 'Manage app version rules', area: 'Operations' },
  send_notifications: { label: 'Send push notifications', area: 'Operations' },
  failed_urls: { label: 'See failed and frequently used URLs', area: 'Operations' },
};

/** Label and area of a key; a key the contract does not know (yet) shows as itself under Other. */
export function permissionInfo(key: string): { label: string; area: PermissionArea | 'Other' } {
  return (
    (PERMISSION_INFO as Record<string, { label: string; area: PermissionArea }>)[key] ?? {
      label: key,
      area: 'Other',
    }
  );
}
