import type { Db } from '../../db/client';
import type { Log } from '../../lib/log';
import type { Mailer } from '../../providers/mail';

/** What the calls that mail the owner or log are handed (the request's logger, per request). */
export interface SecurityDeps {
  db: Db;
  mailer: Mailer;
  log: Log;
}
