import { z } from 'zod';
import { defineCall } from '../call';
import { Envelope, ListTotal, listParams, Text, Timestamp, TotalIsLowerBound } from '../common';

export const UserRow = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  device: z.string().nullable().describe('OS version of the last device used'),
  device_app_version: z.string().nullable(),
  last_interacted: Timestamp.nullable(),
  created_at: Timestamp,
  followers_count: z.number().int(),
  followings_count: z.number().int(),
});
export type UserRow = z.infer<typeof UserRow>;

export const USER_LIST_ORDER = ['name', 'username', 'email', 'created_at', 'last_interacted', 'id'] as const;

export const UsersListRequest = listParams(USER_LIST_ORDER, { order_by: 'name', direction: 'asc' }).extend({
  format: z
    .enum(['json', 'csv'])
    .default('json')
    .describe('csv streams the whole filtered list in id order (needs users_list_csv)'),
});

export const UsersListResponse = Envelope.extend({
  users: z.array(UserRow),
  total_users: ListTotal,
  total_is_lower_bound: TotalIsLowerBound,
});

/** The columns of the users CSV, in order; the first line of the file. */
export const USERS_CSV_COLUMNS = [
  'id',
  'name',
  'username',
  'email',
  'phone',
  'device',
  'device_app_version',
  'last_interacted',
  'created_at',
] as const;

export const DeletedUsersRequest = listParams(USER_LIST_ORDER, { order_by: 'name', direction: 'asc' });

/** One report against a user (spec 01 section 3). */
export const ReportedUserRow = z.object({
  id: z.number().int().describe('The report'),
  reported_user_id: z.number().int(),
  reportedUser: z.string().describe('Name of the reported user'),
  reportedUserImage: z.string().nullable(),
  reportedUserEmail: z.string().nullable(),
  reportedUserPhone: z.string().nullable(),
  reportedBy: z.string().describe('Name of the user who reported'),
  reported_by_id: z.number().int(),
  reason: z.string().nullable(),
  created_at: Timestamp,
});
export type ReportedUserRow = z.infer<typeof ReportedUserRow>;

export const REPORTED_USERS_ORDER = ['name', 'email', 'reported_by', 'created_at'] as const;

export const ReportedUsersRequest = listParams(REPORTED_USERS_ORDER, { order_by: 'name', direction: 'asc' });

export const AdminUserRow = UserRow.extend({
  is_sup_admin: z.number().int().describe('1 = super admin'),
  auth_user_group: z
    .array(z.object({ auth_group: z.object({ id: z.number().int(), name: z.string() }) }))
    .describe('The groups (roles) the staff member belongs to'),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

export const AdminUsersListRequest = listParams(USER_LIST_ORDER, { order_by: 'name', direction: 'asc' });

/** A flag sent as JSON (true/false, 1/0) or as query text ('1'/'0'/'true'/'false'). */
const UserFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

const required = (message: string) => Text({ error: message }).trim().min(1, message);

export const CreateUserRequest = z.object({
  name: required('Name is required').pipe(Text().max(100, 'at most 100 characters')),
  username: required('Username is required').pipe(
    Text()
      .max(50, 'at most 50 characters')
      .regex(/^[A-Za-z0-9_.-]+$/, 'only letters, digits, dot, dash and underscore'),
  ),
  email: required('Email is required').pipe(z.email('must be a valid email address').max(200)),
  password: Text({ error: 'Password is required' })
    .refine((s) => s.trim().length > 0, 'Password is required')
    .pipe(Text().min(12, 'at least 12 characters').max(200, 'at most 200 characters')),
  phone: Text()
    .trim()
    .max(30, 'at most 30 characters')
    .regex(/^[+0-9 ()-]*$/, 'only digits, spaces, +, -, ( and )')
    .optional()
    .nullable()
    .describe('Optional'),
  is_admin: UserFlag.optional().default(false).describe('true creates a backend (staff) user'),
});

/** Most users the command palette's lookup answers. */
export const USER_LOOKUP_LIMIT = 8;

/** One user the command palette found by name, username or email. */
export const UserLookupRow = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type UserLookupRow = z.infer<typeof UserLookupRow>;

export const usersCalls = {
  userLookup: defineCall({
    method: 'GET',
    path: 'user-lookup',
    permission: 'users_list',
    summary: `Up to ${USER_LOOKUP_LIMIT} platform users whose name, username or email contains the query (command palette)`,
    request: z.object({
      query: Text({ error: 'query is required' })
        .trim()
        .min(3, 'query needs at least 3 characters')
        .max(100, 'query is at most 100 characters'),
    }),
    response: Envelope.extend({ data: z.array(UserLookupRow) }),
  }),
  usersList: defineCall({
    method: 'GET',
    path: 'users-list',
    permission: 'users_list',
    summary: 'Active platform users, searched by name or username, sorted and paged; format=csv streams all',
    request: UsersListRequest,
    response: UsersListResponse,
    produces: ['application/json', 'text/csv'],
  }),
  deletedUsers: defineCall({
    method: 'GET',
    path: 'deleted-users',
    permission: 'users_list',
    summary: 'Deleted platform users with their follower counts, searched, sorted and paged',
    request: DeletedUsersRequest,
    response: UsersListResponse,
  }),
  reportedUsers: defineCall({
    method: 'GET',
    path: 'reported-users',
    permission: 'reported_users',
    summary: 'Reports against users: who was reported, by whom and when',
    request: ReportedUsersRequest,
    response: Envelope.extend({
      users: z.array(ReportedUserRow),
      total_users: ListTotal,
      total_is_lower_bound: TotalIsLowerBound,
    }),
  }),
  adminUsersList: defineCall({
    method: 'GET',
    path: 'admin-users-list',
    permission: 'admin_users_list',
    summary: 'Backend (staff) users with their groups',
    request: AdminUsersListRequest,
    response: Envelope.extend({
      users: z.array(AdminUserRow),
      total_users: ListTotal,
      total_is_lower_bound: TotalIsLowerBound,
    }),
  }),
  createUser: defineCall({
    method: 'POST',
    path: 'create-user',
    audit: { target: 'user', id: null },
    permission: 'create_user',
    summary: 'Creates a platform user, or a backend user when is_admin is true',
    request: CreateUserRequest,
    response: Envelope.extend({ data: UserRow }),
  }),
};
