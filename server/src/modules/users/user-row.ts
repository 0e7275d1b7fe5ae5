// One user row as the lists and a created user present it, with the newest device's fields.
import type { UserRow } from '@admin/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { dbTime, iso } from '../../db/sql';

/** A row of SELECT_USER, checked when read (rowsOf). */
export const UserDbRow = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  device: z.string().nullable(),
  device_app_version: z.string().nullable(),
  last_interacted: dbTime.nullable(),
  created_at: dbTime,
  followers_count: z.number(),
  followings_count: z.number(),
});
export type UserDbRow = z.infer<typeof UserDbRow>;

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
