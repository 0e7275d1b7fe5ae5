import { calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { assertMayActOnGroup, assertMayActOnUser, assertMayGrant } from '../ranks';
import * as perms from './service';

const toggled = (r: { granted: boolean; name: string }) =>
  r.granted ? `Permission ${r.name} granted` : `Permission ${r.name} removed`;

export async function permissionsRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, calls.groupPermissions, async ({ input }) => perms.groupPermissions(deps.db, input.group_id));
  route(app, calls.groupPermissionToggle, async ({ input, user }) => {
    await assertMayActOnGroup(deps.db, user, input.group_id, 'grants');
    await assertMayGrant(deps.db, user, input.permission_id);
    const data = await perms.toggleGroupPermission(deps.db, input.group_id, input.permission_id);
    return { responseMessage: toggled(data), data };
  });
  route(app, calls.userPermissions, async ({ input }) => perms.userPermissions(deps.db, input.user_id));
  route(app, calls.userPermissionToggle, async ({ input, user }) => {
    await assertMayActOnUser(deps.db, user, input.user_id, 'grants');
    await assertMayGrant(deps.db, user, input.permission_id);
    const data = await perms.toggleUserPermission(deps.db, input.user_id, input.permission_id);
    return { responseMessage: toggled(data), data };
  });
}
