import { type PermissionHolder, type ResponseOf, TEXTS } from '@admin/contract';
import type { NavigateFunction } from 'react-router';
import { calls } from '../../api/calls';
import { apiCall } from '../../api/client';
import { destinationAfterLogin } from '../../auth/can';
import { forgetDrafts } from '../../auth/drafts';
import { parseWidgets, sessionStore } from '../../auth/session';
import { paths } from '../../paths';
import type { LoginNotice } from './login-page';
import type { Message } from './message';

/**
 * After a verified one-time code: stores the session and goes to the first page the user may see
 * (the new-password page first when the password was mailed); with none, ends the session again
 * and says so on the login page. Returns the message to show when the answer carried no token.
 */
export async function completeSignIn(
  res: ResponseOf<typeof calls.verifyAuth>,
  canVisit: (user: PermissionHolder, path: string) => boolean,
  navigate: NavigateFunction,
): Promise<Message> {
  const token = res.user?.api_token;
  if (!token) {
    return { color: 'red', text: res.responseMessage ?? TEXTS.serverError };
  }
  const { api_token: _omit, ...user } = res.user;
  sessionStore.setPendingKey(null);
  sessionStore.set({ token, user, widgets: parseWidgets(res.widget) });
  // Drafts kept when a session ended go back to their own author only.
  forgetDrafts(user.id);
  if (user.must_change_password) {
    // Signed in with a mailed one-time password: a new password comes before anything else.
    navigate(paths.changePassword, { replace: true });
    return null;
  }
  if (user.must_enrol) {
    // The second-factor policy: a passkey or an authenticator app comes before anything else.
    navigate(paths.account, { replace: true });
    return null;
  }
  const dest = destinationAfterLogin(user, sessionStore.takeReturnTo(), canVisit);
  if (dest.path === null) {
    // No page to show: end the session again and say so on the login page.
    await apiCall(calls.logout, {}).catch(() => undefined);
    sessionStore.clear();
    navigate(paths.login, {
      replace: true,
      state: { notice: { color: 'red', text: dest.message } } satisfies LoginNotice,
    });
    return null;
  }
  navigate(dest.path, { replace: true });
  return null;
}
