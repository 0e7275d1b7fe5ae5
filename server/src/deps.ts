import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { scopedDb } from './db/tx';
import { type AnalyticsProvider, createAnalyticsProvider } from './providers/analytics';
import { type Clock, systemClock } from './providers/clock';
import { createMailer, type Mailer } from './providers/mail';
import { createPushProvider, type PushProvider } from './providers/push';

/** What every module is handed: the configuration, the database and the outside-world clients. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  /** The process's logger; the app logs through it (request lines, `app.log`). */
  log: FastifyBaseLogger;
  /** MAIL_URL: SMTP, else .eml files in $DATA_DIR/outbox. */
  mailer: Mailer;
  /** PUSH_PROVIDER: log (nothing leaves) or fcm. */
  push: PushProvider;
  /** ANALYTICS_PROVIDER: local (the platform's own events) or ga4. */
  analytics: AnalyticsProvider;
  /** The time every rule reads (expiry, lockouts, leases): the system clock; tests pass their own. */
  clock: Clock;
}

/**
 * The one wiring point: every outside-world client, each the one its configuration names (real or
 * local stand-in behind the same interface). main.ts and the test harness build the app's deps
 * here; `overrides` lets a test put its own client in place of one (e.g. a mailer that holds mails,
 * or a clock it moves past an expiry).
 */
export async function createDeps(
  config: Config,
  database: Database,
  overrides: Partial<Pick<AppDeps, 'log' | 'mailer' | 'push' | 'analytics' | 'clock'>> = {},
): Promise<AppDeps> {
  const log = overrides.log ?? pino({ level: config.LOG_LEVEL });
  const mailer =
    overrides.mailer ??
    createMailer({
      url: config.MAIL_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.dataDir, 'outbox'),
    });
  const push =
    overrides.push ??
    (await createPushProvider(config, log.child({ module: 'notifications', provider: 'push' })));
  // Through the scoped db, like the modules' own queries (see app.ts).
  const analytics = overrides.analytics ?? (await createAnalyticsProvider(config, scopedDb(database.db)));
  const clock = overrides.clock ?? systemClock;
  return { config, database, db: database.db, log, mailer, push, analytics, clock };
}
