import {
  type calls,
  type InputOf,
  NOTIFICATION_STATUSES,
  type NotificationRow,
  OCCUPANTS,
} from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { dbTime, IdRow, iso, likePattern, orderBy, pagedList, rowsOf } from '../../db/sql';

const JobDbRow = z.object({
  id: z.number(),
  occupants: z.enum(OCCUPANTS),
  message: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  total: z.number(),
  delivered: z.number(),
  failed: z.number(),
  created_by: z.string().nullable(),
  created_at: dbTime,
  started_at: dbTime.nullable(),
  finished_at: dbTime.nullable(),
});
type JobDbRow = z.infer<typeof JobDbRow>;

function presentNotification(r: JobDbRow): NotificationRow {
  return {
    id: r.id,
    occupants: r.occupants,
    message: r.message,
    status: r.status,
    total: Number(r.total),
    delivered: Number(r.delivered),
    failed: Number(r.failed),
    created_by: r.created_by,
    created_at: iso(r.created_at),
    started_at: iso(r.started_at),
    finished_at: iso(r.finished_at),
  };
}

const SELECT_JOB = sql`n.id, n.occupants, n.message, n.status, n.total, n.delivered, n.failed,
  u.name AS created_by, n.created_at, n.started_at, n.finished_at`;

/** Stores the job; the worker delivers it. Answers at once. */
export async function queueNotification(
  db: Db,
  userId: number,
  input: InputOf<typeof calls.sendNotifications>,
) {
  const [row] = rowsOf(
    IdRow,
    await db.execute(sql`
      INSERT INTO notifications (occupants, message, created_by_id)
      VALUES (${input.occupants}, ${input.message}, ${userId}) RETURNING id`),
  );
  return {
    responseCode: 201,
    responseMessage: 'Notification queued; it is being sent to the selected users',
    data: await getNotification(db, row.id),
  };
}

async function getNotification(db: Db, id: number): Promise<NotificationRow> {
  const rows = rowsOf(
    JobDbRow,
    await db.execute(sql`
      SELECT ${SELECT_JOB} FROM notifications n LEFT JOIN users u ON u.id = n.created_by_id WHERE n.id = ${id}`),
  );
  return presentNotification(rows[0]);
}

/** Devices a job for `occupants` would reach now: the worker's own count when it starts. */
export async function countNotificationDevices(db: Db, input: InputOf<typeof calls.notificationDevices>) {
  const platform = input.occupants === 'ALL' ? sql`` : sql`AND device_type = ${input.occupants}`;
  const [row] = rowsOf(
    z.object({ n: z.number() }),
    await db.execute(sql`SELECT count(*)::int AS n FROM devices WHERE push_token IS NOT NULL ${platform}`),
  );
  return { responseCode: 200, responseMessage: '', count: Number(row?.n ?? 0) };
}

const ORDER: Record<string, SQL> = { created_at: sql`n.created_at`, id: sql`n.id` };

export async function listNotifications(db: Db, input: InputOf<typeof calls.notificationsList>) {
  const { rows, ...total } = await pagedList(db, {
    select: SELECT_JOB,
    from: sql`notifications n LEFT JOIN users u ON u.id = n.created_by_id`,
    filters: [input.query && sql`n.message ILIKE ${likePattern(input.query)}`],
    order: orderBy(ORDER[input.order_by], sql`n.id`, input.direction),
    input,
    counter: 'notifications',
    countFrom: sql`notifications n`,
    row: JobDbRow,
  });
  return { data: rows.map(presentNotification), ...total };
}
