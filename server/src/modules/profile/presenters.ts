import type { ProfileBookmarkRow, ProfileFollowRow, ProfileUserDetails } from '@admin/contract';
import { z } from 'zod';
import { dbTime } from '../../db/sql';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export const DetailsDbRow = z.object({
  id: z.number(),
  name: z.string(),
  gender: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string(),
  phone: z.string().nullable(),
  dob: z.string().nullable(),
  address: z.string().nullable(),
  current_location: z.string().nullable(),
  last_interacted: dbTime.nullable(),
  avatar: z.string().nullable(),
  is_suspended: z.boolean(),
  is_advertise_enabled: z.boolean(),
  auto_follow: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  device_app_version: z.string().nullable(),
  device_type: z.string().nullable(),
  device_os: z.string().nullable(),
  deleted_at: dbTime.nullable(),
  is_admin: z.boolean(),
  is_sup_admin: z.boolean(),
});
type DetailsDbRow = z.infer<typeof DetailsDbRow>;

/** A users row (with its last device) as the spec's userdetails; no secret column is read. */
export function presentDetails(r: DetailsDbRow): ProfileUserDetails {
  return {
    id: r.id,
    name: r.name,
    gender: r.gender === 'male' || r.gender === 'female' ? r.gender : null,
    email: r.email,
    username: r.username,
    phone: r.phone,
    dob: r.dob,
    address: r.address,
    current_location: r.current_location,
    last_interacted: iso(r.last_interacted),
    avatar: r.avatar,
    is_suspended: r.is_suspended,
    is_advertise_enabled: r.is_advertise_enabled,
    auto_follow: r.auto_follow,
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
    last_device_used: {
      device_app_version: r.device_app_version,
      device_type: r.device_type,
      device_os: r.device_os,
    },
    deleted_at: iso(r.deleted_at),
    rank: r.is_sup_admin ? 'super_admin' : r.is_admin ? 'staff' : 'platform',
  };
}

export const FollowDbRow = z.object({
  id: z.number(),
  avatar: z.string().nullable(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: dbTime,
});
export type FollowDbRow = z.infer<typeof FollowDbRow>;

export function presentFollow(r: FollowDbRow): ProfileFollowRow {
  return {
    id: r.id,
    avatar: r.avatar,
    name: r.name,
    username: r.username,
    email: r.email,
    phone: r.phone,
    created_at: iso(r.created_at) as string,
  };
}

export const BookmarkDbRow = z.object({
  id: z.number(),
  image: z.string().nullable(),
  search_term: z.string().nullable(),
  type: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
});
type BookmarkDbRow = z.infer<typeof BookmarkDbRow>;

export function presentBookmark(r: BookmarkDbRow): ProfileBookmarkRow {
  return {
    id: r.id,
    image: r.image,
    search_term: r.search_term,
    type: r.type,
    title: r.title,
    description: r.description,
  };
}
