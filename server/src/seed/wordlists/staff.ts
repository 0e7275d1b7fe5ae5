// The demo staff accounts, their groups and what each may do.

export const STAFF: readonly { name: string; username: string; groups: string[] }[] = [
  { name: 'Maria Lopez', username: 'maria.moderator', groups: ['Moderators'] },
  { name: 'Kevin Nguyen', username: 'kevin.moderator', groups: ['Moderators'] },
  { name: 'Aisha Khan', username: 'aisha.moderator', groups: ['Moderators', 'Support'] },
  { name: 'Daniel Park', username: 'daniel.marketing', groups: ['Marketing'] },
  { name: 'Sofia Rossi', username: 'sofia.marketing', groups: ['Marketing'] },
  { name: 'Tom Becker', username: 'tom.support', groups: ['Support'] },
  { name: 'Grace Liu', username: 'grace.support', groups: ['Support'] },
  { name: 'Omar Haddad', username: 'omar.analyst', groups: ['Analysts'] },
  { name: 'Lena Fischer', username: 'lena.finance', groups: ['Finance'] },
  { name: 'Ravi Mehta', username: 'ravi.readonly', groups: [] },
];

/** Permissions of each demo group (the super admin needs none: it passes every check). */
export const GROUP_PERMISSIONS: Record<string, string[]> = {
  Moderators: [
    'users_list',
    'user_profile',
    'reported_users',
    'reported_posts',
    'post_details',
    'delete_post',
    'searches',
    'suspend_account',
    'followers',
    'following',
    'favourites',
    'conversation',
    'failed_urls',
  ],
  Marketing: [
    'dashboard_data',
    'campaign_analytics',
    'top_searches',
    'campaign_list',
    'campaign_details',
    'campaign_status',
    'campaign_interests',
    'campaign_interests_add',
    'campaign_interests_update',
    'get_campaign_setting',
    'campaign_charges_list',
    'send_notifications',
    'users_locations',
    'sugnupcodes_index',
    'sugnupcodes_add',
    'sugnupcodes_edit',
  ],
  Support: [
    'users_list',
    'users_list_csv',
    'user_profile',
    'create_user',
    'update_profile',
    'change_app_password',
    'manage_autofollow',
    'enable_advertise',
    'followers',
    'following',
    'view_static_pages',
    'update_static_pages',
    'api_documentation',
  ],
  Analysts: [
    'dashboard_data',
    'google_analytics',
    'google_analytics_graph',
    'top_searches',
    'users_locations',
    'failed_urls',
    'searches',
  ],
  Finance: ['transaction_history', 'campaign_list', 'campaign_details', 'campaign_charges_list'],
};

/** Direct grants on top of the groups. */
export const STAFF_USER_PERMISSIONS: Record<string, string[]> = {
  'kevin.moderator': ['admin_users_list', 'group_list'],
  'daniel.marketing': ['change_enrichment_settings', 'get_app_version'],
  'ravi.readonly': ['users_list', 'view_static_pages'],
  'omar.analyst': ['transaction_history'],
};
