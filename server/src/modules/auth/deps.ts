import type { Db } from '../../db/client';
import type { Log } from '../../lib/log';
import type { Clock } from '../../providers/clock';
import type { Mailer } from '../../providers/mail';

/** What the sign-in services are handed. */
export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  /** The time every sign-in rule reads: code and one-time password lifetimes, lockouts, sessions. */
  clock: Clock;
  /** The request's logger (its lines carry the request id). */
  log: Log;
  /** Outbox mode (no MAIL_URL): codes are also written to the log, since no mail really leaves. */
  logCodes: boolean;
  /** Runs work after the answer has gone (reset-password's mail), awaited when the app closes. */
  defer: (task: () => Promise<void>) => void;
  /** Where the request came from: kept with a new session, and its address checked (new-address mail). */
  client?: { ip: string; userAgent: string | null };
}
