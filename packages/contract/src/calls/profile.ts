import { z } from 'zod';
import { defineCall } from '../call';
import {
  DateOnly,
  Envelope,
  Id,
  Int,
  ListTotal,
  listParams,
  MAX_ID,
  Text,
  Timestamp,
  TotalIsLowerBound,
} from '../common';
import { RANKS } from '../ranks';

/** The last device a user signed in from; every field is null when they never used the app. */
export const ProfileLastDevice = z.object({
  device_app_version: z.string().nullable(),
  device_type: z.string().nullable().describe('android, ios, ...'),
  device_os: z.string().nullable().describe('OS version, e.g. 14.2'),
});

/** The profile of one user ("userdetails" in spec 01 section 3). */
export const ProfileUserDetails = z.object({
  id: z.number().int(),
  name: z.string(),
  gender: z.enum(['male', 'female']).nullable(),
  email: z.string().nullable(),
  username: z.string(),
  phone: z.string().nullable(),
  dob: DateOnly.nullable().describe('Date of birth, YYYY-MM-DD'),
  address: z.string().nullable(),
  current_location: z.string().nullable(),
  last_interacted: Timestamp.nullable(),
  avatar: z.string().nullable(),
  is_suspended: z.boolean(),
  is_advertise_enabled: z.boolean(),
  auto_follow: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  last_device_used: ProfileLastDevice,
  deleted_at: Timestamp.nullable().describe('Set when the account was deleted'),
  rank: z
    .enum(RANKS)
    .describe('platform user, staff (backend user) or super admin: who may change it (docs/security.md)'),
});
export type ProfileUserDetails = z.infer<typeof ProfileUserDetails>;

