import type { Db } from '../db/client';
import { seedAuditDemo } from './audit';
import { seedRichDemo } from './demo';
import type { DemoAccount } from './demo-accounts';
import { seedScale } from './scale';

export { seedRichDemo } from './demo';
export { type DemoAccount, writeDemoAccounts } from './demo-accounts';
export { refreshFollowCounters, type ScaleOptions, type ScaleResult, seedScale } from './scale';

export interface SeedOptions {
  /** Platform users to create (the demo default is a few hundred). */
  users: number;
  /** Where generated images are written (served under /media/). */
  mediaDir: string;
  log?: (msg: string) => void;
}

/**
 * Users drawn one by one in JavaScript with everything around them (posts, chats, campaigns...).
 * Users beyond this are added by the SQL scale seed, with devices, follows and searches.
 */
export const RICH_DEMO_USERS = 1000;

/** Fills an empty database with believable demo data for every screen; answers the staff accounts. */
export async function seedDemo(db: Db, opts: SeedOptions): Promise<{ staffAccounts: DemoAccount[] }> {
  const log = opts.log ?? (() => {});
  const started = Date.now();
  const rich = Math.min(opts.users, RICH_DEMO_USERS);
  const staffAccounts = await db.transaction(async (tx) => {
    const summary = await seedRichDemo(tx as unknown as Db, { users: rich, mediaDir: opts.mediaDir, log });
    log(`demo seed steps (ms): ${JSON.stringify(summary.timings)}`);
    await seedAuditDemo(tx as unknown as Db);
    return summary.staffPasswords;
  });
  log(`demo seed: ${rich} users with posts, chats and campaigns in ${Date.now() - started} ms`);
  const extra = opts.users - rich;
  if (extra > 0) {
    await seedScale(db, { users: extra, searches: extra * 3, followsPerUser: 3, log });
    log(`demo seed: ${extra} more users (scale seed) in ${Date.now() - started} ms total`);
  }
  log(`demo staff accounts (generated passwords): ${staffAccounts.map((s) => s.username).join(', ')}`);
  return { staffAccounts };
}
