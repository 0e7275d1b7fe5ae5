import type { calls, InputOf, TransactionRow } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import {
  dbNumeric,
  dbTime,
  iso,
  likePattern,
  orderBy,
  type PagedListSpec,
  pagedList,
  searchMatch,
} from '../../db/sql';
import { badRequest } from '../../http/errors';

const TransactionDbRow = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string(),
  customer_name: z.string(),
  campaign_id: z.number().nullable(),
  campaign_name: z.string().nullable(),
  amount: dbNumeric,
  transaction_type: z.string(),
  stripe_transaction_id: z.string().nullable(),
  created_at: dbTime,
});
type TransactionDbRow = z.infer<typeof TransactionDbRow>;

function presentTransaction(r: TransactionDbRow): TransactionRow {
  return {
    id: r.id,
    user_id: r.user_id,
    username: r.username,
    customer_name: r.customer_name,
    campaign_id: r.campaign_id,
    campaign_name: r.campaign_name,
    amount: Number(r.amount),
    transaction_type: r.transaction_type === 'credit' ? 'credit' : 'debit',
    stripe_transaction_id: r.stripe_transaction_id,
    created_at: iso(r.created_at),
  };
}

type TransactionHistoryInput = InputOf<typeof calls.transactionHistory>;
type TransactionFilter = Pick<
  TransactionHistoryInput,
  'keyword' | 'transaction_type' | 'start_date' | 'end_date'
>;

const nextDay = (d: string) => {
  const t = new Date(`${d}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString();
};

/**
 * WHERE over transactions `t`. The keyword matches customers and campaigns through their trigram
 * indexes first, so the planner can OR two index lookups instead of joining every row.
 */
function transactionFilter(f: TransactionFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.keyword) {
    const like = likePattern(f.keyword);
    // ARRAY(...) runs each lookup once; `= ANY(array)` lets both sides use their index (BitmapOr).
    parts.push(sql`(t.user_id = ANY(ARRAY(SELECT id FROM users u WHERE ${searchMatch(f.keyword, [sql`u.name`, sql`u.username`])}))
      OR t.campaign_id = ANY(ARRAY(SELECT id FROM campaigns WHERE campaign_name ILIKE ${like})))`);
  }
  if (f.transaction_type) {
    parts.push(sql`t.transaction_type = ${f.transaction_type}`);
  }
  if (f.start_date) {
    parts.push(sql`t.created_at >= ${`${f.start_date}T00:00:00Z`}::timestamptz`);
  }
  if (f.end_date) {
    parts.push(sql`t.created_at < ${nextDay(f.end_date)}::timestamptz`);
  }
  return parts.length ? sql.join(parts, sql` AND `) : undefined;
}

const ORDER: Record<string, SQL> = {
  created_at: sql`t.created_at`,
  amount: sql`t.amount`,
  transaction_type: sql`t.transaction_type`,
  id: sql`t.id`,
};

/** A transactions page on the floor: paged on ids, then joined with the customer and campaign. */
export function transactionListSpec(input: TransactionHistoryInput): PagedListSpec {
  const where = transactionFilter(input);
  // With a keyword the matches are few next to the table: collect them through the customer and
  // campaign indexes first. Otherwise the planner would walk the date index hoping to meet 10 soon.
  const from = input.keyword
    ? sql`(WITH hits AS MATERIALIZED (SELECT * FROM transactions t WHERE ${where}) SELECT * FROM hits) t`
    : sql`transactions t`;
  return {
    select: sql`t.id, t.user_id, u.username, u.name AS customer_name, t.campaign_id, c.campaign_name,
      t.amount, t.transaction_type, t.stripe_transaction_id, t.created_at`,
    from,
    filters: [where],
    order: orderBy(ORDER[input.order_by] ?? ORDER.created_at, sql`t.id`, input.direction),
    input,
    deferred: {
      key: sql`t.id`,
      rows: sql`transactions t ON t.id = page.key JOIN users u ON u.id = t.user_id
        LEFT JOIN campaigns c ON c.id = t.campaign_id`,
    },
    counter: 'transactions',
  };
}

export async function transactionHistory(db: Db, input: TransactionHistoryInput) {
  if (input.start_date && input.end_date && input.end_date < input.start_date) {
    throw badRequest('end_date: must not be before start_date');
  }
  const { rows, ...total } = await pagedList(db, { ...transactionListSpec(input), row: TransactionDbRow });
  return { data: rows.map(presentTransaction), ...total };
}