export const ProfileFollowRow = z.object({
  id: z.number().int(),
  avatar: z.string().nullable(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: Timestamp.describe('When the follow started'),
});
export type ProfileFollowRow = z.infer<typeof ProfileFollowRow>;

export const PROFILE_FOLLOW_ORDER = ['created_at', 'name', 'username', 'email', 'phone', 'id'] as const;

export const ProfileFollowRequest = listParams(PROFILE_FOLLOW_ORDER, {
  order_by: 'created_at',
  direction: 'desc',
}).extend({
  user_id: Id.describe('Whose followers (or followings)'),
  keyword: Text().trim().max(200).optional().describe('Searches name, username and email'),
});

export const ProfileFollowResponse = Envelope.extend({
  data: z.array(ProfileFollowRow),
  total: ListTotal,
  total_is_lower_bound: TotalIsLowerBound,
});

export const ProfileBookmarkRow = z.object({
  id: z.number().int(),
  image: z.string().nullable(),
  search_term: z.string().nullable(),
  type: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
});
export type ProfileBookmarkRow = z.infer<typeof ProfileBookmarkRow>;

export const PROFILE_BOOKMARK_ORDER = ['id', 'created_at', 'title', 'type', 'search_term'] as const;

const UserIdField = Int(1, MAX_ID, {
  type: (input) => (input === undefined ? 'user_id is required' : 'must be a whole number'),
  range: `must be an id from 1 to ${MAX_ID}`,
});

/** Texts of spec 01 section 5 for the profile fields. */
const required = (label: string) =>
  Text({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`);

export const PROFILE_FIELDS = [
  'name',
  'gender',
  'email',
  'username',
  'phone',
  'dob',
  'address',
  'current_location',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export const ProfileUpdateRequest = z
  .strictObject({
    id: Id.describe('The user to change'),
    name: required('Name').max(100, 'at most 100 characters').optional(),
    gender: z
      .enum(['male', 'female'], {
        error: (iss) =>
          iss.input === undefined || (typeof iss.input === 'string' && iss.input.trim() === '')
            ? 'Gender is required'
            : 'must be male or female',
      })
      .optional()
      .describe('male or female'),
    email: required('Email')
      .max(200, 'at most 200 characters')
      .pipe(z.email('must be a valid email address'))
      .optional(),
    username: required('Username')
      .max(100, 'at most 100 characters')
      .regex(/^[\p{L}\p{N}_.-]+$/u, 'only letters, digits, _ . and -')
      .optional(),
    phone: required('Phone')
      .max(30, 'at most 30 characters')
      .regex(/^\+?[0-9 ()-]{3,}$/, 'digits, spaces, ( ) - and a leading + only')
      .optional(),
    dob: required('Date of Birth')
      .pipe(DateOnly.refine((d) => !Number.isNaN(Date.parse(d)), 'not a real date'))
      .refine((d) => d <= new Date().toISOString().slice(0, 10), 'cannot be in the future')
      .optional(),
    address: required('Address').max(500, 'at most 500 characters').optional(),
    current_location: required('Current Location').max(200, 'at most 200 characters').optional(),
  })
  .refine((v) => PROFILE_FIELDS.filter((f) => v[f] !== undefined).length === 1, {
    message: `Send exactly one field to change, one of: ${PROFILE_FIELDS.join(', ')}`,
  });

export const ProfileChangeAppPasswordRequest = z
  .object({
    user_id: UserIdField,
    password: Text({ error: 'Password is required' })
      .min(1, 'Password is required')
      .min(12, 'at least 12 characters')
      .max(200, 'at most 200 characters'),
    password_confirmation: Text({ error: 'Password confirmation is required' }).min(
      1,
      'Password confirmation is required',
    ),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'must match the password',
  });

export const ProfileDetailsResponse = Envelope.extend({ userdetails: ProfileUserDetails });

export const profileCalls = {
  userProfile: defineCall({
    method: 'GET',
    path: 'user-profile',
    permission: 'user_profile',
    summary: 'One user: profile fields, account switches, location and last device',
    request: z.object({ id: Id.describe('User id') }),
    response: ProfileDetailsResponse,
  }),
  followers: defineCall({
    method: 'GET',
    path: 'followers',
    permission: 'followers',
    summary: 'Users who follow user_id, searched by name, username or email; default newest first',
    request: ProfileFollowRequest,
    response: ProfileFollowResponse,
  }),
  following: defineCall({
    method: 'GET',
    path: 'following',
    permission: 'following',
    summary: 'Users whom user_id follows, searched by name, username or email; default newest first',
    request: ProfileFollowRequest,
    response: ProfileFollowResponse,
  }),
  favourites: defineCall({
    method: 'GET',
    path: 'favourites',
    permission: 'favourites',
    summary: "A user's bookmarked posts; default sort id descending",
    request: listParams(PROFILE_BOOKMARK_ORDER, { order_by: 'id', direction: 'desc' }).extend({
      userId: Id.describe('Whose bookmarks'),
    }),
    response: Envelope.extend({
      data: z.array(ProfileBookmarkRow),
      total: ListTotal,
      total_is_lower_bound: TotalIsLowerBound,
    }),
  }),
  suspendAccount: defineCall({
    method: 'POST',
    path: 'suspend-account',
    audit: { target: 'user', id: 'user_id' },
    permission: 'suspend_account',
    summary: 'Suspend a user: their sessions stop working and they cannot sign in',
    request: z.object({ user_id: UserIdField }),
    response: ProfileDetailsResponse,
  }),
  revokeSuspendedAccount: defineCall({
    method: 'POST',
    path: 'revoke-suspended-account',
    audit: { target: 'user', id: 'user_id' },
    permission: 'suspend_account',
    summary: 'Lift the suspension of a user',
    request: z.object({
      user_id: UserIdField,
      revoke: z
        .union([z.literal(1), z.literal('1'), z.literal(true)])
        .optional()
        .describe('Sent as 1 by the app'),
    }),
    response: ProfileDetailsResponse,
  }),
  updateProfile: defineCall({
    method: 'PUT',
    path: 'update-profile',
    audit: { target: 'user', id: 'id' },
    permission: 'update_profile',
    summary: 'Change exactly one profile field of a user',
    request: ProfileUpdateRequest,
    response: ProfileDetailsResponse,
  }),
  changeAppPassword: defineCall({
    method: 'PATCH',
    path: 'change-app-password',
    audit: { target: 'user', id: 'user_id' },
    permission: 'change_app_password',
    summary: "Set a user's mobile-app password; their app sessions are signed out",
    request: ProfileChangeAppPasswordRequest,
    response: Envelope,
  }),
  makeUserAutofollow: defineCall({
    method: 'POST',
    path: 'make-user-autofollow',
    audit: { target: 'user', id: 'user_id' },
    permission: 'manage_autofollow',
    summary: 'Toggle automatic follow: new users follow this user automatically when on',
    request: z.object({ user_id: UserIdField }),
    response: ProfileDetailsResponse,
  }),
  enableAdvertise: defineCall({
    method: 'PATCH',
    path: 'enable-advertise/:id',
    audit: { target: 'user', id: 'id' },
    permission: 'enable_advertise',
    summary: 'Toggle whether the user may advertise (create campaigns)',
    request: z.object({ id: Id.describe('User id') }),
    response: ProfileDetailsResponse,
  }),
};
