import { z } from 'zod';
import { defineCall } from '../call';
import { Envelope, Id } from '../common';

/** One permission key and whether the group holds it (spec 01 section 3). */
export const GroupPermissionRow = z.object({
  id: z.number().int(),
  name: z.string().describe('The permission key'),
  group_permission_count: z.number().int().describe('Nonzero = granted'),
});

/** One permission key and whether the user holds it directly; from_groups says a group gives it too. */
export const UserPermissionRow = z.object({
  id: z.number().int(),
  name: z.string().describe('The permission key'),
  user_permission_count: z.number().int().describe('Nonzero = granted to the user directly'),
  from_groups: z.number().int().describe('How many of the user’s groups grant it'),
  via_groups: z.array(z.string()).describe('Names of the user’s groups that grant it'),
});

export const PermissionToggleResult = z.object({
  permission_id: z.number().int(),
  name: z.string(),
  granted: z.boolean().describe('The state after the toggle'),
});

export const permissionsCalls = {
  groupPermissions: defineCall({
    method: 'GET',
    path: 'group-permissions',
    permission: 'group_permissions',
    summary: 'Every permission with whether the group holds it',
    request: z.object({ group_id: Id.describe('The group') }),
    response: Envelope.extend({
      group: z.object({ id: z.number().int(), name: z.string() }),
      data: z.array(GroupPermissionRow),
    }),
  }),
  groupPermissionToggle: defineCall({
    method: 'POST',
    path: 'group-permissions',
    audit: { target: 'group', id: 'group_id' },
    permission: 'group_permissions_update',
    summary: "Flips one permission of a group; members' next request sees it",
    request: z.object({ group_id: Id.describe('The group'), permission_id: Id.describe('The permission') }),
    response: Envelope.extend({ data: PermissionToggleResult }),
  }),
  userPermissions: defineCall({
    method: 'GET',
    path: 'user-permissions',
    permission: 'user_permissions',
    summary: 'Every permission with whether the backend user holds it directly',
    request: z.object({ user_id: Id.describe('A backend user') }),
    response: Envelope.extend({
      user: z.object({
        id: z.number().int(),
        username: z.string(),
        name: z.string(),
        is_sup_admin: z.number().int(),
      }),
      data: z.array(UserPermissionRow),
    }),
  }),
  userPermissionToggle: defineCall({
    method: 'POST',
    path: 'user-permissions',
    audit: { target: 'user', id: 'user_id' },
    permission: 'user_permissions_update',
    summary: 'Flips one permission granted directly to a backend user; their next request sees it',
    request: z.object({
      user_id: Id.describe('A backend user'),
      permission_id: Id.describe('The permission'),
    }),
    response: Envelope.extend({ data: PermissionToggleResult }),
  }),
};
