/**
 * Sets a new password for the admin (or another staff account) when it is lost:
 * `npm run admin-password` (the ADMIN_USERNAME account) or `npm run admin-password -- <username>`.
 * Takes ADMIN_PASSWORD when set, else generates one and prints it. Opens the configured database
 * (DATABASE_URL, or PGlite in DATA_DIR): stop a server that runs on PGlite first.
 */
import { loadConfig, loadEnvFile } from '../config';
import { openDatabase } from '../db/client';
import { refuseWhilePgliteServes } from './pglite-owner';
import { resetStaffPassword } from './reset-password';

async function main() {
  loadEnvFile();
  const config = loadConfig();
  const username = process.argv[2] ?? config.ADMIN_USERNAME;
  await refuseWhilePgliteServes(config, 'set the password');
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.migrate();
    const { password, generated } = await resetStaffPassword(database.db, username, config.ADMIN_PASSWORD);
    console.log(
      generated
        ? `New password for ${username} (generated, shown once): ${password}`
        : `The password of ${username} is now the one ADMIN_PASSWORD gives.`,
    );
    console.log('Every session of the account has ended; sign in again.');
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
