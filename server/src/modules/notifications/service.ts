import type { calls, InputOf, NotificationRow } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { iso, likePattern, orderBy, pagedList, rowsOf } from '../../db/sql';

interface JobDbRow {
  id: number;
  occupants: NotificationRow['occupants'];
  message: string;
  status: NotificationRow['status'];
  total: number;
  delivered: number;
  failed: number;
  created_by: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

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
  const [row] = rowsOf<{ id: number }>(
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
  const rows = rowsOf<JobDbRow>(
    await db.execute(sql`
      SELECT ${SELECT_JOB} FROM notifications n LEFT JOIN users u ON u.id = n.created_by_id WHERE n.id = ${id}`),
  );
  return presentNotification(rows[0]);
}

const ORDER: Record<string, SQL> = { created_at: sql`n.created_at`, id: sql`n.id` };

export async function listNotifications(db: Db, input: InputOf<typeof calls.notificationsList>) {
  const { rows, ...total } = await pagedList<JobDbRow>(db, {
    select: SELECT_JOB,
    from: sql`notifications n LEFT JOIN users u ON u.id = n.created_by_id`,
    filters: [input.query && sql`n.message ILIKE ${likePattern(input.query)}`],
    order: orderBy(ORDER[input.order_by], sql`n.id`, input.direction),
    input,
    counter: 'notifications',
    countFrom: sql`notifications n`,
  });
  return { data: rows.map(presentNotification), ...total };
}
