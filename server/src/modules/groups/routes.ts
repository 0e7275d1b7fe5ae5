import { calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { assertMayActOnGroup, assertMayActOnUser } from '../ranks';
import * as groups from './service';

export async function groupsRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, calls.groupList, async ({ input }) => groups.listGroups(deps.listDb, input));
  route(app, calls.groupDropdown, async () => ({ data: await groups.groupOptions(deps.db) }));
  route(app, calls.groupAdd, async ({ input }) => ({
    responseCode: 201,
    responseMessage: 'Group added successfully',
    data: await groups.addGroup(deps.db, input.name),
  }));
  route(app, calls.groupEdit, async ({ input, user }) => {
    await assertMayActOnGroup(deps.db, user, input.id, 'account');
    return {
      responseMessage: 'Group updated successfully',
      data: await groups.editGroup(deps.db, input.id, input.name),
    };
  });
  route(app, calls.groupDelete, async ({ input, user }) => {
    if (input.isDelete === false) {
      throw badRequest('isDelete: must be 1 to delete the group');
    }
    await assertMayActOnGroup(deps.db, user, input.id, 'grants');
    await groups.deleteGroup(deps.db, input.id);
    return { responseMessage: 'Group deleted successfully' };
  });
  route(app, calls.assignGroups, async ({ input, user }) => {
    await assertMayActOnUser(deps.db, user, input.user_id, 'grants');
    return {
      responseMessage: 'Groups assigned successfully',
      data: await groups.assignGroups(deps.db, input.user_id, input.group_ids),
    };
  });
}
