import { randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_MAX_ATTEMPTS, OTP_MAX_RESENDS, OTP_RESEND_WAIT_SECONDS, OTP_TTL_SECONDS } from '@admin/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { dbTime, rowsOf, sqlTime } from '../../db/sql';
import { AppError, unauthorized } from '../../http/errors';
import { signinFailures, signinLockouts } from '../../lib/metrics';
import { recordSignin } from '../../trail/record';
import { hit, lockAt, lockedUntil, minutesUntil, unhit } from '../security';
import type { AuthDeps } from './deps';
import { sha256 } from './sessions';

/** One-time code limits (docs/security.md, "Sign-in"). */
const OTP_LIMITS = {
  /** wrong codes of one account, over all its challenges, within the window... */
  wrongPerAccount: 10,
  windowSeconds: 60 * 60,
  /** ...pause that account's sign-in this long */
  lockSeconds: 15 * 60,
  perChallenge: OTP_MAX_ATTEMPTS,
  resendWaitSeconds: OTP_RESEND_WAIT_SECONDS,
  maxResends: OTP_MAX_RESENDS,
  ttlSeconds: OTP_TTL_SECONDS,
} as const;

export const DEAD_CHALLENGE = 'This code has expired. Please login again';

const Challenge = z.object({
  id: z.number(),
  user_id: z.number(),
  code_hash: z.string(),
  attempts: z.number(),
  must_change_password: z.boolean(),
  expires_at: dbTime,
});
type Challenge = z.infer<typeof Challenge>;

export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
export const codeHash = (key: string, code: string) => sha256(`${key}:${code}`);
const accountKey = (userId: number) => `otp:${userId}`;

/** 429 while an account's sign-in is paused after too many wrong codes. */
export async function assertNotCodeLocked(db: Db, userId: number, now: Date): Promise<void> {
  const until = await lockedUntil(db, accountKey(userId), now);
  if (until) {
    await recordSignin(db, 'lockout', { username: null, userId }, { reason: 'wrong codes' });
    throw lockedError(until, now);
  }
}

const lockedError = (until: Date, now: Date) =>
  new AppError(
    'too_many',
    `Too many wrong one-time codes. Sign-in to this account is paused for ${minutesUntil(until, now)} minute(s)`,
  );

/** Mails the code. It goes to the log only in outbox mode (no MAIL_URL), where nothing is really sent. */
export async function mailCode(deps: AuthDeps, to: string | null, code: string, expiresAt: Date) {
  if (deps.logCodes) {
    deps.log.info({ to, code }, 'one-time code (outbox mode)');
  }
  if (to) {
    const minutes = minutesUntil(expiresAt, deps.clock.now());
    await deps.mailer.send({
      to,
      subject: 'Your Admin Panel login code',
      text: `Your one-time login code is ${code}.\nIt is valid for ${minutes} minute(s) and can be used once.\n\nIf you did not just sign in, someone knows your password: change it now.`,
    });
  }
}

/**
 * Takes one try of a challenge before the code is compared, in one UPDATE, so parallel guesses
 * cannot exceed the per-challenge limit. Null when the challenge is unknown, used, expired or spent.
 */
export async function takeChallengeTry(db: Db, key: string, now: Date): Promise<Challenge | null> {
  const [row] = rowsOf(
    Challenge,
    await db.execute(sql`
      UPDATE login_challenges SET attempts = attempts + 1
       WHERE key_hash = ${sha256(key)} AND used_at IS NULL AND expires_at > ${sqlTime(now)}
         AND attempts < ${OTP_LIMITS.perChallenge}
      RETURNING id, user_id, code_hash, attempts, must_change_password, expires_at`),
  );
  return row ?? null;
}

function codeMatches(challenge: Challenge, key: string, otp: string): boolean {
  return timingSafeEqual(Buffer.from(challenge.code_hash), Buffer.from(codeHash(key, otp)));
}

/**
 * Checks a code against its challenge (or `matches`), counting it for the account first (one upsert), so wrong
 * codes add up across challenges and parallel requests. The tenth wrong code within an hour
 * pauses the account's sign-in for 15 minutes and mails the owner.
 */
