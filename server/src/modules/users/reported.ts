import type { calls, InputOf, ReportedUserRow } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { dbTime, iso, orderBy, pagedList, searchMatch } from '../../db/sql';

type ReportedUsersInput = InputOf<typeof calls.reportedUsers>;

const REPORT_ORDER: Record<ReportedUsersInput['order_by'], SQL> = {
  name: sql`ru.name`,
  email: sql`ru.email`,
  reported_by: sql`rb.name`,
  created_at: sql`r.created_at`,
};

const ReportDbRow = z.object({
  id: z.number(),
  reported_user_id: z.number(),
  reported_user: z.string(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  reported_by: z.string(),
  reported_by_id: z.number(),
  reason: z.string().nullable(),
  created_at: dbTime,
});

/** Reports against users that still exist, one row a report. */
export async function listReportedUsers(db: Db, input: ReportedUsersInput) {
  const { rows, total, total_is_lower_bound } = await pagedList(db, {
    select: sql`r.id, r.reported_user_id, ru.name AS reported_user, ru.avatar, ru.email, ru.phone,
      rb.name AS reported_by, r.reported_by_id, r.reason, r.created_at`,
    from: sql`user_reports r JOIN users ru ON ru.id = r.reported_user_id JOIN users rb ON rb.id = r.reported_by_id`,
    where: [sql`ru.deleted_at IS NULL`],
    filters: [input.query && searchMatch(input.query, [sql`ru.name`, sql`ru.username`, sql`rb.name`])],
    order: orderBy(REPORT_ORDER[input.order_by], sql`r.id`, input.direction, { nullable: true }),
    input,
    row: ReportDbRow,
  });
  return {
    users: rows.map(
      (r): ReportedUserRow => ({
        id: r.id,
        reported_user_id: r.reported_user_id,
        reportedUser: r.reported_user,
        reportedUserImage: r.avatar,
        reportedUserEmail: r.email,
        reportedUserPhone: r.phone,
        reportedBy: r.reported_by,
        reported_by_id: r.reported_by_id,
        reason: r.reason,
        created_at: iso(r.created_at),
      }),
    ),
    total,
    total_is_lower_bound,
  };
}
