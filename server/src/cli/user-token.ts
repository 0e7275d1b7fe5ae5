/**
 * Mints a platform-user (USER) session token, the kind the platform's mobile API would issue, so the
 * other end of a chat can be driven: `npm run user-token -- <username>`.
 * Opens the configured database (DATABASE_URL, or PGlite in DATA_DIR). PGlite is single-process:
 * stop the server first when it runs on PGlite (this refuses while the port answers).
 */
import { loadConfig, loadEnvFile } from '../config';
import { openDatabase } from '../db/client';
import { mintUserToken } from './mint-user-token';
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
    console.log(await mintUserToken(database.db, username));
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
