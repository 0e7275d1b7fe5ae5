import type { CallDef } from './call';
import { accessRequestCalls } from './calls/access-requests';
import { auditCalls } from './calls/audit';
import { authCalls } from './calls/auth';
import { campaignsCalls } from './calls/campaigns';
import { chatCalls } from './calls/chat';
import { cmsCalls } from './calls/cms';
import { dashboardCalls } from './calls/dashboard';
import { docsCalls } from './calls/docs';
import { groupsCalls } from './calls/groups';
import { interestsCalls } from './calls/interests';
import { mapCalls } from './calls/map';
import { moderationCalls } from './calls/moderation';
import { notificationsCalls } from './calls/notifications';
import { permissionsCalls } from './calls/permissions';
import { postsCalls } from './calls/posts';
import { profileCalls } from './calls/profile';
import { searchesCalls } from './calls/searches';
import { securityCalls } from './calls/security';
import { settingsCalls } from './calls/settings';
import { signupCodesCalls } from './calls/signup-codes';
import { transactionsCalls } from './calls/transactions';
import { urlsCalls } from './calls/urls';
import { usersCalls } from './calls/users';

export * from './call';
export * from './calls/access-requests';
export * from './calls/audit';
export * from './calls/auth';
export * from './calls/campaign-settings';
export * from './calls/campaigns';
export * from './calls/chat';
export * from './calls/cms';
export * from './calls/dashboard';
export * from './calls/docs';
export * from './calls/groups';
export * from './calls/interests';
export * from './calls/map';
export * from './calls/moderation';
export * from './calls/notifications';
export * from './calls/permissions';
export * from './calls/posts';
export * from './calls/profile';
export * from './calls/searches';
export * from './calls/security';
export * from './calls/settings';
export * from './calls/signup-codes';
export * from './calls/transactions';
export * from './calls/urls';
export * from './calls/users';
export * from './common';
export * from './constants';
export * from './permissions';
export * from './ranks';
export * from './realtime';

/** Every call of the API, by name. The server registers, guards and documents exactly these. */
export const calls = {
  ...accessRequestCalls,
  ...auditCalls,
  ...authCalls,
  ...campaignsCalls,
  ...chatCalls,
  ...cmsCalls,
  ...dashboardCalls,
  ...docsCalls,
  ...groupsCalls,
  ...interestsCalls,
  ...mapCalls,
  ...moderationCalls,
  ...notificationsCalls,
  ...permissionsCalls,
  ...postsCalls,
  ...profileCalls,
  ...searchesCalls,
  ...securityCalls,
  ...settingsCalls,
  ...signupCodesCalls,
  ...transactionsCalls,
  ...urlsCalls,
  ...usersCalls,
} satisfies Record<string, CallDef>;

export type CallName = keyof typeof calls;
