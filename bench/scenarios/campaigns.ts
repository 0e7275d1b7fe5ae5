// Campaigns and transactions (issue 6): campaign-users filtered by status and created range, and
// transaction-history filtered by keyword and type, on BENCH_CAMPAIGNS campaigns (default 200,000)
// and BENCH_TRANSACTIONS transactions (default 2,000,000). The bench seed makes far fewer; this
// tops both tables up with PostgreSQL's generate_series (seedScale) the first time and reuses them.
import type { calls, InputOf } from '@admin/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../server/src/db/client';
import { pagedListQueries } from '../../server/src/db/sql';
import { campaignUsersSpec } from '../../server/src/modules/campaigns/bench';
import { transactionListSpec } from '../../server/src/modules/transactions/bench';
import { seedScale } from '../../server/src/seed/scale';
import { printLog } from '../lib/print-log';
import type { BenchContext, Scenario } from '../lib/types';

type CampaignUsersInput = InputOf<typeof calls.campaignUsers>;
type TransactionHistoryInput = InputOf<typeof calls.transactionHistory>;

const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 200_000);
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 2_000_000);

async function count(ctx: BenchContext, table: string) {
  const { rows } = await ctx.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
  return Number(rows[0].n);
}

async function topUp(ctx: BenchContext, table: 'campaigns' | 'transactions', target: number) {
  const have = await count(ctx, table);
  if (have >= target) {
    console.log(`[bench] ${table}: ${have.toLocaleString('en-US')} rows (reused)`);
    return;
  }
  const started = Date.now();
  console.log(
    `[bench] ${table}: adding ${(target - have).toLocaleString('en-US')} rows with generate_series…`,
  );
  await seedScale(drizzle(ctx.pool) as unknown as Db, {
    [table]: target - have,
    log: printLog((m) => console.log(`[bench] ${m}`)),
  });
  await ctx.pool.query(`VACUUM ANALYZE ${table}`);
  console.log(`[bench] ${table}: ${target.toLocaleString('en-US')} rows in ${Date.now() - started} ms`);
}

/**
 * Indexes rebuilt after a bulk load (HOT-updated tables) stay invisible to queries while any older
 * transaction is open on the server (pg_index.indcheckxmin). On a shared server that can last
 * minutes: wait until the planner can use the ones these calls need, so the timing is fair.
 */
async function waitForIndexes(ctx: BenchContext, maxMs = 15 * 60_000) {
  const probes: [string, string][] = [
    ['campaigns_name_trgm', "SELECT id FROM campaigns WHERE campaign_name ILIKE '%probe%'"],
    ['users_name_trgm', "SELECT id FROM users WHERE name ILIKE '%probe%'"],
    [
      'campaigns_live_status_created_idx',
      "SELECT user_id FROM campaigns WHERE status = 'Running' AND deleted_at IS NULL AND created_at > now()",
    ],
    ['transactions_user_idx', 'SELECT id FROM transactions WHERE user_id = 1'],
  ];
  const started = Date.now();
  const client = await ctx.pool.connect();
  try {
    await client.query('SET enable_seqscan = off');
    for (;;) {
      const missing: string[] = [];
      for (const [index, query] of probes) {
        const { rows } = await client.query(`EXPLAIN ${query}`);
        if (!rows.some((r) => String(r['QUERY PLAN']).includes(index))) {
          missing.push(index);
        }
      }
      if (missing.length === 0) {
        return;
      }
      if (Date.now() - started > maxMs) {
        console.log(`[bench] campaigns: still unusable after ${maxMs / 1000} s: ${missing.join(', ')}`);
        return;
      }
      console.log(`[bench] campaigns: waiting for older transactions before using ${missing.join(', ')}`);
      await new Promise((r) => setTimeout(r, 15_000));
    }
  } finally {
    await client.query('RESET enable_seqscan');
    client.release();
  }
}

const qs = (input: object) =>
  new URLSearchParams(
    Object.entries(input)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

export const scenarios = async (ctx: BenchContext): Promise<Scenario[]> => {
  // Transactions are made for existing campaigns, so campaigns come first.
  await topUp(ctx, 'campaigns', CAMPAIGNS);
  await topUp(ctx, 'transactions', TRANSACTIONS);
  await waitForIndexes(ctx);
  const { rows } = await ctx.pool.query<{ username: string; last: string }>(
    `SELECT u.username, split_part(u.name, ' ', 2) AS last
       FROM transactions t JOIN users u ON u.id = t.user_id
      GROUP BY u.id ORDER BY count(*) DESC LIMIT 1`,
  );
  const busy = rows[0];

  const users = (over: Partial<CampaignUsersInput>): CampaignUsersInput => ({
    page: 0,
    page_limit: 10,
    order_by: 'id',
    direction: 'desc',
    ...over,
  });
  const tx = (over: Partial<TransactionHistoryInput>): TransactionHistoryInput => ({
    page: 0,
    page_limit: 10,
    order_by: 'created_at',
    direction: 'desc',
    ...over,
  });
  const userCases: [string, CampaignUsersInput][] = [
    [
      'campaign-users status=Running, created last 60 days',
      users({ capnStatus: 'Running', start_date: day(60), end_date: day(0) }),
    ],
    [
      'campaign-users status=Completed, created last 30 days, page 5',
      users({ capnStatus: 'Completed', start_date: day(30), end_date: day(0), page: 4 }),
    ],
  ];
  const txCases: [string, TransactionHistoryInput][] = [
    [
      'transaction-history keyword=<a customer> type=debit',
      tx({ keyword: busy?.username, transaction_type: 'debit' }),
    ],
    [
      'transaction-history keyword=<a last name> type=credit',
      tx({ keyword: busy?.last, transaction_type: 'credit' }),
    ],
    [
      'transaction-history type=debit, last 90 days',
      tx({ transaction_type: 'debit', start_date: day(90), end_date: day(0) }),
    ],
  ];
  return [
    ...userCases.map(([name, i]) => ({
      name,
      url: `/api/v2/campaign-users?${qs(i)}`,
      sql: pagedListQueries(campaignUsersSpec(i)),
    })),
    ...txCases.map(([name, i]) => ({
      name,
      url: `/api/v2/transaction-history?${qs(i)}`,
      sql: pagedListQueries(transactionListSpec(i)),
      sqlParallel: true,
    })),
  ];
};
