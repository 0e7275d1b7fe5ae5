// Audit log list (issue 15) at BENCH_AUDIT entries (default 10,000,000): page 0 and the deepest
// page the pager offers (page 999 of 10: the total is counted up to LIST_TOTAL_CAP, 10,000) with
// no filter and with each one filter. The bench seed writes no entries: the first run loads them
// with generate_series (secondary indexes dropped first and built after the load), later runs reuse
// them.
import type { calls, InputOf } from '@admin/contract';
import { auditListQueries } from '../../server/src/modules/audit/bench';
import type { BenchContext, Scenario } from '../lib/types';

type AuditListInput = Omit<InputOf<typeof calls.auditLog>, 'format'>;

const TARGET = Number(process.env.BENCH_AUDIT ?? 10_000_000);
const BATCH = 1_000_000;
/** Actors 1..1000, skewed: actor 1 writes about a tenth of the trail (about 1,000,000 entries). */
const HEAVY_ACTOR = 1;
/** Targets are skewed too: user 1 is the target of about 1,500,000 entries. */
const HEAVY_TARGET = 1;

const ACTIONS = [
  'update-profile',
  'password-accepted',
  'code-accepted',
  'POST group',
  'PUT group',
  'approve-campaign',
  'suspend-account',
  'denied',
  'password-refused',
  'user-permissions',
  'settings',
  'delete-post',
  'lockout',
];

/** Tops audit_log up to BENCH_AUDIT entries (the writes bench meets the trail at that size too). */
export async function ensureAuditEntries(pool: BenchContext['pool']) {
  await topUp({ pool } as BenchContext);
}

async function topUp(ctx: BenchContext) {
  const count = async () =>
    Number((await ctx.pool.query<{ n: string }>('SELECT count(*) AS n FROM audit_log')).rows[0].n);
  const have = await count();
  // The bench servers' daily retention prune (AUDIT_RETENTION_DAYS, 365) takes the oldest entries
  // as days pass: a small shortfall is reused, not topped up (which rebuilds every index).
  if (have >= TARGET * 0.99) {
    console.log(`[bench] audit_log: ${have.toLocaleString('en-US')} entries (reused)`);
    await fillSeedSlivers(ctx);
    return;
  }
  const started = Date.now();
  console.log(`[bench] audit_log: adding ${(TARGET - have).toLocaleString('en-US')} entries…`);
  // The migrations' own index definitions, dropped for the load and built again after it.
  const { rows: indexes } = await ctx.pool.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes
      WHERE tablename = 'audit_log' AND indexname <> 'audit_log_pkey'`,
  );
  for (const i of indexes) {
    await ctx.pool.query(`DROP INDEX ${i.name}`);
  }
  const actions = `ARRAY[${ACTIONS.map((a) => `'${a}'`).join(',')}]`;
  for (let done = have; done < TARGET; done += BATCH) {
    const n = Math.min(BATCH, TARGET - done);
    await ctx.pool.query(`
      INSERT INTO audit_log (created_at, actor_id, actor_username, action, target_type, target_id,
                             changes, ip, user_agent, request_id)
      SELECT now() - random() * interval '360 days', actor, 'staff_' || actor,
             (${actions})[1 + floor(random() ^ 2 * ${ACTIONS.length})::int],
             CASE WHEN t < 0.70 THEN 'user' WHEN t < 0.85 THEN 'campaign' WHEN t < 0.95 THEN 'group' END,
             CASE WHEN t < 0.70 THEN (1 + floor(random() ^ 4 * 100000))::text
                  WHEN t < 0.95 THEN (1 + floor(random() * 5000))::text END,
             '{"before":{"name":"Before"},"after":{"name":"After"}}'::jsonb,
             '10.0.' || (g % 250) || '.' || (g % 199), 'Mozilla/5.0 (bench)', 'req-' || g
        FROM (SELECT g, 1 + floor(random() ^ 3 * 1000)::int AS actor, random() AS t
                FROM generate_series(${done + 1}, ${done + n}) g) s`);
    console.log(`[bench] audit_log: ${(done + n).toLocaleString('en-US')} entries`);
  }
  for (const i of indexes) {
    await ctx.pool.query(i.def);
  }
  // Index-only scans need the visibility map: deep pages walk the index alone.
  await ctx.pool.query('VACUUM ANALYZE audit_log');
  await fillSeedSlivers(ctx);
  console.log(
    `[bench] audit_log: ${(await count()).toLocaleString('en-US')} entries in ${Date.now() - started} ms`,
  );
}

/** The block a new entry would go to now, from a new connection (no cached target block). */
async function nextEntryBlock(ctx: BenchContext): Promise<{ block: number; pages: number }> {
  const client = await ctx.pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ block: string; pages: string }>(
      `WITH e AS (INSERT INTO audit_log (action) VALUES ('password-refused') RETURNING ctid)
       SELECT (ctid::text::point)[0] AS block, pg_relation_size('audit_log') / 8192 AS pages FROM e`,
    );
    return { block: Number(rows[0].block), pages: Number(rows[0].pages) };
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

/**
 * The seed's VACUUM records the sliver of free space its load left at the end of every one of its
 * ~260,000 pages, and each later entry small enough for one goes to the next such page: a cold page
 * and a full-page image in the WAL per entry (about 0.1 ms; bench/README.md, "Writing the entry").
 * In production autovacuum records slivers only in the pages filled since its last run, which the
 * next few percent of entries use up. Smaller entries than any call writes fill them first, so the
 * overhead bench meets the table as it stands between two vacuums, not right after a bulk load.
 */
async function fillSeedSlivers(ctx: BenchContext) {
  const first = await nextEntryBlock(ctx);
  if (first.block >= first.pages - 1) {
    return;
  }
  console.log(`[bench] audit_log: filling the seed's free-space slivers from page ${first.block}…`);
  for (;;) {
    const { rows } = await ctx.pool.query<{ low: string }>(
      `WITH e AS (INSERT INTO audit_log (created_at, action)
                  SELECT now() - random() * interval '360 days', 'password-refused' FROM generate_series(1, 20000)
                  RETURNING ctid)
       SELECT min((ctid::text::point)[0]) AS low FROM e`,
    );
    if (Number(rows[0].low) >= first.pages) {
      break;
    }
  }
  await ctx.pool.query('VACUUM ANALYZE audit_log');
}

