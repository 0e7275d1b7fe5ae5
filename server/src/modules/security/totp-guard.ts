import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { afterCommit } from '../../db/tx';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../http/errors';
import { signinFailures, signinLockouts } from '../../lib/metrics';
import { recordSignin } from '../../trail/record';
import { type Count, hit, lockAt, minutesUntil, unhit } from './counters';
import type { SecurityDeps } from './deps';

/**
 * Wrong codes sent to `DELETE totp` (docs/security.md, "Sign-in"): a stolen session must not guess
 * the app's current code without end. They are counted in sign_in_counters before the code is
 * checked, like wrong current passwords on change-password: the fifth within 15 minutes ends the
 * session that sent it, pauses removing the app for the account for 15 minutes and mails the owner.
 */
export const REMOVE_LIMITS = { wrong: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;

const keyOf = (userId: number) => `totp:remove:${userId}`;

export const REMOVE_LOCKED_OUT = 'Too many wrong codes. Your session has ended; please sign in again';

const paused = (until: Date, now: Date) =>
  new AppError(
    'too_many',
    `Too many wrong codes. Removing the authenticator app is paused for ${minutesUntil(until, now)} minute(s)`,
  );

/**
 * Counts the attempt BEFORE the code is checked (one upsert: parallel attempts each get their own
 * number). While paused, or once others' wrong codes have used up the allowance: 429, nothing checked.
 */
export async function admitRemoveCode(deps: SecurityDeps, user: AuthUser, now: Date): Promise<Count> {
  const key = keyOf(user.id);
  const count = (await hit(deps.db, [{ key, windowSeconds: REMOVE_LIMITS.windowSeconds }], now)).get(
    key,
  ) as Count;
  if (count.lockedUntil && count.lockedUntil.getTime() > now.getTime()) {
    signinFailures.inc({ reason: 'throttled' });
    throw paused(count.lockedUntil, now);
  }
  if (count.hits > REMOVE_LIMITS.wrong) {
    signinFailures.inc({ reason: 'throttled' });
    throw paused(new Date(now.getTime() + REMOVE_LIMITS.lockSeconds * 1000), now);
  }
  return count;
}

/** The code was right: its attempt is taken back. */
export async function removeCodeAccepted(deps: SecurityDeps, user: AuthUser): Promise<void> {
  await unhit(deps.db, [keyOf(user.id)]);
}

/**
 * The code was wrong. The answer is returned, not thrown, so the call's transaction commits the
 * count (and, at the limit, the ended session) instead of rolling them back.
 */
export async function removeCodeRefused(deps: SecurityDeps, user: AuthUser, count: Count, now: Date) {
  signinFailures.inc({ reason: 'code' });
  const who = { username: user.username, userId: user.id };
  if (count.hits < REMOVE_LIMITS.wrong) {
    const left = REMOVE_LIMITS.wrong - count.hits;
    await recordSignin(deps.db, 'code-refused', who, { call: 'DELETE totp', attempts_left: left });
    return {
      responseCode: 400,
      responseMessage: `Invalid code from the authenticator app. ${left} attempt(s) left`,
    };
  }
  await deps.db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, user.sessionId));
  if (await lockAt(deps.db, keyOf(user.id), REMOVE_LIMITS.wrong, REMOVE_LIMITS.lockSeconds, now)) {
    signinLockouts.inc();
    deps.log.warn({ userId: user.id }, 'session ended after too many wrong codes removing the authenticator');
    const to = user.email;
    if (to) {
      afterCommit(() =>
        deps.mailer
          .send({ to, subject: 'Wrong authenticator codes on your Admin Panel account', text: lockoutMail() })
          .catch((err) => deps.log.error({ err }, 'authenticator lockout mail failed')),
      );
    }
  }
  await recordSignin(deps.db, 'lockout', who, { reason: 'wrong codes removing the authenticator app' });
  return { responseCode: 401, responseMessage: REMOVE_LOCKED_OUT };
}

const lockoutMail = () =>
  [
    `${REMOVE_LIMITS.wrong} wrong authenticator codes were entered within ${REMOVE_LIMITS.windowSeconds / 60} minutes`,
    'while removing the authenticator app of your account, from a signed-in session.',
    'That session has been ended, and removing the app is paused for',
    `${REMOVE_LIMITS.lockSeconds / 60} minutes.`,
    '',
    'If this was you, wait and sign in again.',
    'If it was not you, someone had access to your session: sign in, end the',
    'sessions you do not recognise (user menu, Security), change your password,',
    'and tell an administrator.',
  ].join('\n');
