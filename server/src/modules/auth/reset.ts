import { randomBytes } from 'node:crypto';
import { TEXTS } from '@admin/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf, sqlTime } from '../../db/sql';
import { recordSignin } from '../../http/audit';
import { AppError } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { hit, minutesUntil, unhit } from './counters';
import type { AuthDeps } from './deps';

/** reset-password limits (docs/security.md, "Sign-in"). */
const RESET_LIMITS = {
  /** a mailed one-time password works once, within this time */
  ttlSeconds: 30 * 60,
  perEmail: { limit: 5, windowSeconds: 60 * 60 },
  perAddress: { limit: 20, windowSeconds: 60 * 60 },
} as const;

/**
 * reset-password: answers at once and the same for every address; the lookup, the one-time
 * password and the mail are queued, so a known address takes no longer than an unknown one.
 * Nothing changes on the account: its password and sessions keep working.
 */
export async function requestReset(deps: AuthDeps, email: string, ip: string) {
  const address = email.trim().toLowerCase();
  const keys = { email: `reset:email:${address}`, ip: `reset:ip:${ip}` };
  const now = deps.clock.now();
  const counts = await hit(
    deps.db,
    [
      { key: keys.email, windowSeconds: RESET_LIMITS.perEmail.windowSeconds },
      { key: keys.ip, windowSeconds: RESET_LIMITS.perAddress.windowSeconds },
    ],
    now,
  );
  const byEmail = counts.get(keys.email);
  const byIp = counts.get(keys.ip);
  const over =
    byEmail && byEmail.hits > RESET_LIMITS.perEmail.limit
      ? byEmail
      : byIp && byIp.hits > RESET_LIMITS.perAddress.limit
        ? byIp
        : null;
  if (over) {
    await unhit(deps.db, [keys.email, keys.ip]);
    throw new AppError(
      'too_many',
      `Too many password reset requests. Please try again in ${minutesUntil(over.windowEndsAt, now)} minute(s)`,
    );
  }
  // The account is looked up after the answer (same time for every address), so the entry has the address only.
  await recordSignin(deps.db, 'reset-requested', { username: null }, { email: address });
  deps.defer(() => issueOneTimePassword(deps, address, ip));
  return { responseMessage: TEXTS.resetPasswordSent };
}

async function issueOneTimePassword(deps: AuthDeps, email: string, ip: string) {
  const [user] = rowsOf<{ id: number; email: string }>(
    await deps.db.execute(sql`
      SELECT id, email FROM users
       WHERE lower(email) = ${email} AND is_admin AND deleted_at IS NULL AND NOT is_suspended
       LIMIT 1`),
  );
  if (!user) {
    return;
  }
  const password = randomBytes(12).toString('base64url');
  const expiresAt = new Date(deps.clock.now().getTime() + RESET_LIMITS.ttlSeconds * 1000);
  const hash = await hashPassword(password);
  // One live one-time password per account: a new request replaces the previous one.
  await deps.db.execute(sql`DELETE FROM password_resets WHERE user_id = ${user.id} AND used_at IS NULL`);
  await deps.db.execute(sql`
    INSERT INTO password_resets (user_id, password_hash, expires_at) VALUES (${user.id}, ${hash}, ${expiresAt})`);
  await deps.mailer.send({
    to: user.email,
    subject: 'Your one-time Admin Panel password',
    text: [
      'Someone, hopefully you, asked for a new Admin Panel password',
      `(from address ${ip}).`,
      '',
      `One-time password: ${password}`,
      '',
      `It works once, within ${RESET_LIMITS.ttlSeconds / 60} minutes (until ${expiresAt.toISOString().slice(11, 16)} UTC).`,
      'Sign in with it; you will then be asked to choose a new password',
      'before anything else.',
      '',
      'Nothing has changed on your account: your current password still works.',
      'If this was not you, ignore this mail: the one-time password expires',
      'by itself. If such mails keep coming, tell your administrator.',
    ].join('\n'),
  });
  deps.log.info({ userId: user.id }, 'one-time password mailed');
}

/**
 * Signs in with a mailed one-time password: true when `password` is the user's live one, which is
 * then used up (a conditional UPDATE, so two concurrent sign-ins cannot both use it).
 */
export async function useOneTimePassword(
  db: Db,
  userId: number,
  password: string,
  now: Date,
): Promise<boolean> {
  const [live] = rowsOf<{ id: number; password_hash: string }>(
    await db.execute(sql`
      SELECT id, password_hash FROM password_resets
       WHERE user_id = ${userId} AND used_at IS NULL AND expires_at > ${sqlTime(now)}
       ORDER BY id DESC LIMIT 1`),
  );
  if (!live || !(await verifyPassword(live.password_hash, password))) {
    return false;
  }
  const used = rowsOf(
    await db.execute(sql`
      UPDATE password_resets SET used_at = ${sqlTime(now)} WHERE id = ${live.id} AND used_at IS NULL RETURNING id`),
  );
  return used.length > 0;
}

/** Whether `password` is the one-time password this user signed in with lately (the session's). */
export async function isRecentOneTimePassword(
  db: Db,
  userId: number,
  password: string,
  now: Date,
): Promise<boolean> {
  const [recent] = rowsOf<{ password_hash: string }>(
    await db.execute(sql`
      SELECT password_hash FROM password_resets
       WHERE user_id = ${userId} AND used_at > ${sqlTime(now)} - interval '12 hours'
       ORDER BY used_at DESC LIMIT 1`),
  );
  return !!recent && (await verifyPassword(recent.password_hash, password));
}

/** After a password change no mailed one-time password is left to use. */
export async function dropOneTimePasswords(db: Db, userId: number): Promise<void> {
  await db.execute(sql`DELETE FROM password_resets WHERE user_id = ${userId} AND used_at IS NULL`);
}
