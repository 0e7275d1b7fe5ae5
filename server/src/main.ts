import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { startBackground } from './background';
import { loadConfig, loadEnvFile } from './config';
import { openDatabase } from './db/client';
import { createDeps } from './deps';
import { type DemoAccount, writeDemoAccounts } from './seed';
import { ensureSuperAdmin, syncPermissions } from './seed/bootstrap';
import { seedDemoOnce } from './seed/once';
import { handleSignals } from './shutdown';

async function main() {
  loadEnvFile();
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await database.migrate();
  const db = database.db;
  await syncPermissions(db);
  const admin = await ensureSuperAdmin(db, {
    username: config.ADMIN_USERNAME,
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
  });
  const deps = await createDeps(config, database);
  const app = await buildApp(deps);
  let demoAccounts: { file: string; accounts: DemoAccount[] } | undefined;
  if (config.SEED === 'demo') {
    // Several processes starting together on an empty database: one seeds, the others wait and find the data.
    const seeded = await seedDemoOnce(database, {
      users: config.SEED_USERS ?? 300,
      mediaDir: path.join(config.dataDir, 'media'),
      log: app.log.child({ module: 'seed' }),
    });
    if (seeded) {
      demoAccounts = {
        file: writeDemoAccounts(config.dataDir, seeded.staffAccounts),
        accounts: seeded.staffAccounts,
      };
    }
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const lines = [
    '',
    `  Admin Panel is running at http://localhost:${port}/`,
    `  Database: ${database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'pgdata')}` : 'PostgreSQL server'}`,
    `  Sign in as: ${config.ADMIN_USERNAME}`,
  ];
  if (admin.generatedPassword) {
    lines.push(`  Password (generated, shown once): ${admin.generatedPassword}`);
  } else if (!admin.created) {
    lines.push('  Password lost? Stop the server and run `npm run admin-password` for a new one.');
  }
  if (demoAccounts) {
    lines.push(`  Demo staff accounts (generated, shown once; also in ${demoAccounts.file}, mode 0600):`);
    for (const a of demoAccounts.accounts) {
      lines.push(`    ${a.username.padEnd(18)} ${a.password}`);
    }
  }
  lines.push(
    config.MAIL_URL
      ? '  One-time codes are mailed over SMTP (MAIL_URL).'
      : `  One-time codes are mailed to ${path.join(config.dataDir, 'outbox')} (.eml files) and logged here.`,
    '',
  );
  const background = startBackground(deps, app.log);
  printAfterLog(app.log, `${lines.join('\n')}\n`);
  handleSignals(app, database, {
    background,
    timeoutMs: config.SHUTDOWN_TIMEOUT * 1000,
    delayMs: config.SHUTDOWN_DELAY * 1000,
  });
}

/**
 * The log writes in the background; the banner goes out through the same stream, after the lines
 * logged so far, so it ends what a start prints.
 */
function printAfterLog(log: object, text: string) {
  const stream = (log as Record<symbol, { write?: (s: string) => unknown } | undefined>)[
    pino.symbols.streamSym
  ];
  if (stream?.write) {
    stream.write(text);
  } else {
    process.stdout.write(text);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
