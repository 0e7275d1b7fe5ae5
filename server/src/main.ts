import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig, loadEnvFile } from './config';
import { type Database, openDatabase } from './db/client';
import { users } from './db/schema';
import { createMailer } from './providers/mail';
import { type DemoAccount, seedDemo, writeDemoAccounts } from './seed';
import { ensureSuperAdmin, syncPermissions } from './seed/bootstrap';

async function main() {
  loadEnvFile();
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await database.migrate();
  const db = database.db;
  await syncPermissions(db);
  const [{ n: platformUsers }] = await db.select({ n: count() }).from(users).where(eq(users.isAdmin, false));
  const admin = await ensureSuperAdmin(db, {
    username: config.ADMIN_USERNAME,
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
  });
  const mailer = createMailer({
    url: config.MAIL_URL,
    from: config.MAIL_FROM,
    outboxDir: path.join(config.dataDir, 'outbox'),
  });
  const app = await buildApp({ config, database, db, mailer });
  let demoAccounts: { file: string; accounts: DemoAccount[] } | undefined;
  if (config.SEED === 'demo' && platformUsers === 0) {
    app.log.info('seeding demo data (first start)...');
    const { staffAccounts } = await seedDemo(db, {
      users: config.SEED_USERS ?? 300,
      mediaDir: path.join(config.dataDir, 'media'),
      log: (m) => app.log.info(m),
    });
    demoAccounts = { file: writeDemoAccounts(config.dataDir, staffAccounts), accounts: staffAccounts };
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
  }
  if (demoAccounts) {
    lines.push(`  Demo staff accounts (generated, shown once; also in ${demoAccounts.file}, mode 0600):`);
    for (const a of demoAccounts.accounts) {
      lines.push(`    ${a.username.padEnd(18)} ${a.password}`);
    }
  }
  lines.push(
    `  One-time codes are mailed ${config.MAIL_URL ? 'over SMTP' : `to ${path.join(config.dataDir, 'outbox')} (.eml files)`} and logged here.`,
    '',
  );
  console.log(lines.join('\n'));
  handleSignals(app, database, config.SHUTDOWN_TIMEOUT * 1000);
}

/**
 * SIGTERM/SIGINT: /readyz turns 503, the server stops accepting, requests in flight finish (up to
 * `timeoutMs`), sockets are told to reconnect and the push worker hands its job back (both in the
 * app's close hooks), then exit 0. A second signal, or the timeout, exits at once.
 */
function handleSignals(app: FastifyInstance, database: Database, timeoutMs: number) {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.readiness.shuttingDown = true;
    app.log.info({ signal, timeoutMs }, 'shutting down: finishing requests in flight');
    setTimeout(() => {
      app.log.error({ timeoutMs }, 'requests still running after the shutdown timeout: exiting');
      process.exit(1);
    }, timeoutMs).unref();
    try {
      await app.close();
      await database.close();
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