function input(over: Partial<AuditListInput>): AuditListInput {
  return { page: 0, page_limit: 10, order_by: 'created_at', direction: 'desc', ...over };
}

function url(i: AuditListInput): string {
  const qs = new URLSearchParams(
    Object.entries(i)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  return `/api/v2/audit-log?${qs}`;
}

export const scenarios = async (ctx: BenchContext): Promise<Scenario[]> => {
  await topUp(ctx);
  const day = (
    await ctx.pool.query<{ d: string }>("SELECT to_char(now() - interval '10 days', 'YYYY-MM-DD') AS d")
  ).rows[0].d;
  const monthStart = (
    await ctx.pool.query<{ d: string }>("SELECT to_char(now() - interval '40 days', 'YYYY-MM-DD') AS d")
  ).rows[0].d;
  const light = (
    await ctx.pool.query<{ a: number }>(
      'SELECT actor_id AS a FROM audit_log WHERE actor_id BETWEEN 900 AND 1000 LIMIT 1',
    )
  ).rows[0]?.a;
  const filters: [string, Partial<AuditListInput>][] = [
    ['no filter', {}],
    [`actor (actor ${HEAVY_ACTOR}, ~1,000,000 entries)`, { actor_id: HEAVY_ACTOR }],
    [`actor (actor ${light}, a few thousand)`, { actor_id: light }],
    [
      `target user ${HEAVY_TARGET} (~1,500,000 entries)`,
      { target_type: 'user', target_id: String(HEAVY_TARGET) },
    ],
    ['action update-profile', { action: 'update-profile' }],
    ['action lockout (rare)', { action: 'lockout' }],
    [`one day (${day})`, { start_date: day, end_date: day }],
    [`30 days (${monthStart}..)`, { start_date: monthStart, end_date: day }],
    [`Activity tab of user ${HEAVY_TARGET} (user_id)`, { user_id: HEAVY_TARGET }],
  ];
  const out: Scenario[] = [];
  for (const [name, f] of filters) {
    for (const page of [0, 999]) {
      const i = input({ ...f, page });
      out.push({
        name: `audit-log ${name}, page ${page}`,
        url: url(i),
        sql: auditListQueries(i),
        sqlParallel: true,
      });
    }
  }
  return out;
};
