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
