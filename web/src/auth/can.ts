import { hasPermission, type Permission, type PermissionHolder, postLoginPath, TEXTS } from '@admin/contract';
import { useSession } from './session';

/** True when the signed-in user holds any one of `keys` (a super admin holds all). */
export function useCan(...keys: Permission[]): boolean {
  const session = useSession();
  return hasPermission(session?.user, ...keys);
}

/**
 * Where to go after the one-time code (spec 01 sections 4 and 6): super admin '/', else the first
 * page of the fixed order they hold. `null` with the message when there is none.
 */
export function destinationAfterLogin(
  user: PermissionHolder,
  returnTo: string | null,
  canVisit: (user: PermissionHolder, path: string) => boolean,
): { path: string } | { path: null; message: string } {
  const first = postLoginPath(user);
  if (!first) {
    return { path: null, message: TEXTS.noPermissionAnyPage };
  }
  if (returnTo && returnTo !== '/' && !returnTo.startsWith('/login') && canVisit(user, returnTo)) {
    return { path: returnTo };
  }
  return { path: first };
}
