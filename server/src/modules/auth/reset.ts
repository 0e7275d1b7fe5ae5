import { randomBytes } from 'node:crypto';
import { TEXTS } from '@admin/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { rowsOf, sqlTime, uncheckedRows } from '../../db/sql';
import { AppError } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { recordSignin } from '../../trail/record';
import { hit, minutesUntil, unhit } from '../security';
import type { AuthDeps } from './deps';

/** reset-password limits (docs/security.md, "Sign-in"). */
const RESET_LIMITS = {
  /** a mailed one-time password works once, within this time */
  ttlSeconds: 30 * 60,
  /** mails actually sent to one known account for one client address */
  perEmail: { limit: 5, windowSeconds: 60 * 60 },
  perAddress: { limit: 20, windowSeconds: 60 * 60 },
} as const;

/**
 * reset-password: answers at once and the same for every address; the lookup, the one-time
 * password and the mail are queued, so a known address takes no longer than an unknown one.
 * Nothing changes on the account: its password and sessions keep working. Only the client
 * address is limited here (a 429 by email would let a stranger block the owner's recovery and
 * tell which addresses exist); mails to an account are counted when sent (issueOneTimePassword).
 */
export async function requestReset(deps: AuthDeps, email: string, ip: string) {
  const address = email.trim().toLowerCase();
  const key = `reset:ip:${ip}`;
  const now = deps.clock.now();
  const counts = await hit(deps.db, [{ key, windowSeconds: RESET_LIMITS.perAddress.windowSeconds }], now);
  const byIp = counts.get(key);
  const over = byIp && byIp.hits > RESET_LIMITS.perAddress.limit ? byIp : null;
  if (over) {
    await unhit(deps.db, [key]);
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
  const [user] = rowsOf(
    z.object({ id: z.number(), email: z.string() }),
    await deps.db.execute(sql`
      SELECT id, email FROM users
       WHERE lower(email) = ${email} AND is_admin AND deleted_at IS NULL AND NOT is_suspended
       LIMIT 1`),
  );
  // Known or not, the same work (a one-time password made and hashed), so an unknown address
  // leaves the server as busy as a known one and the next request cannot tell them apart.
  const password = randomBytes(12).toString('base64url');
  const hash = await hashPassword(password);
  if (!user) {
    return;
  }
  // The quota counts mails sent to this account for this client address: requests for unknown
  // addresses count nothing, and a stranger elsewhere cannot use up the owner's quota.
  const quotaKey = `reset:mail:${email}|${ip}`;
  const now = deps.clock.now();
  const sent = (
    await hit(deps.db, [{ key: quotaKey, windowSeconds: RESET_LIMITS.perEmail.windowSeconds }], now)
  ).get(quotaKey);
  if (sent && sent.hits > RESET_LIMITS.perEmail.limit) {
    deps.log.warn({ userId: user.id }, 'reset mail not sent: 5 an hour to this account from this address');
    return;
  }
  const expiresAt = new Date(now.getTime() + RESET_LIMITS.ttlSeconds * 1000);
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
  const [live] = rowsOf(
    z.object({ id: z.number(), password_hash: z.string() }),
    await db.execute(sql`
      SELECT id, password_hash FROM password_resets
       WHERE user_id = ${userId} AND used_at IS NULL AND expires_at > ${sqlTime(now)}
       ORDER BY id DESC LIMIT 1`),
  );
  if (!live || !(await verifyPassword(live.password_hash, password))) {
    return false;
  }
  const used = uncheckedRows(
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
  const [recent] = rowsOf(
    z.object({ password_hash: z.string() }),
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
