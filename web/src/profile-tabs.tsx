import type { Permission, ProfileUserDetails } from '@admin/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A profile tab owned by another area; the profile page renders it by `order` (spec order). */
export interface ProfileTab {
  value: string;
  label: string;
  /** Spec 01 order: About 0, Direct Message 1, Followers 2, Following 3, Campaigns 4, Searches 5,
   * Bookmarks 6, Conversation 7, Ad Settings 8. */
  order: number;
  /** Tab hidden without it (any one); none = always shown (the tab handles its own access). */
  permission?: Permission;
  /** Shown on staff and super admin profiles only. */
  staffOnly?: boolean;
  /** Gets the user's id and their profile answer (name, rank). */
  component: LazyExoticComponent<ComponentType<{ userId: number; profile: ProfileUserDetails }>>;
}

/**
 * The composition point between the profile page and the areas that contribute tabs to it:
 * routes.tsx passes this list to the profile page so features never import each other.
 */
export const profileExtraTabs: readonly ProfileTab[] = [
  {
    value: 'direct-message',
    label: 'Direct Message',
    order: 1,
    component: lazy(() => import('./features/chat/direct-message-tab')),
  },
  {
    value: 'campaigns',
    label: 'Campaigns',
    order: 4,
    permission: 'campaign_list',
    component: lazy(() => import('./features/campaigns/user-campaigns-tab')),
  },
  {
    value: 'searches',
    label: 'Searches',
    order: 5,
    permission: 'searches',
    component: lazy(() => import('./features/searches/user-searches-tab')),
  },
  {
    value: 'bookmarks',
    label: 'Bookmarks',
    order: 6,
    permission: 'favourites',
    component: lazy(() => import('./features/searches/user-bookmarks-tab')),
  },
  {
    value: 'conversation',
    label: 'Conversation',
    order: 7,
    component: lazy(() => import('./features/chat/conversation-tab')),
  },
  {
    value: 'ad-settings',
    label: 'Ad Settings',
    order: 8,
    permission: 'get_campaign_setting',
    component: lazy(() => import('./features/campaigns/ad-settings-tab')),
  },
  {
    value: 'activity',
    label: 'Activity',
    order: 9,
    permission: 'audit_log',
    component: lazy(() => import('./features/audit/activity-tab')),
  },
  {
    value: 'moderation',
    label: 'Moderation',
    order: 10,
    permission: 'moderation_desk',
    component: lazy(() => import('./features/moderation/profile-moderation-tab')),
  },
  {
    value: 'security',
    label: 'Security',
    order: 11,
    permission: 'user_permissions_update',
    staffOnly: true,
    component: lazy(() => import('./features/account/staff-security-tab')),
  },
];
