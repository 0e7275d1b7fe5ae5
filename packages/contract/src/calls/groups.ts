import { z } from 'zod';
import { defineCall } from '../call';
import {
  Envelope,
  Id,
  ListTotal,
  listParams,
  QueryBool,
  Text,
  Timestamp,
  TotalIsLowerBound,
} from '../common';

/** A group (role) of backend users (spec 01 section 3). */
export const GroupRow = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
  users_count: z.number().int().describe('Backend users in the group'),
});
export type GroupRow = z.infer<typeof GroupRow>;

export const GROUP_LIST_ORDER = ['id', 'name', 'created_at', 'updated_at'] as const;

export const GroupListRequest = listParams(GROUP_LIST_ORDER, { order_by: 'id', direction: 'desc' }).extend({
  list: QueryBool.optional().describe('1 answers every group, unpaged'),
});

/** A flag sent as JSON (true/false, 1/0) or as query text ('1'/'0'/'true'/'false'). */
const GroupFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

const GroupName = Text({ error: 'Group name is required' })
  .trim()
  .min(1, 'Group name is required')
  .pipe(Text().max(100, 'at most 100 characters'));

export const GroupAddRequest = z.object({ name: GroupName });
export const GroupEditRequest = z.object({ id: Id.describe('The group'), name: GroupName });
export const GroupDeleteRequest = z.object({
  id: Id.describe('The group'),
  isDelete: GroupFlag.optional().describe('Confirms the deletion; 0 or false refuses'),
});

export const GroupOption = z.object({ id: z.number().int(), name: z.string() });

export const AssignGroupsRequest = z.object({
  user_id: Id.describe('A backend user'),
  group_ids: z
    .array(Id, {
      error: 'must be a list of group ids',
    })
    .max(500)
    .describe('The complete set of groups the user will belong to (integers); [] removes all'),
});

export const groupsCalls = {
  groupList: defineCall({
    method: 'GET',
    path: 'group',
    permission: 'group_list',
    summary: 'Groups, paged (default id descending), or all of them with list=1',
    request: GroupListRequest,
    response: Envelope.extend({
      groups: z.array(GroupRow),
      total: ListTotal,
      total_is_lower_bound: TotalIsLowerBound,
    }),
  }),
  groupAdd: defineCall({
    method: 'POST',
    path: 'group',
    audit: { target: 'group', id: 'id' },
    permission: 'add_group',
    summary: 'Adds a group',
    request: GroupAddRequest,
    response: Envelope.extend({ data: GroupRow }),
  }),
  groupEdit: defineCall({
    method: 'PUT',
    path: 'group',
    audit: { target: 'group', id: 'id' },
    permission: 'edit_group',
    summary: 'Renames a group',
    request: GroupEditRequest,
    response: Envelope.extend({ data: GroupRow }),
  }),
  groupDelete: defineCall({
    method: 'DELETE',
    path: 'group',
    audit: { target: 'group', id: 'id' },
    permission: 'delete_group',
    summary: 'Deletes a group; its members lose the permissions it gave at once',
    request: GroupDeleteRequest,
    response: Envelope,
  }),
  groupDropdown: defineCall({
    method: 'GET',
    path: 'group-dropdown',
    permission: ['group_list', 'group_permissions', 'assign-groups', 'admin_users_list'],
    summary: 'Every group as id and name, for pickers',
    request: z.object({}),
    response: Envelope.extend({ data: z.array(GroupOption) }),
  }),
  assignGroups: defineCall({
    method: 'POST',
    path: 'assign-groups',
    audit: { target: 'user', id: 'user_id' },
    permission: 'assign-groups',
    summary: "Sets a backend user's groups to exactly group_ids",
    request: AssignGroupsRequest,
    response: Envelope.extend({ data: z.array(GroupOption) }),
  }),
};
