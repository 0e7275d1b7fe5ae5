/**
 * Mints a platform-user (USER) session token, the kind the platform's mobile API would issue, so the
 * other end of a chat can be driven: `npm run user-token -- <username>`.
 * Opens the configured database (DATABASE_URL, or PGlite in DATA_DIR). PGlite is single-process:
 * stop the server first when it runs on PGlite (this refuses while the port answers).
 */
import { and, eq, sql } from 'drizzle-orm';
import { loadConfig, loadEnvFile } from '../config';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { createSession } from '../modules/auth';
import { refuseWhilePgliteServes } from './pglite-owner';

async function main() {
  const username = process.argv[2];
  if (!username) {
    console.error('Usage: npm run user-token -- <username>');
    process.exit(2);
  }
  loadEnvFile();
  const config = loadConfig();
  await refuseWhilePgliteServes(config, 'mint the token');
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.migrate();
    const [user] = await database.db
      .select({
        id: users.id,
        isAdmin: users.isAdmin,
        deletedAt: users.deletedAt,
        isSuspended: users.isSuspended,
      })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${username})`, eq(users.isAdmin, false)))
      .limit(1);
    if (!user) {
      console.error(`No platform user named '${username}' (staff accounts sign in with a password).`);
      process.exitCode = 1;
      return;
    }
    if (user.deletedAt || user.isSuspended) {
      console.error(`'${username}' is deleted or suspended and cannot connect.`);
      process.exitCode = 1;
      return;
    }
    console.log(await createSession(database.db, user.id, 'user'));
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
