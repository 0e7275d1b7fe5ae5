import { afterCommit } from '../../db/tx';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../http/errors';
import { signinFailures, signinLockouts } from '../../lib/metrics';
import { recordSignin } from '../../trail/record';
import { type Count, hit, lockAt, minutesUntil, unhit } from '../security';
import type { AuthDeps } from './deps';
import { revokeSession } from './sessions';

/**
 * Wrong current passwords on change-password (docs/security.md, "Sign-in"): a stolen session must
 * not be a password oracle. They are counted in sign_in_counters like wrong codes: the fifth within
 * 15 minutes ends the session that sent it, pauses change-password for the account for 15 minutes
 * and mails the owner.
 */
const CHANGE_LIMITS = { wrong: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;

const keyOf = (userId: number) => `pw:change:${userId}`;

const CHANGE_LOCKED_OUT = 'Too many wrong passwords. Your session has ended; please sign in again';

/**
 * Counts the attempt BEFORE the current password is checked (one upsert: parallel attempts each
 * get their own number). While the account's change-password is paused: 429, nothing checked.
 */
export async function admitCurrentPassword(deps: AuthDeps, user: AuthUser, now: Date): Promise<Count> {
  const key = keyOf(user.id);
  const count = (await hit(deps.db, [{ key, windowSeconds: CHANGE_LIMITS.windowSeconds }], now)).get(key);
  if (count?.lockedUntil && count.lockedUntil.getTime() > now.getTime()) {
    signinFailures.inc({ reason: 'throttled' });
    throw new AppError(
      'too_many',
      `Too many wrong passwords. Please try again in ${minutesUntil(count.lockedUntil, now)} minute(s)`,
    );
  }
  return count as Count;
}

/** The current password was right: its attempt is taken back. */
export async function currentPasswordAccepted(deps: AuthDeps, user: AuthUser): Promise<void> {
  await unhit(deps.db, [keyOf(user.id)]);
}

/**
 * The current password was wrong. The answer is returned, not thrown, so the call's transaction
 * commits the count (and, at the limit, the ended session) instead of rolling them back.
 */
export async function currentPasswordRefused(deps: AuthDeps, user: AuthUser, count: Count, now: Date) {
  signinFailures.inc({ reason: 'password' });
  if (count.hits < CHANGE_LIMITS.wrong) {
    await recordSignin(
      deps.db,
      'password-refused',
      { username: user.username, userId: user.id },
      {
        call: 'change-password',
      },
    );
    return { responseCode: 400, responseMessage: 'Current password is incorrect' };
  }
  await revokeSession(deps.db, user.sessionId, now);
  if (await lockAt(deps.db, keyOf(user.id), CHANGE_LIMITS.wrong, CHANGE_LIMITS.lockSeconds, now)) {
    signinLockouts.inc();
    deps.log.warn({ userId: user.id }, 'session ended after too many wrong current passwords');
    const to = user.email;
    if (to) {
      afterCommit(() =>
        deps.mailer.send({ to, subject: 'Wrong passwords on your Admin Panel account', text: lockoutMail() }),
      );
    }
  }
  await recordSignin(
    deps.db,
    'lockout',
    { username: user.username, userId: user.id },
    {
      reason: 'wrong current passwords',
    },
  );
  return { responseCode: 401, responseMessage: CHANGE_LOCKED_OUT };
}

const lockoutMail = () =>
  [
    `${CHANGE_LIMITS.wrong} wrong current passwords were entered within ${CHANGE_LIMITS.windowSeconds / 60} minutes`,
    'while changing the password of your account, from a signed-in session.',
    'That session has been ended, and changing the password is paused for',
    `${CHANGE_LIMITS.lockSeconds / 60} minutes.`,
    '',
    'If this was you, wait and sign in again.',
    'If it was not you, someone had access to your session: sign in, change',
    'your password, and tell an administrator.',
  ].join('\n');
