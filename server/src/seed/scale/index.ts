// Seeding at scale: every row is made by PostgreSQL itself (INSERT ... SELECT over generate_series),
// so a million users take seconds of SQL rather than a million JavaScript objects.
import type { Db } from '../../db/client';
import { type Log, silentLog } from '../../lib/log';
import { addCampaignEvents, addCampaigns, addTransactions } from './campaigns';
import { withIndexesDeferred } from './deferred';
import { addSearches } from './searches';
import { exec } from './sql';
import { addDevices, addFollows, addUsers } from './users';

export { withIndexesDeferred } from './deferred';

export interface ScaleOptions {
  /** Platform users to add. */
  users?: number;
  /** Searches to add, spread over all platform users. */
  searches?: number;
  /** Campaigns to add, owned by platform users. */
  campaigns?: number;
  /** Campaign events to add, spread over the new campaigns and the last 180 days. */
  campaignEvents?: number;
  /** Transactions to add, for existing campaigns. */
  transactions?: number;
  /** Followers to give one user (the first new user), for the followers list at scale. */
  followersOfOneUser?: number;
  /** Follows each new user makes (default 3). */
  followsPerUser?: number;
  /** VACUUM the loaded tables after a big load (default true); set false when called inside a transaction. */
  vacuum?: boolean;
  /** Rows a statement inserts at most (default 100000). */
  batch?: number;
  log?: Log;
}

export interface ScaleResult {
  /** First and last id of the users added (null when none). */
  userRange: [number, number] | null;
  /** The user who got `followersOfOneUser` followers. */
  popularUserId: number | null;
  timings: Record<string, number>;
}

/**
 * Adds rows at scale. Every option is a count of new rows; omitted ones add nothing. Big loads
 * (from 20000 rows) run with secondary indexes deferred.
 */
export async function seedScale(db: Db, opts: ScaleOptions): Promise<ScaleResult> {
  // Tables that get many rows load with their secondary indexes deferred.
  const BIG = 20_000;
  const tables = [
    ...((opts.users ?? 0) >= BIG ? ['users', 'devices', 'follows'] : []),
    ...((opts.searches ?? 0) >= BIG ? ['searches'] : []),
    ...((opts.campaigns ?? 0) >= BIG ? ['campaigns'] : []),
    ...((opts.campaignEvents ?? 0) >= BIG ? ['campaign_events'] : []),
    ...((opts.transactions ?? 0) >= BIG ? ['transactions'] : []),
  ];
  if (tables.length > 0) {
    const started = Date.now();
    const result = await withIndexesDeferred(db, tables, (tx) => seedScaleRows(tx, opts));
    result.timings.indexes = Date.now() - started - Object.values(result.timings).reduce((a, b) => a + b, 0);
    opts.log?.info({ tables, ms: result.timings.indexes }, 'scale seed: indexes rebuilt and analysed');
    if (opts.vacuum !== false) {
      // Sets the visibility map, so counts and sorted pages can use index-only scans from the start.
      const t = Date.now();
      await exec(db, `VACUUM ${tables.map((x) => `"${x}"`).join(', ')}`);
      result.timings.vacuum = Date.now() - t;
      opts.log?.info({ ms: result.timings.vacuum }, 'scale seed: vacuum');
    }
    return result;
  }
  return seedScaleRows(db, opts);
}

async function seedScaleRows(db: Db, opts: ScaleOptions): Promise<ScaleResult> {
  const log = opts.log ?? silentLog;
  const batch = opts.batch ?? 100_000;
  const timings: Record<string, number> = {};
  let mark = Date.now();
  const lap = (name: string) => {
    timings[name] = Date.now() - mark;
    log.info({ step: name, ms: timings[name] }, 'scale seed step');
    mark = Date.now();
  };
  let userRange: [number, number] | null = null;
  let popularUserId: number | null = null;

  const nUsers = opts.users ?? 0;
  if (nUsers > 0) {
    userRange = await addUsers(db, nUsers, batch, log);
    lap('users');
    await addDevices(db, userRange, batch);
    lap('devices');
    popularUserId = await addFollows(db, userRange, { ...opts, nUsers, batch });
    lap('follows');
  }
  if (opts.searches && opts.searches > 0) {
    await addSearches(db, opts.searches, batch);
    lap('searches');
  }
  let newCampaigns: [number, number] | null = null;
  if (opts.campaigns && opts.campaigns > 0) {
    newCampaigns = await addCampaigns(db, opts.campaigns);
    lap('campaigns');
  }
  if (opts.campaignEvents && opts.campaignEvents > 0 && newCampaigns) {
    await addCampaignEvents(db, opts.campaignEvents, newCampaigns, batch);
    lap('campaign events');
  }
  if (opts.transactions && opts.transactions > 0) {
    await addTransactions(db, opts.transactions, batch);
    lap('transactions');
  }
  return { userRange, popularUserId, timings };
}
