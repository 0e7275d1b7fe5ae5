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
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { DASHBOARD_PERMISSIONS } from '../dashboard-permissions';
import { CMS_PAGES, paths } from '../paths';

export interface NavLeaf {
  label: string;
  to: string;
  /** Shown with any one of these (a super admin sees all). */
  permission: readonly string[];
}
export interface NavEntry {
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  to?: string;
  permission?: readonly string[];
  children?: NavLeaf[];
}

/** The sidebar of spec 01 section 2 Shell, in its order, each entry with its page's permission. */
export const NAV: NavEntry[] = [
  { label: 'Dashboard', icon: IconLayoutDashboard, to: paths.dashboard, permission: DASHBOARD_PERMISSIONS },
  { label: 'Signup Codes', icon: IconTicket, to: paths.signupCodes, permission: ['sugnupcodes_index'] },
  {
    label: 'Campaign',
    icon: IconSpeakerphone,
    children: [
      { label: 'Campaign List', to: paths.campaignList, permission: ['campaign_list'] },
      { label: 'Deleted Campaigns', to: paths.deletedCampaigns, permission: ['campaign_list'] },
      { label: 'Campaign Settings', to: paths.campaignSettings, permission: ['get_campaign_setting'] },
      { label: 'Campaign Charges', to: paths.campaignCharges, permission: ['campaign_charges_list'] },
      { label: 'Interest', to: paths.interests, permission: ['campaign_interests'] },
      { label: 'Transactions', to: paths.transactions, permission: ['transaction_history'] },
    ],
  },
  {
    label: 'Users',
    icon: IconUsers,
    children: [
      { label: 'Users Groups', to: paths.usersGroups, permission: ['group_list'] },
      { label: 'Geographic Data', to: paths.usersMap, permission: ['users_locations'] },
      { label: 'Users', to: paths.users, permission: ['users_list'] },
      { label: 'Deleted Users', to: paths.deletedUsers, permission: ['users_list'] },
      { label: 'Reported users', to: paths.reportedUsers, permission: ['reported_users'] },
      { label: 'Backend Users', to: paths.backendUsers, permission: ['admin_users_list'] },
    ],
  },
  {
    label: 'Posts',
    icon: IconPhoto,
    children: [
      { label: 'Reported Posts', to: paths.reportedPosts, permission: ['reported_posts'] },
      { label: 'Searches', to: paths.searches, permission: ['searches'] },
      { label: 'Failed Urls', to: paths.failedUrls, permission: ['failed_urls'] },
      { label: 'Frequently used Urls', to: paths.frequentlyUsedUrls, permission: ['failed_urls'] },
    ],
  },
  { label: 'Notifications', icon: IconBell, to: paths.notifications, permission: ['send_notifications'] },
  { label: 'Permissions', icon: IconKey, to: paths.groupPermissions, permission: ['group_permissions'] },
  { label: 'Audit Log', icon: IconHistory, to: paths.auditLog, permission: ['audit_log'] },
  {
    label: 'APIs',
    icon: IconApi,
    children: [
      { label: 'API Documentation', to: paths.apiDocs, permission: ['api_documentation'] },
      { label: 'Mobile API Documentation', to: paths.mobileApiDocs, permission: ['api_documentation'] },
      { label: 'Search API Documentation', to: paths.searchApiDocs, permission: ['api_documentation'] },
    ],
  },
  {
    label: 'CMS Pages',
    icon: IconFileText,
    children: CMS_PAGES.map((p) => ({
      label: p.label,
      to: paths.cmsPage(p.key),
      permission: ['view_static_pages'],
    })),
  },
  {
    label: 'Settings',
    icon: IconSettings,
    to: paths.settings,
    permission: ['change_enrichment_settings', 'get_app_version'],
  },
];