export async function checkCode(
  deps: AuthDeps,
  challenge: Challenge,
  key: string,
  otp: string,
  /** Whether `otp` is right: by default the mailed code (an account with a second factor: its code). */
  matches: () => Promise<boolean> = async () => codeMatches(challenge, key, otp),
) {
  const counterKey = accountKey(challenge.user_id);
  const now = deps.clock.now();
  const count = (await hit(deps.db, [{ key: counterKey, windowSeconds: OTP_LIMITS.windowSeconds }], now)).get(
    counterKey,
  );
  const lockEnd = new Date(now.getTime() + OTP_LIMITS.lockSeconds * 1000);
  if (count?.lockedUntil && count.lockedUntil.getTime() > now.getTime()) {
    throw lockedError(count.lockedUntil, now);
  }
  if (count && count.hits > OTP_LIMITS.wrongPerAccount) {
    // Others' wrong codes filled the allowance a moment ago: one of them is locking the account.
    await unhit(deps.db, [counterKey]);
    throw lockedError(lockEnd, now);
  }
  if (await matches()) {
    await unhit(deps.db, [counterKey]);
    return;
  }
  if (
    count &&
    count.hits >= OTP_LIMITS.wrongPerAccount &&
    (await lockAt(deps.db, counterKey, OTP_LIMITS.wrongPerAccount, OTP_LIMITS.lockSeconds, now))
  ) {
    signinLockouts.inc();
    await mailLockout(deps, challenge.user_id);
    deps.log.warn(
      { userId: challenge.user_id, wrongCodes: OTP_LIMITS.wrongPerAccount },
      'sign-in paused after too many wrong codes',
    );
    await recordSignin(
      deps.db,
      'lockout',
      { username: null, userId: challenge.user_id },
      { reason: 'wrong codes' },
    );
    throw lockedError(lockEnd, now);
  }
  signinFailures.inc({ reason: 'code' });
  const left = OTP_LIMITS.perChallenge - challenge.attempts;
  await recordSignin(
    deps.db,
    'code-refused',
    { username: null, userId: challenge.user_id },
    { attempts_left: left },
  );
  throw unauthorized(left > 0 ? `Invalid OTP. ${left} attempt(s) left` : DEAD_CHALLENGE);
}

async function mailLockout(deps: AuthDeps, userId: number) {
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user?.email) {
    return;
  }
  await deps.mailer.send({
    to: user.email,
    subject: 'Sign-in to your Admin Panel account is paused',
    text: [
      `${OTP_LIMITS.wrongPerAccount} wrong one-time codes were entered for your account`,
      'within an hour, each after your password had been given correctly.',
      `Sign-in to your account is paused for ${OTP_LIMITS.lockSeconds / 60} minutes.`,
      '',
      'If this was you, wait and sign in again.',
      'If it was not you, someone knows your password: change it as soon',
      'as you can sign in (or ask an administrator to), and tell them.',
    ].join('\n'),
  });
}

/**
 * A new code for the same challenge (the previous one stops working): at least 90 s after the
 * last code, at most 5 times, and never past the challenge's end, 10 minutes after its first code.
 */
export async function resendCode(deps: AuthDeps, key: string) {
  const code = newCode();
  const now = deps.clock.now();
  const at = sqlTime(now);
  const [sent] = rowsOf(
    z.object({ user_id: z.number(), expires_at: dbTime }),
    await deps.db.execute(sql`
      UPDATE login_challenges
         SET code_hash = ${codeHash(key, code)}, resends = resends + 1, last_sent_at = ${at}
       WHERE key_hash = ${sha256(key)} AND used_at IS NULL AND expires_at > ${at}
         AND attempts < ${OTP_LIMITS.perChallenge} AND resends < ${OTP_LIMITS.maxResends}
         AND last_sent_at <= ${at} - ${OTP_LIMITS.resendWaitSeconds}::int * interval '1 second'
         AND NOT EXISTS (SELECT 1 FROM sign_in_counters
                          WHERE key = 'otp:' || login_challenges.user_id AND locked_until > ${at})
      RETURNING user_id, expires_at`),
  );
  if (!sent) {
    throw await whyNoResend(deps.db, key, now);
  }
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, sent.user_id));
  await mailCode(deps, user?.email ?? null, code, new Date(sent.expires_at));
  await recordSignin(deps.db, 'code-resent', { username: null, userId: sent.user_id });
  return { key, responseMessage: 'OTP has been sent to your email address' };
}

async function whyNoResend(db: Db, key: string, now: Date): Promise<AppError> {
  const at = sqlTime(now);
  const [c] = rowsOf(
    z.object({ user_id: z.number(), resends: z.number(), wait: z.number(), live: z.boolean() }),
    await db.execute(sql`
      SELECT user_id, resends,
             ceil(extract(epoch FROM last_sent_at + ${OTP_LIMITS.resendWaitSeconds}::int * interval '1 second' - ${at}))::int AS wait,
             (used_at IS NULL AND expires_at > ${at} AND attempts < ${OTP_LIMITS.perChallenge}) AS live
        FROM login_challenges WHERE key_hash = ${sha256(key)}`),
  );
  if (!c?.live) {
    return unauthorized(DEAD_CHALLENGE);
  }
  const locked = await lockedUntil(db, accountKey(c.user_id), now);
  if (locked) {
    return lockedError(locked, now);
  }
  if (c.resends >= OTP_LIMITS.maxResends) {
    return new AppError('too_many', 'No more codes can be sent for this login. Please login again');
  }
  return new AppError('too_many', `Please wait ${Math.max(1, c.wait)} seconds before asking for a new code`);
}
