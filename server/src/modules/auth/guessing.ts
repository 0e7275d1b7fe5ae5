import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { signinFailures } from '../../lib/metrics';
import { recordSignin } from '../../trail/record';
import { type Count, forget, hit, isMarked, mark, minutesUntil, unhit } from '../security';

/** Password-guessing limits (docs/security.md, "Sign-in"). */
const PASSWORD_LIMITS = {
  /** one account from one client address: slows a guesser down, nobody else */
  pair: { limit: 5, windowSeconds: 15 * 60 },
  /** one account from every address together (NIST SP 800-63B: at most 100) */
  account: { limit: 100, windowSeconds: 60 * 60 },
  /** one client address over every account (password spraying) */
  address: { limit: 30, windowSeconds: 15 * 60 },
  /** an address this account signed in from is exempt from the account cap for this long */
  knownAddressSeconds: 30 * 24 * 60 * 60,
} as const;

const keysOf = (username: string, ip: string) => ({
  pair: `pw:pair:${username}|${ip}`,
  account: `pw:acct:${username}`,
  address: `pw:ip:${ip}`,
  known: `pw:known:${username}|${ip}`,
});

const tooMany = (until: Date, now: Date) =>
  new AppError(
    'too_many',
    `Too many failed login attempts. Please try again in ${minutesUntil(until, now)} minute(s)`,
  );

/**
 * Counts a password attempt BEFORE the password is checked, so parallel guesses cannot all pass
 * the check: each gets its own number from one upsert, and those past a limit are refused (and
 * taken back, so refused tries do not push the account toward its cap). A failed attempt simply
 * stays counted; passwordAccepted() takes a successful one back.
 */
export async function admitPasswordAttempt(db: Db, username: string, ip: string, now: Date): Promise<void> {
  const k = keysOf(username, ip);
  const L = PASSWORD_LIMITS;
  const counts = await hit(
    db,
    [
      { key: k.pair, windowSeconds: L.pair.windowSeconds },
      { key: k.account, windowSeconds: L.account.windowSeconds },
      { key: k.address, windowSeconds: L.address.windowSeconds },
    ],
    now,
  );
  const over = (key: string, limit: number): Count | null => {
    const c = counts.get(key);
    return c && c.hits > limit ? c : null;
  };
  const refusal =
    over(k.pair, L.pair.limit) ??
    over(k.address, L.address.limit) ??
    // The real owner, from an address they have signed in from, is not locked out by others' guesses.
    (over(k.account, L.account.limit) && !(await isMarked(db, k.known, now))
      ? over(k.account, L.account.limit)
      : null);
  if (refusal) {
    await unhit(db, [k.pair, k.account, k.address]);
    signinFailures.inc({ reason: 'throttled' });
    await recordSignin(db, 'lockout', { username });
    throw tooMany(refusal.windowEndsAt, now);
  }
}

/** The password was right: its attempt is not a failure, and this address becomes known. */
export async function passwordAccepted(db: Db, username: string, ip: string, now: Date): Promise<void> {
  const k = keysOf(username, ip);
  await forget(db, [k.pair]);
  await unhit(db, [k.account, k.address]);
  await mark(db, k.known, PASSWORD_LIMITS.knownAddressSeconds, now);
}
