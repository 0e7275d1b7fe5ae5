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
  return children;
}
