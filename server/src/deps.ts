import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './providers/mail';

/** What every module is handed: the configuration, the database and the outside-world clients. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
}
