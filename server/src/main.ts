import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { users } from './db/schema';
import { createMailer } from './providers/mail';
import { seedDemo } from './seed';
import { ensureSuperAdmin, syncPermissions } from './seed/bootstrap';

async function main() {
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
  if (config.SEED === 'demo' && platformUsers === 0) {
    app.log.info('seeding demo data (first start)...');
    await seedDemo(db, {
      users: config.SEED_USERS ?? 300,
      mediaDir: path.join(config.dataDir, 'media'),
      log: (m) => app.log.info(m),
    });
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
  lines.push(
    `  One-time codes are mailed ${config.MAIL_URL ? 'over SMTP' : `to ${path.join(config.dataDir, 'outbox')} (.eml files)`} and logged here.`,
    '',
  );
  console.log(lines.join('\n'));
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
