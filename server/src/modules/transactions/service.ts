import type { TransactionRow } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { badRequest } from '../../http/errors';

interface TransactionDbRow {
  id: number;
  user_id: number;
  username: string;
  customer_name: string;
  campaign_id: number | null;
  campaign_name: string | null;
  amount: string | number;
  transaction_type: string;
  stripe_transaction_id: string | null;
  created_at: Date | string;
}

export function presentTransaction(r: TransactionDbRow): TransactionRow {
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
    created_at: new Date(r.created_at).toISOString(),
  };
}

export interface TransactionFilter {
  keyword?: string;
  transaction_type?: string;
  start_date?: string;
  end_date?: string;
}

const nextDay = (d: string) => {
  const t = new Date(`${d}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString();
};

/**
 * WHERE over transactions `t`. The keyword matches customers and campaigns through their trigram
 * indexes first, so the planner can OR two index lookups instead of joining every row.
 */
export function transactionFilter(f: TransactionFilter): SQL {
  const parts: SQL[] = [];
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // ARRAY(...) runs each lookup once; `= ANY(array)` lets both sides use their index (BitmapOr).
    parts.push(sql`(t.user_id = ANY(ARRAY(SELECT id FROM users WHERE name ILIKE ${like} OR username ILIKE ${like}))
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
  return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
}

const ORDER: Record<string, SQL> = {
  created_at: sql`t.created_at`,
  amount: sql`t.amount`,
  transaction_type: sql`t.transaction_type`,
  id: sql`t.id`,
};

export type TransactionHistoryInput = TransactionFilter & {
  page: number;
  page_limit: number;
  order_by: string;
  direction: 'asc' | 'desc';
};

/** One page of transactions with their customer and campaign. */
export function transactionPageSql(input: TransactionHistoryInput): SQL {
  const where = transactionFilter(input);
  const dir = input.direction === 'asc' ? sql`ASC` : sql`DESC`;
  const order = sql`${ORDER[input.order_by] ?? ORDER.created_at} ${dir}, t.id ${dir}`;
  // With a keyword the matches are few next to the table: collect them through the customer and
  // campaign indexes first. Otherwise the planner would walk the date index hoping to meet 10 soon.
  const source = input.keyword
    ? sql`(WITH hits AS MATERIALIZED (SELECT * FROM transactions t WHERE ${where}) SELECT * FROM hits)`
    : sql`(SELECT * FROM transactions t WHERE ${where})`;
  return sql`
    SELECT t.id, t.user_id, u.username, u.name AS customer_name, t.campaign_id, c.campaign_name,
           t.amount, t.transaction_type, t.stripe_transaction_id, t.created_at
      FROM (SELECT * FROM ${source} t ORDER BY ${order}
             LIMIT ${input.page_limit} OFFSET ${input.page * input.page_limit}) t
      JOIN users u ON u.id = t.user_id
      LEFT JOIN campaigns c ON c.id = t.campaign_id
     ORDER BY ${order}`;
}

export function transactionCountSql(input: TransactionFilter): SQL {
  return sql`SELECT count(*)::int AS n FROM transactions t WHERE ${transactionFilter(input)}`;
}

export async function transactionHistory(db: Db, input: TransactionHistoryInput) {
  if (input.start_date && input.end_date && input.end_date < input.start_date) {
    throw badRequest('end_date: must not be before start_date');
  }
  const rows = rowsOf<TransactionDbRow>(await db.execute(transactionPageSql(input)));
  const total = rowsOf<{ n: number }>(await db.execute(transactionCountSql(input)))[0].n;
  return { data: rows.map(presentTransaction), total };
}
