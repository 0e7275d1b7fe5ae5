import { count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { DemoAccount } from './demo-accounts';
import { type SeedOptions, seedDemo } from './index';

/** Any number, the same in every process: the advisory lock around the first start's demo seed. */
const SEED_LOCK = 7_301_114;

/**
 * The demo seed of a first start, once however many processes start together on one database:
 * each takes the lock in turn and seeds only while there is no platform user yet. Null when the
 * data was already there.
 */
export async function seedDemoOnce(
  database: Database,
  opts: SeedOptions,
): Promise<{ staffAccounts: DemoAccount[] } | null> {
  return database.exclusive(SEED_LOCK, async () => {
    const [{ n }] = await database.db.select({ n: count() }).from(users).where(eq(users.isAdmin, false));
    return n > 0 ? null : seedDemo(database.db, opts);
  });
}
