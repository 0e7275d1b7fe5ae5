// One user row as the lists and a created user present it, with the newest device's fields.
import type { UserRow } from '@admin/contract';
import { sql } from 'drizzle-orm';
import { iso } from '../../db/sql';

export interface UserDbRow {
  id: number;
  name: string;
  username: string;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  device: string | null;
  device_app_version: string | null;
  last_interacted: Date | string | null;
  created_at: Date | string;
  followers_count: number;
  followings_count: number;
}

export function presentUser(r: UserDbRow): UserRow {
  return {
    id: r.id,
    name: r.name,
    username: r.username,
    email: r.email,
    phone: r.phone,
    avatar: r.avatar,
    device: r.device,
    device_app_version: r.device_app_version,
    last_interacted: iso(r.last_interacted),
    created_at: iso(r.created_at),
    followers_count: Number(r.followers_count),
    followings_count: Number(r.followings_count),
  };
}

export const SELECT_USER = sql`u.id, u.name, u.username, u.email, u.phone, u.avatar,
  d.device_os AS device, d.app_version AS device_app_version, u.last_interacted, u.created_at,
  u.followers_count, u.followings_count`;

export const LAST_DEVICE = sql`LEFT JOIN LATERAL (
  SELECT device_os, app_version FROM devices WHERE user_id = u.id ORDER BY last_used_at DESC LIMIT 1
) d ON true`;

export const NEWEST_DEVICES = sql`LEFT JOIN (
  SELECT DISTINCT ON (user_id) user_id, device_os, app_version FROM devices
   ORDER BY user_id, last_used_at DESC
) d ON d.user_id = u.id`;
