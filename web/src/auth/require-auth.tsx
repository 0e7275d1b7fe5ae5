import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../paths';
import { sessionStore, useSession } from './session';

/** Guard of every signed-in route: no session -> /login, remembering where the visitor was going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const target = location.pathname + location.search;
    if (target !== paths.dashboard && target !== paths.logout) {
      sessionStore.setReturnTo(target);
    }
    return <Navigate to={paths.login} replace />;
  }
  // After a mailed one-time password, choosing a new one comes before every other page.
  if (
    session.user.must_change_password &&
    location.pathname !== paths.changePassword &&
    location.pathname !== paths.logout
  ) {
    return <Navigate to={paths.changePassword} replace />;
  }
  // The second-factor policy: enrolling a passkey or an authenticator app comes next.
  if (
    session.user.must_enrol &&
    !session.user.must_change_password &&
    location.pathname !== paths.account &&
    location.pathname !== paths.logout
  ) {
    return <Navigate to={paths.account} replace />;
  }
  return children;
}
