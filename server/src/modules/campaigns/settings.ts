// Calendar settings: per-day campaign settings, global or for one customer.
import {
  CALENDAR_MAX_EVENTS_PER_DAY,
  CAMPAIGN_SETTING_GLOBAL_ONLY,
  CAMPAIGN_SETTING_TYPES,
  type calls,
  type InputOf,
} from '@admin/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { rowsOf, uncheckedRows } from '../../db/sql';
import { badRequest, conflict, notFound, userNotFound } from '../../http/errors';
import { dayAfter, dayStart } from './campaign-row';
import { presentSetting, SettingDbRow } from './presenters';

const scopeOf = (userId: number | null | undefined) =>
  userId ? sql`user_id = ${userId}` : sql`user_id IS NULL`;

export async function listSettings(db: Db, input: InputOf<typeof calls.campaignSettingsList>) {
  if (input.end_date < input.start_date) {
    throw badRequest('end_date: must not be before start_date');
  }
  const rows = rowsOf(
    SettingDbRow,
    await db.execute(sql`
      SELECT id, user_id, setting_key, setting_label, setting_value, date_from, date_to
        FROM campaign_settings
       WHERE ${scopeOf(input.user_id)}
         AND date_from >= ${dayStart(input.start_date)}::timestamptz
         AND date_from < ${dayAfter(input.end_date)}::timestamptz
       ORDER BY date_from, id`),
  );
  return rows.map(presentSetting);
}

const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);

/**
 * Adds or edits the setting of one day. A day holds each type once and at most 4 settings; the
 * per-day lock makes the limit hold under concurrent saves too.
 */
export async function saveSetting(db: Db, input: InputOf<typeof calls.campaignSettingsSave>, now: Date) {
  const day = input.date_from.slice(0, 10);
  if (Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    throw badRequest('date_from: must be a date YYYY-MM-DD HH:mm:ss');
  }
  if (input.date_to.slice(0, 10) !== day) {
    throw badRequest('date_to: must be the same day as date_from');
  }
  if (day < dayOf(now)) {
    throw badRequest('date_from: settings can only be added for today or later');
  }
  const userId = input.user_id ?? null;
  if (userId && CAMPAIGN_SETTING_GLOBAL_ONLY.includes(input.setting_key)) {
    throw badRequest(`setting_key: ${input.setting_key} cannot be set for a single user`);
  }
  const saved = await db.transaction(async (tx) => {
    if (userId) {
      const u = uncheckedRows(
        await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} AND deleted_at IS NULL`),
      );
      if (u.length === 0) {
        throw userNotFound();
      }
    }
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`campaign-settings:${userId ?? 0}:${day}`}))`,
    );
    if (input.id) {
      const own = uncheckedRows(
        await tx.execute(sql`SELECT 1 FROM campaign_settings WHERE id = ${input.id} AND ${scopeOf(userId)}`),
      );
      if (own.length === 0) {
        throw notFound('Campaign setting not found');
      }
    }
    const sameDay = rowsOf(
      z.object({ id: z.number(), setting_key: z.string() }),
      await tx.execute(sql`
        SELECT id, setting_key FROM campaign_settings
         WHERE ${scopeOf(userId)} AND date_from >= ${dayStart(day)}::timestamptz
           AND date_from < ${dayAfter(day)}::timestamptz AND id <> ${input.id ?? 0}`),
    );
    if (!input.id && sameDay.length >= CALENDAR_MAX_EVENTS_PER_DAY) {
      throw conflict(`A day holds at most ${CALENDAR_MAX_EVENTS_PER_DAY} settings`);
    }
    if (sameDay.some((s) => s.setting_key === input.setting_key)) {
      throw conflict(`setting_key: ${CAMPAIGN_SETTING_TYPES[input.setting_key]} is already set for ${day}`);
    }
    const label = CAMPAIGN_SETTING_TYPES[input.setting_key];
    const from = dayStart(day);
    const to = `${day}T23:59:59Z`;
    const rows = input.id
      ? await tx.execute(sql`
          UPDATE campaign_settings SET setting_key = ${input.setting_key}, setting_label = ${label},
                 setting_value = ${input.setting_value}, date_from = ${from}::timestamptz,
                 date_to = ${to}::timestamptz
           WHERE id = ${input.id}
           RETURNING id, user_id, setting_key, setting_label, setting_value, date_from, date_to`)
      : await tx.execute(sql`
          INSERT INTO campaign_settings (user_id, setting_key, setting_label, setting_value, date_from, date_to)
          VALUES (${userId}, ${input.setting_key}, ${label}, ${input.setting_value},
                  ${from}::timestamptz, ${to}::timestamptz)
          RETURNING id, user_id, setting_key, setting_label, setting_value, date_from, date_to`);
    return rowsOf(SettingDbRow, rows)[0];
  });
  return presentSetting(saved);
}

export async function deleteSetting(db: Db, id: number) {
  const rows = uncheckedRows(
    await db.execute(sql`DELETE FROM campaign_settings WHERE id = ${id} RETURNING id`),
  );
  if (rows.length === 0) {
    throw notFound('Campaign setting not found');
  }
}
