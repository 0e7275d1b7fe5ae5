import type { ProfileBookmarkRow, ProfileFollowRow, ProfileUserDetails } from '@admin/contract';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export interface DetailsDbRow {
  id: number;
  name: string;
  gender: string | null;
  email: string | null;
  username: string;
  phone: string | null;
  dob: string | null;
  address: string | null;
  current_location: string | null;
  last_interacted: Date | string | null;
  avatar: string | null;
  is_suspended: boolean;
  is_advertise_enabled: boolean;
  auto_follow: boolean;
  latitude: number | null;
  longitude: number | null;
  device_app_version: string | null;
  device_type: string | null;
  device_os: string | null;
  deleted_at: Date | string | null;
  is_admin: boolean;
  is_sup_admin: boolean;
}

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

export interface FollowDbRow {
  id: number;
  avatar: string | null;
  name: string;
  username: string;
  email: string | null;
  phone: string | null;
  created_at: Date | string;
}

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

export interface BookmarkDbRow {
  id: number;
  image: string | null;
  search_term: string | null;
  type: string;
  title: string | null;
  description: string | null;
}

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
