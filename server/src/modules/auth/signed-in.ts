import type { LoggedInUser } from '@admin/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { rowsOf } from '../../db/sql';
import { loadPermissions } from './sessions';

/** The user's saved dashboard widgets as the sign-in answers carry them (a JSON string). */
export async function widgetsOf(db: Db, userId: number): Promise<string> {
  const rows = rowsOf(
    z.object({ type: z.string(), widget_json: z.unknown() }),
    await db.execute(widgetsQuery(userId)),
  );
  const widget: Record<string, unknown> = { POST: [], ADS: [] };
  for (const row of rows) {
    widget[row.type] = row.widget_json;
  }
  return JSON.stringify(widget);
}

export function widgetsQuery(userId: number) {
  return sql`SELECT type, widget_json FROM dashboard_widgets WHERE user_id = ${userId}`;
}

export async function presentLoggedIn(db: Db, userId: number): Promise<LoggedInUser> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    email: u.email,
    avatar: u.avatar,
    is_sup_admin: u.isSupAdmin ? 1 : 0,
    ...(await loadPermissions(db, userId)),
  };
}
