import { calls } from '@admin/contract';
import type { Page } from 'playwright-core';
import { CMS_PAGES, paths } from '../web/src/paths';
import { adminApiToken, api } from './harness';

/** A signed-in route of the app, for the axe scan and the screenshots of every route. */
export interface RouteUnderTest {
  /** File-name friendly name (screenshots). */
  name: string;
  path: string;
  /** Something on the page once it has drawn (text or a role). */
  ready?: (page: Page) => Promise<unknown>;
  /** The route draws the same screen as this one with other content (the axe scan takes one of them). */
  sameScreenAs?: string;
}

/** Every signed-in route of the app with real ids from the demo data (as the super admin). */
export async function everyRoute(): Promise<RouteUnderTest[]> {
  const token = await adminApiToken();
  const users = await api(token, calls.usersList, { page_limit: 1 });
  const staff = await api(token, calls.adminUsersList, { page_limit: 1 });
  const posts = await api(token, calls.reportedPosts, { page_limit: 1 });
  const campaigns = await api(token, calls.campaignsList, { page_limit: 1 });
  const userId = users.users[0]?.id;
  const routes: RouteUnderTest[] = [
    { name: 'dashboard', path: paths.dashboard },
    { name: 'dashboard-widgets', path: paths.dashboardWidgets('POST') },
    { name: 'change-password', path: paths.changePassword },
    { name: 'users', path: paths.users },
    { name: 'deleted-users', path: paths.deletedUsers },
    { name: 'reported-users', path: paths.reportedUsers },
    { name: 'backend-users', path: paths.backendUsers },
    { name: 'user-profile', path: paths.userProfile(userId) },
    { name: 'users-groups', path: paths.usersGroups },
    { name: 'group-permissions', path: paths.groupPermissions },
    { name: 'user-permissions', path: paths.userPermissions(staff.users[0]?.id) },
    { name: 'reported-posts', path: paths.reportedPosts },
    { name: 'searches', path: paths.searches },
    { name: 'users-map', path: paths.usersMap },
    { name: 'api-docs', path: paths.apiDocs },
    { name: 'mobile-api-docs', path: paths.mobileApiDocs, sameScreenAs: 'api-docs' },
    { name: 'search-api-docs', path: paths.searchApiDocs, sameScreenAs: 'api-docs' },
    ...CMS_PAGES.map((p, i) => ({
      name: `cms-${p.key}`,
      path: `/${p.key}`,
      sameScreenAs: i === 0 ? undefined : `cms-${CMS_PAGES[0].key}`,
    })),
    { name: 'campaign-settings', path: paths.campaignSettings },
    { name: 'campaign-list', path: paths.campaignList },
    { name: 'deleted-campaigns', path: paths.deletedCampaigns },
    { name: 'campaign-list1', path: paths.campaignList1 },
    { name: 'campaign-charges', path: paths.campaignCharges },
    { name: 'transactions', path: paths.transactions },
    { name: 'signup-codes', path: paths.signupCodes },
    { name: 'interests', path: paths.interests },
    { name: 'settings', path: paths.settings },
    { name: 'notifications', path: paths.notifications },
    { name: 'failed-urls', path: paths.failedUrls },
    { name: 'frequently-used-urls', path: paths.frequentlyUsedUrls },
    { name: 'audit-log', path: paths.auditLog },
    { name: 'access-requests', path: paths.accessRequests },
    { name: 'not-found', path: '/no-such-page' },
  ];
  const postId = posts.posts[0]?.reported_post_id;
  if (postId) {
    routes.push({ name: 'post-details', path: paths.postDetails(postId) });
  }
  const campaignId = campaigns.data[0]?.id;
  if (campaignId) {
    routes.push({ name: 'campaign-details', path: paths.campaignDetails(campaignId) });
  }
  return routes;
}

/** Waits until the page's lazy code and first data have arrived (no loader, network quiet). */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(
      () => !document.querySelector('[aria-label="Loading"], .mantine-Loader-root'),
      undefined,
      {
        timeout: 15_000,
      },
    )
    .catch(() => undefined);
}
