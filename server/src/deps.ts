import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { scopedDb } from './db/tx';
import { createNotificationWorker, type NotificationWorker } from './modules/notifications';
import { type AnalyticsProvider, createAnalyticsProvider } from './providers/analytics';
import { type Clock, systemClock } from './providers/clock';
import { createMailer, type Mailer } from './providers/mail';
import { createPushProvider, type PushProvider } from './providers/push';
import { createRedisClients, type RedisClients } from './providers/redis';

/** What every module is handed: the configuration, the database and the outside-world clients. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  /** Where list statements run (database.listDb: on a server, the pool with their statement_timeout). */
  listDb: Db;
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
  /** REDIS_URL: rate-limit counters and the chat adapter's connections; null without it. */
  redis: RedisClients | null;
  /** Delivers queued pushes; started at boot (background.ts), woken after a send commits. */
  pushWorker: NotificationWorker;
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
  const redis = createRedisClients(config.REDIS_URL, log);
  const pushWorker = createNotificationWorker({
    db: database.db,
    push,
    log: log.child({ module: 'notifications' }),
    clock,
  });
  return {
    config,
    database,
    db: database.db,
    listDb: database.listDb,
    log,
    mailer,
    push,
    analytics,
    clock,
    redis,
    pushWorker,
  };
}
